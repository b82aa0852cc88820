/// A child laid out by LinearLayoutManager: its adapter position and its decorated top and bottom
/// in the RecyclerView's own coordinates (whole px of the device, F9).
public struct LaidOutRow: Equatable, Sendable {
    public var position: Int
    public var top: Int
    public var bottom: Int
    public init(position: Int, top: Int, bottom: Int) {
        self.position = position
        self.top = top
        self.bottom = bottom
    }
}

/// `computeVerticalScrollOffset`, `computeVerticalScrollExtent` and `computeVerticalScrollRange` of
/// a vertical LinearLayoutManager with smooth scrollbars on (its default), as the Android sample
/// reads them in `scrollTo` (F8).
///
/// AOSP, androidx.recyclerview.widget:
/// - `LinearLayoutManager.computeScrollOffset/Extent/Range(State)` pass
///   `findFirstVisibleChildClosestToStart(!mSmoothScrollbarEnabled, true)` and
///   `findFirstVisibleChildClosestToEnd(…)` to `ScrollbarHelper`; with smooth scrollbars these are
///   the first and last children at least partly inside the padded area
///   (`findOneVisibleChild(…, completelyVisible: false, acceptPartiallyVisible: true)`, i.e.
///   ViewBoundsCheck `FLAG_CVS_LT_PVE | FLAG_CVE_GT_PVS`: child start < end after padding and
///   child end > start after padding).
/// - `ScrollbarHelper.computeScrollOffset`: `round(itemsBefore · avg + (startAfterPadding −
///   start(first)))` with `avg = (float) (end(last) − start(first)) / (positions spanned)`.
/// - `ScrollbarHelper.computeScrollExtent`: `min(totalSpace, end(last) − start(first))`.
/// - `ScrollbarHelper.computeScrollRange`: `(int) (avg · itemCount)`.
///
/// So the offset is exact while the first row is visible (`itemsBefore` is 0), and the distance
/// left to the end, `range − extent − offset`, is exact while the last row is visible (it is then
/// `end(last) − endAfterPadding`); with neither end visible both come from the average height of
/// the visible rows, a tall web row among short native rows included.
///
/// Extra layout space (`LinearLayoutManager.getExtraLayoutSpace` / `calculateExtraLayoutSpace`:
/// one page while a SmoothScroller has a target position, else 0) can add children outside the
/// viewport, but `findOneVisibleChild` skips them, so they never enter these values; and the
/// sample's `smoothScrollBy` has no target position anyway.
public struct LinearLayoutEstimate: Equatable, Sendable {
    /// The children in layout order (`getChildAt(0…)`).
    public var rows: [LaidOutRow]
    /// `state.getItemCount()`.
    public var itemCount: Int
    /// The RecyclerView's height and its padding (our list: the bars, drawn over the content as
    /// with `clipToPadding = false`).
    public var height: Int
    public var paddingTop: Int
    public var paddingBottom: Int

    public init(rows: [LaidOutRow], itemCount: Int, height: Int, paddingTop: Int, paddingBottom: Int) {
        self.rows = rows
        self.itemCount = itemCount
        self.height = height
        self.paddingTop = paddingTop
        self.paddingBottom = paddingBottom
    }

    // OrientationHelper (vertical): getStartAfterPadding, getEndAfterPadding, getTotalSpace.
    public var startAfterPadding: Int { paddingTop }
    public var endAfterPadding: Int { height - paddingBottom }
    public var totalSpace: Int { endAfterPadding - startAfterPadding }

    /// findOneVisibleChild with completelyVisible false, acceptPartiallyVisible true.
    private func isVisible(_ r: LaidOutRow) -> Bool {
        r.top < endAfterPadding && r.bottom > startAfterPadding
    }
    /// findFirstVisibleChildClosestToStart / findFirstVisibleChildClosestToEnd (not reversed).
    public var firstVisible: LaidOutRow? { rows.first(where: isVisible) }
    public var lastVisible: LaidOutRow? { rows.last(where: isVisible) }

    /// The guard every ScrollbarHelper method starts with.
    private var ends: (start: LaidOutRow, end: LaidOutRow)? {
        guard !rows.isEmpty, itemCount != 0, let s = firstVisible, let e = lastVisible else { return nil }
        return (s, e)
    }

    /// ScrollbarHelper.computeScrollOffset (smoothScrollbarEnabled, not reverseLayout), in Java float.
    public var verticalScrollOffset: Int {
        guard let (s, e) = ends else { return 0 }
        let itemsBefore = max(0, min(s.position, e.position))
        let laidOutArea = abs(e.bottom - s.top)
        let itemRange = abs(s.position - e.position) + 1
        let avgSizePerRow = Float(laidOutArea) / Float(itemRange)
        let estimate = Float(itemsBefore) * avgSizePerRow + Float(startAfterPadding - s.top)
        return LinearLayoutEstimate.javaRound(estimate)
    }

    /// ScrollbarHelper.computeScrollExtent (smoothScrollbarEnabled).
    public var verticalScrollExtent: Int {
        guard let (s, e) = ends else { return 0 }
        return min(totalSpace, e.bottom - s.top)
    }

    /// ScrollbarHelper.computeScrollRange (smoothScrollbarEnabled): "estimate a size for full list".
    public var verticalScrollRange: Int {
        guard let (s, e) = ends else { return 0 }
        let laidOutArea = e.bottom - s.top
        let laidOutRange = abs(s.position - e.position) + 1
        return Int((Float(laidOutArea) / Float(laidOutRange) * Float(itemCount)).rounded(.towardZero))
    }

    /// The sample's `maxOffset`: `computeVerticalScrollRange() − computeVerticalScrollExtent()`.
    public var maxScrollOffset: Int { verticalScrollRange - verticalScrollExtent }

    /// Java's `Math.round(float)`: floor(x + 0.5).
    static func javaRound(_ x: Float) -> Int { Int((x + 0.5).rounded(.down)) }
}

extension NativeList {
    /// The list as LinearLayoutManager has it laid out at the scroll view's current offset, in the
    /// device's px (F9: `AndroidListLayout`): one child per header row, the web row and one per
    /// footer row, in a RecyclerView as tall as the viewport whose padding is the bars. Children are
    /// laid out wherever they meet the RecyclerView (with `clipToPadding = false` LinearLayoutManager
    /// fills the padding too); only the ones between the bars count as visible.
    public func linearLayoutEstimate(density: Double = 1) -> LinearLayoutEstimate {
        AndroidListLayout(self, density: density).estimate
    }
}
