import Foundation

/// The native format (L1): the shape of a Tickaroo ticker read response.
///
/// ```
/// { "game": { "local_id": "G1", "meta_info": { "title": "…" },
///             "scoreboard": { "home_team": {"name": "…"}, "away_team": {"name": "…"},
///                             "home_score": 2, "away_score": 1 } },
///   "events": [ { "local_id": "E1", "created_at": 1716044400, "highlight": "milestone",
///                 "headline": "Kick-off", "contents": [ … ], "media": [ … ],
///                 "sport_event": { "event_type": "goal", "team": "…", "players": ["…"],
///                                  "time_of_play": "23'" } } ] }
/// ```
///
/// Accepted around it: a wrapper `{"data": {"game": …, "events": …}}`; `events` missing (no posts).
///
/// Scoreboard shapes accepted (all optional; missing names are "", missing scores 0):
/// - `home_team` / `away_team` (or `home` / `away`): a string, or an object with `name`
///   (or `title`, `short_name`) and optionally `score`;
/// - `teams: [home, away]` with the same element shapes;
/// - `home_score` / `away_score` numbers (or numeric strings); they win over a team's `score`.
///
/// Content blocks are recognised by the END of `_type` (`Tik::ApiModel::Text::RichTextContentBlock`
/// and `RichTextContentBlock` are the same): RichText (`text`, whitelist HTML), MultiMedia
/// (`items[].media_local_id` into the event's `media[]`; an item may also carry `url`, `width`,
/// `height` itself), WebEmbed (`url`, `oembed_json.height`, `local_id`), Quote (`text`, `author`),
/// Emoji (`emoji` or `text`). Any other type is `Block.unknown(type:)`.
enum TickarooFormat {
    static func isTickaroo(_ v: JSONValue) -> Bool {
        guard case .object = v else { return false }
        if v["game"] != nil || v["events"] != nil { return true }
        if let d = v["data"], case .object = d, d["game"] != nil || d["events"] != nil { return true }
        return false
    }

    static func load(_ root: JSONNode, name: String, baseDirectory: String?) throws -> Liveblog {
        var doc = root
        if root.value["game"] == nil, root.value["events"] == nil, let data = try root.object("data") { doc = data }

        let (id, title, scoreboard) = try parseGame(doc, name: name)

        var posts: [Post] = []
        var firstSeen: [String: JSONNode.Place] = [:]
        if let events = try doc.array("events") {
            posts.reserveCapacity(events.count)
            firstSeen.reserveCapacity(events.count)
            for ev in events {
                guard case .object = ev.value else { throw ev.error("expected an object (an event), found \(ev.value.typeName)") }
                let post = try parseEvent(ev)
                if let first = firstSeen[post.id] {
                    throw ev.error("duplicate post id \(JSONWriter.quote(post.id)) (first at \(first.text))", key: "local_id")
                }
                firstSeen[post.id] = ev.place
                posts.append(post)
            }
        }
        return Liveblog(id: id, title: title, scoreboard: scoreboard, posts: LiveblogLoader.newestFirst(posts),
                        format: .tickaroo, baseDirectory: baseDirectory)
    }

    static func parseGame(_ doc: JSONNode, name: String) throws -> (id: String, title: String, scoreboard: Scoreboard?) {
        var id = ""
        var title = ""
        var scoreboard: Scoreboard?
        if let game = try doc.object("game") {
            id = try game.id("local_id") ?? ""
            if let meta = try game.object("meta_info") { title = try meta.string("title") ?? "" }
            if title.isEmpty { title = try game.string("title") ?? "" }
            if let sb = try game.object("scoreboard") { scoreboard = try parseScoreboard(sb) }
        }
        if id.isEmpty { id = LiveblogLoader.defaultID(name) }
        return (id, title, scoreboard)
    }

    private struct NotTheSimpleShape: Error {}

    /// The same liveblog as `load`, read while the file is parsed: each event becomes a post as
    /// soon as it is read and its JSON tree is dropped, so a large file never holds every event's
    /// tree at once (issue 6: B3, B6). Only for the plain shape (`events` an array at the top
    /// level) and only when everything is well formed: nil otherwise, and the caller takes the
    /// full path, which reports every error exactly as before.
    static func loadStreaming(bytes: [UInt8], name: String, baseDirectory: String?) -> Liveblog? {
        bytes.withUnsafeBufferPointer { loadStreaming(buffer: $0, name: name, baseDirectory: baseDirectory) }
    }

