import Embed
import LiveblogModel
import TextCells

/// Where the engine laid the posts out (X5), and what the terminal draws of them: each post's
/// own text rendering (the emulated page's items of that post) placed at the post's box as the
/// engine laid it out and cut to its height; chrome above the first post at the top. A post the
/// liveblog does not know (a page of one's own, X4) draws as a notice with its id. The engine's
/// own pixels and text (X9) are issue 28's.
extension EngineWebPage {
    /// The posts' boxes after the last frame (one engine round trip a frame at most).
    var geometry: PageGeometry {
        (try? attemptThrowing { try engine.geometry() }) ?? PageGeometry(contentHeight: contentHeight, posts: [])
    }

    /// The posts as the engine shows them, in page order (the World indexes them as it indexes
    /// the loaded posts): the source's post of each id, a post with the id alone where the source
    /// has none (a page of one's own, X4).
    public var liveblog: Liveblog {
        let ids = geometry.postIds
        if let shown, shown.ids == ids { return shown.liveblog }
        let known = Dictionary(source.posts.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var lb = source
        lb.posts = ids.map { known[$0] ?? Post(id: $0, createdAt: 0, blocks: []) }
        shown = (ids, lb)
        return lb
    }

    public var contentHeight: Double { engine.contentHeight }
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
    public func postIndex(at y: Double) -> Int? {
        geometry.posts.firstIndex { y >= $0.top && y < $0.top + $0.height }
    }
    /// The engine's page has its own "load more" button: a tap on it reaches the page (X6).
    public var loadMoreRange: ClosedRange<Double>? { nil }

    // MARK: - Drawing

    public func items(from y0: Double, to y1: Double) -> [PageItem] {
        let posts = geometry.posts
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
