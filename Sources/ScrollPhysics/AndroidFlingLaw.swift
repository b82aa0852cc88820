// SPEC F1 `android`: RecyclerView's fling. From androidx recyclerview RecyclerView.java:
// - fling(velocityX, velocityY): `Math.abs(velocityY) < mMinFlingVelocity` → no fling; else
//   clamped to ±mMaxFlingVelocity and handed to ViewFlinger.fling, which calls
//   OverScroller.fling(0, 0, 0, velocityY, Integer.MIN_VALUE, Integer.MAX_VALUE, …): the
//   spline runs unbounded (AndroidSpline.swift);
// - ViewFlinger.run(), each frame: scroll by the scroller's new position; when the layout could
//   not consume all of it (the list's end), `absorbGlows(velX, velY)` with
//   `(int) scroller.getCurrVelocity()` and `scroller.abortAnimation()`: the list stops AT the
//   bound, the velocity goes into the edge effect (AndroidEdgeEffect.swift);
// - drags: RecyclerView clamps the offset to its range and pulls the edge effect (pullGlows →
//   EdgeEffect.onPull(overscroll / height)) instead; no displacement.
// ViewConfiguration.java: MINIMUM_FLING_VELOCITY = 50 dp/s, MAXIMUM_FLING_VELOCITY = 8000 dp/s
// (density 1: px/s = pt/s, SPEC U1). RecyclerView takes the velocity as an int (px/s).
// Frames are VirtualClock ticks (120 Hz): the bound is detected at the first tick past it.

import VirtualTime

/// RecyclerView's law (F1 `android`).
public struct AndroidFlingLaw: DecelerationLaw {
    /// `ViewConfiguration.MINIMUM_FLING_VELOCITY`, dp/s.
    public static let minimumFlingVelocity = 50
    /// `ViewConfiguration.MAXIMUM_FLING_VELOCITY`, dp/s.
    public static let maximumFlingVelocity = 8000

    public init() {}
    public var model: PhysicsModel { .android }

    /// The velocity RecyclerView.fling passes on (int, clamped), or nil below the minimum.
    public static func flingVelocity(_ velocity: Double) -> Int? {
        guard velocity.isFinite else { return nil }
        let v = Int(max(-1e9, min(1e9, velocity)).rounded(.towardZero))
        guard abs(v) >= minimumFlingVelocity else { return nil }
        return max(-maximumFlingVelocity, min(v, maximumFlingVelocity))
    }

    public func startsFling(velocity: Double) -> Bool { Self.flingVelocity(velocity) != nil }

    public func motion(from offset: Double, velocity: Double, bounds: ScrollBounds) -> AndroidFlingMotion {
        let v = Self.flingVelocity(velocity) ?? 0
        return AndroidFlingMotion(start: bounds.clamp(offset), velocity: v, bounds: bounds)
    }

    /// No displacement at the edges: the offset stops at the bound (the pull goes into the
    /// edge effect, see `AndroidEdgeEffect`).
    public func dragged(from offset: Double, by delta: Double, bounds: ScrollBounds) -> Double {
        bounds.clamp(offset + delta)
    }
}

/// A RecyclerView fling as a value: the spline, stopped at the bound it reaches.
public struct AndroidFlingMotion: DecelerationMotion, Equatable {
    public var model: PhysicsModel { .android }
    public let start: Double
    /// The int velocity handed to OverScroller (0: no fling).
    public let flingVelocity: Int
    public let bounds: ScrollBounds
    /// `mSplineDistance` (signed, whole px) and `mSplineDuration` (ms).
    public let splineDistance: Int
    public let splineDurationMs: Int
    public let impact: EdgeImpact?
    /// The edge effect the impact started (absorbGlows).
    public let edge: AndroidEdgeEffect?

