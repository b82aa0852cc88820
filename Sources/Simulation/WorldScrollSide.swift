import Embed
import Host
import ScrollPhysics
import VirtualTime

/// The World's scroll side: the native list (its one copy, which only this side writes), the
/// app's jump host, the pan engine, the bridge's queue of the page's calls (D4), and the reader's
/// input state (drags under way, how a finger on the web row got into the page, the latest scroll
/// input, the indicator). Hosts and the pan engine decide on a copy of the list (a `ListScene`)
/// and hand back `ScrollEffect`s; this side applies the ones that touch only it and hands the
/// others back (`apply`). It holds no page: what it needs of it (the page's scrolling, its held
/// jump) comes in as values.
final class ScrollSide {
    var list: NativeList
    var host: JumpHost
    let pan: PanEngine
    var indicator = ScrollIndicator()
    /// D4: the page's calls on their way to the host over the bridge, with their due ticks.
    var bridgeQueue: [(tick: Int, call: BridgeCall)] = []
    /// The host posted work to this frame (`ScrollEffect.post`).
    var hostPostedWork = false
    /// Drags under way (docs/contract.md `drag`), sampled as they become due (`gestureSamples`).
    var gestures: [Gesture] = []
    var touchStartedOnWeb = false
    /// Q19: how far the finger on the web row got into the page (`WorldTouches.swift`).
    var pageTouch = PageTouch.none
    /// F3: this finger's press stopped a settling list and was a drag (Android): the gesture's one
    /// `drag-begin` is written; its move past the slop is the same drag.
    var pressBeganDrag = false
    var lastReaderDrag: Int?
    /// The reader's latest scroll input (F4), for the scroll state it puts the list in.
    var lastScrollInput: ScrollInput?
    /// restoreAnchor left the list past its bottom until the web row has its new height.
    var anchorPastBottom = false

    struct Gesture {
        var startTick: Int
        var steps: Int
        var x: Double
        var y0: Double
        var dy: Double
    }

    /// The list, host and pan engine of a World set up with `config`.
    init(config: WorldConfig) {
        var sv = ScrollView(viewportHeight: DeviceLayout.viewportHeight(config),
                            insetTop: Double(config.insetTopRows) * config.page.cell.height,
                            insetBottom: Double(config.insetBottomRows) * config.page.cell.height)
        sv.pixelScale = DeviceLayout.pixelScale(config)
        list = NativeList(headerRows: config.headerRows, footerRows: config.footerRows, webRowHeight: 0, scrollView: sv,
                          line: config.page.cell.height)
        host = ScrollSide.jumpHost(for: config)
        pan = PanEngine(target: ListPanTarget())
    }

    // MARK: - Host, physics, mode

    /// The app's jump host for the mode and platform (made at once, not a naive one first).
    static func jumpHost(for config: WorldConfig) -> JumpHost {
        switch (config.mode, config.platform) {
        case (.content, .ios): IOSJumpHost(scale: DeviceLayout.pixelScale(config))
        case (.content, .android):
            AndroidJumpHost(rangeMode: config.androidRange, density: DeviceLayout.pixelScale(config))
        case (.content, .naive): NaiveJumpHost()
        case (.nested, let p), (.header, let p): SelfScrollHost(platform: p, revealWebView: config.mode == .nested)
        }
    }

    /// A new host for `config`. One made while a two-argument jump is `held` (p, m, i) follows that
    /// jump from now on, so a drag after the switch still stops its corrections.
    func makeHost(_ config: WorldConfig, held: (jumpId: Int, startTick: Int)?, now: Int) {
        let h = ScrollSide.jumpHost(for: config)
        if let held {
            h.adopt(jumpId: held.jumpId, now: now)
            // The reader dragged since that jump started: the new host knows it too.
            if let d = lastReaderDrag, d >= held.startTick { h.readerWillBeginDragging(now: now) }
        }
        host = h
    }

    /// F2: the law for this platform and mode (or `--physics` / the scenario's `"physics"`).
    func applyPhysics(_ config: WorldConfig, viewportHeight: Double) {
        let list: PhysicsModel.ListKind = config.mode == .content ? .contentSizedRow : .selfScrollingWebView
        pan.physics = config.platform.physics(list: list, override: config.physics)
        // F9: RecyclerView's fling and edge effects run in the device's px (density 1 without one),
        // sized to the list's measured height.
        let density = DeviceLayout.pixelScale(config) ?? 1
        pan.useAndroid(density: density, height: AndroidPixels.size(dp: viewportHeight, density: density))
    }

    /// A mode's list before the page takes its shape: the viewport and insets, every motion stopped.
    func prepareForMode(viewportHeight: Double, insetTop: Double, insetBottom: Double) {
        list.scrollView.viewportHeight = viewportHeight
        list.scrollView.insetTop = insetTop
        list.scrollView.insetBottom = insetBottom
        list.scrollView.stopAnimation()
        pan.stop()
    }

