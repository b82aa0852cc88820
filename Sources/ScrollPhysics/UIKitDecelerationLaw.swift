// F1 `uikit`: UIScrollView's deceleration, from super-ultra/ScrollMechanics
// (ScrollMechanics/Sources/DecelerationTimingParameters.swift; used by
// ScrollExample/Sources/SimpleScrollView.swift `startDeceleration(withVelocity:)` with
// `UIScrollView.DecelerationRate.normal` = 0.998 and threshold 0.5):
//     v(t) = v0 · r^(1000 t)                      r = 0.998 per millisecond
//     x(t) = x0 + v0 · (r^(1000 t) − 1) / c       c = 1000 · ln r   (`dCoeff`)
//     destination = x0 − v0 / c                  (`destination`: 2000 pt/s → 999.0 pt)
//     duration = ln(−c · 0.5 / |v0|) / c          (`duration`: until < 0.5 pt of motion remains)
// When the destination lies past a bound, the deceleration runs to the bound
// (`duration(to:)` = ln(1 + c · |Δ| / |v0|) / c) and a critically damped spring takes the
// velocity it has there past the bound and back (`bounce(withVelocity:)`, UIKitSpring.swift).
// A release already outside the bounds (after a rubber-banded drag) only springs back
// (`completeGesture(withVelocity:)`). Drags past either end are rubber-banded (UIKitRubberBand).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// UIScrollView's law (F1 `uikit`).
public struct UIKitDecelerationLaw: DecelerationLaw {
    /// `UIScrollView.DecelerationRate.normal`: the velocity keeps 0.998 of itself per ms.
    public static let decelerationRate: Double = 0.998
    /// Deceleration ends when less than this much motion remains, pt (ScrollMechanics threshold).
    public static let threshold: Double = 0.5
    /// `dCoeff` = 1000 · ln(0.998) ≈ −2.002 s⁻¹.
    public static var coefficient: Double { 1000 * log(decelerationRate) }

    public init() {}
    public var model: PhysicsModel { .uikit }

    /// UIScrollView decelerates from any velocity; below `−c · 0.5` ≈ 1 pt/s the duration is 0.
    public func startsFling(velocity: Double) -> Bool {
        Self.decelerationDuration(velocity: velocity) > 0
    }

    public func motion(from offset: Double, velocity: Double,
                       bounds: ScrollBounds) -> UIKitDecelerationMotion {
        UIKitDecelerationMotion(start: offset, velocity: velocity, bounds: bounds)
    }

    /// The rubber band at both ends: unband the shown offset, move, band again.
    public func dragged(from offset: Double, by delta: Double, bounds: ScrollBounds) -> Double {
        UIKitRubberBand.clamp(UIKitRubberBand.raw(offset, bounds: bounds) + delta, bounds: bounds)
    }

    // MARK: Closed forms (ScrollMechanics DecelerationTimingParameters)

    /// `destination − x0` = −v0 / c: the distance of an unbounded fling.
    public static func distance(velocity v0: Double) -> Double { -v0 / coefficient }

    /// `duration`: ln(−c · threshold / |v0|) / c, and 0 when that is negative.
    public static func decelerationDuration(velocity v0: Double) -> Double {
        guard v0 != 0 else { return 0 }
        return max(0, log(-coefficient * threshold / abs(v0)) / coefficient)
    }

    /// `value(at:)` − x0 = v0 · (r^(1000 t) − 1) / c.
    public static func displacement(velocity v0: Double, at t: Double) -> Double {
        v0 * (pow(decelerationRate, 1000 * t) - 1) / coefficient
    }

    /// `velocity(at:)` = v0 · r^(1000 t).
    public static func velocity(_ v0: Double, at t: Double) -> Double {
        v0 * pow(decelerationRate, 1000 * t)
    }

    /// `duration(to:)`: the time to cover `distance` (same sign as v0, less than the destination).
    public static func time(toCover distance: Double, velocity v0: Double) -> Double {
        max(0, log(1 + coefficient * abs(distance) / abs(v0)) / coefficient)
    }
}

/// A UIScrollView fling as a value: deceleration, then (past a bound) the spring back.
public struct UIKitDecelerationMotion: TimedMotion, Equatable {
    public let start: Double
    public let releaseVelocity: Double
    public let bounds: ScrollBounds
    /// Length of the deceleration phase, s.
    public let decelerationTime: Double
    /// The offset the spring brings the content back to, and the spring (nil: no bounce).
    public let rest: Double
    public let spring: CriticallyDampedSpring?
    /// The bound the motion met, if any.
    public let impact: EdgeImpact?

    public init(start: Double, velocity v0: Double, bounds: ScrollBounds) {
        self.start = start
        self.releaseVelocity = v0
        self.bounds = bounds
        typealias Law = UIKitDecelerationLaw
        guard bounds.contains(start) else {
            // Released outside (a rubber-banded drag): only the bounce (`completeGesture`).
            decelerationTime = 0
            rest = bounds.clamp(start)
            spring = CriticallyDampedSpring(displacement: start - rest, velocity: v0)
            impact = nil
            return
        }
        let destination = start + Law.distance(velocity: v0)
        let bound = v0 > 0 ? bounds.max : bounds.min
        let crosses = v0 != 0 && (v0 > 0 ? destination > bound : destination < bound)
        if crosses {
            let t = Law.time(toCover: bound - start, velocity: v0)
            let vAtBound = Law.velocity(v0, at: t)
            decelerationTime = t
            rest = bound
            spring = CriticallyDampedSpring(displacement: 0, velocity: vAtBound)
            impact = EdgeImpact(edge: v0 > 0 ? .bottom : .top, time: t, velocity: vAtBound)
        } else {
            decelerationTime = Law.decelerationDuration(velocity: v0)
            rest = start + Law.displacement(velocity: v0, at: decelerationTime)
            spring = nil
            impact = nil
        }
    }

    public var duration: Double { decelerationTime + (spring?.duration ?? 0) }

    public func value(at t: Double) -> Double {
        if t <= 0 { return start }
        if t < decelerationTime {
            return start + UIKitDecelerationLaw.displacement(velocity: releaseVelocity, at: t)
        }
        guard let spring else { return rest }
        return rest + spring.value(at: t - decelerationTime)
    }

    /// Offset velocity at t, pt/s (0 once at rest).
    public func velocity(at t: Double) -> Double {
        if t < decelerationTime { return UIKitDecelerationLaw.velocity(releaseVelocity, at: max(0, t)) }
        return spring?.velocity(at: t - decelerationTime) ?? 0
    }

    /// How far the offset is outside the bounds at t (positive past the bottom, negative past the
    /// top, 0 inside).
    public func overscroll(at t: Double) -> Double {
        let y = value(at: t)
        return y - bounds.clamp(y)
    }
}
