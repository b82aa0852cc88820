import Foundation
import TextCells

// One event of the native (Tickaroo) shape: the post, its content blocks, media and sport event.
extension TickarooFormat {
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

        let blocks = try parseContents(ev, postID: postID, media: media)

        var sport: SportEvent?
        if let se = try ev.object("sport_event") {
            sport = try parseSportEvent(se)
        }
        return Post(id: postID, createdAt: createdAt, highlight: highlight, headline: headline, blocks: blocks, sportEvent: sport)
    }

    /// The content blocks of an event (`contents[]`), media items resolved against `media`.
    static func parseContents(_ ev: JSONNode, postID: String, media: [String: Media]) throws -> [Block] {
        var blocks: [Block] = []
        var embedCount = 0
        guard let contents = try ev.array("contents") else { return blocks }
        blocks.reserveCapacity(contents.count)
        for c in contents {
            guard case .object = c.value else { throw c.error("expected an object (a content block), found \(c.value.typeName)") }
            let type = try c.string("_type") ?? ""
            if type.hasSuffix("RichTextContentBlock") {
                blocks.append(.text(HTMLText.parse(try c.rawString("text") ?? "")))
            } else if type.hasSuffix("MultiMediaContentBlock") {
                blocks.append(.media(try parseMultiMedia(c, ev: ev, postID: postID, media: media, block: blocks.count + 1)))
            } else if type.hasSuffix("WebEmbedContentBlock") {
                embedCount += 1
                blocks.append(.embed(try parseEmbed(c, fallbackID: "\(postID)-embed-\(embedCount)")))
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
        return blocks
    }

    /// A MultiMediaContentBlock: items by `media_local_id` into the event's media, or inline.
    static func parseMultiMedia(_ c: JSONNode, ev: JSONNode, postID: String, media: [String: Media],
                                block: Int) throws -> [Media] {
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
                list.append(try parseMedia(item, fallbackID: "\(postID)-media-item-\(block)-\(k + 1)"))
            } else {
                throw item.error("missing media_local_id", key: "media_local_id")
            }
        }
        return list
    }

    /// A WebEmbedContentBlock: its URL and the height its oEmbed declares, when positive.
    static func parseEmbed(_ c: JSONNode, fallbackID: String) throws -> WebEmbed {
        guard let url = try c.string("url") else { throw c.error("missing url", key: "url") }
        var height: Double?
        if let oe = try c.object("oembed_json") { height = try oe.number("height") }
        if let h = height, !(h.isFinite && h > 0) { height = nil }
        let embedID = try c.id("local_id") ?? fallbackID
        return WebEmbed(id: embedID, url: url, declaredHeight: height)
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
