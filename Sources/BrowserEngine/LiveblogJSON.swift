import Embed
import EngineProcess
import Foundation
import LiveblogModel

/// The parsed `Liveblog` (any of our three formats) as the JSON the reference embed reads (X3):
/// posts with their blocks resolved, media pointing at the loopback server's /media/ID, embeds
/// at /embed/ID.json; times and sport lines as the emulated page shows them.
enum LiveblogJSON {
    static func post(_ p: Post) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("id", .string(p.id)), ("time", .string(Page.clock(p.createdAt))),
                                            ("highlight", .string(p.highlight.rawValue))]
        if let h = p.headline, !h.isEmpty { pairs.append(("headline", .string(h))) }
        if let s = p.sportEvent {
            pairs += [("sport", .string(Page.sportLine(s))), ("sportType", .string(s.eventType))]
        }
        pairs.append(("blocks", .array(p.blocks.map(block))))
        return .object(pairs)
    }

    static func block(_ b: Block) -> JSONValue {
        switch b {
        case .text(let t):
            return .obj(("type", .string("text")), ("runs", runs(t)))
        case .media(let items):
            return .obj(("type", .string("media")), ("items", .array(items.map(media))))
        case .embed(let e):
            var pairs: [(String, JSONValue)] = [("type", .string("embed")), ("id", .string(e.id)),
                                                ("url", .string(e.url)), ("src", .string(embedPath(e.id)))]
            if let h = e.declaredHeight, h > 0, h.isFinite { pairs.append(("height", .number(h))) }
            return .object(pairs)
        case let .quote(text, author):
            var pairs: [(String, JSONValue)] = [("type", .string("quote")), ("runs", runs(text))]
            if let author { pairs.append(("author", .string(author))) }
            return .object(pairs)
        case .emoji(let e):
            return .obj(("type", .string("emoji")), ("text", .string(e)))
        case .unknown(let type):
            return .obj(("type", .string("unknown")), ("name", .string(type)))
        }
    }

    static func runs(_ t: RichText) -> JSONValue {
        .array(t.runs.map { r in
            var pairs: [(String, JSONValue)] = [("text", .string(r.text))]
            if r.bold { pairs.append(("b", .bool(true))) }
            if r.italic { pairs.append(("i", .bool(true))) }
            if let l = r.link { pairs.append(("href", .string(l))) }
            return .object(pairs)
        })
    }

    static func media(_ m: Media) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("id", .string(m.id)), ("kind", .string(m.kind.rawValue)),
                                            ("src", .string(mediaPath(m.id)))]
        if m.hasDeclaredSize, let w = m.width, let h = m.height, w.isFinite, h.isFinite {
            pairs += [("width", .number(w)), ("height", .number(h))]
        }
        if let alt = m.alt { pairs.append(("alt", .string(alt))) }
        return .object(pairs)
    }

    /// Relative to the page (S2: the site lives under the run's token path).
    static func mediaPath(_ id: String) -> String { "media/" + escape(id) }
    static func embedPath(_ id: String) -> String { "embed/" + escape(id) + ".json" }

    static func escape(_ s: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return s.addingPercentEncoding(withAllowedCharacters: allowed) ?? s
    }

    /// The embed's settings and its first page (E1, E3, E14, L8), for the page's
    /// <script type="application/json">.
    static func config(liveblog: Liveblog, page: PageConfig, loaded: Int, firstJumpId: Int = 1) -> JSONValue {
        var pairs: [(String, JSONValue)] = []
        var info: [(String, JSONValue)] = [("id", .string(liveblog.id)), ("title", .string(liveblog.title))]
        if let s = liveblog.scoreboard {
            info.append(("scoreboard", .obj(("home", .string(s.homeTeam)), ("away", .string(s.awayTeam)),
                                            ("homeScore", .int(s.homeScore)), ("awayScore", .int(s.awayScore)))))
        }
        pairs.append(("liveblog", .object(info)))
        pairs.append(("ids", .array(liveblog.posts.map { .string($0.id) })))
        pairs.append(("firstPage", .array(liveblog.posts.prefix(loaded).map(post))))
        pairs.append(("pageSize", .int(page.pageSize)))
        pairs.append(("deepLinkLimit", .int(page.deepLinkLimit)))
        pairs.append(("origin", .string(page.url.flatMap(PageURL.host(of:)) ?? "www.example.com")))
        if let d = page.enabledDomains { pairs.append(("enabledDomains", .array(d.map { .string($0) }))) }
        pairs.append(("pagesURL", .string("data/page-{n}.json")))
        if let cap = page.maxImageHeight, cap.isFinite { pairs.append(("maxImageHeight", .number(cap))) }
        // E9: a reloaded page's jumpIds go on from the old page's.
        if firstJumpId != 1 { pairs.append(("firstJumpId", .int(firstJumpId))) }
        return .object(pairs)
    }

    /// JSON to put inside a <script> element: every "<" is written \u003c (S7), so no text
    /// ("</script>", "<!--" with "<script", which switch the HTML parser into script-data
    /// escaped states) can end the element early or keep it open. JSON has "<" only inside strings,
    /// where \u003c reads the same.
    static func scriptSafe(_ v: JSONValue) -> String {
        JSONWriter.write(v).replacingOccurrences(of: "<", with: "\\u003c")
    }
}
