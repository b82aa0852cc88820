// F1, F9 `android`: RecyclerView's fling as a deceleration law. The arithmetic is
// AndroidFlinger's (RecyclerView.fling, ViewFlinger.run, OverScroller, EdgeEffect: see there),
// run on the device's px and the world's frames (ticks at 120 Hz, whole-ms frame times): this
// law is the same fling seen as a value of time, for a list whose range is fixed while it runs.
// ViewConfiguration.java: MINIMUM_FLING_VELOCITY = 50 dp/s, MAXIMUM_FLING_VELOCITY = 8000 dp/s.
// Offsets here are pt (dp); velocities pt/s (dp/s), turned into px/s and truncated to an int as
// RecyclerView takes them.

import VirtualTime

/// RecyclerView's law (F1 `android`) on a screen of `density`, for a fling released at `startTick`.
public struct AndroidFlingLaw: DecelerationLaw {
    /// `ViewConfiguration.MINIMUM_FLING_VELOCITY`, dp/s.
    public static let minimumFlingVelocity = 50
    /// `ViewConfiguration.MAXIMUM_FLING_VELOCITY`, dp/s.
    public static let maximumFlingVelocity = 8000

    public let density: Double
    public let startTick: Int

    public init(density: Double = 1, startTick: Int = 0) {
        self.density = density
        self.startTick = startTick
    }
    public var model: PhysicsModel { .android }

    /// The px/s RecyclerView gets for `velocity` pt/s: (int) of the px value.
    public func pixelVelocity(_ velocity: Double) -> Int { Java.int(velocity * density) }

    public func startsFling(velocity: Double) -> Bool {
        guard velocity.isFinite else { return false }
        let minimum = AndroidPixels.size(dp: Double(Self.minimumFlingVelocity), density: density)
        return abs(pixelVelocity(velocity)) >= minimum
    }

    public func motion(from offset: Double, velocity: Double, bounds: ScrollBounds) -> AndroidFlingMotion {
        let v = velocity.isFinite ? pixelVelocity(velocity) : 0
        return AndroidFlingMotion(start: bounds.clamp(offset), velocity: v, bounds: bounds, density: density,
                                  startTick: startTick)
    }

    /// No displacement at the edges: the offset stops at the bound (the pull goes into the
    /// edge effect, see `AndroidEdges`).
    public func dragged(from offset: Double, by delta: Double, bounds: ScrollBounds) -> Double {
        bounds.clamp(offset + delta)
    }
}

/// A RecyclerView fling as a value: the flinger's frames from the release, stopped at the bound
/// it meets, and the edge effect that meeting starts.
public struct AndroidFlingMotion: DecelerationMotion, Equatable {
    public var model: PhysicsModel { .android }
    public let start: Double
    /// The int px/s handed to RecyclerView.fling.
    public let flingVelocity: Int
    public let bounds: ScrollBounds
    public let density: Double
    /// `mSplineDistance` (signed, px) and `mSplineDuration` (ms); 0 without a fling.
    public let splineDistance: Int
    public let splineDurationMs: Int
    public let impact: EdgeImpact?
    /// The offset (pt), scroller velocity (pt/s) and edge distance after each frame from the
    /// release's next tick on; the motion is over after `moving` frames (IDLE), the effect after
    /// all of them.
    let offsets: [Double]
    let velocities: [Double]
    let glows: [Double]
    let moving: Int

    public init(start: Double, velocity: Int, bounds: ScrollBounds, density: Double = 1, startTick: Int = 0) {
        self.start = start
        self.bounds = bounds
        self.density = density
        let height = AndroidPixels.size(dp: bounds.viewport, density: density)
        var flinger = AndroidFlinger(density: density, height: height)
        let flung = flinger.fling(velocity, atMs: AndroidClock.millis(tick: startTick))
        flingVelocity = flung ? (flinger.scroller?.velocity ?? 0) : 0
        splineDistance = flinger.scroller?.splineDistance ?? 0
        splineDurationMs = flinger.scroller?.durationMs ?? 0
        let room = AndroidFlingMotion.room(start: start, bounds: bounds, density: density)
        var pos = 0, out: [Double] = [], vs: [Double] = [], gs: [Double] = [], moving = flung ? -1 : 0
        var hit: EdgeImpact?
        var tick = startTick
        while (moving < 0 || !flinger.edges.isFinished) && out.count < Self.maxFrames {
            tick += 1
            let ms = AndroidClock.millis(tick: tick)
            if moving < 0 {
                let f = flinger.run(atMs: ms) { dy in
                    let target = min(max(pos + dy, room.lo), room.hi)
                    defer { pos = target }
                    return target - pos
                }
                if f.done { moving = out.count + 1 }
                if f.absorbed != 0 {
                    hit = EdgeImpact(edge: f.absorbed > 0 ? .bottom : .top,
                                     time: VirtualClock.seconds(tick - startTick),
                                     velocity: Double(f.absorbed) / density)
                }
            }
            flinger.edges.draw(atMs: ms)
            out.append(start + Double(pos) / density)
            vs.append(moving < 0 ? Double(flinger.scroller?.currVelocity ?? 0) / density : 0)
            gs.append(Double(flinger.edges.showing?.distance ?? 0))
        }
        offsets = out
        velocities = vs
        glows = gs
        self.moving = max(0, moving)
        impact = hit
    }

    /// A bound on the frames simulated (a fling lasts under 3 s, the stretch under 1 s more).
    static let maxFrames = 10 * VirtualClock.ticksPerSecond

    /// The px the list can scroll each way from `start` (unbounded: far).
    static func room(start: Double, bounds: ScrollBounds, density: Double) -> (lo: Int, hi: Int) {
        let far = 1 << 40
        let lo = bounds.min < -1e12 ? -far : Java.round((bounds.min - start) * density)
        let hi = bounds.max > 1e12 ? far : Java.round((bounds.max - start) * density)
        return (min(0, lo), max(0, hi))
    }

    private func frame(_ t: Double) -> Int { t <= 0 ? 0 : VirtualClock.ticks(t) }

    /// Until the frame the list goes IDLE.
    public var duration: Double { VirtualClock.seconds(moving) }

    public func value(at t: Double) -> Double {
        let k = frame(t)
        guard k > 0, !offsets.isEmpty else { return start }
        return offsets[min(k, offsets.count) - 1]
    }

    /// getCurrVelocity after the frame at t (pt/s, signed), 0 once IDLE.
    public func velocity(at t: Double) -> Double {
        let k = frame(t)
        if k >= moving { return 0 }
        return k == 0 ? Double(flingVelocity) / density : velocities[k - 1]
    }

    /// `EdgeEffect.getDistance()` of the edge met, t seconds after release (0 before the impact).
    public func edgeEffect(at t: Double) -> Double {
        let k = frame(t)
        guard k > 0, k <= glows.count else { return 0 }
        return glows[k - 1]
    }
}
