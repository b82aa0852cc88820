import VirtualTime
import ScrollPhysics

/// The Android sample (the view holder in LiveblogEmbedRecyclerViewFragment.kt), kept in its shape:
/// a drag counter, a pending top held for 10 s, `smoothScrollBy` unless a correction arrives while
/// idle, no re-aim while already settling to the same aim, and a settle when the row's height changes.
///
/// Differences: none in the arithmetic (F9): the host works in the device's px as RecyclerView
/// does (`AndroidListLayout`, `AndroidSmoothScroll`), at density 1 without a device; offsets go back
/// to dp (px / density) only where the emulated scroll view takes them.
/// Our list draws under its bars, so the top inset is subtracted from
/// `requested`, as the seed advises for such a list (the sample itself subtracts none).
///
/// The scroll range (F8): with `.estimated` the host reads it as the sample does, from
/// LinearLayoutManager's smooth-scrollbar estimate (`LinearLayoutEstimate`), and the list stops at
/// its real end whatever the estimate said: `smoothScrollBy` runs out of room and goes IDLE there,
/// `scrollBy` consumes only what there is. The sample's `settle()` after the row grows then
/// finishes the jump. `.exact` clamps with the list's exact range (the behaviour before F8).
public final class AndroidJumpHost: JumpHost {
    public let platform = Platform.android
    /// Which range `scrollTo` clamps with (`--android-range`, the scenario's `"androidRange"`).
    public let rangeMode: AndroidRangeMode

    /// DragCounter: counts SCROLL_STATE_DRAGGING.
    public private(set) var dragCount = 0
    public private(set) var jumpId: Int?
    private var dragCountAtJump = 0
    public private(set) var pendingTop: Double?
    private var pendingUntil = 0
    private var aimedWebViewTop: Int?
    private var settlePosted = false
    private var lastClamped = false
    /// The range the last `scrollTo` clamped with (also on its HostAction, for the trace).
    public private(set) var lastRange: AndroidScrollRange?
    /// HOLD_MS: the embed sends corrections for at most 10 s after the jump (the page's own hold,
    /// E11, is the same length).
    static let holdTicks = JumpHold.ticks

    /// `rangeMode`: LinearLayoutManager's estimate (the default, `AndroidRangeMode.default`) or
    /// the exact range (`--android-range exact`).
    /// D3: the device's density (DisplayMetrics.density); nil: density 1 with the rounding the
    /// host always had (the terminal).
    public let density: Double?

    public init(rangeMode: AndroidRangeMode = .default, density: Double? = nil) {
        self.rangeMode = rangeMode
        self.density = density
    }

    /// Pixels per dp: the device's density, 1 without one.
    private var scale: Double { density ?? 1 }

    public var followingJumpId: Int? { pendingTop != nil ? jumpId : nil }
    public var isClamped: Bool { lastClamped }

    public func scrollRequest(top: Double, correction: Bool, jumpId: Int, in scene: ListScene) -> [ScrollEffect] {
        if !correction || jumpId != self.jumpId {
            self.jumpId = jumpId
            dragCountAtJump = dragCount
        } else if dragCount != dragCountAtJump {
            return [.report(HostAction(jumpId: jumpId, kind: .drop))]
        }
        var s = scene
        pendingTop = top
        pendingUntil = s.tick + AndroidJumpHost.holdTicks
        _ = scrollTo(top: top, correction: correction, kind: .scroll, &s)
        return s.effects
    }

    private func settle(_ s: inout ListScene) {
        guard let top = pendingTop else { return }
        if dragCount != dragCountAtJump || s.tick > pendingUntil {
            pendingTop = nil
            return
        }
        if scrollTo(top: top, correction: true, kind: .settle, &s) == 0 { pendingTop = nil }
    }

