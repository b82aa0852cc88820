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
    /// F2: the physics model in force; a target whose edges follow the law takes note.
    func use(_ physics: PhysicsModel)
}

extension PanTarget {
    public func use(_ physics: PhysicsModel) {}
}

/// M1: the native list alone. A drag at its edges follows the law in force (F1, F2): the seed's
/// bottom bounce (P3) and hard stop at the top (`uidynamic`), UIKit's rubber band at both ends
/// (`uikit`), or RecyclerView's stop at the end (`android`: the pull goes into the edge effect,
/// PanEngine). Inertia and eases (`bounce: false`) stop at the bounds under every law.
public final class ListPanTarget: PanTarget {
    let scrollView: ScrollView
    private var oldOffset = 0.0
    /// The law whose `dragged` shapes a finger's drag past an end.
    public private(set) var law: any DecelerationLaw = UIDynamicLaw()

    public init(scrollView: ScrollView) { self.scrollView = scrollView }

    public func use(_ physics: PhysicsModel) { law = physics.law }

    private var bounds: ScrollBounds {
        ScrollBounds(min: scrollView.minOffset, max: scrollView.maxOffset, viewport: scrollView.viewportHeight)
    }

    public func panBegan() {
        scrollView.stopAnimation()
        oldOffset = scrollView.offset
    }

    public func pan(by dValue: Double, bounce: Bool) -> Bool {
        oldOffset = scrollView.dragOffset
        if bounce && law.model != .uidynamic {
            // A finger's drag (the uidynamic law's own, below, is the seed's arithmetic).
            scrollView.offset = law.dragged(from: oldOffset, by: -dValue, bounds: bounds)
            return false
        }
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
