import Embed
import EngineProcess
import Foundation
import LiveblogModel
import TextCells

/// What the loopback server serves for the reference embed (X3): the page with its settings and
/// first page inline, the embed's files, older pages (/data/page-N.json?after=ID&count=K), images
/// (/media/ID: the local file, or a PNG of the size the simulated network gives a remote image)
/// and embeds' heights (/embed/ID.json: the seeded height the simulated network gives). Shared
/// with the server's threads behind a lock.
// @unchecked Sendable: the server's threads read and the run writes its tables under `lock` only.
public final class EmbedSite: @unchecked Sendable {
    let assets: EmbedAssets
    let page: PageConfig
    /// The embed's first jumpId (E9: a reloaded page goes on from the old page's).
    let firstJumpId: Int
    private let lock = NSLock()
    private var liveblog: Liveblog
    private var media: [String: Media] = [:]
    private var embeds: [String: WebEmbed] = [:]
    /// Each media item's and embed's place in the liveblog (posts in order, blocks in order):
    /// the order the emulated page asks the network for them (X3: same seeded delays).
    private var ranks: [String: Int] = [:]
    private var nextRank = 0
    private var images: [String: [UInt8]] = [:]
    /// Media files refused (S2), for the engine's notes.
    private var refusals: [String] = []

    /// The refusals since the last call.
    package func takeRefusals() -> [String] {
        lock.lock()
        defer {
            refusals = []
            lock.unlock()
        }
        return refusals
    }

    public init(liveblog: Liveblog, page: PageConfig, assets: EmbedAssets, firstJumpId: Int = 1) {
        self.liveblog = liveblog
        self.page = page
        self.firstJumpId = firstJumpId
        self.assets = assets
        index(liveblog.posts)
    }

    /// Posts in the first page (all when pages are off), as the emulated page loads them.
    var firstPageCount: Int { page.pageSize > 0 ? min(page.pageSize, liveblog.posts.count) : liveblog.posts.count }

    private func index(_ posts: [Post]) {
        for p in posts {
            for b in p.blocks {
                switch b {
                case .media(let items):
                    for m in items where media[m.id] == nil {
                        media[m.id] = m
                        ranks[m.id] = nextRank
                        nextRank += 1
                    }
                case .embed(let e) where embeds[e.id] == nil:
                    embeds[e.id] = e
                    ranks[e.id] = nextRank
                    nextRank += 1
                default: break
                }
            }
        }
    }

    /// Live posts arrived at the top (L8): served from now on.
    public func insertAtTop(_ posts: [Post]) {
        lock.lock()
        defer { lock.unlock() }
        liveblog.posts.insert(contentsOf: posts, at: 0)
        index(posts)
    }

