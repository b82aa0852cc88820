import TextCells
/// A human-readable summary of a loaded liveblog, for `liveblog check` (C5). Ids are kept raw in
/// the model (issue 18) and sanitised here, where they are printed.
public enum LiveblogSummary {
    public struct Counts: Sendable, Equatable {
        public var posts = 0
        public var mediaItems = 0
        public var mediaDeclared = 0
        public var mediaUndeclared = 0
        public var videos = 0
        public var embeds = 0
        public var embedsWithHeight = 0
        public var quotes = 0
        public var emoji = 0
        public var unknownBlocks = 0
        public var highlights = 0
        public var chapters = 0
        public var scorers = 0
    }

    public static func counts(_ lb: Liveblog) -> Counts {
        var c = Counts()
        c.posts = lb.posts.count
        for p in lb.posts {
            if p.highlight.isHighlight { c.highlights += 1 }
            if p.highlight == .milestone, !(p.headline ?? "").isEmpty { c.chapters += 1 }
            if p.sportEvent?.isGoal == true { c.scorers += 1 }
            for b in p.blocks {
                switch b {
                case .media(let items):
                    for m in items {
                        c.mediaItems += 1
                        if m.hasDeclaredSize { c.mediaDeclared += 1 } else { c.mediaUndeclared += 1 }
                        if m.kind == .video { c.videos += 1 }
                    }
                case .embed(let e):
                    c.embeds += 1
                    if e.declaredHeight != nil { c.embedsWithHeight += 1 }
                case .quote: c.quotes += 1
                case .emoji: c.emoji += 1
                case .unknown: c.unknownBlocks += 1
                case .text: break
                }
            }
        }
        return c
    }

    /// Several lines, ending in a newline. Lists chapters and scorers in match order (oldest first).
    public static func describe(_ lb: Liveblog) -> String {
        let c = counts(lb)
        var out = ""
        func line(_ s: String) { out += s + "\n" }
        let formatName: String
        switch lb.format {
        case .tickaroo: formatName = "Tickaroo (native)"
        case .jsonFeed: formatName = "JSON Feed 1.1"
        case .jsonLD: formatName = "schema.org LiveBlogPosting (JSON-LD)"
        case .generated: formatName = "generated"
        }
        line("format: \(formatName)")
        line("title: \(lb.title.isEmpty ? "(none)" : lb.title)")
        line("id: \(Sanitizer.clean(lb.id))")
        if let sb = lb.scoreboard { line("score: \(sb.homeTeam) \(sb.homeScore)–\(sb.awayScore) \(sb.awayTeam)") }
        if let newest = lb.posts.first, let oldest = lb.posts.last {
            line("posts: \(c.posts) (from \(RFC3339.format(oldest.createdAt)) to \(RFC3339.format(newest.createdAt)))")
        } else {
            line("posts: 0")
        }
        line("media: \(c.mediaItems) (\(c.mediaDeclared) with declared size, \(c.mediaUndeclared) undeclared\(c.videos > 0 ? ", " + Plural.count(c.videos, "video") : ""))")
        line("web embeds: \(c.embeds) (\(c.embedsWithHeight) with declared height)")
        if c.quotes + c.emoji > 0 { line("quotes: \(c.quotes), emoji: \(c.emoji)") }
        if c.unknownBlocks > 0 {
            var types: [String] = []
            for p in lb.posts { for case .unknown(let t) in p.blocks where !types.contains(t) { types.append(t) } }
            line("unknown blocks: \(c.unknownBlocks) (\(types.prefix(5).joined(separator: ", ")))")
        }
        line("highlights: \(c.highlights)")
        line("chapters: \(c.chapters)")
        for p in lb.chapters.reversed().prefix(20) { line("  \(p.headline ?? "")  [\(Sanitizer.clean(p.id))]") }
        if c.chapters > 20 { line("  … \(c.chapters - 20) more") }
        line("scorers: \(c.scorers)")
        for p in lb.scorers.reversed().prefix(20) {
            guard let s = p.sportEvent else { continue }
            let who = s.players.isEmpty ? (s.title ?? "goal") : s.players.joined(separator: ", ")
            line("  \(s.timeOfPlay.map { $0 + " " } ?? "")\(who)\(s.team.map { " (\($0))" } ?? "")  [\(Sanitizer.clean(p.id))]")
        }
        if c.scorers > 20 { line("  … \(c.scorers - 20) more") }
        return out
    }
}
