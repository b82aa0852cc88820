import LiveblogModel
import Embed
import Host
import ScrollPhysics

/// Time and effects: the world's steps (120 Hz) and frames (60 Hz), the page's effects handed on
/// as trace lines and host calls.
extension World {
    // MARK: - Trace

    /// Writes a trace line: the jump book observes it, then the sink (a trace file, a check).
    func emit(_ e: TraceEvent) {
        let record = TraceRecord(tick: tick, event: e)
        jumps.observe(record, page: page)
        sink(record)
    }

    /// Runs a call on the page, then hands on what it left in the page's outbox, in order, as
    /// trace lines, host calls and jump status: the one place the page's effects leave it. Every
    /// page call that can have effects goes through here, so none waits for a later call.
    @discardableResult
    func pageCall<T>(_ body: (any WebPage) -> T) -> T {
        let result = body(page)
        while !page.outbox.isEmpty {
            let events = page.outbox
            page.outbox = []
            for e in events { handle(e) }
        }
        return result
    }

    /// The page hands over its plain events while a frame's completions are applied (B7).
    func attach(_ p: any WebPage) {
        p.drainPlainEvents = { [unowned self, unowned p] in self.drainPlainEvents(of: p) }
    }

    /// The outbox's leading plain events, handled now and in order: the ones `pageCall` would
    /// handle first once the page's frame ends (they read nothing the rest of the frame changes).
    private func drainPlainEvents(of p: any WebPage) {
        guard p === page else { return }
        var k = 0
        while k < p.outbox.count, p.outbox[k].isPlain { k += 1 }
        guard k > 0 else { return }
        let events = p.outbox[..<k]
        p.outbox.removeFirst(k)
        for e in events { handle(e) }
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
                pendingResizes.append((tick + config.page.resizeLatency * VirtualClock.ticksPerFrame, height))
            }
        case let .externalLink(url):
            externalLinks.append(url)
            emit(.external(url: url, kind: .link))
        case let .mediaHandoff(url):
            mediaHandoffs.append(url)
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

    /// Runs the world up to `target` (ticks at 120 Hz); frames at 60 Hz.
    public func advance(to target: Int) {
        if !started { start() }
        while tick < target { step() }
    }

    /// First frame: the page initialises and reads its fragment (E4).
    func start() {
        started = true
        if config.mode == .content { list.setWebRowHeight(page.contentHeight) }
        pageCall { $0.start() }
    }

    func step() {
        tick += 1
        if case .delayed(let due, _, _) = pageTouch, due <= tick { deliverDelayedTouch() }
        panCall { $0.step(now: tick, in: $1) }
        stepList()
        if list.scrollView.state == .settling, !list.scrollView.isAnimating, !pan.isMoving {
            list.scrollView.state = .idle
        }
        if pan.lastMovementTick == tick { indicator.noteMovement(at: seconds) }
        if tick % VirtualClock.ticksPerFrame == 0 { frame() }
        if !gestures.isEmpty { stepGestures() }
    }

    /// The samples of the drags under way that fall on this tick, after its frame (docs/contract.md `drag`:
    /// `dy` spread evenly over `duration`, one sample a tick, made as they are due).
    private func stepGestures() {
        for g in gestures {
            let k = tick - g.startTick
            guard k >= 1, k <= g.steps else { continue }
            apply(.pointer(phase: .move, x: g.x, y: g.y0 + g.dy * Double(k) / Double(g.steps)))
            if k == g.steps { apply(.pointer(phase: .up, x: g.x, y: g.y0 + g.dy)) }
        }
        gestures.removeAll { tick - $0.startTick >= $0.steps }
    }

    func frame() {
        if !bridgeQueue.isEmpty { deliverBridgeCalls() }
        if hostPostedWork {
            hostPostedWork = false
            hostCall { $0.frame(in: $1) }
        }
        pageCall { $0.frame(tick: tick) }
        if liveFeed != nil { pollLiveFeed() }
        if newPostsAbove > 0 { updatePill() }
        while let r = pendingResizes.first, r.tick <= tick {
            pendingResizes.removeFirst()
            if r.height != list.webRowHeight { hostCall { $0.webRowResized(to: r.height, in: $1) } }
        }
        if anchorPastBottom, pendingResizes.isEmpty {
            // The web row has the page's height: the kept reading position comes into the range
            // (a motion or a touch under way settles itself).
            anchorPastBottom = false
            if !list.scrollView.isAnimating, !pan.isMoving, !pan.isTouching {
                list.scrollView.offset = list.scrollView.clamp(list.scrollView.offset)
            }
        }
        if config.mode == .content { page.viewportHeight = list.webRowHeight }
        if config.page.lazyMedia {
            let f = webFrame
            let top = f.scroll - f.top
            page.requestMedia(visibleFrom: top - visibleHeight, to: top + viewportHeight + visibleHeight)
        }
        var postId: String? = jumpStatus?.postId ?? page.lastJumpPostId
        var y: Double? = nil
        if let id = postId { y = postY(id) } else { postId = nil }
        for id in watchedPosts { watchedY[id] = postY(id) }
        emit(.frame(values: Scenario.ValueKind.allCases.map(value), postId: postId, postY: y,
                    scrollState: scrollState))
    }

    /// A web-row resize is waiting for its callback (E2).
    public var hasPendingResize: Bool { !pendingResizes.isEmpty }

    /// Is anything moving or loading, so the run loop must keep drawing (T7)?
    public var isBusy: Bool {
        pan.isMoving || pan.edgeEffectActive
            || list.scrollView.isAnimating || page.held != nil || !pendingResizes.isEmpty || page.isLoading
            || indicator.isVisible(at: seconds)
    }
}
