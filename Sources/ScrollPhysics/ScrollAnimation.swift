import VirtualTime

// Scroll animations as values (principle 2, docs/architecture.md): from, to, duration, curve.

/// An animated change of a scroll offset from `from` to `to` over `duration` seconds.
public struct ScrollAnimation: TimedMotion, Equatable {
    /// How intermediate values are computed.
    public enum Rounding: Sendable, Equatable {
        /// Continuous values (iOS: points are fractional).
        case none
        /// F9: RecyclerView's smooth scroll on the animation clock: whole px of the device at
        /// whole-ms frame times, the quintic in float (`AndroidFrames`).
        case android(AndroidFrames)
    }

    /// F9: where an android smooth scroll runs: the world tick it started on (its frame's ms is
    /// `mStartTime`), the px it started from, the px per offset unit (the density; offsets are
    /// dp) and the scroll itself.
    public struct AndroidFrames: Sendable, Equatable {
        public var startTick: Int
        public var fromPx: Int
        public var density: Double
        public var scroll: AndroidSmoothScroll

        /// The offset (dp) after the frame `t` seconds after the start.
        func value(at t: Double) -> Double {
            let tick = startTick + (t <= 0 ? 0 : VirtualClock.ticks(t))
            return Double(fromPx + scroll.position(atMs: AndroidClock.millis(tick: tick))) / density
        }

        /// The first frame (ticks after the start) on which the position is the target: the
        /// frame ViewFlinger is done and the list goes IDLE.
        var doneTicks: Int {
            var k = 1
            while !scroll.isDone(atMs: AndroidClock.millis(tick: startTick + k)) { k += 1 }
            return k
        }
    }

    public let from: Double
    public let to: Double
    public let duration: Double
    public let curve: UnitCurve
    public let rounding: Rounding

    public init(from: Double, to: Double, duration: Double, curve: UnitCurve,
                rounding: Rounding = .none) {
        self.from = from
        self.to = to
        self.duration = max(0, duration)
        self.curve = curve
        self.rounding = rounding
    }

    /// F9: the RecyclerView smooth scroll this motion runs, if it is one.
    public var androidScroll: AndroidSmoothScroll? {
        if case let .android(frames) = rounding { return frames.scroll }
        return nil
    }

    /// The distance covered, `to − from`.
    public var delta: Double { to - from }

    /// Offset at `t` seconds since start: `from` for t ≤ 0, exactly `to` for t ≥ duration.
    public func value(at t: Double) -> Double {
        if t >= duration { return to }
        if t <= 0 { return from }
        switch rounding {
        case .none: return from + (to - from) * curve(t / duration)
        case let .android(frames): return frames.value(at: t)
        }
    }

    // MARK: Constructors

    /// iOS `setContentOffset(_:animated: true)`: ease-in-out over 0.3 s (H4).
    /// The duration and curve are an ASSUMPTION: UIKit does not publish them.
    public static func iosSetContentOffset(from: Double, to: Double) -> ScrollAnimation {
        ScrollAnimation(from: from, to: to, duration: PhysicsConstants.iosSetContentOffsetDuration,
                        curve: .easeInOut)
    }

    /// Android RecyclerView `smoothScrollBy(0, dy)` (H4, F9) started on world tick
    /// `startTick` from `fromPx` (the offset in px) on a list `height` px tall: positions in whole
    /// px at whole-ms frame times (`AndroidSmoothScroll`), offsets in dp (px / density). It lasts
    /// until the frame its position reaches the target (ViewFlinger's doneScrolling), not its
    /// whole `computeScrollDuration`. dy = 0 → no motion (Android does not scroll).
    public static func androidSmoothScroll(fromPx: Int, by dy: Int, height: Int, startTick: Int,
                                           density: Double) -> ScrollAnimation {
        let scroll = AndroidSmoothScroll(dy: dy, height: height, startMs: AndroidClock.millis(tick: startTick))
        let frames = AndroidFrames(startTick: startTick, fromPx: fromPx, density: density, scroll: scroll)
        let ticks = dy == 0 ? 0 : frames.doneTicks
        return ScrollAnimation(from: Double(fromPx) / density, to: Double(fromPx + dy) / density,
                               duration: VirtualClock.seconds(ticks), curve: .androidQuintic,
                               rounding: .android(frames))
    }

    /// A line or page key (j/k, arrows, space, b, PgUp/PgDn): ease-out over 0.15 s (P5).
    public static func keyScroll(from: Double, to: Double) -> ScrollAnimation {
        ScrollAnimation(from: from, to: to, duration: PhysicsConstants.keyScrollDuration, curve: .easeOut)
    }

    /// The duration of home/end (g/G): `min(√d, 42) / 60` s with d = |to − from| in pt (P5).
    public static func homeEndDuration(distance d: Double) -> Double {
        min(abs(d).squareRoot(), PhysicsConstants.homeEndMaxRoot) / PhysicsConstants.homeEndRootsPerSecond
    }

    /// Home/end (g/G): ease-out over `homeEndDuration` (P5). d = 0 → duration 0.
    public static func homeEnd(from: Double, to: Double) -> ScrollAnimation {
        ScrollAnimation(from: from, to: to, duration: homeEndDuration(distance: to - from), curve: .easeOut)
    }

    /// The bounce return after an overscroll (P3): the seed calls
    /// `tableView.setContentOffset(.init(x: 0, y: tableViewMaxOffsetY), animated: true)`,
    /// so this is the same 0.3 s ease-in-out as `iosSetContentOffset`.
    public static func springBack(from: Double, to: Double) -> ScrollAnimation {
        iosSetContentOffset(from: from, to: to)
    }
}