    static func loadStreaming(buffer: UnsafeBufferPointer<UInt8>, name: String, baseDirectory: String?,
                              consumed: ((Int) -> Void)? = nil) -> Liveblog? {
        var posts: [Post] = []
        var seen = Set<String>()
        let eventsPlace = JSONNode.Place.key(.root(""), "events")
        do {
            guard let (pairs, streamed) = try JSONParser.parseStreaming(buffer: buffer, streamKey: "events", consumed: consumed, element: { i, v in
                guard case .object = v else { throw NotTheSimpleShape() }
                let post = try parseEvent(JSONNode(v, place: .index(eventsPlace, i), file: name))
                guard seen.insert(post.id).inserted else { throw NotTheSimpleShape() }
                posts.append(post)
            }), streamed else { return nil }
            let (id, title, scoreboard) = try parseGame(JSONNode(.object(pairs), path: "", file: name), name: name)
            return Liveblog(id: id, title: title, scoreboard: scoreboard, posts: LiveblogLoader.newestFirst(posts),
                            format: .tickaroo, baseDirectory: baseDirectory)
        } catch {
            return nil
        }
    }

    static func parseScoreboard(_ sb: JSONNode) throws -> Scoreboard {
        func team(_ node: JSONNode?) throws -> (String, Double?) {
            guard let node else { return ("", nil) }
            switch node.value {
            case .string(let s): return (Sanitizer.clean(s), nil)
            case .object:
                let name = try node.string("name") ?? node.string("title") ?? node.string("short_name") ?? ""
                return (name, try node.number("score"))
            default: throw node.error("expected a team name or an object with \"name\", found \(node.value.typeName)")
            }
        }
        var home = try team(sb.child("home_team") ?? sb.child("home"))
        var away = try team(sb.child("away_team") ?? sb.child("away"))
        if let teams = try sb.array("teams") {
            if home.0.isEmpty, teams.count > 0 { home = try team(teams[0]) }
            if away.0.isEmpty, teams.count > 1 { away = try team(teams[1]) }
        }
        let hs = try sb.number("home_score") ?? home.1 ?? 0
        let aws = try sb.number("away_score") ?? away.1 ?? 0
        return Scoreboard(homeTeam: home.0, awayTeam: away.0, homeScore: clampInt(hs), awayScore: clampInt(aws))
    }

    static func clampInt(_ d: Double) -> Int {
        guard d.isFinite else { return 0 }
        return Int(max(-1e9, min(1e9, d)))
    }

    static func parseEvent(_ ev: JSONNode) throws -> Post {
        let postID = try ev.requiredID("local_id")
        let createdAt: Double
        if let raw = ev.raw("created_at"), case .string(let s) = raw, Double(s) == nil {
            guard let t = RFC3339.parse(s) else { throw ev.error("expected unix seconds or an RFC 3339 date", key: "created_at") }
            createdAt = t
        } else {
            createdAt = try ev.number("created_at") ?? 0
        }
        var highlight = Highlight.none
        if let h = try ev.string("highlight") { highlight = Highlight(rawValue: h) ?? .none }
        var headline = try ev.string("headline")
        if headline?.isEmpty == true { headline = nil }

        // Media of the event, by local_id.
        var media: [String: Media] = [:]
        if let items = try ev.array("media") {
            for (i, m) in items.enumerated() {
                let item = try parseMedia(m, fallbackID: "\(postID)-media-\(i + 1)")
                if media[item.id] == nil { media[item.id] = item }
            }
        }

        var blocks: [Block] = []
        var embedCount = 0
        if let contents = try ev.array("contents") {
            blocks.reserveCapacity(contents.count)
            for c in contents {
                guard case .object = c.value else { throw c.error("expected an object (a content block), found \(c.value.typeName)") }
                let type = try c.string("_type") ?? ""
                if type.hasSuffix("RichTextContentBlock") {
                    blocks.append(.text(HTMLText.parse(try c.rawString("text") ?? "")))
                } else if type.hasSuffix("MultiMediaContentBlock") {
                    var list: [Media] = []
                    for (k, item) in (try c.array("items") ?? []).enumerated() {
                        guard case .object = item.value else { throw item.error("expected an object (a media item), found \(item.value.typeName)") }
                        if let ref = try item.id("media_local_id") {
                            guard var m = media[ref] else {
                                throw item.error("no media with local_id \(JSONWriter.quote(ref)) in \(ev.childPath("media"))", key: "media_local_id")
                            }
                            if m.alt == nil { m.alt = try item.string("title") ?? item.string("alt") }
                            list.append(m)
                        } else if item.has("url") {
                            list.append(try parseMedia(item, fallbackID: "\(postID)-media-item-\(blocks.count + 1)-\(k + 1)"))
                        } else {
                            throw item.error("missing media_local_id", key: "media_local_id")
                        }
                    }
                    blocks.append(.media(list))
                } else if type.hasSuffix("WebEmbedContentBlock") {
                    embedCount += 1
                    guard let url = try c.string("url") else { throw c.error("missing url", key: "url") }
                    var height: Double?
                    if let oe = try c.object("oembed_json") { height = try oe.number("height") }
                    if let h = height, !(h.isFinite && h > 0) { height = nil }
                    let embedID = try c.id("local_id") ?? "\(postID)-embed-\(embedCount)"
                    blocks.append(.embed(WebEmbed(id: embedID, url: url, declaredHeight: height)))
                } else if type.hasSuffix("QuoteContentBlock") {
                    let text = HTMLText.parse(try c.rawString("text") ?? "")
                    var author = try c.string("author")
                    if author?.isEmpty == true { author = nil }
                    blocks.append(.quote(text: text, author: author))
                } else if type.hasSuffix("EmojiContentBlock") {
                    blocks.append(.emoji(try c.string("emoji") ?? c.string("text") ?? ""))
                } else {
                    blocks.append(.unknown(type: type.isEmpty ? "(no _type)" : type))
                }
            }
        }

        var sport: SportEvent?
        if let se = try ev.object("sport_event") {
            sport = try parseSportEvent(se)
        }
        return Post(id: postID, createdAt: createdAt, highlight: highlight, headline: headline, blocks: blocks, sportEvent: sport)
    }

