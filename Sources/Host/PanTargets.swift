import ScrollPhysics

/// What one pan gesture scrolls (P1–P3, M1–M3). Deltas are the finger's movement in pt
/// (positive = finger down = content moves down = offsets decrease), as in the seed's
/// `setScrollOffsetY(dValue:isWebView:)`.
public protocol PanTarget: AnyObject {
    /// gestureBegan: remember where everything starts.
    func panBegan()
    /// Moves content by a finger delta. `bounce` allows the damped overscroll at the list's bottom.
    /// Returns true when inertia should end here (a bound was reached).
    func pan(by dValue: Double, bounce: Bool) -> Bool
    /// How far content can still move up (positive) or down (negative) without overscroll.
    func room(contentUp: Bool) -> Double
    /// Release without inertia, or inertia ended: back inside the bounds (the seed's notBehaviorAnimation).
    func settle(now tick: Int)
    /// Position and length over the whole scrollable content, for the indicator (P7).
    var indicator: (offset: Double, content: Double, viewport: Double) { get }
}

/// M1: the native list alone, with the seed's bottom bounce (P3) and a hard stop at the top.
public final class ListPanTarget: PanTarget {
    let scrollView: ScrollView
    private var oldOffset = 0.0

    public init(scrollView: ScrollView) { self.scrollView = scrollView }

    public func panBegan() {
        scrollView.stopAnimation()
        oldOffset = scrollView.offset
    }

    public func pan(by dValue: Double, bounce: Bool) -> Bool {
        oldOffset = scrollView.offset
        var newOffset = oldOffset - dValue
        let minY = scrollView.minOffset, maxY = scrollView.maxOffset
        if newOffset < minY && dValue > 0 { newOffset = max(minY, min(oldOffset, newOffset)) }
        if newOffset < minY { newOffset = minY }
        if newOffset >= maxY && dValue < 0 {
            newOffset = bounce ? RubberBand.damped(newOffset: newOffset, oldOffset: oldOffset, maxOffset: maxY)
                               : max(maxY, min(oldOffset, newOffset))
        }
        scrollView.offset = newOffset
        // Inertia ends at a bound: the bottom when moving up, the top when moving down.
        return (dValue < 0 && newOffset >= maxY) || (dValue > 0 && newOffset <= minY)
    }

    public func room(contentUp: Bool) -> Double {
        contentUp ? max(0, scrollView.maxOffset - scrollView.offset) : -max(0, scrollView.offset - scrollView.minOffset)
    }

    public func settle(now tick: Int) {
        let o = scrollView.offset
        let target = scrollView.clamp(o)
        if target != o { scrollView.animate(.springBack(from: o, to: target), now: tick, programmatic: false) }
    }

    public var indicator: (offset: Double, content: Double, viewport: Double) {
        let visible = scrollView.viewportHeight - scrollView.insetTop - scrollView.insetBottom
        return (scrollView.offset - scrollView.minOffset, scrollView.contentHeight, visible)
    }
}
