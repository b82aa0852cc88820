// F1, F9 `android`: no content displacement at the edges, an edge effect instead. From AOSP
// frameworks/base core/java/android/widget/EdgeEffect.java, TYPE_STRETCH (the default since
// Android 12, `USE_STRETCH_EDGE_EFFECT_BY_DEFAULT`), in its float and double arithmetic:
// - onPull(delta): a stretch caught mid-animation restarts from what shows (mPullDistance =
//   mDistance), mDistance = max(0, min(1, mPullDistance + delta)), mVelocity = 0, STATE_PULL (IDLE
//   again at 0); onPullDistance(delta) pulls by max(0, delta + mDistance) − mDistance and returns it;
// - onRelease(): from PULL to RECEDE with mVelocity 0 and mStartTime = now;
// - onAbsorb(velocity): RECEDE with mVelocity = velocity · ON_ABSORB_VELOCITY_ADJUSTMENT (13),
//   mStartTime = now (the distance showing stays);
// - draw(), once a frame: in RECEDE, updateSpring() with deltaT = (now − mStartTime) / 1000f
//   (nothing below 1 ms, so the frame that absorbed does not move), an underdamped spring
//   (NATURAL_FREQUENCY 24.657, DAMPING_RATIO 0.98) on mDistance · mHeight px, the linear take-over
//   at 200 px/s within 8 px, mDistance capped at 1, isAtEquilibrium → 0; then RECEDE at rest →
//   IDLE (isFinished);
// - finish(): IDLE, distance and velocity 0.
// RecyclerView sizes it with setSize(width, height): its measured height (clipToPadding false,
// our list drawn under its bars). The value the trace and the renderer read is getDistance().

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One EdgeEffect (TYPE_STRETCH) as a value, stepped on the animation clock (F9).
public struct AndroidEdgeEffect: Equatable, Sendable {
    public enum State: Sendable, Equatable { case idle, pull, recede }

    public static let naturalFrequency = 24.657
    public static let dampingRatio = 0.98
    public static let absorbVelocityAdjustment: Float = 13
    public static let linearVelocityTakeOver: Float = 200
    public static let linearDistanceTakeOver = 8.0
    public static let velocityThreshold = 0.01
    public static let valueThreshold = 0.001

    /// mHeight, px (setSize's height).
    public let height: Float
    public private(set) var state: State = .idle
    /// getDistance(): the fraction of the height the stretch shows.
    public private(set) var distance: Float = 0
    /// mVelocity, px/s.
    public private(set) var velocity: Float = 0
    private var pullDistance: Float = 0
    private var startMs = 0

    public init(height: Int) { self.height = Float(height) }

    /// isFinished(): nothing animates (a pull that is held is not finished).
    public var isFinished: Bool { state == .idle }

    public mutating func finish() {
        state = .idle
        distance = 0
        velocity = 0
    }

    /// onPull(deltaDistance) at frame time `ms`.
    public mutating func pull(_ delta: Float, atMs ms: Int) {
        if state != .pull { pullDistance = distance }
        state = .pull
        startMs = ms
        pullDistance = min(1, pullDistance + delta)
        distance = max(0, pullDistance)
        velocity = 0
        if distance == 0 { state = .idle }
    }

    /// onPullDistance(deltaDistance): the part of `delta` the stretch took.
    @discardableResult
    public mutating func pullDistance(_ delta: Float, atMs ms: Int) -> Float {
        let finalDistance = max(0, delta + distance)
        let taken = finalDistance - distance
        if taken == 0, distance == 0 { return 0 }
        pull(taken, atMs: ms)
        return taken
    }

    /// onRelease().
    public mutating func release(atMs ms: Int) {
        pullDistance = 0
        guard state == .pull else { return }
        state = .recede
        velocity = 0
        startMs = ms
    }

    /// onAbsorb(velocity), px/s.
    public mutating func absorb(_ v: Int, atMs ms: Int) {
        state = .recede
        velocity = Float(v) * AndroidEdgeEffect.absorbVelocityAdjustment
        startMs = ms
    }

    /// draw() at frame time `ms`.
    public mutating func draw(atMs ms: Int) {
        if state == .recede { updateSpring(atMs: ms) }
        if state == .recede, distance == 0, velocity == 0 { state = .idle }
    }

    private mutating func updateSpring(atMs ms: Int) {
        let deltaT = Float(ms - startMs) / 1000
        guard deltaT >= 0.001 else { return }
        startMs = ms
        if abs(velocity) <= AndroidEdgeEffect.linearVelocityTakeOver,
           Double(abs(distance * height)) < AndroidEdgeEffect.linearDistanceTakeOver,
           Java.signum(velocity) == -Java.signum(distance) {
            velocity = Java.signum(velocity) * AndroidEdgeEffect.linearVelocityTakeOver
            let target = distance + (velocity * deltaT / height)
            if Java.signum(target) != Java.signum(distance) {
                distance = 0
                velocity = 0
            } else {
                distance = target
            }
            return
        }
        let (d, v) = AndroidEdgeEffect.spring(distance: distance, velocity: velocity, height: height,
                                              deltaT: Double(deltaT))
        distance = d
        velocity = v
        if distance > 1 {
            distance = 1
            velocity = 0
        }
        // isAtEquilibrium
        let displacement = Double(distance * height)
        if displacement < 0 || (abs(Double(velocity)) < AndroidEdgeEffect.velocityThreshold
                                && displacement < AndroidEdgeEffect.valueThreshold) {
            distance = 0
            velocity = 0
        }
    }

    /// updateSpring's underdamped closed form over `deltaT` s (double, as EdgeEffect has it).
    static func spring(distance: Float, velocity: Float, height: Float, deltaT: Double) -> (Float, Float) {
        let w = naturalFrequency, z = dampingRatio
        let damped = w * (1 - z * z).squareRoot()
        let cosCoeff = Double(distance * height)
        let sinCoeff = (1 / damped) * (z * w * Double(distance) * Double(height) + Double(velocity))
        let decay = pow(M_E, -z * w * deltaT)
        let x = decay * (cosCoeff * cos(damped * deltaT) + sinCoeff * sin(damped * deltaT))
        let v = x * -w * z + decay * (-damped * cosCoeff * sin(damped * deltaT)
                                      + damped * sinCoeff * cos(damped * deltaT))
        return (Float(x) / height, Float(v))
    }
}