    static func parseMedia(_ m: JSONNode, fallbackID: String) throws -> Media {
        guard case .object = m.value else { throw m.error("expected an object (a media entry), found \(m.value.typeName)") }
        let id = try m.id("local_id") ?? fallbackID
        let subtype = try m.string("subtype") ?? "i"
        guard let url = try m.string("url") else { throw m.error("missing url", key: "url") }
        var w = try m.number("width"), h = try m.number("height")
        if let x = w, !(x.isFinite && x > 0) { w = nil }
        if let x = h, !(x.isFinite && x > 0) { h = nil }
        var alt = try m.string("title") ?? m.string("alt")
        if alt?.isEmpty == true { alt = nil }
        return Media(id: id, kind: subtype == "v" ? .video : .image, width: w, height: h, url: url, alt: alt)
    }

    static func parseSportEvent(_ se: JSONNode) throws -> SportEvent {
        let type = try se.string("event_type") ?? ""
        let title = try se.string("title")
        var team: String?
        if let t = se.child("team") {
            switch t.value {
            case .string(let s): team = Sanitizer.clean(s)
            case .object: team = try t.string("name") ?? t.string("title")
            default: throw t.error("expected a team name or an object with \"name\", found \(t.value.typeName)")
            }
        }
        var players: [String] = []
        for p in try se.array("players") ?? [] {
            switch p.value {
            case .string(let s): players.append(Sanitizer.clean(s))
            case .object:
                if let n = try p.string("name") {
                    players.append(n)
                } else {
                    let full = [try p.string("first_name"), try p.string("last_name")].compactMap { $0 }.joined(separator: " ")
                    if !full.isEmpty { players.append(full) }
                }
            default: throw p.error("expected a player name or an object with \"name\", found \(p.value.typeName)")
            }
        }
        var time: String?
        if let t = se.raw("time_of_play") {
            switch t {
            case .string(let s): time = s.isEmpty ? nil : Sanitizer.clean(s)
            case .number(let d): time = JSONNode.formatNumber(d) + "'"
            default: throw se.error("expected a string or a number, found \(t.typeName)", key: "time_of_play")
            }
        }
        return SportEvent(eventType: type, title: title?.isEmpty == true ? nil : title, team: team, players: players, timeOfPlay: time)
    }
}

// MARK: - Parallel loading of a large native file (B3)

