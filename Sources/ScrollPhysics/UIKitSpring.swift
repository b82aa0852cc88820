// F1 `uikit`: the spring back after a rubber band, from super-ultra/ScrollMechanics
// (ScrollExample/Sources/SimpleScrollView.swift `bounce(withVelocity:)`: `Spring(mass: 1,
// stiffness: 100, dampingRatio: 1)`, threshold `0.5 / UIScreen.main.scale`; the motion is
// ScrollMechanics/Sources/SpringTimingParameters.swift `CriticallyDampedSpringTimingParameters`):
//     x(t) = e^(−β t) · (c1 + c2 · t),  c1 = x0,  c2 = v0 + β · x0,  β = damping / (2 m)
//     duration = max(1/β · ln(2 |c1| / threshold), 2/β · ln(4 |c2| / (e · β · threshold)))
// with damping = 2 · ratio · √(m · k). x is the displacement from the rest offset.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A critically damped spring bringing a displacement back to 0 (ScrollMechanics `Spring` with
/// dampingRatio 1). Value = displacement from rest.
public struct CriticallyDampedSpring: TimedMotion, Equatable {
    /// ScrollMechanics' bounce spring: mass 1, stiffness 100.
    public static let mass: Double = 1
    public static let stiffness: Double = 100
    /// `0.5 / UIScreen.main.scale` at scale 1 (U1: one point is one pixel, density 1).
    public static let threshold: Double = 0.5

    public let displacement: Double
    public let initialVelocity: Double
    public let threshold: Double

    public init(displacement: Double, velocity: Double,
                threshold: Double = CriticallyDampedSpring.threshold) {
        self.displacement = displacement
        self.initialVelocity = velocity
        self.threshold = threshold
    }

    /// β = damping / (2 m) with damping = 2 · 1 · √(m k): √(k / m) = 10 s⁻¹.
    public static var beta: Double { 2 * (mass * stiffness).squareRoot() / (2 * mass) }

    var c1: Double { displacement }
    var c2: Double { initialVelocity + Self.beta * displacement }

    /// ScrollMechanics `CriticallyDampedSpringTimingParameters.duration`.
    public var duration: Double {
        if displacement == 0 && initialVelocity == 0 { return 0 }
        let b = Self.beta
        let t1 = c1 == 0 ? 0 : 1 / b * log(2 * abs(c1) / threshold)
        let t2 = c2 == 0 ? 0 : 2 / b * log(4 * abs(c2) / (M_E * b * threshold))
        return max(0, t1, t2)
    }

    /// Displacement at t; exactly 0 from the duration on (the scroll view rests on its bound).
    public func value(at t: Double) -> Double {
        if t >= duration { return 0 }
        if t <= 0 { return displacement }
        return exp(-Self.beta * t) * (c1 + c2 * t)
    }

    /// dx/dt = e^(−β t) · (c2 − β · (c1 + c2 t)).
    public func velocity(at t: Double) -> Double {
        if t >= duration { return 0 }
        let s = max(0, t)
        return exp(-Self.beta * s) * (c2 - Self.beta * (c1 + c2 * s))
    }
}
