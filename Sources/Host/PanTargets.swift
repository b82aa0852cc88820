import ScrollPhysics

/// What one pan gesture scrolls (P1–P3, M1–M3). Deltas are the finger's movement in pt
/// (positive = finger down = content moves down = offsets decrease), as in the seed's
/// `setScrollOffsetY(dValue:isWebView:)`. A target reads and changes the pan engine's working copy
/// of the list (`ListScene`); what it changes goes back to the World as effects.
public protocol PanTarget: AnyObject {
    /// gestureBegan: remember where everything starts.
    func panBegan(_ s: inout ListScene)
    /// Moves content by a finger delta. `bounces`: the move may go past the list's bottom, damped,
    /// as the seed's pan does: a finger's drag, and the seed's own inertia (`DynamicItem`, under
    /// `uidynamic`); under another law a finger's drag meets the ends as that law says. False for
    /// eases, glides and RecyclerView's steps, which stop at the bounds.
    /// Returns true when inertia should end here (a bound was reached).
    func pan(by dValue: Double, bounces bounce: Bool, _ s: inout ListScene) -> Bool
    /// How far content can still move up (positive) or down (negative) without overscroll.
    func room(contentUp: Bool, _ s: ListScene) -> Double
    /// Release without inertia, or inertia ended: back inside the bounds (the seed's notBehaviorAnimation).
    func settle(_ s: inout ListScene)
    /// Position and length over the whole scrollable content, for the indicator (P7).
    func indicator(_ s: ListScene) -> (offset: Double, content: Double, viewport: Double)
    /// F2: the physics model in force; a target whose edges follow the law takes note.
    func use(_ physics: PhysicsModel)
}

extension PanTarget {
    public func use(_ physics: PhysicsModel) {}
}

/// M1: the native list alone. A drag at its edges follows the law in force (F1, F2): the seed's
/// bottom bounce (P3) and hard stop at the top (`uidynamic`), UIKit's rubber band at both ends
/// (`uikit`), or RecyclerView's stop at the end (`android`: the pull goes into the edge effect,
/// PanEngine). Eases and the laws' glides (`bounces: false`) stop at the bounds under every law.
public final class ListPanTarget: PanTarget {
    private var oldOffset = 0.0
    /// The law whose `dragged` shapes a finger's drag past an end.
    public private(set) var law: any DecelerationLaw = UIDynamicLaw()

    public init() {}

    public func use(_ physics: PhysicsModel) { law = physics.law }

    public func panBegan(_ s: inout ListScene) {
        s.perform(.stopAnimation)
        oldOffset = s.scrollView.offset
    }

    public func pan(by dValue: Double, bounces bounce: Bool, _ s: inout ListScene) -> Bool {
        let sv = s.scrollView
        oldOffset = sv.dragOffset
        if bounce && law.model != .uidynamic {
            // A finger's drag under another law (the seed's drag and inertia: below).
            let bounds = ScrollBounds(min: sv.minOffset, max: sv.maxOffset, viewport: sv.viewportHeight)
            s.perform(.setOffset(law.dragged(from: oldOffset, by: -dValue, bounds: bounds)))
            return false
        }
        // The seed's step; inertia ends at a bound: the bottom when moving up, the top when moving down.
        let bounds = ScrollBounds(min: sv.minOffset, max: sv.maxOffset, viewport: sv.viewportHeight)
        let step = UIDynamicLaw.step(from: oldOffset, finger: dValue, bounds: bounds, bounces: bounce)
        s.perform(.setOffset(step.offset))
        return step.atBound
    }

    public func room(contentUp: Bool, _ s: ListScene) -> Double {
        let sv = s.scrollView
        return contentUp ? max(0, sv.maxOffset - sv.offset) : -max(0, sv.offset - sv.minOffset)
    }

    public func settle(_ s: inout ListScene) {
        let o = s.scrollView.offset
        let target = s.scrollView.clamp(o)
        if target != o { s.perform(.animate(.springBack(from: o, to: target), programmatic: false, stopsAtEnds: false)) }
    }

    public func indicator(_ s: ListScene) -> (offset: Double, content: Double, viewport: Double) {
        let sv = s.scrollView
        let visible = sv.viewportHeight - sv.insetTop - sv.insetBottom
        return (sv.offset - sv.minOffset, sv.contentHeight, visible)
    }
}