extension TickarooFormat {
    /// The native shape `{"game": …, "events": [ … ]}` from a mapped file, with the events parsed
    /// on all cores: one quick pass finds where each event starts and ends (strings and nesting
    /// respected), then chunks of events are parsed and turned into posts in parallel, and each
    /// chunk's pages are handed back to the system once it is done (B6). The posts come out in
    /// file order, exactly as from one pass. nil for any other shape or any problem: the caller
    /// takes the one-pass path, which reports errors with their place.
    static func loadParallel(buffer b: UnsafeBufferPointer<UInt8>, name: String, baseDirectory: String?,
                             release: ((Int, Int) -> Void)? = nil) -> Liveblog? {
        guard let scan = EventScan(b) else { return nil }
        // The document without its events: small, parsed the ordinary way for the game.
        var rest = [UInt8]()
        rest.reserveCapacity(scan.arrayStart + 2 + (b.count - scan.arrayEnd))
        rest.append(contentsOf: UnsafeBufferPointer(rebasing: b[0...scan.arrayStart]))
        rest.append(UInt8(ascii: "]"))
        rest.append(contentsOf: UnsafeBufferPointer(rebasing: b[(scan.arrayEnd + 1)...]))
        guard let gameDoc = try? JSONParser.parse(bytes: rest), case .object(let pairs) = gameDoc,
              let (id, title, scoreboard) = try? parseGame(JSONNode(.object(pairs), path: "", file: name), name: name)
        else { return nil }

        let ranges = scan.elements
        let n = ranges.count
        let chunks = max(1, min(n, 64))
        var results = [[Post]?](repeating: nil, count: chunks)
        let eventsPlace = JSONNode.Place.key(.root(""), "events")
        results.withUnsafeMutableBufferPointer { out in
            let slots = out.baseAddress!
            DispatchQueue.concurrentPerform(iterations: chunks) { c in
                let lo = n * c / chunks, hi = n * (c + 1) / chunks
                var posts: [Post] = []
                posts.reserveCapacity(hi - lo)
                for i in lo..<hi {
                    let r = ranges[i]
                    guard let v = try? JSONParser.parse(buffer: UnsafeBufferPointer(rebasing: b[r.0..<r.1])),
                          case .object = v,
                          let post = try? parseEvent(JSONNode(v, place: .index(eventsPlace, i), file: name))
                    else { return }
                    posts.append(post)
                }
                slots[c] = posts
                if lo < hi { release?(ranges[lo].0, ranges[hi - 1].1) }
            }
        }
        var posts: [Post] = []
        posts.reserveCapacity(n)
        var seen = Set<String>()
        seen.reserveCapacity(n)
        for c in results.indices {
            // Each chunk is let go as soon as it is merged, so the posts are not held twice (B6).
            guard let chunk = results[c] else { return nil }
            results[c] = nil
            for p in chunk {
                guard seen.insert(p.id).inserted else { return nil }
                posts.append(p)
            }
        }
        return Liveblog(id: id, title: title, scoreboard: scoreboard, posts: LiveblogLoader.newestFirst(posts),
                        format: .tickaroo, baseDirectory: baseDirectory)
    }
}

/// Where the top-level `"events"` array and each of its elements start and end, found in one
/// byte pass that respects strings (with escapes) and nesting. Fails (nil) on anything unusual.
struct EventScan {
    var arrayStart = 0              // the "[" of events
    var arrayEnd = 0                // its "]"
    var elements: [(Int, Int)] = [] // [start, end) of each element

    init?(_ b: UnsafeBufferPointer<UInt8>) {
        var i = 0
        let n = b.count
        if n >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }
        @inline(__always) func space() { while i < n, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 } }
        /// Skips a string starting at b[i] == '"'; returns false when unterminated.
        @inline(__always) func skipString() -> Bool {
            i += 1
            while i < n {
                let c = b[i]
                if c == 0x5C { i += 2; continue }
                i += 1
                if c == 0x22 { return true }
            }
            return false
        }
        /// Skips any value; returns false on a malformed one.
        func skipValue() -> Bool {
            guard i < n else { return false }
            switch b[i] {
            case 0x22: return skipString()
            case 0x7B, 0x5B:
                var depth = 0
                while i < n {
                    let c = b[i]
                    if c == 0x22 { if !skipString() { return false }; continue }
                    if c == 0x7B || c == 0x5B { depth += 1 }
                    else if c == 0x7D || c == 0x5D { depth -= 1; if depth == 0 { i += 1; return true } }
                    i += 1
                }
                return false
            default:
                let s = i
                while i < n, b[i] != 0x2C, b[i] != 0x7D, b[i] != 0x5D, b[i] > 0x20 { i += 1 }
                return i > s
            }
        }
        space()
        guard i < n, b[i] == 0x7B else { return nil }
        i += 1
        var found = false
        while true {
            space()
            guard i < n else { return nil }
            if b[i] == 0x7D { break }
            guard b[i] == 0x22 else { return nil }
            let keyStart = i + 1
            guard skipString() else { return nil }
            let isEvents = i - 1 - keyStart == 6 && Array(b[keyStart..<(i - 1)]) == Array("events".utf8)
            space()
            guard i < n, b[i] == 0x3A else { return nil }
            i += 1
            space()
            if isEvents {
                guard !found, i < n, b[i] == 0x5B else { return nil }
                found = true
                arrayStart = i
                i += 1
                space()
                if i < n, b[i] == 0x5D {
                    arrayEnd = i
                    i += 1
                } else {
                    while true {
                        space()
                        let s = i
                        guard skipValue() else { return nil }
                        elements.append((s, i))
                        space()
                        guard i < n else { return nil }
                        if b[i] == 0x2C { i += 1; continue }
                        guard b[i] == 0x5D else { return nil }
                        arrayEnd = i
                        i += 1
                        break
                    }
                }
            } else {
                guard skipValue() else { return nil }
            }
            space()
            guard i < n else { return nil }
            if b[i] == 0x2C { i += 1; continue }
            guard b[i] == 0x7D else { return nil }
            break
        }
        guard found else { return nil }
    }
}
