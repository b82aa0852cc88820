// F1, F9: the OverScroller RecyclerView's ViewFlinger flings with, in px on the device's
// animation clock. From AOSP frameworks/base core/java/android/widget/OverScroller.java:
// - OverScroller.fling(startX, startY, velocityX, velocityY, …): the flywheel first ("Continue a
//   scroll or fling in progress": if `mFlywheel && !isFinished()` and the new velocity has the
//   running one's sign, `velocityY += oldVelocityY`, an int plus the float mCurrVelocity);
//   RecyclerView's OverScroller is made with the flywheel on (`new OverScroller(context,
//   sQuinticInterpolator)`);
// - SplineOverScroller.fling(start, velocity, min, max, over) with RecyclerView's unbounded
//   range (Integer.MIN_VALUE … MAX_VALUE): mStartTime = currentAnimationTimeMillis(), mDuration =
//   getSplineFlingDuration, mSplineDistance = (int) (getSplineFlingDistance · signum(velocity)),
//   mFinal = start + mSplineDistance;
// - update(): currentTime = time − mStartTime; 0 → nothing changes (still running); past
//   mDuration → finished: finish() puts mCurrentPosition at mFinal and keeps mCurrVelocity;
//   otherwise mCurrentPosition = mStart + (int) Math.round(distanceCoef · mSplineDistance) and
//   mCurrVelocity = velocityCoef · mSplineDistance / mSplineDuration · 1000 (AndroidSpline);
// - abortAnimation() → finish().

/// An OverScroller in FLING_MODE along y, as a value (F9). Positions are px from the fling's start.
public struct AndroidScroller: Equatable, Sendable {
    /// `mVelocity`: the int the spline started from (after the flywheel).
    public let velocity: Int
    /// `mStartTime`, whole ms of the animation clock.
    public let startMs: Int
    /// `mSplineDistance` (signed, px) and `mSplineDuration` (ms).
    public let splineDistance: Int
    public let durationMs: Int
    /// `mCurrentPosition`, px from the start.
    public private(set) var position = 0
    /// `mCurrVelocity`, px/s, signed.
    public private(set) var currVelocity: Float
    /// `mFinished`.
    public private(set) var isFinished: Bool

    /// `OverScroller.fling(0, 0, 0, velocity, MIN, MAX, MIN, MAX)` at `ms` on a screen of
    /// `density`; `running`: the scroller's previous fling, for the flywheel.
    public init(fling requested: Int, atMs ms: Int, density: Double, running: AndroidScroller? = nil) {
        let v = AndroidScroller.flywheel(requested, running: running)
        velocity = v
        startMs = ms
        currVelocity = Float(v)
        isFinished = false
        let coefficient = AndroidSpline.physicalCoefficient(density: density)
        if v == 0 {
            splineDistance = 0
            durationMs = 0
        } else {
            durationMs = AndroidSpline.flingDuration(velocity: v, coefficient: coefficient)
            let total = AndroidSpline.flingDistance(velocity: v, coefficient: coefficient)
            splineDistance = Java.int(total * (v > 0 ? 1 : -1))
        }
    }

    /// The flywheel of OverScroller.fling: the running fling's velocity is added when the new one
    /// goes the same way (`Math.signum` equal; x is 0 for both in a vertical list).
    public static func flywheel(_ requested: Int, running: AndroidScroller?) -> Int {
        guard let r = running, !r.isFinished else { return requested }
        guard Java.signum(Float(requested)) == Java.signum(r.currVelocity) else { return requested }
        return Java.int(Float(requested) + r.currVelocity)
    }

    /// `getFinalY()`.
    public var finalPosition: Int { splineDistance }

    /// `computeScrollOffset()` at frame time `ms`: false once finished (nothing moves then).
    @discardableResult
    public mutating func computeScrollOffset(atMs ms: Int) -> Bool {
        guard !isFinished else { return false }
        let elapsed = ms - startMs
        // update() skips the frame it started on ("still going if we have a nonzero duration").
        if elapsed == 0, durationMs > 0 { return true }
        if elapsed > durationMs || elapsed == 0 {
            finish()
            return true
        }
        let c = AndroidSpline.coefficients(elapsedMs: elapsed, durationMs: durationMs)
        let distance = Double(c.distance * Float(splineDistance))
        currVelocity = c.velocity * Float(splineDistance) / Float(durationMs) * 1000
        position = Java.round(distance)
        return true
    }

    /// `abortAnimation()` / `finish()`: to the final position; mCurrVelocity stays.
    public mutating func finish() {
        position = splineDistance
        isFinished = true
    }
}