    /// A mode's rows around a web row `webRowHeight` tall, and what the pan moves (M1–M3).
    func arrangeRows(_ config: WorldConfig, webRowHeight: Double) {
        switch config.mode {
        case .content:
            list.headerRows = config.headerRows
            list.footerRows = config.footerRows
            list.setWebRowHeight(webRowHeight)
            pan.target = ListPanTarget()
        case .nested:
            list.headerRows = 0
            list.footerRows = config.footerRows
            list.setWebRowHeight(webRowHeight)
            pan.target = NestedPanRouter()
        case .header:
            list.headerRows = 0
            list.footerRows = 0
            list.setWebRowHeight(webRowHeight)
            list.scrollView.offset = list.scrollView.minOffset
            pan.target = HeaderPanTarget()
        }
    }

    // MARK: - Keeping the reading position (M4, T5, R3)

    /// M1: moves the list by `shift` so a post keeps its row. Not above the top; below the bottom
    /// is allowed while the web row waits for its new height (`resizeComing`: a narrower page grows
    /// a resize callback later, E2), and `bringAnchorIntoRange` brings it back then: a
    /// RecyclerView's or collection view's layout leaves no gap below the content, and Android's
    /// resize path (ScrollView.keepInRange) leaves an offset already past the bottom alone. With no
    /// resize coming (other insets, the same width) the range holds at once. An overscroll naive
    /// left is not ours to clamp (H3).
    func shift(by shift: Double, resizeComing: Bool) {
        let sv = list.scrollView
        let inRange = sv.offset <= sv.maxOffset + 0.5
        var y = max(sv.minOffset, sv.offset + shift)
        if inRange && !resizeComing { y = sv.clamp(y) }
        list.scrollView.offset = y
        anchorPastBottom = inRange && y > sv.maxOffset
    }

    /// The web row has the page's height: a reading position kept past the bottom comes into the
    /// range (a motion or a touch under way settles itself).
    func bringAnchorIntoRange() {
        anchorPastBottom = false
        if !list.scrollView.isAnimating, !pan.isMoving, !pan.isTouching {
            list.scrollView.offset = list.scrollView.clamp(list.scrollView.offset)
        }
    }

    /// The list in its range at once (a restored history position, as a browser clamps a restored scroll).
    func clampIntoRange() {
        list.scrollView.offset = list.scrollView.clamp(list.scrollView.offset)
        anchorPastBottom = false
    }

    /// The list at its top.
    func toTop(clamped: Bool) {
        let top = list.scrollView.minOffset
        list.scrollView.offset = clamped ? list.scrollView.clamp(top) : top
    }

    /// The list and (`webAtTop`) the web view at their tops: the reader sees the newest posts (R3).
    func isAtTop(webAtTop: Bool) -> Bool {
        list.scrollView.offset <= list.scrollView.minOffset + 0.5 && webAtTop
    }

    // MARK: - Effects

    /// The list and, where it scrolls itself, the web view (`web`) as they are now.
    func scene(web: WebScroll?, tick: Int) -> ListScene {
        guard let web else { return ListScene(list: list, tick: tick) }
        return ListScene(list: list, web: web, tick: tick)
    }

    /// Applies one effect to the list and the reader's state. `webOffset`: the page's scroll now;
    /// `fromHost`: the host's own (the end of an animation it replaced is not told back to it, as
    /// the iOS sample sets its flag after that delegate call). The effects for the page, the trace
    /// or the reader's input (`setWebOffset`, `report`, `readerBegan`) are the World's to finish.
    func apply(_ e: ScrollEffect, webOffset: Double, now: Int, fromHost: Bool, config: WorldConfig) {
        var web = WebScroll(offset: webOffset)
        let notice = list.apply(e, web: &web, now: now)
        // The app's animated scroll (setContentOffset(animated: true), smoothScrollBy) takes the
        // list from the reader's inertia, as UIKit's and RecyclerView's do (ViewFlinger runs one
        // scroll at a time). An instant set leaves it (our choice: the resize restore of the iOS
        // sample would otherwise stop every fling while images load).
        if notice.contains(.animatedProgrammaticScroll) { pan.stopMotion() }
        if notice.contains(.endedScrollingAnimation), !fromHost { host.scrollingAnimationEnded() }
        switch e {
        case .readerSettling: readerSettling(config)
        case .post: hostPostedWork = true
        case .readerIdle:
            // A spring back after the drag is still the list settling (Android: SETTLING, then IDLE).
            list.scrollView.state = list.scrollView.isAnimating ? .settling : .idle
        default: break
        }
    }

    /// A reader-driven motion goes on by itself: the list is settling.
    private func readerSettling(_ config: WorldConfig) {
        // F4: RecyclerView scrolls a wheel notch at once (onGenericMotionEvent → scrollByInternal)
        // and never enters SETTLING for it; our notch's 0.15 s ease (P6) leaves the state alone.
        if lastScrollInput == .wheel, config.platform == .android,
           !config.dragRule.isDrag(.wheel, on: .android) { return }
        list.scrollView.state = .settling
    }

