import Foundation
import TextCells

/// JSON Feed 1.1 (L2): `version` (https://jsonfeed.org/version/…), `title`, `items[]` with `id`,
/// `content_html` (whitelist HTML) or `content_text`, `title` (the post headline), `image` (a media
/// item of undeclared size), `date_published` (RFC 3339; `date_modified` when it is missing).
/// Image and video `attachments[]` become media items too.
enum JSONFeedFormat {
    static func isFeed(_ v: JSONValue) -> Bool {
        v["version"]?.stringValue?.hasPrefix("https://jsonfeed.org/version/") == true
    }

    static func load(_ root: JSONNode, name: String, baseDirectory: String?) throws -> Liveblog {
        let title = try root.string("title") ?? ""
        let id = try root.string("feed_url") ?? root.string("home_page_url") ?? LiveblogLoader.defaultID(name)
        var posts: [Post] = []
        var firstSeen: [String: JSONNode.Place] = [:]
        for item in try root.array("items") ?? [] {
            guard case .object = item.value else { throw item.error("expected an object (an item), found \(item.value.typeName)") }
            let postID = try item.requiredID("id")
            if let first = firstSeen[postID] {
                throw item.error("duplicate post id \(JSONWriter.quote(postID)) (first at \(first.text))", key: "id")
            }
            firstSeen[postID] = item.place
            posts.append(try parseItem(item, id: postID))
        }
        return Liveblog(id: id, title: title, posts: LiveblogLoader.newestFirst(posts), format: .jsonFeed, baseDirectory: baseDirectory)
    }

    /// One item (an object whose `id` is `postID`) as a post; also for a body streaming in (B9).
    static func parseItem(_ item: JSONNode, id postID: String) throws -> Post {
        var blocks: [Block] = []
        if let html = try item.rawString("content_html") {
            let text = HTMLText.parse(html)
            if !text.isEmpty { blocks.append(.text(text)) }
        } else if let text = try item.rawString("content_text") {
            let clean = Sanitizer.clean(LiveblogLoader.normaliseNewlines(text), keepNewlines: true)
            if !clean.isEmpty { blocks.append(.text(RichText(plain: clean))) }
        }
        if let image = try item.string("image"), !image.isEmpty {
            blocks.append(.media([Media(id: postID + "-image", url: image)]))
        }
        var attached: [Media] = []
        for (k, a) in (try item.array("attachments") ?? []).enumerated() {
            guard case .object = a.value else { continue }
            let mime = try a.string("mime_type") ?? ""
            guard mime.hasPrefix("image/") || mime.hasPrefix("video/"), let url = try a.string("url") else { continue }
            attached.append(Media(id: "\(postID)-attachment-\(k + 1)", kind: mime.hasPrefix("video/") ? .video : .image,
                                  url: url, alt: try a.string("title")))
        }
        if !attached.isEmpty { blocks.append(.media(attached)) }
        var headline = try item.string("title")
        if headline?.isEmpty == true { headline = nil }
        let date = try LiveblogLoader.date(item, "date_published") ?? LiveblogLoader.date(item, "date_modified") ?? 0
        return Post(id: postID, createdAt: date, headline: headline, blocks: blocks)
    }
}

/// schema.org `LiveBlogPosting` JSON-LD (L3): the object itself, inside `@graph`, or in a
/// top-level array. `headline` (or `name`) is the title; `liveBlogUpdate[]` (or one object) are
/// the posts: `BlogPosting`s with `headline`, `articleBody` (plain text; treated as whitelist HTML
/// when it holds tags), `datePublished` (else `dateCreated`/`dateModified`), `image` (a URL, an
/// `ImageObject` with `url`/`contentUrl`, `width`, `height` — numbers, "640" or "640px", or
/// `{"value": 640}` — or an array of these), and an id from `@id`, else `url`, else an error.
enum JSONLDFormat {
    static func hasType(_ v: JSONValue, _ type: String) -> Bool {
        guard let t = v["@type"] else { return false }
        func matches(_ s: String) -> Bool { s == type || s.hasSuffix("/" + type) || s.hasSuffix(":" + type) }
        if let s = t.stringValue { return matches(s) }
        if let a = t.arrayValue { return a.contains { $0.stringValue.map(matches) ?? false } }
        return false
    }

    /// The LiveBlogPosting node in a JSON-LD document, if any.
    static func find(_ root: JSONNode) -> JSONNode? {
        if hasType(root.value, "LiveBlogPosting") { return root }
        if let list = root.elements {
            for x in list { if let f = find(x) { return f } }
        }
        if case .object = root.value, let graph = root.child("@graph"), let list = graph.elements {
            for x in list { if let f = find(x) { return f } }
        }
        return nil
    }

