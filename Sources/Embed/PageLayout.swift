import Foundation
import LiveblogModel

/// The page's layout (E1, principle 5 of docs/architecture.md, issue 6): the header block, every loaded post's
/// height as prefix sums, and a bounded cache of built items. Heights are exact at all times (a
/// jump's `top` depends on the heights above the post): they are measured by the same walk that
/// builds items (`ColumnSink`), counting lines instead of building them. Items are built only
/// for posts that are drawn or queried. A post's first measure records its texts' break structure
/// (`WrapPlans`), so that a width change counts lines from it (B8).
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
    /// The posts' texts as width-independent ops, by post index (issue 14, B8).
    private(set) var plans = WrapPlans()

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
        guard inColumn else {
            heights.replaceAll([Double](repeating: 0, count: n))
            return
        }
        heights.replaceAll(measurer(geometry).measureAll(posts, count: n, plans: &plans))
    }

    private func measurer(_ geometry: MediaGeometry) -> PostMeasurer {
        PostMeasurer(columns: contentColumns, line: cell.height, geometry: geometry)
    }

    /// Posts arrived at the top (L8): cached items carry their post index, so the cache starts again.
    mutating func insertAtTop(_ hs: [Double]?) {
        cache.removeAll()
        if let hs {
            heights.insert(contentsOf: hs, at: 0)
            plans.insertAtTop(hs.count)
        } else {
            plans.removeAll()
        }
    }

    /// A page of older posts arrived at the bottom (L8).
    mutating func append(_ hs: [Double]) { heights.append(contentsOf: hs) }

    /// Posts streamed in at index `i` (B9): items after it are built again.
    mutating func insert(_ hs: [Double], at i: Int) {
        cache.removeAll()
        heights.insert(contentsOf: hs, at: i)
        plans.insert(hs.count, at: i)
    }

    /// One post changed (a media or embed load): O(log n) for its height, items rebuilt when drawn (B2).
    mutating func remeasure(_ i: Int, _ post: Post, _ geometry: MediaGeometry) {
        guard i < heights.count else { return }
        cache.remove(i)
        guard postsInColumn else {
            heights.set(i, 0)
            return
        }
        let m = measurer(geometry)
        // Programs do not depend on load states: a recorded one counts the post again.
        let counted = plans.withOps(of: i) { ops, start in ops.map { m.count(post, ops: $0, start: start) } }
        heights.set(i, counted ?? plans.record(i) { m.record(post, into: &$0) })
    }

    /// The page's posts were replaced (a live snapshot: edits, deletions, a new order, R3): no
    /// recorded program belongs to its index any more.
    mutating func postsReplaced() { plans.removeAll() }
}
