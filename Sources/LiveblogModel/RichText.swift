/// Text with the Tickaroo whitelist applied: bold, italic, links; paragraphs and line
/// breaks are "\n" inside run text.
///
/// Stored compactly (B6, B7: a heavy liveblog holds about half a million runs): one string with
/// every run's text one after another, then the runs' link targets, and one 16-byte span a run
/// (where its text ends, its style, where its link is in the string). No string and no array a
/// run; `runs` builds them when asked (drawing a visible post), `forEachRun` hands out slices of
/// the one string (measuring every post). The form is a function of the runs, so two texts are
/// equal exactly when their runs are.
public struct RichText: Sendable, Equatable {
    /// The runs' texts, then their links (UTF-8).
    private var storage: String
    /// Empty for the commonest text, one plain run of some text (no array then, B6); `[]` as
    /// runs is an empty storage with no spans, `[TextRun(text: "")]` one span.
    private var storedSpans: [Span]

    private struct Span: Equatable {
        /// UTF-8 offset in `storage` where the run's text ends.
        var end: UInt32
        /// Where the run's link is in `storage`; `linkStart == linkEnd == 0` without one.
        var linkStart: UInt32
        var linkEnd: UInt32
        var bold: Bool
        var italic: Bool
        var hasLink: Bool
    }

    public init(runs: [TextRun]) {
        var spans: [Span] = []
        spans.reserveCapacity(runs.count)
        let visible = runs.reduce(0) { $0 + $1.text.utf8.count }
        var end = 0, total = visible
        // The links stored after the text, each once where runs in a row share it (bold inside a link).
        var links: [String] = []
        for run in runs {
            end += run.text.utf8.count
            var span = Span(end: UInt32(end), linkStart: 0, linkEnd: 0, bold: run.bold, italic: run.italic,
                            hasLink: run.link != nil)
            if let link = run.link {
                if let last = spans.last, last.hasLink, links.last == link {
                    (span.linkStart, span.linkEnd) = (last.linkStart, last.linkEnd)
                } else {
                    span.linkStart = UInt32(total)
                    total += link.utf8.count
                    span.linkEnd = UInt32(total)
                    links.append(link)
                }
            }
            spans.append(span)
        }
        // One allocation of exactly the bytes (no growth slack: B6, B7), the runs appended as the
        // valid strings they are: not checked as UTF-8 again (B7: 45 M instructions at 10 000
        // heavy posts went to that check).
        var storage = ""
        if total > 0 { storage.reserveCapacity(total) }
        for run in runs { storage.append(run.text) }
        for link in links { storage.append(link) }
        self.storage = storage
        let single = spans.count == 1 && !spans[0].bold && !spans[0].italic && !spans[0].hasLink && total > 0
        self.storedSpans = single ? [] : spans
    }

    public init(plain: String) { self.init(runs: [TextRun(text: plain)]) }

    /// How many runs.
    public var runCount: Int { storedSpans.isEmpty ? (storage.isEmpty ? 0 : 1) : storedSpans.count }

    /// The runs, built (strings and all): for drawing and for tests; measuring uses `forEachRun`.
    public var runs: [TextRun] {
        var out: [TextRun] = []
        out.reserveCapacity(runCount)
        forEachRun { text, bold, italic, link in
            out.append(TextRun(text: String(text), bold: bold, italic: italic, link: link.map(String.init)))
        }
        return out
    }

    /// Each run's text (a slice of the one string, nothing copied), style and link, in order.
    public func forEachRun(_ body: (Substring, Bool, Bool, Substring?) -> Void) {
        if storedSpans.isEmpty {
            if !storage.isEmpty { body(Substring(storage), false, false, nil) }
            return
        }
        let u = storage.utf8
        var start = u.startIndex
        var offset = 0
        for span in storedSpans {
            let end = u.index(start, offsetBy: Int(span.end) - offset)
            let link = span.hasLink
                ? Substring(u[u.index(u.startIndex, offsetBy: Int(span.linkStart))
                               ..< u.index(u.startIndex, offsetBy: Int(span.linkEnd))]) : nil
            body(Substring(u[start..<end]), span.bold, span.italic, link)
            start = end
            offset = Int(span.end)
        }
    }

    /// The runs' texts joined.
    public var plainText: String { String(plainSlice) }

    /// The runs' texts joined, as a slice of the one string (nothing copied): what wrapping
    /// reads, since a word goes on across a change of style (`TextLayout`).
    var plainSlice: Substring {
        if storedSpans.isEmpty { return Substring(storage) }
        guard let last = storedSpans.last else { return "" }
        return Substring(storage.utf8.prefix(Int(last.end)))
    }

    public var isEmpty: Bool { storedSpans.isEmpty ? storage.isEmpty : storedSpans.last!.end == 0 }
}