    static func load(_ node: JSONNode, name: String, baseDirectory: String?) throws -> Liveblog {
        let title = try node.string("headline") ?? node.string("name") ?? ""
        let id = try node.id("@id") ?? node.string("url") ?? LiveblogLoader.defaultID(name)
        var updates: [JSONNode] = []
        if let u = node.child("liveBlogUpdate") {
            switch u.value {
            case .array: updates = u.elements ?? []
            case .object: updates = [u]
            default: throw u.error("expected an array of BlogPosting, found \(u.value.typeName)")
            }
        }
        var posts: [Post] = []
        var firstSeen: [String: JSONNode.Place] = [:]
        for up in updates {
            guard case .object = up.value else { throw up.error("expected an object (a BlogPosting), found \(up.value.typeName)") }
            guard let postID = try (up.id("@id") ?? up.rawString("url")).map(anchor), !postID.isEmpty else {
                throw up.error("missing id (neither @id nor url)", key: "@id")
            }
            if let first = firstSeen[postID] {
                throw up.error("duplicate post id \(JSONWriter.quote(postID)) (first at \(first.text))", key: up.has("@id") ? "@id" : "url")
            }
            firstSeen[postID] = up.place
            var blocks: [Block] = []
            if let body = try up.rawString("articleBody") {
                let text: RichText
                if body.contains("</") || body.contains("<br") || body.contains("<p>") {
                    text = HTMLText.parse(body)
                } else {
                    text = RichText(plain: Sanitizer.clean(LiveblogLoader.normaliseNewlines(body), keepNewlines: true))
                }
                if !text.isEmpty { blocks.append(.text(text)) }
            }
            if let img = up.child("image") {
                let media = try images(img, postID: postID)
                if !media.isEmpty { blocks.append(.media(media)) }
            }
            var headline = try up.string("headline")
            if headline?.isEmpty == true { headline = nil }
            let date = try LiveblogLoader.date(up, "datePublished") ?? LiveblogLoader.date(up, "dateCreated")
                ?? LiveblogLoader.date(up, "dateModified") ?? 0
            posts.append(Post(id: postID, createdAt: date, headline: headline, blocks: blocks))
        }
        return Liveblog(id: id, title: title, posts: LiveblogLoader.newestFirst(posts), format: .jsonLD, baseDirectory: baseDirectory)
    }

    /// R1: a post's anchor is the fragment of its `@id` or `url` (`https://…/live#post-3` →
    /// `post-3`), as real pages link their updates; an id without a fragment is kept whole.
    static func anchor(_ id: String) -> String {
        guard let hash = id.lastIndex(of: "#") else { return id }
        let fragment = String(id[id.index(after: hash)...])
        return fragment.isEmpty ? id : fragment
    }

    static func images(_ img: JSONNode, postID: String) throws -> [Media] {
        var out: [Media] = []
        func add(_ n: JSONNode) throws {
            let id = "\(postID)-image-\(out.count + 1)"
            switch n.value {
            case .string(let s): if !s.isEmpty { out.append(Media(id: id, url: Sanitizer.clean(s))) }
            case .object:
                guard let url = try n.string("url") ?? n.string("contentUrl") else { throw n.error("missing url", key: "url") }
                var alt = try n.string("caption") ?? n.string("name")
                if alt?.isEmpty == true { alt = nil }
                out.append(Media(id: id, width: try size(n, "width"), height: try size(n, "height"), url: url, alt: alt))
            case .array: for x in n.elements ?? [] { try add(x) }
            default: throw n.error("expected an image URL or an ImageObject, found \(n.value.typeName)")
            }
        }
        try add(img)
        return out
    }

    /// 640, "640", "640px" or {"value": 640}.
    static func size(_ n: JSONNode, _ key: String) throws -> Double? {
        guard let v = n.raw(key) else { return nil }
        var d: Double?
        switch v {
        case .number(let x): d = x
        case .string(let s):
            var t = s.trimmingCharacters(in: .whitespaces)
            if t.hasSuffix("px") { t.removeLast(2) }
            d = Double(t)
        case .object:
            if let x = v["value"] { d = x.doubleValue ?? x.stringValue.flatMap { Double($0) } }
        default: break
        }
        guard let d else { throw n.error("expected a size in pixels, found \(v.typeName)", key: key) }
        return d.isFinite && d > 0 ? d : nil
    }
}
