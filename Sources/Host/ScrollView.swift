import VirtualTime
import ScrollPhysics

/// The emulated native scroll view (UIScrollView / RecyclerView), as a value: an offset, a content
/// height, a viewport, insets drawn over the content, a scroll state and at most one programmatic
/// animation. The World owns the one real copy and is its only writer (it applies `ScrollEffect`s);
/// hosts and pan targets change working copies of it (`ListScene`) and hand back what they did.
/// Offsets use UIKit's convention (U4): the content's top sits just under the top inset at
/// `offset = -inset.top`.
public struct ScrollView: Equatable {
    public enum State: String, Sendable { case idle, dragging, settling }

    /// What a change of the scroll view tells its delegate (UIScrollViewDelegate), returned as a
    /// value: the World passes it on to the host and the pan engine.
    public struct Notice: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The app scrolled the list itself (`setContentOffset`, `smoothScrollBy`, `scrollBy`)…
        public static let programmaticScroll = Notice(rawValue: 1)
        /// …animated: the reader's inertia stops, as UIKit's and RecyclerView's do.
        public static let animatedProgrammaticScroll = Notice(rawValue: 2)
        /// UIScrollViewDelegate.scrollViewDidEndScrollingAnimation.
        public static let endedScrollingAnimation = Notice(rawValue: 4)
    }

    public var offset: Double = 0 {
        didSet {
            // D3: UIKit keeps contentOffset on the screen's pixels, RecyclerView scrolls whole px.
            guard let s = pixelScale else { return }
            unaligned = offset
            offset = (offset * s).rounded() / s
        }
    }
    /// D3: the offset as last set, before the pixel grid.
    private var unaligned: Double = 0
    /// The offset a finger's drag goes on from: the unaligned one while the offset is still where
    /// it put it, so a slow drag (under half a pixel a tick) is not lost to rounding. UIKit's
    /// pan sets contentOffset from the gesture's whole translation, RecyclerView keeps the
    /// touch's remainder (`mLastTouchY` only moves by what was scrolled).
    public var dragOffset: Double {
        guard let s = pixelScale, (unaligned * s).rounded() / s == offset else { return offset }
        return unaligned
    }
    /// D3: device pixels per pt (the device's density); nil: no pixel grid (the terminal).
    public var pixelScale: Double? {
        didSet { if let s = pixelScale { offset = (offset * s).rounded() / s } }
    }
    /// When the range shrinks under a resting offset that was inside it (less content, a taller
    /// viewport, other insets), the offset comes back into the range, as UIScrollView does on a
    /// new contentSize and RecyclerView on layout. Not during a drag or an animation (they settle
    /// themselves), and not for an offset already outside the old range (naive's overscroll).
    public var contentHeight: Double = 0 {
        didSet { keepInRange(oldMin: minOffset, oldMax: ScrollView.maxOffset(oldValue, insetBottom, viewportHeight,
                                                                              minOffset)) }
    }
    public var viewportHeight: Double {
        didSet { keepInRange(oldMin: minOffset, oldMax: ScrollView.maxOffset(contentHeight, insetBottom, oldValue,
                                                                              minOffset)) }
    }
    public var insetTop: Double {
        didSet { keepInRange(oldMin: -oldValue, oldMax: ScrollView.maxOffset(contentHeight, insetBottom,
                                                                               viewportHeight, -oldValue)) }
    }
    public var insetBottom: Double {
        didSet { keepInRange(oldMin: minOffset, oldMax: ScrollView.maxOffset(contentHeight, oldValue, viewportHeight,
                                                                              minOffset)) }
    }

    private mutating func keepInRange(oldMin: Double, oldMax: Double) {
        guard animation == nil, state != .dragging, offset >= oldMin, offset <= oldMax else { return }
        offset = clamp(offset)
    }
    /// RecyclerView's scroll state; UIKit has the same phases (isDragging, isDecelerating).
    public var state: State = .idle

    public struct Animation: Equatable {
        public var motion: ScrollAnimation
        public var startTick: Int
        /// Started by the app (setContentOffset / smoothScrollBy), not by the reader.
        public var programmatic: Bool
        /// Its target was inside the scroll range when it started (the ios and android hosts
        /// clamp theirs), so it ends inside the range as it is then.
        public var targetInRange: Bool = true
        /// RecyclerView's smooth scroll: it stops where the list runs out of content (F8).
        public var stopsAtEnds: Bool = false
    }
    public private(set) var animation: Animation?

    public init(viewportHeight: Double, insetTop: Double, insetBottom: Double) {
        self.viewportHeight = viewportHeight
        self.insetTop = insetTop
        self.insetBottom = insetBottom
        offset = -insetTop
    }

    /// U4: minY = −inset.top, maxY = max(minY, contentHeight + inset.bottom − viewportHeight).
    /// The one place the range is written (the iOS sample's `scrollToRequestedPost` reads it here).
    public static func maxOffset(_ contentHeight: Double, _ insetBottom: Double, _ viewportHeight: Double,
                                 _ minOffset: Double) -> Double {
        max(minOffset, contentHeight + insetBottom - viewportHeight)
    }
    public var minOffset: Double { -insetTop }
    public var maxOffset: Double { ScrollView.maxOffset(contentHeight, insetBottom, viewportHeight, minOffset) }
    public func clamp(_ y: Double) -> Double { min(max(y, minOffset), maxOffset) }
    public var isAnimating: Bool { animation != nil }
    private func isInRange(_ y: Double) -> Bool { y >= minOffset - 0.5 && y <= maxOffset + 0.5 }

    /// `setContentOffset(_:animated:)`. A new animation replaces a running one, and UIKit then
    /// reports the end of the running one (the seed relies on this order).
    @discardableResult
    public mutating func setContentOffset(_ y: Double, animated: Bool, now tick: Int) -> Notice {
        var notice: Notice = animated ? [.programmaticScroll, .animatedProgrammaticScroll] : .programmaticScroll
        if animated {
            if animation != nil { notice.formUnion(endAnimation()) }
            animation = Animation(motion: .iosSetContentOffset(from: offset, to: y), startTick: tick, programmatic: true,
                                  targetInRange: isInRange(y))
        } else {
            // A plain set stops a running animation without the delegate call.
            animation = nil
            offset = y
        }
        return notice
    }

    /// Starts a motion (Android's smoothScrollBy, a key or wheel ease, a spring back).
    ///
    /// `stopsAtEnds`: the motion ends where the list runs out of content, as RecyclerView's does
    /// (`RecyclerView.ViewFlinger.run`: `scrollStep` asks `LinearLayoutManager.scrollBy`, which
    /// scrolls at most to the last child's end and returns what it scrolled; a step that was not
    /// consumed whole makes `doneScrolling` true and the state IDLE). A motion that asked for more
    /// than there was so ends early, at the end, with less consumed.
    @discardableResult
    public mutating func animate(_ motion: ScrollAnimation, now tick: Int, programmatic: Bool,
                                 stopsAtEnds: Bool = false) -> Notice {
        var notice: Notice = programmatic ? [.programmaticScroll, .animatedProgrammaticScroll] : []
        if animation != nil { notice.formUnion(endAnimation()) }
        animation = Animation(motion: motion, startTick: tick, programmatic: programmatic,
                              targetInRange: isInRange(motion.to), stopsAtEnds: stopsAtEnds)
        if motion.duration <= 0 {
            offset = stopsAtEnds ? clamp(motion.to) : motion.to
            notice.formUnion(endAnimation())
        }
        return notice
    }

    /// Stops any animation where it is (a touch, a plain set).
    public mutating func stopAnimation() { animation = nil }

    /// Only the app's own animations (setContentOffset, smoothScrollBy) end with
    /// scrollViewDidEndScrollingAnimation; a bounce back after a drag is deceleration in UIKit.
    private mutating func endAnimation() -> Notice {
        let wasProgrammatic = animation?.programmatic ?? false
        animation = nil
        return wasProgrammatic ? .endedScrollingAnimation : []
    }

    /// Advances a running animation to tick `tick`: whether it still runs, and what it told.
    @discardableResult
    public mutating func step(now tick: Int) -> (running: Bool, notice: Notice) {
        guard let a = animation else { return (false, []) }
        let t = VirtualClock.seconds(tick - a.startTick)
        offset = a.motion.value(at: t)
        if a.stopsAtEnds, offset != clamp(offset) {
            // Out of content: the step is consumed only up to the end, and the scroll is done.
            offset = clamp(offset)
            return (false, endAnimation())
        }
        if t >= a.motion.duration {
            offset = a.motion.value(at: a.motion.duration)
            // A spring back aimed at the bound the range had when it started, or a jump's scroll
            // aimed inside the range; the range may have shrunk since (a taller viewport, a resize
            // that keepInRange leaves to the running animation): it ends inside the range as it is
            // now. Only a target already outside the range (an overscroll) is left where it is.
            if !a.programmatic || a.targetInRange { offset = clamp(offset) }
            return (false, endAnimation())
        }
        return (true, [])
    }
}
