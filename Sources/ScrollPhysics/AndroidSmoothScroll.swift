// H4, F9: RecyclerView.smoothScrollBy(0, dy) in px on the animation clock. From androidx
// recyclerview RecyclerView.java, ViewFlinger:
// - smoothScrollBy(dx, dy, UNDEFINED_DURATION, null): computeScrollDuration(dx, dy) =
//   `(int) (((absDelta / containerSize) + 1) * 300)` in float with containerSize the int
//   getHeight(), at most MAX_SCROLL_DURATION (2000); the interpolator sQuinticInterpolator
//   (`t -= 1.0f; return t * t * t * t * t + 1.0f`, float); OverScroller.startScroll(0, 0, 0, dy,
//   duration) with mStartTime = currentAnimationTimeMillis();
// - OverScroller.computeScrollOffset, SCROLL_MODE: elapsed = time − mStartTime; while elapsed <
//   duration, q = interpolation(elapsed / (float) duration) and the position is
//   `mStart + Math.round(q * (mFinal - mStart))` (float); from the duration on, abortAnimation()
//   puts it at mFinal;
// - run(): `doneScrolling` as soon as getCurrY() == getFinalY() (the scroller need not have
//   finished), and then setScrollState(SCROLL_STATE_IDLE) in that same frame. With the quintic's
//   flat end, a scroll of dy px is done once (1 − t)^5 ≤ ½ / |dy|: well before its duration.

/// A RecyclerView smooth scroll as a value of the animation clock (F9).
public struct AndroidSmoothScroll: Equatable, Sendable {
    /// The distance, px.
    public let dy: Int
    /// `computeScrollDuration`, ms.
    public let durationMs: Int
    /// `mStartTime`, whole ms.
    public let startMs: Int

    public init(dy: Int, height: Int, startMs: Int) {
        self.dy = dy
        self.durationMs = AndroidSmoothScroll.computeScrollDuration(dy: dy, height: height)
        self.startMs = startMs
    }

    /// ViewFlinger.computeScrollDuration(0, dy) with `getHeight()` = `height` px. A height of 0
    /// (float division by zero: infinity) gives the cap.
    public static func computeScrollDuration(dy: Int, height: Int) -> Int {
        let absDelta = Float(abs(dy))
        let duration = Java.int(((absDelta / Float(height)) + 1) * Float(baseDurationMs))
        return min(duration, maxScrollDurationMs)
    }

    /// computeScrollDuration's ms per container height (H4).
    public static let baseDurationMs = 300
    /// RecyclerView.MAX_SCROLL_DURATION (H4).
    public static let maxScrollDurationMs = 2000

    /// sQuinticInterpolator, in float.
    public static func quintic(_ input: Float) -> Float {
        let t = input - 1
        return t * t * t * t * t + 1
    }

    /// getCurrY() after computeScrollOffset at frame time `ms`: px from the start.
    public func position(atMs ms: Int) -> Int {
        let elapsed = ms - startMs
        guard elapsed < durationMs else { return dy }
        guard elapsed > 0 else { return 0 }
        let q = AndroidSmoothScroll.quintic(Float(elapsed) / Float(durationMs))
        return Java.round(q * Float(dy))
    }

    /// ViewFlinger's doneScrolling at frame time `ms`: the position has reached the target.
    public func isDone(atMs ms: Int) -> Bool { position(atMs: ms) == dy }
}