    /// A finger or button went down (`overWeb`: on the web view): the new gesture's touch state.
    /// Returns whether the press finds the list settling (Android: SETTLING, or a stretch showing,
    /// F3, F9) and whether it stops a scroll (that, or the app's animated scroll).
    func press(overWeb: Bool, platform: Platform) -> (settling: Bool, stopsScroll: Bool) {
        touchStartedOnWeb = overWeb
        pressBeganDrag = false
        pageTouch = .none
        let settling = (list.scrollView.state == .settling || pan.edgeEffect != nil) && platform == .android
        return (settling, settling || list.scrollView.animation?.programmatic == true)
    }

    /// The reader scrolled with `input` at `tick` (H5): the list's state and the host's drag, when
    /// the platform's rule (F4, `ReaderDragRule`) says this input is one. Returns nil for a touch
    /// whose press began the drag already (RecyclerView.setScrollState(DRAGGING) returns at once
    /// when the state is DRAGGING: one drag for the host, one drag-begin per gesture, issue 30),
    /// else whether the input is a drag.
    func readerScrolled(_ input: ScrollInput, tick: Int, config: WorldConfig) -> Bool? {
        lastScrollInput = input
        if input == .touch && pressBeganDrag { return nil }
        let isDrag = config.dragRule.isDrag(input, on: config.platform)
        if input == .pressWhileSettling { pressBeganDrag = isDrag }
        if isDrag {
            lastReaderDrag = tick
            list.scrollView.state = .dragging
            host.readerWillBeginDragging(now: tick)
        }
        return isDrag
    }

    /// The reader takes over without a gesture (back and forward, W2): motion stops and the host
    /// stops following.
    func readerTookOver(now: Int) {
        pan.stop()
        list.scrollView.stopAnimation()
        list.scrollView.state = .idle
        lastReaderDrag = now
        host.readerWillBeginDragging(now: now)
    }

    // MARK: - A step

    /// The list's own animation, one tick on: its end is the host's scrollViewDidEndScrollingAnimation.
    func stepList(now: Int) {
        let (_, notice) = list.scrollView.step(now: now)
        if notice.contains(.endedScrollingAnimation) { host.scrollingAnimationEnded() }
    }

    /// A settling list whose motions all ended is idle.
    func settleIfStill() {
        if list.scrollView.state == .settling, !list.scrollView.isAnimating, !pan.isMoving {
            list.scrollView.state = .idle
        }
    }

    /// The indicator shows while the pan moved at `now` (P7).
    func noteMovement(now: Int, seconds: Double) {
        if pan.lastMovementTick == now { indicator.noteMovement(at: seconds) }
    }

    /// The host's posted work for this frame, taken.
    func takePostedWork() -> Bool {
        defer { hostPostedWork = false }
        return hostPostedWork
    }

    /// D4: a page's call that reaches the host at `due`.
    func enqueue(_ call: BridgeCall, due: Int) {
        bridgeQueue.append((due, call))
    }

    /// D4: the next call whose delay is over at `now` (taken out), in the order the page made them.
    func nextDueCall(now: Int) -> BridgeCall? {
        guard let first = bridgeQueue.first, first.tick <= now else { return nil }
        bridgeQueue.removeFirst()
        return first.call
    }

    /// A drag of `dy` over `steps` ticks from (`x`, `y0`), starting at `now`.
    func addGesture(now: Int, steps: Int, x: Double, y0: Double, dy: Double) {
        gestures.append(Gesture(startTick: now, steps: steps, x: x, y0: y0, dy: dy))
    }

    /// The samples of the drags under way that fall on `now` (docs/contract.md `drag`: `dy` spread
    /// evenly over `duration`, one sample a tick), in order; the drags they end are dropped.
    func gestureSamples(now: Int) -> [Scenario.Event] {
        var samples: [Scenario.Event] = []
        for g in gestures {
            let k = now - g.startTick
            guard k >= 1, k <= g.steps else { continue }
            samples.append(.pointer(phase: .move, x: g.x, y: g.y0 + g.dy * Double(k) / Double(g.steps)))
            if k == g.steps { samples.append(.pointer(phase: .up, x: g.x, y: g.y0 + g.dy)) }
        }
        gestures.removeAll { now - $0.startTick >= $0.steps }
        return samples
    }

    /// iOS: the content-touch delay ran out at `now` with the finger inside the slop: the page gets
    /// the touch (at these page coordinates) and has it from now on.
    func takeDueDelayedTouch(now: Int) -> (x: Double, y: Double)? {
        guard case let .delayed(due, x, y) = pageTouch, due <= now else { return nil }
        pageTouch = .delivered
        return (x, y)
    }

    // MARK: - Reading

    /// Is anything of the list moving, or the indicator showing, at `seconds` (T7)?
    func isBusy(seconds: Double) -> Bool {
        pan.isMoving || pan.edgeEffectActive || list.scrollView.isAnimating || indicator.isVisible(at: seconds)
    }

    /// F10: the list's scroll state, as the platform's sample reads it (`World.scrollState`).
    func scrollState(_ platform: Platform) -> String {
        if platform == .android { return list.scrollView.state.rawValue }
        if pan.isDragging { return "dragging" }
        if list.scrollView.animation?.programmatic == true || pan.isEasing { return "animating" }
        if pan.isDecelerating || list.scrollView.isAnimating { return "decelerating" }
        return "idle"
    }
}
