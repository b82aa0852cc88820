import Foundation

/// Writes a liveblog in the native Tickaroo shape (L1) that `LiveblogLoader` reads back to the
/// same posts (newest first, as stored).
public enum NativeWriter {
    static let typePrefix = "Tik::ApiModel::Text::"

    public static func encode(_ liveblog: Liveblog, pretty: Bool = true) -> String {
        let v = json(liveblog)
        return (pretty ? JSONWriter.pretty(v) : JSONWriter.write(v)) + "\n"
    }

    public static func json(_ lb: Liveblog) -> JSONValue {
        var game: [(String, JSONValue)] = [("local_id", .string(lb.id)), ("meta_info", .object([("title", .string(lb.title))]))]
        if let sb = lb.scoreboard {
            game.append(("scoreboard", .object([
                ("home_team", .object([("name", .string(sb.homeTeam))])),
                ("away_team", .object([("name", .string(sb.awayTeam))])),
                ("home_score", .number(Double(sb.homeScore))),
                ("away_score", .number(Double(sb.awayScore))),
            ])))
        }
        var events: [JSONValue] = []
        events.reserveCapacity(lb.posts.count)
        for p in lb.posts { events.append(event(p)) }
        return .object([("game", .object(game)), ("events", .array(events))])
    }

    static func event(_ p: Post) -> JSONValue {
        var e: [(String, JSONValue)] = [
            ("local_id", .string(p.id)),
            ("created_at", .number(p.createdAt)),
            ("highlight", .string(p.highlight.rawValue)),
        ]
        if let h = p.headline { e.append(("headline", .string(h))) }
        var contents: [JSONValue] = []
        var media: [JSONValue] = []
        var mediaSeen = Set<String>()
        for b in p.blocks {
            switch b {
            case .text(let t):
                contents.append(.object([("_type", .string(typePrefix + "RichTextContentBlock")), ("text", .string(HTMLText.html(t)))]))
            case .media(let items):
                var refs: [JSONValue] = []
                for m in items {
                    refs.append(.object([("media_local_id", .string(m.id))]))
                    guard mediaSeen.insert(m.id).inserted else { continue }
                    var o: [(String, JSONValue)] = [("local_id", .string(m.id)), ("subtype", .string(m.kind.rawValue))]
                    if let w = m.width { o.append(("width", .number(w))) }
                    if let h = m.height { o.append(("height", .number(h))) }
                    o.append(("url", .string(m.url)))
                    if let a = m.alt { o.append(("title", .string(a))) }
                    media.append(.object(o))
                }
                contents.append(.object([("_type", .string(typePrefix + "MultiMediaContentBlock")), ("items", .array(refs))]))
            case .embed(let em):
                var o: [(String, JSONValue)] = [("_type", .string(typePrefix + "WebEmbedContentBlock")), ("local_id", .string(em.id)), ("url", .string(em.url))]
                if let h = em.declaredHeight { o.append(("oembed_json", .object([("height", .number(h))]))) }
                contents.append(.object(o))
            case .quote(let text, let author):
                var o: [(String, JSONValue)] = [("_type", .string(typePrefix + "QuoteContentBlock")), ("text", .string(HTMLText.html(text)))]
                if let a = author { o.append(("author", .string(a))) }
                contents.append(.object(o))
            case .emoji(let s):
                contents.append(.object([("_type", .string(typePrefix + "EmojiContentBlock")), ("emoji", .string(s))]))
            case .unknown(let type):
                contents.append(.object([("_type", .string(type))]))
            }
        }
        e.append(("contents", .array(contents)))
        if !media.isEmpty { e.append(("media", .array(media))) }
        if let s = p.sportEvent {
            var o: [(String, JSONValue)] = [("event_type", .string(s.eventType))]
            if let t = s.title { o.append(("title", .string(t))) }
            if let t = s.team { o.append(("team", .string(t))) }
            o.append(("players", .array(s.players.map { .string($0) })))
            if let t = s.timeOfPlay { o.append(("time_of_play", .string(t))) }
            e.append(("sport_event", .object(o)))
        }
        return .object(e)
    }
}
