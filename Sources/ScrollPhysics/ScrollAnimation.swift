// Scroll animations as values (DESIGN principle 2): from, to, duration, curve.

/// An animated change of a scroll offset from `from` to `to` over `duration` seconds.
public struct ScrollAnimation: TimedMotion, Equatable {
    /// How intermediate values are quantised.
    public enum Rounding: Sendable, Equatable {
        /// Continuous values (iOS: points are fractional).
        case none
        /// Android's `OverScroller`/`Scroller.computeScrollOffset`: `start + Math.round(q · delta)`,
        /// i.e. whole pixels, rounding halves up (Java's `Math.round` = `floor(x + 0.5)`).
        case wholePixels
    }

    public let from: Double
    public let to: Double
    public let duration: Double
    public let curve: UnitCurve
    public let rounding: Rounding
    /// D3: device pixels per offset unit for `.wholePixels` (RecyclerView's px at the device's
    /// density, offsets in dp); 1: the offsets are the pixels.
    public var pixelScale: Double = 1

    public init(from: Double, to: Double, duration: Double, curve: UnitCurve,
                rounding: Rounding = .none) {
        self.from = from
        self.to = to
        self.duration = max(0, duration)
        self.curve = curve
        self.rounding = rounding
    }

    /// The distance covered, `to − from`.
    public var delta: Double { to - from }

    /// Offset at `t` seconds since start: `from` for t ≤ 0, exactly `to` for t ≥ duration.
    public func value(at t: Double) -> Double {
        if t >= duration { return to }
        if t <= 0 { return from }
        let q = curve(t / duration)
        switch rounding {
        case .none: return from + (to - from) * q
        case .wholePixels:
            if pixelScale == 1 { return from + (q * (to - from) + 0.5).rounded(.down) }
            let k = pixelScale
            return ((from * k).rounded() + (q * (to - from) * k + 0.5).rounded(.down)) / k
        }
    }

    // MARK: Constructors

    /// iOS `setContentOffset(_:animated: true)`: ease-in-out over 0.3 s (SPEC H4).
    /// The duration and curve are an ASSUMPTION: UIKit does not publish them.
    public static func iosSetContentOffset(from: Double, to: Double) -> ScrollAnimation {
        ScrollAnimation(from: from, to: to, duration: PhysicsConstants.iosSetContentOffsetDuration,
                        curve: .easeInOut)
    }

    /// The duration in seconds of RecyclerView's `smoothScrollBy(0, d)` without velocity:
    /// `ViewFlinger.computeScrollDuration` gives `(int)((|d| / height + 1) · 300)` ms,
    /// at most `MAX_SCROLL_DURATION` = 2000 ms (SPEC H4). Whole milliseconds like Android.
    /// d = 0 → 0 (Android does not scroll at all); height ≤ 0 → 2000 ms (Java's float
    /// division by zero gives infinity, capped).
    public static func androidSmoothScrollDuration(by d: Int, viewportHeight: Double) -> Double {
        if d == 0 { return 0 }
        let cap = PhysicsConstants.androidMaxDuration * 1000
        guard viewportHeight > 0 else { return cap / 1000 }
        // Android's arithmetic: `(int) (((absDelta / containerSize) + 1) * 300)` in Java float.
        let baseMs = Float(PhysicsConstants.androidBaseDuration * 1000).rounded()   // 300
        let ms = ((Float(abs(d)) / Float(viewportHeight) + 1) * baseMs).rounded(.towardZero)
        return min(Double(ms), cap) / 1000
    }

    /// Android RecyclerView `smoothScrollBy(0, by)`: duration from
    /// `androidSmoothScrollDuration`, eased by the quintic `(t − 1)^5 + 1`, values rounded
    /// to whole pixels as `Scroller.computeScrollOffset` does; the last value is exactly
    /// `from + by` (SPEC H4).
    public static func androidSmoothScroll(from: Int, by: Int, viewportHeight: Double) -> ScrollAnimation {
        ScrollAnimation(from: Double(from), to: Double(from + by),
                        duration: androidSmoothScrollDuration(by: by, viewportHeight: viewportHeight),
                        curve: .androidQuintic, rounding: .wholePixels)
    }

    /// A line key (j/k, arrows): ease-out over 0.15 s (SPEC P5).
    public static func keyLine(from: Double, to: Double) -> ScrollAnimation {
        ScrollAnimation(from: from, to: to, duration: PhysicsConstants.keyScrollDuration, curve: .easeOut)
    }

    /// A page key (space, b, PgUp/PgDn): ease-out over 0.15 s (SPEC P5).
    public static func keyPage(from: Double, to: Double) -> ScrollAnimation {
        ScrollAnimation(from: from, to: to, duration: PhysicsConstants.keyScrollDuration, curve: .easeOut)
    }

    /// The duration of home/end (g/G): `min(√d, 42) / 60` s with d = |to − from| in pt (SPEC P5).
    public static func homeEndDuration(distance d: Double) -> Double {
        min(abs(d).squareRoot(), PhysicsConstants.homeEndMaxRoot) / PhysicsConstants.homeEndRootsPerSecond
    }

    /// Home/end (g/G): ease-out over `homeEndDuration` (SPEC P5). d = 0 → duration 0.
    public static func homeEnd(from: Double, to: Double) -> ScrollAnimation {
        ScrollAnimation(from: from, to: to, duration: homeEndDuration(distance: to - from), curve: .easeOut)
    }

    /// The bounce return after an overscroll (SPEC P3): the seed calls
    /// `tableView.setContentOffset(.init(x: 0, y: tableViewMaxOffsetY), animated: true)`,
    /// so this is the same 0.3 s ease-in-out as `iosSetContentOffset`.
    public static func springBack(from: Double, to: Double) -> ScrollAnimation {
        iosSetContentOffset(from: from, to: to)
    }
}
