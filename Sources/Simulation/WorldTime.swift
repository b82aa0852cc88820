import LiveblogModel
import Embed
import Host
import ScrollPhysics

/// Time and effects: the world's steps (120 Hz) and frames (60 Hz) in the sequencer's order, each
/// phase run against the scroll side and the page side; the page's effects handed on as trace lines
/// and host calls.
extension World {
    // MARK: - Trace

    /// Writes a trace line: the jump book observes it, then the sink (a trace file, a check).
    func emit(_ e: TraceEvent) {
        let record = TraceRecord(tick: tick, event: e)
        jumps.observe(record, page: pageSide.page)
        sink(record)
    }

    /// Runs a call on the page, then hands on what it left in the page's outbox, in order, as
    /// trace lines, host calls and jump status: the one place the page's effects leave it. Every
    /// page call that can have effects goes through here, so none waits for a later call.
    @discardableResult
    func pageCall<T>(_ body: (any WebPage) -> T) -> T {
        pageSide.call(body, handle: handle)
    }

    /// The page hands over its plain events while a frame's completions are applied (B7).
    func attach(_ p: any WebPage) {
        p.drainPlainEvents = { [unowned self, unowned p] in self.drainPlainEvents(of: p) }
    }

    /// The outbox's leading plain events, handled now and in order: the ones `pageCall` would
    /// handle first once the page's frame ends (they read nothing the rest of the frame changes).
    private func drainPlainEvents(of p: any WebPage) {
        for e in pageSide.takeLeadingPlainEvents(of: p) { handle(e) }
    }

    private func handle(_ e: PageEvent) {
        switch e {
        case let .hook(jumpId, top, correction, args, threw):
            emit(.hook(jumpId: jumpId, top: top, correction: correction, args: args, threw: threw))
        case let .bridge(top, correction, jumpId):
            deliverToHost(BridgeCall(top: top, correction: correction, jumpId: jumpId))
        case let .holdEnd(jumpId, reason):
            emit(.holdEnd(jumpId: jumpId, reason: reason))
        case let .console(level, message):
            emit(.console(level: level, message: message))
        case let .nav(id, result, via):
            emit(.nav(id: id, result: result.rawValue, via: via))
            if result == .found { noteJump() }
        case let .layout(height, cause):
            emit(.layout(webHeight: height, cause: cause))
            if config.mode == .content {
                pageSide.scheduleResize(to: height, due: tick + config.page.resizeLatency * VirtualClock.ticksPerFrame)
            }
        case let .externalLink(url):
            pageSide.externalLinks.append(url)
            emit(.external(url: url, kind: .link))
        case let .mediaHandoff(url):
            pageSide.mediaHandoffs.append(url)
            emit(.external(url: url, kind: .media))
        case let .progress(value):
            emit(.progress(value: value))
        case let .engine(note):
            emit(.engine(note))
        case let .resource(url, status, error):
            emit(.resource(url: url, status: status, error: error))
        }
    }

    // MARK: - Time

    /// Runs the world up to `target` (ticks at 120 Hz); frames at 60 Hz. The sequencer says what
    /// each step does, in which order (`Sequencer.Phase`); `run` does it.
    public func advance(to target: Int) {
        if sequencer.begin() { start() }
        while let phases = sequencer.next(upTo: target) {
            for phase in phases { run(phase) }
        }
    }

    /// First frame: the page initialises and reads its fragment (E4).
    private func start() {
        if config.mode == .content { scrollSide.list.setWebRowHeight(pageSide.page.contentHeight) }
        pageCall { $0.start() }
    }

    /// One phase of a step, at `tick`: each calls into one side, or hands one side's values to the other.
    func run(_ phase: Sequencer.Phase) {
        switch phase {
        case .delayedTouch:
            if let p = scrollSide.takeDueDelayedTouch(now: tick) { pageInput(.touchStart(x: p.x, y: p.y)) }
        case .panStep: panCall { $0.step(now: tick, in: $1) }
        case .listStep: scrollSide.stepList(now: tick)
        case .settle: scrollSide.settleIfStill()
        case .indicator: scrollSide.noteMovement(now: tick, seconds: seconds)
        case .gestures:
            for sample in scrollSide.gestureSamples(now: tick) { apply(sample) }
        case .bridgeCalls:
            while let call = scrollSide.nextDueCall(now: tick) { scrollRequest(call) }
        case .hostWork:
            if scrollSide.takePostedWork() { hostCall { $0.frame(in: $1) } }
        case .pageFrame: pageCall { $0.frame(tick: tick) }
        case .liveFeed: if pageSide.liveFeed != nil { pollLiveFeed() }
        case .pill: if pageSide.newPostsAbove > 0 { updatePill() }
        case .resizes:
            while let height = pageSide.nextDueResize(now: tick) {
                if height != scrollSide.list.webRowHeight { hostCall { $0.webRowResized(to: height, in: $1) } }
            }
        case .anchorIntoRange:
            if scrollSide.anchorPastBottom, pageSide.pendingResizes.isEmpty { scrollSide.bringAnchorIntoRange() }
        case .webViewport:
            if config.mode == .content { pageSide.page.viewportHeight = scrollSide.list.webRowHeight }
        case .lazyMedia: if config.page.lazyMedia { requestVisibleMedia() }
        case .frameLine: writeFrameLine()
        }
    }

    /// Lazy media (`lazyMedia`): the page loads what lies within a visible height of the viewport.
    private func requestVisibleMedia() {
        let f = webFrame
        let top = f.scroll - f.top
        pageSide.page.requestMedia(visibleFrom: top - visibleHeight, to: top + viewportHeight + visibleHeight)
    }

    /// The frame's trace line: every value, the latest jump's post and its y, the scroll state;
    /// the watched posts' ys are taken with it.
    private func writeFrameLine() {
        var postId: String? = jumpStatus?.postId ?? pageSide.page.lastJumpPostId
        var y: Double? = nil
        if let id = postId { y = postY(id) } else { postId = nil }
        pageSide.recordWatched(postY)
        emit(.frame(values: Scenario.ValueKind.allCases.map(value), postId: postId, postY: y,
                    scrollState: scrollState))
    }

    /// A web-row resize is waiting for its callback (E2).
    public var hasPendingResize: Bool { !pageSide.pendingResizes.isEmpty }

    /// Is anything moving or loading, so the run loop must keep drawing (T7)?
    public var isBusy: Bool {
        scrollSide.isBusy(seconds: seconds) || pageSide.page.held != nil || !pageSide.pendingResizes.isEmpty
            || pageSide.page.isLoading
    }
}