    public init(start: Double, velocity: Int, bounds: ScrollBounds) {
        self.start = start
        self.flingVelocity = velocity
        self.bounds = bounds
        if velocity == 0 {
            splineDistance = 0
            splineDurationMs = 0
        } else {
            splineDistance = Int(AndroidSpline.flingDistance(velocity: velocity)) * (velocity > 0 ? 1 : -1)
            splineDurationMs = AndroidSpline.flingDuration(velocity: velocity)
        }
        impact = Self.firstImpact(start: start, splineDistance: splineDistance, durationMs: splineDurationMs,
                                  bounds: bounds)
        edge = impact.map { AndroidEdgeEffect.absorbed(velocity: $0.velocity, height: bounds.viewport) }
    }

    /// The first frame (tick) whose scroll the list cannot consume: the position is past a bound.
    static func firstImpact(start: Double, splineDistance: Int, durationMs: Int,
                            bounds: ScrollBounds) -> EdgeImpact? {
        guard splineDistance != 0 else { return nil }
        let lastTick = VirtualClock.ticks(Double(durationMs) / 1000) + 1
        for tick in 1...max(1, lastTick) {
            let t = VirtualClock.seconds(tick)
            let y = rawPosition(start: start, splineDistance: splineDistance, durationMs: durationMs, at: t)
            guard y < bounds.min || y > bounds.max else { continue }
            // At the frame the scroller finishes, getCurrVelocity still holds the previous frame's.
            let ms = min(elapsedMs(t), durationMs - 1)
            let v = Double(currVelocity(splineDistance: splineDistance, durationMs: durationMs,
                                        elapsedMs: ms))
            return EdgeImpact(edge: y > bounds.max ? .bottom : .top, time: t, velocity: v)
        }
        return nil
    }

    /// AnimationUtils.currentAnimationTimeMillis: whole ms since the fling started.
    static func elapsedMs(_ t: Double) -> Int { t <= 0 ? 0 : Int((t * 1000 + 1e-6).rounded(.down)) }

    /// computeScrollOffset → getCurrY, unbounded: start + Math.round(distanceCoef · mSplineDistance),
    /// and mFinal once the duration has passed.
    static func rawPosition(start: Double, splineDistance: Int, durationMs: Int, at t: Double) -> Double {
        let ms = elapsedMs(t)
        if ms >= durationMs { return start + Double(splineDistance) }
        let coef = AndroidSpline.coefficients(elapsedMs: ms, durationMs: durationMs).distance
        return start + Double((coef * Float(splineDistance)).rounded(.toNearestOrAwayFromZero))
    }

    /// getCurrVelocity (signed like the fling): velocityCoef · mSplineDistance / mSplineDuration · 1000.
    static func currVelocity(splineDistance: Int, durationMs: Int, elapsedMs ms: Int) -> Float {
        guard durationMs > 0, ms < durationMs else { return 0 }
        let coef = AndroidSpline.coefficients(elapsedMs: ms, durationMs: durationMs).velocity
        return coef * Float(splineDistance) / Float(durationMs) * 1000
    }

    /// Until the spline ends, or until the frame it met the bound.
    public var duration: Double { impact?.time ?? Double(splineDurationMs) / 1000 }

    public func value(at t: Double) -> Double {
        if let impact, t >= impact.time { return impact.edge == .top ? bounds.min : bounds.max }
        let y = Self.rawPosition(start: start, splineDistance: splineDistance, durationMs: splineDurationMs,
                                 at: t)
        return bounds.clamp(y)
    }

    public func velocity(at t: Double) -> Double {
        if t >= duration { return 0 }
        let ms = Self.elapsedMs(t)
        let v = Self.currVelocity(splineDistance: splineDistance, durationMs: splineDurationMs, elapsedMs: ms)
        return Double(v)
    }

    /// `EdgeEffect.getDistance()` of the edge met, t seconds after release (0 before the impact).
    public func edgeEffect(at t: Double) -> Double {
        guard let impact, let edge, t >= impact.time else { return 0 }
        return edge.value(at: t - impact.time)
    }
}
