// F1, F9: RecyclerView's fling and its ViewFlinger, in px on the animation clock. From
// androidx recyclerview RecyclerView.java:
// - fling(vx, vy): |vy| < mMinFlingVelocity → no fling; while an edge stretch shows the fling is
//   the stretch's (AndroidEdges.flingIntoStretch: shouldAbsorb → onAbsorb, otherwise flung at
//   once); else clamped to ±mMaxFlingVelocity and handed to ViewFlinger.fling: SETTLING,
//   mLastFlingY = 0, OverScroller.fling(0, 0, vx, vy, MIN, MAX, MIN, MAX) (AndroidScroller, whose
//   flywheel adds a running fling's velocity: the clamp comes before it, so two flings can pass
//   the maximum);
// - mMinFlingVelocity / mMaxFlingVelocity: ViewConfiguration's scaled 50 dp/s and 8000 dp/s
//   (getDimensionPixelSize: AndroidPixels.size);
// - ViewFlinger.run, each frame: computeScrollOffset; unconsumed = y − mLastFlingY;
//   consumeFlingInVerticalStretch; considerReleasingGlowsOnScroll; scrollStep (the layout consumes
//   what it has); doneScrolling = scroller finished, or getCurrY() == getFinalY(), or a delta was
//   left unconsumed (an end): then absorbGlows with ±(int) getCurrVelocity() toward that end, and
//   setScrollState(SCROLL_STATE_IDLE) in the same frame (which stops the scroller: no flywheel
//   after it);
// - stop() (a touch down: setScrollState(DRAGGING), or a new smooth scroll): abortAnimation.
// So the flywheel (OverScroller.fling, not SplineOverScroller) never meets a finger's fling: the
// touch down stopped the scroller first. It adds up flings started while one runs: J/K, or a
// wheel stream's carried fling, flung again before the list is IDLE.

/// What a RecyclerView flings with and shows at its ends, as a value (F9).
public struct AndroidFlinger: Equatable, Sendable {
    public let density: Double
    /// mMinFlingVelocity, mMaxFlingVelocity: px/s.
    public let minimumVelocity: Int
    public let maximumVelocity: Int
    /// The running fling (nil: the flinger is not scrolling).
    public private(set) var scroller: AndroidScroller?
    private var lastFlingY = 0
    /// The list's top and bottom edge effects.
    public var edges: AndroidEdges
    /// RecyclerView's `mPhysicalCoef` (shouldAbsorb's fling distance).
    let coefficient: Float

    /// A list `height` px tall on a screen of `density`.
    public init(density: Double, height: Int) {
        self.density = density
        minimumVelocity = AndroidPixels.size(dp: Double(AndroidFlingLaw.minimumFlingVelocity), density: density)
        maximumVelocity = AndroidPixels.size(dp: Double(AndroidFlingLaw.maximumFlingVelocity), density: density)
        edges = AndroidEdges(height: height)
        coefficient = AndroidSpline.physicalCoefficient(density: density)
    }

    public var isFlinging: Bool { scroller != nil }

    /// RecyclerView.fling(0, velocity): true when it flung (the list is SETTLING). An absorbed
    /// fling is false, as Android returns (the list then goes IDLE).
    public mutating func fling(_ velocity: Int, atMs ms: Int) -> Bool {
        guard abs(velocity) >= minimumVelocity else { return false }
        let stretch = edges.flingIntoStretch(velocity, coefficient: coefficient, atMs: ms)
        if stretch.handled {
            guard stretch.fling != 0 else { return false }
            start(clamped(stretch.fling), atMs: ms)
            return true
        }
        start(clamped(velocity), atMs: ms)
        return true
    }

    private func clamped(_ v: Int) -> Int { max(-maximumVelocity, min(v, maximumVelocity)) }

    /// ViewFlinger.fling.
    private mutating func start(_ velocity: Int, atMs ms: Int) {
        lastFlingY = 0
        scroller = AndroidScroller(fling: velocity, atMs: ms, density: density, running: scroller)
    }

    /// ViewFlinger.stop.
    public mutating func stop() { scroller = nil }

    /// What one frame of the flinger did.
    public struct Frame: Equatable, Sendable {
        /// px the list scrolled.
        public var consumed: Int
        /// The fling is over (the list goes IDLE this frame).
        public var done: Bool
        /// The velocity absorbGlows passed on (±px/s toward the end met; 0 for none).
        public var absorbed: Int
    }

    /// One ViewFlinger.run at frame time `ms`. `scrollStep` moves the list by a px delta and
    /// returns what it consumed.
    public mutating func run(atMs ms: Int, scrollStep: (Int) -> Int) -> Frame {
        guard var s = scroller else { return Frame(consumed: 0, done: true, absorbed: 0) }
        s.computeScrollOffset(atMs: ms)
        let y = s.position
        var unconsumed = y - lastFlingY
        lastFlingY = y
        unconsumed = edges.consumeFling(unconsumed, atMs: ms)
        edges.considerReleasing(dy: unconsumed, atMs: ms)
        let consumed = unconsumed == 0 ? 0 : scrollStep(unconsumed)
        unconsumed -= consumed
        let done = s.isFinished || s.position == s.finalPosition || unconsumed != 0
        scroller = s
        var absorbed = 0
        if done {
            let v = Java.int(abs(s.currVelocity))
            absorbed = unconsumed < 0 ? -v : (unconsumed > 0 ? v : 0)
            edges.absorb(velocity: absorbed, atMs: ms)
            scroller = nil
        }
        return Frame(consumed: consumed, done: done, absorbed: absorbed)
    }
}
