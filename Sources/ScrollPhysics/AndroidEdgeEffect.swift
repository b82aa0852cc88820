// SPEC F1 `android`: no content displacement at the edges, an edge effect instead. From AOSP
// frameworks/base core/java/android/widget/EdgeEffect.java, TYPE_STRETCH (the default since
// Android 12, `USE_STRETCH_EDGE_EFFECT_BY_DEFAULT`):
// - onAbsorb(velocity): mState = RECEDE, mVelocity = velocity · ON_ABSORB_VELOCITY_ADJUSTMENT (13);
// - onPull(delta): mDistance = max(0, min(1, pull)); onRelease(): RECEDE with mVelocity = 0;
// - draw() → updateSpring() once a frame: an underdamped spring (NATURAL_FREQUENCY 24.657,
//   DAMPING_RATIO 0.98) on the displacement mDistance · mHeight (px), with a linear take-over
//   at 200 px/s when |v| ≤ 200 and |x| < 8 px and moving back; mDistance capped at 1 (velocity
//   0); at rest (isAtEquilibrium: x < 0, or |v| < 0.01 and x < 0.001) everything is 0.
// The value is `EdgeEffect.getDistance()`: the fraction of the height the stretch shows, which
// the renderer and the value expectations read. RecyclerView sizes the effect to its own height
// (ensureTopGlow / ensureBottomGlow: measured height minus padding): our viewport height.
// Android steps the spring once per drawn frame; we do the same at VirtualClock's 60 Hz frames.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import VirtualTime

/// Android's stretch edge effect after an absorb or a release, as a value of time.
public struct AndroidEdgeEffect: TimedMotion, Equatable {
    public static let naturalFrequency = 24.657
    public static let dampingRatio = 0.98
    public static let absorbVelocityAdjustment: Double = 13
    public static let linearVelocityTakeOver: Double = 200
    public static let linearDistanceTakeOver: Double = 8
    public static let velocityThreshold = 0.01
    public static let valueThreshold = 0.001
    /// Android draws (and steps the spring) once a frame: VirtualClock's 60 Hz.
    public static let frameInterval = Double(VirtualClock.ticksPerFrame) / Double(VirtualClock.ticksPerSecond)
    /// A bound on the frames simulated (the spring rests well within 2 s).
    static let maxFrames = 600

    /// The height the effect is sized to, pt.
    public let height: Double
    /// `getDistance()` after each frame: [0] at the start, [k] after k frames; the last is 0.
    public let distances: [Double]

    /// The effect `onAbsorb(velocity)` starts (|velocity| in px/s, as RecyclerView's absorbGlows
    /// passes it), from a current distance (0 when nothing shows).
    public static func absorbed(velocity: Double, height: Double, distance: Double = 0) -> AndroidEdgeEffect {
        let adjusted = abs(velocity.rounded(.towardZero)) * absorbVelocityAdjustment
        return AndroidEdgeEffect(distance: distance, velocity: adjusted, height: height)
    }

    /// The effect `onRelease()` starts after a pull to `distance` (fraction, capped at 1 by onPull).
    public static func released(distance: Double, height: Double) -> AndroidEdgeEffect {
        AndroidEdgeEffect(distance: min(1, max(0, distance)), velocity: 0, height: height)
    }

    /// `onPull(deltaDistance)` on a held effect showing `distance`: RecyclerView's pullGlows passes
    /// the overscroll of a drag step over its height; the stretch never exceeds 1 nor goes below 0.
    /// The result is the new `getDistance()`; `released(distance:height:)` starts the recede.
    public static func pulled(distance: Double, by overscroll: Double, height: Double) -> Double {
        guard height > 0 else { return 0 }
        return max(0, min(1, distance + overscroll / height))
    }

    /// A receding effect from `distance` (fraction of `height`) moving at `velocity` px/s.
    public init(distance: Double, velocity: Double, height: Double) {
        self.height = height
        var d = distance, v = velocity
        var out = [d]
        guard height > 0 else {
            distances = [0]
            return
        }
        while !(d == 0 && v == 0) && out.count <= Self.maxFrames {
            (d, v) = Self.updateSpring(distance: d, velocity: v, height: height, deltaT: Self.frameInterval)
            out.append(d)
        }
        if out.last != 0 { out.append(0) }
        distances = out
    }

    /// One `updateSpring()` of EdgeEffect.java over `deltaT` seconds.
    static func updateSpring(distance: Double, velocity: Double, height: Double,
                             deltaT: Double) -> (Double, Double) {
        if abs(velocity) <= linearVelocityTakeOver, abs(distance * height) < linearDistanceTakeOver,
           sign(velocity) == -sign(distance) {
            let v = sign(velocity) * linearVelocityTakeOver
            let target = distance + v * deltaT / height
            return sign(target) != sign(distance) ? (0, 0) : (target, v)
        }
        let w = naturalFrequency, z = dampingRatio
        let damped = w * (1 - z * z).squareRoot()
        let cosCoeff = distance * height
        let sinCoeff = (1 / damped) * (z * w * distance * height + velocity)
        let decay = exp(-z * w * deltaT)
        let x = decay * (cosCoeff * cos(damped * deltaT) + sinCoeff * sin(damped * deltaT))
        let wave = -damped * cosCoeff * sin(damped * deltaT) + damped * sinCoeff * cos(damped * deltaT)
        var v = x * -w * z + decay * wave
        var d = x / height
        if d > 1 { (d, v) = (1, 0) }
        // isAtEquilibrium
        if d * height < 0 || (abs(v) < velocityThreshold && d * height < valueThreshold) { return (0, 0) }
        return (d, v)
    }

    /// Java's Math.signum.
    static func sign(_ x: Double) -> Double { x > 0 ? 1 : (x < 0 ? -1 : 0) }

    /// Until the distance is back to 0.
    public var duration: Double { Double(distances.count - 1) * Self.frameInterval }

    /// `getDistance()` t seconds after the absorb or release (the last frame drawn by then).
    public func value(at t: Double) -> Double {
        if t <= 0 { return distances[0] }
        let k = Int((t / Self.frameInterval + 1e-9).rounded(.down))
        return k >= distances.count ? 0 : distances[k]
    }

    /// The largest distance it shows.
    public var peak: Double { distances.max() ?? 0 }
}
