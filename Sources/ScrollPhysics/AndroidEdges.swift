// F1, F9: RecyclerView's two vertical edge effects and what it does with them, from androidx
// recyclerview RecyclerView.java (offsets in RecyclerView's sense: dy > 0 moves toward the end):
// - pullGlows: a touch scroll's unconsumed dy pulls the top (dy < 0) or the bottom (dy > 0) effect
//   by `onPullDistance(±overscroll / getHeight())`;
// - releaseVerticalGlow (nestedScrollByInternal, ACTION_MOVE): while a stretch shows, the finger's
//   dy first goes into it: `onPullDistance(∓dy / getHeight())`, released at 0 or where the list can
//   scroll that way, `Math.round(consumed · getHeight())` px taken from dy;
// - considerReleasingGlowsOnScroll(dx, dy): scrolling away from an end releases its effect;
// - absorbGlows(vx, vy): a fling that met an end goes into that end's effect, only if it is
//   finished (`if (mBottomGlow.isFinished()) mBottomGlow.onAbsorb(velocityY)`);
// - releaseGlows (ACTION_UP, resetScroll): both effects are released;
// - stopGlowAnimations (ACTION_DOWN): a finger catches a showing stretch (`onPullDistance(0)`);
// - draw(): each effect steps once a frame.

/// The top and bottom EdgeEffect of a vertical RecyclerView (F9).
public struct AndroidEdges: Equatable, Sendable {
    public private(set) var top: AndroidEdgeEffect
    public private(set) var bottom: AndroidEdgeEffect
    /// `getHeight()`, px: both effects are sized to the list's measured height.
    public let height: Int

    public init(height: Int) {
        self.height = height
        top = AndroidEdgeEffect(height: height)
        bottom = AndroidEdgeEffect(height: height)
    }

    public var isFinished: Bool { top.isFinished && bottom.isFinished }

    /// The effect that shows most, and how much (getDistance()); nil when none shows.
    public var showing: (edge: ScrollEdge, distance: Float)? {
        let t = top.distance, b = bottom.distance
        if t == 0, b == 0 { return nil }
        return b >= t ? (.bottom, b) : (.top, t)
    }

    /// pullGlows with a touch scroll's unconsumed `overscroll` px.
    public mutating func pull(overscroll: Int, atMs ms: Int) {
        let h = Float(height)
        if overscroll < 0 {
            top.pullDistance(-Float(overscroll) / h, atMs: ms)
        } else if overscroll > 0 {
            bottom.pullDistance(Float(overscroll) / h, atMs: ms)
        }
    }

    /// releaseVerticalGlow: the px of a finger's `dy` a showing stretch takes first.
    public mutating func releaseVertical(dy: Int, canScrollUp: Bool, canScrollDown: Bool, atMs ms: Int) -> Int {
        let h = Float(height)
        let pullDistance = Float(dy) / h
        var consumed: Float = 0
        if top.distance != 0 {
            if canScrollUp {
                top.release(atMs: ms)
            } else {
                consumed = -top.pullDistance(-pullDistance, atMs: ms)
                if top.distance == 0 { top.release(atMs: ms) }
            }
        } else if bottom.distance != 0 {
            if canScrollDown {
                bottom.release(atMs: ms)
            } else {
                consumed = bottom.pullDistance(pullDistance, atMs: ms)
                if bottom.distance == 0 { bottom.release(atMs: ms) }
            }
        }
        return Java.round(consumed * h)
    }

    /// considerReleasingGlowsOnScroll(0, dy).
    public mutating func considerReleasing(dy: Int, atMs ms: Int) {
        if !top.isFinished, dy > 0 { top.release(atMs: ms) }
        if !bottom.isFinished, dy < 0 { bottom.release(atMs: ms) }
    }

    /// absorbGlows(0, velocityY).
    public mutating func absorb(velocity: Int, atMs ms: Int) {
        if velocity < 0, top.isFinished {
            top.absorb(-velocity, atMs: ms)
        } else if velocity > 0, bottom.isFinished {
            bottom.absorb(velocity, atMs: ms)
        }
    }

    /// releaseGlows.
    public mutating func releaseAll(atMs ms: Int) {
        top.release(atMs: ms)
        bottom.release(atMs: ms)
    }

    /// stopGlowAnimations: a finger down catches a showing stretch at an end it cannot scroll past.
    /// True when one was caught (the press then puts the list in DRAGGING).
    public mutating func catchShowing(canScrollUp: Bool, canScrollDown: Bool, atMs ms: Int) -> Bool {
        var caught = false
        if top.distance != 0, !canScrollUp {
            top.pullDistance(0, atMs: ms)
            caught = true
        }
        if bottom.distance != 0, !canScrollDown {
            bottom.pullDistance(0, atMs: ms)
            caught = true
        }
        return caught
    }

    /// draw(): each effect's frame.
    public mutating func draw(atMs ms: Int) {
        top.draw(atMs: ms)
        bottom.draw(atMs: ms)
    }

    /// RecyclerView.fling's first step: while a stretch shows, the fling is the stretch's: absorbed
    /// (fling 0), or flung at once without the nested-scroll dispatch (`handled`, fling v). Nothing
    /// showing: not handled, `velocity` goes on as a plain fling.
    mutating func flingIntoStretch(_ velocity: Int, coefficient: Float,
                                   atMs ms: Int) -> (handled: Bool, fling: Int) {
        if top.distance != 0 {
            if AndroidEdges.shouldAbsorb(top, velocity: -velocity, size: height, coefficient: coefficient) {
                top.absorb(-velocity, atMs: ms)
                return (true, 0)
            }
            return (true, velocity)
        }
        if bottom.distance != 0 {
            if AndroidEdges.shouldAbsorb(bottom, velocity: velocity, size: height, coefficient: coefficient) {
                bottom.absorb(velocity, atMs: ms)
                return (true, 0)
            }
            return (true, velocity)
        }
        return (false, velocity)
    }

    /// shouldAbsorb: a fling into the stretch, or one too weak to get past it, is absorbed.
    static func shouldAbsorb(_ e: AndroidEdgeEffect, velocity: Int, size: Int, coefficient: Float) -> Bool {
        if velocity > 0 { return true }
        let distance = e.distance * Float(size)
        let flingDistance = AndroidSpline.recyclerViewFlingDistance(velocity: -velocity, coefficient: coefficient)
        return flingDistance < distance
    }

    /// consumeFlingInVerticalStretch: a fling's frame delta first undoes a showing stretch, four
    /// times as fast as it would scroll (FLING_DESTRETCH_FACTOR).
    mutating func consumeFling(_ unconsumed: Int, atMs ms: Int) -> Int {
        let size = Float(height)
        let factor: Float = 4
        if unconsumed > 0, top.distance != 0 {
            let delta = Float(-unconsumed) * factor / size
            let consumed = Java.round(-size / factor * top.pullDistance(delta, atMs: ms))
            if consumed != unconsumed { top.finish() }
            return unconsumed - consumed
        }
        if unconsumed < 0, bottom.distance != 0 {
            let delta = Float(unconsumed) * factor / size
            let consumed = Java.round(size / factor * bottom.pullDistance(delta, atMs: ms))
            if consumed != unconsumed { bottom.finish() }
            return unconsumed - consumed
        }
        return unconsumed
    }
}
