import VirtualTime
import Embed
import Host
import ScrollPhysics

/// The one writer of scroll state: hosts and the pan engine decide on a copy of the list (a
/// `ListScene`) and hand back `ScrollEffect`s; they are applied here, in order, and a `host` trace
/// line is written where its effect is applied.
extension World {
    /// The list and the web view's scrolling as they are now, for a host or the pan engine. The web
    /// view's own scrolling only where it scrolls itself (M2, M3): in content mode (M1) it is as
    /// tall as its content and never scrolls, and nothing there reads it.
    func scene() -> ListScene {
        guard page.selfScrolling else { return ListScene(list: list, tick: tick) }
        return ListScene(list: list, web: WebScroll(offset: page.scrollY, maxOffset: page.maxScrollY,
                                                    contentHeight: page.contentHeight, visibleHeight: visibleHeight),
                         tick: tick)
    }

    /// A host's decision, applied.
    func hostCall(_ body: (JumpHost, ListScene) -> [ScrollEffect]) {
        apply(body(host, scene()), fromHost: true)
    }

    /// A pan engine's step or gesture, applied.
    func panCall(_ body: (PanEngine, ListScene) -> [ScrollEffect]) {
        apply(body(pan, scene()), fromHost: false)
    }

    /// Applies effects in order. `fromHost`: the host's own; the end of an animation one of them
    /// replaced is not told back to it (the iOS sample sets its flag after that delegate call).
    func apply(_ effects: [ScrollEffect], fromHost: Bool) {
        for e in effects {
            var web = WebScroll(offset: page.scrollY)
            let notice = list.apply(e, web: &web, now: tick)
            // The app's animated scroll (setContentOffset(animated: true), smoothScrollBy) takes the
            // list from the reader's inertia, as UIKit's and RecyclerView's do (ViewFlinger runs one
            // scroll at a time). An instant set leaves it (our choice: the resize restore of the iOS
            // sample would otherwise stop every fling while images load).
            if notice.contains(.animatedProgrammaticScroll) { pan.stopMotion() }
            if notice.contains(.endedScrollingAnimation), !fromHost { host.scrollingAnimationEnded() }
            switch e {
            case let .setWebOffset(y): page.scrollY = y
            case let .report(action): emit(.host(action))
            case let .readerBegan(input, t): readerScrolled(input, tick: t)
            case .readerSettling: readerSettling()
            case .post: hostPostedWork = true
            case .readerIdle:
                // A spring back after the drag is still the list settling (Android: SETTLING, then IDLE).
                list.scrollView.state = list.scrollView.isAnimating ? .settling : .idle
            default: break
            }
        }
    }

    /// A reader-driven motion goes on by itself: the list is settling.
    private func readerSettling() {
        // F4: RecyclerView scrolls a wheel notch at once (onGenericMotionEvent → scrollByInternal)
        // and never enters SETTLING for it; our notch's 0.15 s ease (P6) leaves the state alone.
        if lastScrollInput == .wheel, config.platform == .android,
           !config.dragRule.isDrag(.wheel, on: .android) { return }
        list.scrollView.state = .settling
    }

    /// The list's own animation, one tick on: its end is the host's scrollViewDidEndScrollingAnimation.
    func stepList() {
        let (_, notice) = list.scrollView.step(now: tick)
        if notice.contains(.endedScrollingAnimation) { host.scrollingAnimationEnded() }
    }

    /// The scroll view, read-only (the World is its one writer).
    public var scrollView: ScrollView { list.scrollView }

    /// The indicator's position and length over what the pan scrolls (P7).
    public var panIndicator: (offset: Double, content: Double, viewport: Double) { pan.target.indicator(scene()) }

    /// How far the content can still move up (positive) or down (negative): g / G's distance.
    func panRoom(contentUp: Bool) -> Double { pan.target.room(contentUp: contentUp, scene()) }

    /// Puts the list at `offset` at once (the bench's scrolling without a gesture).
    public func setListOffset(_ offset: Double) { list.scrollView.offset = offset }

    /// D4: hands the page's call to the host after the bridge's delay (at once when it is 0).
    func deliverToHost(_ call: BridgeCall) {
        let frames = DeviceLayout.bridgeFrames(config)
        if frames == 0 {
            scrollRequest(call)
        } else {
            bridgeQueue.append((tick + frames * VirtualClock.ticksPerFrame, call))
        }
    }

    /// D4: the calls whose delay is over reach the host (WebKit's main-thread message, the
    /// UI thread's posted Runnable), in the order the page made them.
    func deliverBridgeCalls() {
        while let first = bridgeQueue.first, first.tick <= tick {
            bridgeQueue.removeFirst()
            scrollRequest(first.call)
        }
    }

    /// The bridge call reaches the host's scroll callback.
    private func scrollRequest(_ c: BridgeCall) {
        hostCall { $0.scrollRequest(top: c.top, correction: c.correction, jumpId: c.jumpId, in: $1) }
    }
}
