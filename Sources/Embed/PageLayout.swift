import Foundation
import LiveblogModel

/// The page's layout (E1, DESIGN principle 5, issue 6): the header block, every loaded post's
/// height as prefix sums, and a bounded cache of built items. Heights are exact at all times (a
/// jump's `top` depends on the heights above the post): they are measured by the same walk that
/// builds items (`ColumnSink`), counting lines instead of building them. Items are built only
/// for posts that are drawn or queried.
public struct PageLayout {
    public let cell: CellMetrics
    /// Text columns inside the page's one-column padding.
    public private(set) var contentColumns: Int
    /// False in the timeline layout: the posts live in the strip, not in the column (E15).
    public private(set) var postsInColumn = true
    private(set) var heights = HeightIndex()
    private(set) var header: [PageItem] = []
    public private(set) var headerHeight: Double = 0
    private var cache = PostItemCache(capacity: 512)

    init(cell: CellMetrics, contentColumns: Int) {
        self.cell = cell
        self.contentColumns = contentColumns
    }

    var postsHeight: Double { heights.total }
    var cachedPosts: Int { cache.count }
    func postTop(_ i: Int) -> Double { headerHeight + heights.prefix(i) }
    func postHeight(_ i: Int) -> Double { heights[i] }

    /// The post at a y inside the posts (relative to their top).
    func postIndex(atPostsY y: Double) -> Int? { heights.index(containing: y) }

    // MARK: - One post

    /// A post's height: the column walk, counting.
    func measure(_ post: Post, _ geometry: MediaGeometry) -> Double {
        guard postsInColumn else { return 0 }
        var sink = ColumnSink(lines: LineCounter(lineHeight: cell.height), columns: contentColumns,
                              geometry: geometry)
        PostWalk.walk(post, into: &sink)
        return sink.lines.height
    }

    /// A post's items with y relative to its top: the column walk, building.
    func build(_ post: Post, index: Int, _ geometry: MediaGeometry) -> [PageItem] {
        guard postsInColumn else { return [] }
        var sink = ColumnSink(lines: ItemBuilder(postIndex: index, lineHeight: cell.height),
                              columns: contentColumns, geometry: geometry)
        PostWalk.walk(post, into: &sink)
        return sink.lines.items
    }

    /// A post's items (relative y), from the cache or built now.
    mutating func items(of i: Int, _ post: Post, _ geometry: MediaGeometry) -> [PageItem] {
        if let l = cache.get(i) { return l }
        let l = build(post, index: i, geometry)
        cache.put(i, l)
        return l
    }

    // MARK: - Changes

    /// Lays everything out again (start, resize, lifecycle change): the header, and the first `n`
    /// posts measured; items are built again only when drawn.
    mutating func relayout(columns: Int, inColumn: Bool, header h: (items: [PageItem], height: Double),
                           posts: [Post], count n: Int, _ geometry: MediaGeometry) {
        contentColumns = columns
        postsInColumn = inColumn
        header = h.items
        headerHeight = h.height
        cache.removeAll()
        heights.replaceAll(measureAll(posts, n, geometry))
    }

    /// Every post's height. Measuring reads and writes nothing shared, so a large liveblog is
    /// measured on all cores, in chunks; the result is the same as one pass (B3: 100 000 posts).
    private func measureAll(_ posts: [Post], _ n: Int, _ geometry: MediaGeometry) -> [Double] {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard n >= 4096, cores > 1 else { return (0..<n).map { measure(posts[$0], geometry) } }
        var out = [Double](repeating: 0, count: n)
        let chunks = cores * 4
        let layout = self
        out.withUnsafeMutableBufferPointer { buf in
            let base = buf.baseAddress!
            DispatchQueue.concurrentPerform(iterations: chunks) { c in
                let lo = n * c / chunks, hi = n * (c + 1) / chunks
                for i in lo..<hi { base[i] = layout.measure(posts[i], geometry) }
            }
        }
        return out
    }

    /// Posts arrived at the top (L8): cached items carry their post index, so the cache starts again.
    mutating func insertAtTop(_ hs: [Double]?) {
        cache.removeAll()
        if let hs { heights.insert(contentsOf: hs, at: 0) }
    }

    /// A page of older posts arrived at the bottom (L8).
    mutating func append(_ hs: [Double]) { heights.append(contentsOf: hs) }

    /// Posts streamed in at index `i` (B9): items after it are built again.
    mutating func insert(_ hs: [Double], at i: Int) {
        cache.removeAll()
        heights.insert(contentsOf: hs, at: i)
    }

    /// One post changed (a media or embed load): O(log n) for its height, items rebuilt when drawn (B2).
    mutating func remeasure(_ i: Int, _ post: Post, _ geometry: MediaGeometry) {
        guard i < heights.count else { return }
        cache.remove(i)
        heights.set(i, measure(post, geometry))
    }
}
