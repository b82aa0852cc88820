import Embed
import LiveblogModel
import TextCells

/// The panels (L7) of a page in a real engine, from its DOM: the highlights, chapters and scorers
/// the page marks (`EngineConfig.highlightSelector`, `chapterSelector`, `scorerSelector`), read
/// with the posts' geometry whenever the DOM changed. The World's posts carry them, so the
/// panels, their digits and the summary show what the page shows, for the reference embed and
/// for a page of one's own (X4) alike.
extension EngineWebPage {
    /// The marks in the geometry's answer: post id → its marks.
    package static func marks(_ pairs: [(String, JSONValue)]) -> [String: PostMarks] {
        var out: [String: PostMarks] = [:]
        for (id, v) in pairs {
            let time = v["time"]?.stringValue.flatMap(RFC3339.parse)
            out[id] = PostMarks(highlight: v["h"]?.stringValue, chapter: v["c"]?.stringValue,
                                scorer: v["s"]?.stringValue, text: v["text"]?.stringValue ?? "", time: time)
        }
        return out
    }
}

extension EngineWebPage {
    /// A post as the page marks it: the source's post of the id (its time, text, sport event)
    /// where the source has one, its panel marks from the DOM. A chapter is a milestone with the
    /// chapter's title as its headline (so it is a highlight too, L7); a highlight of another kind
    /// keeps the kind its `data-highlight` names (sticky, inplace), else inplace; a scorer is a
    /// goal (the source's sport event when it is one, else the scorer's line as its title). What
    /// the DOM does not mark is none of them, whatever the source says.
    static func post(_ id: String, source: Post?, marks m: PostMarks?) -> Post {
        let text = m.map { Sanitizer.clean($0.text) } ?? ""
        var p = source ?? Post(id: id, createdAt: m?.time ?? 0,
                               blocks: text.isEmpty ? [] : [.text(RichText(plain: text))])
        let chapter = m?.chapter.map { Sanitizer.clean($0) }.flatMap { $0.isEmpty ? nil : $0 }
        if let chapter {
            p.highlight = .milestone
            p.headline = chapter
        } else if let h = m?.highlight {
            p.highlight = h == Highlight.sticky.rawValue ? .sticky : .inplace
        } else {
            p.highlight = source?.highlight == .stickyNoHighlight ? .stickyNoHighlight : .none
        }
        if let line = m?.scorer {
            if p.sportEvent?.isGoal != true {
                p.sportEvent = SportEvent(eventType: "goal", title: Sanitizer.clean(line.isEmpty ? "Goal" : line))
            }
        } else if p.sportEvent?.isGoal == true {
            p.sportEvent = nil
        }
        return p
    }
}