    private func scrollTo(top: Double, correction: Bool, kind: HostAction.Kind, _ s: inout ListScene) -> Int {
        let list = s.list, scrollView = s.scrollView
        // F9: the list as the device lays it out, in px.
        let layout = AndroidListLayout(list, density: scale)
        // offsetDescendantRectToMyCoords: the web view's top in the RecyclerView.
        let webViewTop = layout.webRowTop
        // D3: applyDimension(COMPLEX_UNIT_DIP, top) then roundToInt(), as the sample does.
        let topPx = density.map { HostPixels.dpToPxRounded(top, density: $0) } ?? Java.round(top)
        let requested = webViewTop + topPx - layout.paddingTop

        // computeVerticalScrollOffset / Range / Extent: LinearLayoutManager's estimate, or exact.
        let range = AndroidScrollRange.of(list, mode: rangeMode, density: scale)
        lastRange = range
        let offset = range.offset
        let wanted = offset + requested
        let scrollBy = min(max(wanted, 0), max(range.maxOffset, 0)) - offset
        lastClamped = wanted != offset + scrollBy

        // Re-aiming restarts the smooth scroll's easing, so a scroll already heading for this position
        // is left alone.
        let settling = scrollView.state == .settling
        let aim = webViewTop - scrollBy
        if settling && aim == aimedWebViewTop { return scrollBy }
        aimedWebViewTop = aim

        // Where scrollBy asks the list to go, from where it really is (the same as offset + scrollBy
        // when the range is exact); the list stops at its real end before it if there is less.
        let targetPx = layout.offset + scrollBy
        let target = Double(targetPx) / scale - scrollView.insetTop
        // Once the jump has landed, an instant scroll keeps the post still while content above it grows.
        let instant = correction && scrollView.state == .idle
        if instant {
            recyclerViewScrollBy(to: targetPx, layout: layout, &s)
        } else {
            smoothScrollBy(scrollBy, layout: layout, &s)
        }
        var action = HostAction(jumpId: jumpId ?? 0, kind: kind, target: target,
                                animated: !instant && scrollBy != 0, clamped: lastClamped, range: range)
        if let d = density, d != 1 {
            action.pixels = HostPixels(density: d, target: targetPx - layout.paddingTop, requested: requested,
                                       scrollBy: scrollBy)
        }
        s.perform(.report(action))
        return scrollBy
    }

    /// RecyclerView.scrollBy → scrollByInternal → scrollStep: LinearLayoutManager.scrollBy moves
    /// at most to the list's real end and returns what it consumed. With the exact range the
    /// target is inside the range already and is set as it is.
    private func recyclerViewScrollBy(to targetPx: Int, layout: AndroidListLayout, _ s: inout ListScene) {
        let reached = rangeMode == .estimated ? min(max(targetPx, 0), layout.maxOffset) : targetPx
        s.perform(.setContentOffset(Double(reached) / scale - s.scrollView.insetTop, animated: false))
    }

    /// RecyclerView.smoothScrollBy: nothing for 0; otherwise SETTLING with ViewFlinger's duration
    /// and quintic on the device's px and animation clock (F9), IDLE on the frame the position
    /// reaches the target, stopping where the content ends (ViewFlinger.run's `doneScrolling`).
    private func smoothScrollBy(_ dy: Int, layout: AndroidListLayout, _ s: inout ListScene) {
        guard dy != 0 else { return }
        // From where the list is now (RecyclerView's flinger restarts from the current position),
        // in our UIKit coordinates: Android's offset less the top padding, px.
        let from = layout.offset - layout.paddingTop
        let motion = ScrollAnimation.androidSmoothScroll(fromPx: from, by: dy, height: layout.height,
                                                         startTick: s.tick, density: scale)
        s.perform(.animate(motion, programmatic: true, stopsAtEnds: rangeMode == .estimated))
        // A flinger that stopped at once (already at the end) leaves the list IDLE.
        s.perform(.setState(s.scrollView.isAnimating ? .settling : .idle))
    }

    public func webRowResized(to height: Double, in scene: ListScene) -> [ScrollEffect] {
        // addOnLayoutChangeListener: if the height changed, webView.post { settle() }.
        guard scene.list.webRowHeight != height else { return [.setWebRowHeight(height)] }
        settlePosted = true
        return [.setWebRowHeight(height), .post]
    }

    public func readerWillBeginDragging(now tick: Int) {
        dragCount += 1
    }

    public func adopt(jumpId: Int, now tick: Int) {
        self.jumpId = jumpId
        dragCountAtJump = dragCount
    }

    public func frame(in scene: ListScene) -> [ScrollEffect] {
        guard settlePosted else { return [] }
        settlePosted = false
        var s = scene
        settle(&s)
        return s.effects
    }
}