    /// A media item's or embed's place in the liveblog (nil: not one of ours).
    package func rank(of id: String) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        return ranks[id]
    }

    package func isEmbed(_ id: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return embeds[id] != nil
    }

    // MARK: - Routes

    public func handle(_ r: HTTPRequest) -> HTTPResponse {
        lock.lock()
        defer { lock.unlock() }
        switch r.path {
        case "/", "/liveblog.html": return indexPage()
        default: break
        }
        let name = String(r.path.dropFirst())
        if EmbedAssets.names.contains(name), !EmbedAssets.injected.contains(name) {
            return HTTPResponse(contentType: EmbedAssets.contentType(name), body: assets.files[name] ?? [])
        }
        if let key = EmbedSite.key(path: r.path) {
            switch key {
            case .page: return olderPosts(after: r.query["after"] ?? "", count: Int(r.query["count"] ?? "") ?? 0)
            case .media(let id): return image(id)
            case .embed(let id): return embedHeight(id)
            }
        }
        return .notFound
    }

    /// A path the page requested, without the run's token segment ("/s-<32 hex>/media/m1" →
    /// "/media/m1"; S2); another path as it is.
    package static func sitePath(_ path: String) -> String {
        guard path.hasPrefix("/s-"), let slash = path.dropFirst().firstIndex(of: "/") else { return path }
        let segment = path[path.index(path.startIndex, offsetBy: 3)..<slash]
        guard segment.count == 32, segment.allSatisfy(\.isHexDigit) else { return path }
        return String(path[slash...])
    }

    /// Which simulated request a path of ours stands for (the gate delays these, X3).
    package static func key(path full: String) -> Request? {
        let path = sitePath(full)
        if path.hasPrefix("/media/") { return .media(String(path.dropFirst(7))) }
        if path.hasPrefix("/embed/"), path.hasSuffix(".json") { return .embed(String(path.dropFirst(7).dropLast(5))) }
        if path.hasPrefix("/data/page-"), path.hasSuffix(".json"), let n = Int(path.dropFirst(11).dropLast(5)) {
            return .page(n)
        }
        return nil
    }

    private func indexPage() -> HTTPResponse {
        let config = LiveblogJSON.config(liveblog: liveblog, page: page, loaded: firstPageCount,
                                         firstJumpId: firstJumpId)
        var header = ""
        if page.stickyHeader > 0 {
            let origin = page.url.flatMap(PageURL.host(of:)) ?? "www.example.com"
            header = "<header class=\"site-header\" style=\"height:\(ProtocolJSON.number(page.stickyHeader))px\">"
                + EmbedSite.html(origin) + "</header>"
        }
        let text = assets.text("index.html")
            .replacingOccurrences(of: "{{TITLE}}", with: EmbedSite.html(liveblog.title))
            .replacingOccurrences(of: "{{SITE_HEADER}}", with: header)
            .replacingOccurrences(of: "{{CONFIG}}", with: LiveblogJSON.scriptSafe(config))
        return .text(text, type: "text/html; charset=utf-8")
    }

    private func olderPosts(after: String, count: Int) -> HTTPResponse {
        let posts = liveblog.posts
        let start = after.isEmpty ? 0 : (posts.firstIndex { $0.id == after }.map { $0 + 1 } ?? posts.count)
        let end = count > 0 ? min(posts.count, start + count) : posts.count
        let page = start < end ? Array(posts[start..<end]) : []
        let body = JSONWriter.write(.obj(("posts", .array(page.map(LiveblogJSON.post)))))
        return .text(body, type: "application/json")
    }

    private func embedHeight(_ id: String) -> HTTPResponse {
        guard let e = embeds[id] else { return .notFound }
        let declared = e.declaredHeight.flatMap { $0 > 0 ? $0 : nil }
        let h = declared ?? SimulatedLoader.embedHeight(id: id, seed: page.networkSeed)
        return .text(JSONWriter.write(.obj(("height", .number(h)))), type: "application/json")
    }

    private func image(_ id: String) -> HTTPResponse {
        guard let m = media[id] else { return .notFound }
        if let path = localPath(m.url) {
            switch LocalImageFile.read(path, allowedIn: LocalImageFile.folders(of: liveblog.baseDirectory)) {
            case .success(let bytes):
                return HTTPResponse(contentType: EmbedSite.imageType(Array(bytes.prefix(12))), body: bytes)
            case .failure(let why):
                refusals.append("media \(Sanitizer.clean(id)) is not served: \(why)")
                return .notFound
            }
        }
        if let png = images[id] { return HTTPResponse(contentType: "image/png", body: png) }
        let (w, h) = SimulatedLoader.remotePixelSize(m, seed: page.networkSeed)
        let png = ImageMaker.png(width: w, height: h, seed: stableHash(id))
        images[id] = png
        return HTTPResponse(contentType: "image/png", body: png)
    }

    /// A media item of the liveblog, and its file when it is a local one that exists (X9: what
    /// the terminal draws for an image the engine shows).
    func localMedia(_ id: String) -> (media: Media, path: String?)? {
        lock.lock()
        defer { lock.unlock() }
        guard let m = media[id] else { return nil }
        return (m, localPath(m.url).flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil })
    }

    /// Where a media URL points on disk, as the simulated network reads it; nil for remote ones.
    private func localPath(_ url: String) -> String? {
        if url.hasPrefix("http://") || url.hasPrefix("https://") { return nil }
        if url.hasPrefix("file://") { return String(url.dropFirst(7)) }
        if url.hasPrefix("/") { return url }
        guard let base = liveblog.baseDirectory else { return url }
        return base + "/" + url
    }

    static func imageType(_ head: [UInt8]) -> String {
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if head.starts(with: [0xFF, 0xD8]) { return "image/jpeg" }
        if head.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if head.count >= 12, head[8..<12].elementsEqual("WEBP".utf8) { return "image/webp" }
        return "application/octet-stream"
    }

    static func html(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

/// Stand-in pictures for remote images (tests never leave the machine): one colour, at most 640
/// pixels wide with the image's aspect ratio (the ratio is what lays the page out).
enum ImageMaker {
    static func png(width: Int, height: Int, seed: UInt64) -> [UInt8] {
        var w = max(1, min(width, 640))
        var h = max(1, Int((Double(height) * Double(w) / Double(max(1, width))).rounded()))
        if h > 4096 {
            w = max(1, Int((Double(width) * 4096 / Double(max(1, height))).rounded()))
            h = 4096
        }
        let rgba: [UInt8] = [UInt8(64 + seed % 128), UInt8(64 + (seed >> 8) % 128), UInt8(64 + (seed >> 16) % 128), 255]
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = rgba[0]
            pixels[i + 1] = rgba[1]
            pixels[i + 2] = rgba[2]
            pixels[i + 3] = 255
        }
        return PNGWriter.write(width: w, height: h, rgba: pixels)
    }
}
