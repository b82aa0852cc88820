import Foundation
import TextCells

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
                if isDeleted(ev.value) { continue }
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

    /// R3: an event with `local_status` 100 was deleted in the ticker: it is no post.
    static func isDeleted(_ v: JSONValue) -> Bool {
        v["local_status"]?.doubleValue == 100
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
                if isDeleted(v) { return }
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
}
