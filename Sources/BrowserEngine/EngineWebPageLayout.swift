import Embed
import LiveblogModel
import TextCells

/// Where the engine laid the posts out (X5), and what the terminal draws of them (X9, text
/// mode): the page's own text and images where the engine laid them out, read from its DOM once
/// a frame (`EnginePage.layout`) and placed in cells (`PageCellLayout`). Until the document has
/// its view (or when it cannot be read), each post's own text rendering (the emulated page's
/// items of that post) at the post's box as the engine laid it out; a post the liveblog does
/// not know (a page of one's own, X4) as a notice with its id.
extension EngineWebPage {
    /// The posts' boxes after the last frame (one engine round trip a frame at most).
    var geometry: PageGeometry {
        (try? attemptThrowing { try driver.geometry() }) ?? PageGeometry(contentHeight: contentHeight, posts: [])
    }

    /// The posts as the engine shows them, in page order (the World indexes them as it indexes
    /// the loaded posts): the source's post of each id, a post with the id alone where the source
    /// has none (a page of one's own, X4); the panels' marks (L7) as the page's DOM has them
    /// (`EngineWebPage.post`).
    public var liveblog: Liveblog {
        let ids = geometry.postIds
        let version = driver.marksVersion
        if let shown, shown.ids == ids, shown.version == version { return shown.liveblog }
        let known = Dictionary(source.posts.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let marks = driver.marks
        var lb = source
        lb.posts = ids.map { EngineWebPage.post($0, source: known[$0], marks: marks[$0]) }
        // V4: a page of one's own (`--page-url`) by its own title, not the bundled feed's.
        if driver.site == nil, let title = try? attemptThrowing({ try driver.documentTitle() }) {
            lb.title = title
        }
        shown = (ids, version, lb)
        return lb
    }

    public var contentHeight: Double { driver.contentHeight }
    public var loadedCount: Int { geometry.posts.count }
    public func exists(_ id: String) -> Bool {
        source.posts.contains { $0.id == id } || geometry.top(of: id) != nil
    }
    public func loadedPostIndex(_ id: String) -> Int? { geometry.posts.firstIndex { $0.id == id } }
    public func postTop(id: String) -> Double? { isLive ? geometry.top(of: id) : nil }
    public func postTop(index: Int) -> Double {
        let p = geometry.posts
        return p.indices.contains(index) ? p[index].top : contentHeight
    }
    public func postHeight(index: Int) -> Double {
        let p = geometry.posts
        return p.indices.contains(index) ? p[index].height : 0
    }
    public func postIndex(at y: Double) -> Int? { geometry.index(at: y) }
    /// The engine's page has its own "load more" button: a tap on it reaches the page (X6).
    public var loadMoreRange: ClosedRange<Double>? { nil }

    // MARK: - Drawing

    public func items(from y0: Double, to y1: Double) -> [PageItem] {
        let geometry = geometry
        let posts = geometry.posts
        let margin = layoutMargin(y0, y1)
        if let s = try? attemptThrowing({ try driver.layout(from: y0, to: y1, margin: margin) }), let s {
            let laid = PageCellLayout.items(s, cell: config.cell, columns: textColumns, from: y0, to: y1,
                                            postIndex: geometry.index(at:),
                                            media: mediaItem)
            return tiles.map { tiledItems(laid, $0, from: y0, to: y1, postIndex: geometry.index(at:)) } ?? laid
        }
        var out: [PageItem] = []
        if let first = posts.first, y0 < first.top, shadow.loadedCount > 0 {
            // The page's chrome (header, title, scoreboard) above its first post.
            let end = min(first.top, shadow.postTop(index: 0))
            out += shadow.items(from: y0, to: min(y1, end)).filter { $0.postIndex == nil && $0.y + $0.height <= end }
        }
        for (i, box) in posts.enumerated() where box.top < y1 && box.top + box.height > y0 {
            out += items(of: box, index: i).filter { $0.y < y1 && $0.y + $0.height > y0 }
        }
        return out
    }

    /// V5: the cells a page row has for text: the list's (the last frame's), at most the page's width's.
    var textColumns: Int {
        let page = max(1, Int((driver.width / config.cell.width).rounded(.down)))
        return drawnColumns.map { min($0, page) } ?? page - 1
    }

    /// The range read around the one asked for, so a scroll within the frame needs no second
    /// read: in real time a screen either side (the drawn range, or 30 rows for a hit test's; not
    /// the web view's height: a content-sized one is the whole page, and its whole layout a frame
    /// is too slow for `view`); in virtual time the web view's height either side, as before, so
    /// `simulate` reads what it read.
    func layoutMargin(_ y0: Double, _ y1: Double) -> Double {
        driver.config.time == .virtual ? max(viewportHeight, y1 - y0) : max(y1 - y0, 30 * config.cell.height)
    }

    /// An image the engine shows as the terminal draws it: the liveblog's media item (its
    /// file, half-blocks or symbols, once the engine has it), else one of the page's own.
    func mediaItem(_ box: PageImageBox) -> (Media, MediaState) {
        let id = EmbedSite.key(path: EngineWebPage.path(of: box.src)).flatMap { key -> String? in
            if case .media(let id) = key { return id }
            return nil
        }
        let known = id.flatMap { driver.site?.localMedia($0) }
        let m = known?.media ?? Media(id: box.src, kind: box.element == "video" ? .video : .image,
                                      url: box.src, alt: box.alt.isEmpty ? nil : box.alt)
        switch box.state {
        case .pending: return (m, .pending)
        case .failed: return (m, .failed("failed to load"))
        case .loaded:
            return (m, .loaded(pixelWidth: box.naturalWidth, pixelHeight: box.naturalHeight, path: known?.path))
        }
    }

    /// A URL's path ("/media/a.png" of "http://127.0.0.1:4711/media/a.png?x#y").
    static func path(of url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") {
            rest = rest[scheme.upperBound...]
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? ""
        }
        return String(rest.prefix { $0 != "?" && $0 != "#" })
    }

    private func items(of box: PageGeometry.PostBox, index: Int) -> [PageItem] {
        guard let k = shadow.loadedPostIndex(box.id) else {
            let cell = config.cell.height
            return [PageItem(y: box.top, height: min(cell, box.height), kind: .notice("post \(Sanitizer.clean(box.id))"),
                             postIndex: index)]
        }
        let shift = box.top - shadow.postTop(index: k)
        let end = box.top + box.height
        return shadow.postItems(index: k).compactMap { item in
            var it = item
            it.y += shift
            it.postIndex = index
            guard it.y < end else { return nil }
            it.height = min(it.height, end - it.y)
            return it
        }
    }

    // MARK: - The timeline strip (E15: not in the reference embed)

    public var isTimeline: Bool { false }
    public var stripX: Int { 0 }
    public var cardPitch: Int { 0 }
    public var cardColumns: Int { 0 }
    public func cardLines(_ i: Int) -> [String] { [] }
    public func scrollStrip(byCards n: Int) {}
}
