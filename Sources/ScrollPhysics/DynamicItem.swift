// P2: the seed's UIDynamicItemBehavior (resistance 2.0) started with the release
// velocity, stepped at a fixed rate.
//
// OUR CHOICE (UIKit does not publish how UIDynamicItemBehavior applies `resistance`):
// the item is stepped at a fixed 120 Hz, dt = 1/120 s, and each step does
//     v ← v / (1 + resistance · dt)
//     displacement = v · dt            (with the new v)
// so after n steps v_n = v0 / q^n with q = 1 + resistance · dt, the n-th step moves
// v0 · dt / q^n, and the total over all steps is the geometric series
//     Σ_{k≥1} v0 · dt / q^k = v0 · dt / (q − 1) = v0 / resistance.
// With resistance 2 a fling of v0 travels at most v0 / 2 pt.
//
// Velocity is in the seed's sense: the item moves like the finger did (positive = the
// item's y grows). Mapping that to a content offset (the seed uses
// `oldOffset − dValue`) is the caller's job. Resistance must be > 0 (otherwise the item
// never rests and the closed forms do not apply).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An inertia item: a velocity decaying under resistance, stepped at `PhysicsConstants.stepRate`.
public struct DynamicItem: Sendable, Equatable {
    /// Inertia starts only when |release velocity| ≥ 180 pt/s (seed: `abs(pointY) >= 180`).
    public static let threshold = PhysicsConstants.flingThreshold
    /// Inertia ends when a step moves less than 0.02 pt (seed: `abs(dValue) < 0.02`).
    public static let stopDisplacement = PhysicsConstants.stopDisplacement
    /// Resistance of the seed's behaviour.
    public static let defaultResistance = PhysicsConstants.resistance
    /// The fixed step, 1/120 s.
    public static let stepInterval = 1 / PhysicsConstants.stepRate

    public let resistance: Double
    /// Velocity after the last step, pt/s.
    public private(set) var velocity: Double
    /// Sum of all displacements so far (the seed's `item.center.y` relative to its start).
    public private(set) var position: Double = 0
    /// Number of steps taken.
    public private(set) var steps: Int = 0
    /// True once a step moved less than `stopDisplacement`, or after `stop()`.
    public private(set) var isResting: Bool = false

    /// An item moving at `velocity` pt/s. It does not check the threshold: see `fling(releaseVelocity:)`.
    public init(velocity: Double, resistance: Double = DynamicItem.defaultResistance) {
        self.velocity = velocity
        self.resistance = resistance
    }

    /// True when a release at `velocity` starts inertia (|v| ≥ 180 pt/s).
    public static func startsInertia(releaseVelocity velocity: Double) -> Bool {
        abs(velocity) >= threshold
    }

    /// The item a release at `velocity` starts, or nil below the threshold.
    public static func fling(releaseVelocity velocity: Double,
                             resistance: Double = DynamicItem.defaultResistance) -> DynamicItem? {
        startsInertia(releaseVelocity: velocity) ? DynamicItem(velocity: velocity, resistance: resistance) : nil
    }

    /// The velocity decay of one step, `q = 1 + resistance · dt`.
    public static func decayFactor(resistance: Double = defaultResistance) -> Double {
        1 + resistance * stepInterval
    }

    /// Advances one step (1/120 s) and returns its displacement in pt (0 when resting).
    /// The step whose displacement is below 0.02 pt is still returned (the seed still
    /// scrolls by it) and puts the item to rest.
    public mutating func step() -> Double {
        guard !isResting else { return 0 }
        velocity /= Self.decayFactor(resistance: resistance)
        let d = velocity * Self.stepInterval
        position += d
        steps += 1
        if abs(d) < Self.stopDisplacement { isResting = true }
        return d
    }

    /// Stops the item (a new touch, or the target reached a bound).
    public mutating func stop() {
        isResting = true
        velocity = 0
    }

    // MARK: Closed forms

    /// Velocity after `n` steps: `v0 / q^n`.
    public static func velocity(afterSteps n: Int, initial v0: Double,
                                resistance: Double = defaultResistance) -> Double {
        v0 / pow(decayFactor(resistance: resistance), Double(n))
    }

    /// Distance travelled after `n` steps: `(v0 / r) · (1 − q^−n)`.
    public static func displacement(afterSteps n: Int, velocity v0: Double,
                                    resistance: Double = defaultResistance) -> Double {
        guard n > 0 else { return 0 }
        return v0 / resistance * (1 - pow(decayFactor(resistance: resistance), -Double(n)))
    }

    /// The limit of the geometric series, `v0 / resistance`: the distance of a fling that
    /// never stopped. An upper bound for `travelDistance`.
    public static func limitDistance(velocity v0: Double, resistance: Double = defaultResistance) -> Double {
        v0 / resistance
    }

    /// The number of steps a fling takes until it rests: the first n ≥ 1 with
    /// `|v0| · dt / q^n < 0.02`.
    public static func stepsUntilRest(velocity v0: Double, resistance: Double = defaultResistance) -> Int {
        let first = abs(v0) * stepInterval
        let q = decayFactor(resistance: resistance)
        guard first / q >= stopDisplacement, q > 1 else { return 1 }
        // q^n > first / 0.02  ⇔  n > log(first / 0.02) / log q
        var n = Int((log(first / stopDisplacement) / log(q)).rounded(.down)) + 1
        // Guard against rounding at the boundary so this agrees with `step()`.
        while n > 1, abs(velocity(afterSteps: n - 1, initial: v0, resistance: resistance)) * stepInterval
            < stopDisplacement { n -= 1 }
        while abs(velocity(afterSteps: n, initial: v0, resistance: resistance)) * stepInterval
            >= stopDisplacement { n += 1 }
        return n
    }

    /// The total distance a fling of `v0` travels until it rests (the partial sum of the
    /// geometric series up to `stepsUntilRest`), in pt, signed like v0.
    public static func travelDistance(velocity v0: Double, resistance: Double = defaultResistance) -> Double {
        displacement(afterSteps: stepsUntilRest(velocity: v0, resistance: resistance),
                     velocity: v0, resistance: resistance)
    }
}
