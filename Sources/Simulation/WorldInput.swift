import LiveblogModel
import Embed
import Host
import ScrollPhysics

/// One way into the World: `send` takes a scenario event (docs/contract.md) and applies it. `simulate`, the
/// terminal, its recorder and the demo all change the world through it, and through nothing else.
extension World {
    /// Applies an event now (at `tick`). A `drag` starts now and its later samples come due as
    /// the world advances; a `tap` is a press and a release at one point. Returns what the event
    /// handed to the app (a link or a medium the page let go, E14, W3), as values: the caller
    /// never compares the World's lists before and after.
    @discardableResult
    public func send(_ event: Scenario.Event) -> [Handoff] {
        let before = pageSide.handoffCount
        apply(event)
        return pageSide.handoffs(since: before)
    }

    /// What the app asks beyond a scenario event (`AppRequest`), sent as an event is. False only
    /// for a reading position whose post is not on the page.
    @discardableResult
    public func send(_ request: AppRequest) -> Bool {
        switch request {
        case let .live(snapshot): applyLive(snapshot)
        case let .streamed(posts): applyStreamed(posts)
        case .newest: jumpToNewest()
        case let .readingPosition(id, offset): return restoreReadingPosition(postID: id, offset: offset)
        case let .listOffset(offset): setListOffset(offset)
        }
        return true
    }

    /// A reader's setting of the front end, sent as an event is (it is no scenario event: a
    /// recording does not carry it).
    public func send(_ setting: ReaderSetting) {
        switch setting {
        case let .calmKeys(on): scrollSide.pan.calmKeys = on
        }
    }

    /// Key streams that do not accelerate (`--calm`, the help's toggle; P5).
    public var calmKeys: Bool { scrollSide.pan.calmKeys }

    func apply(_ event: Scenario.Event) {
        switch event {
        case let .jump(id, topOffset): pageCall { $0.navigate(to: id, topOffset: topOffset, via: "api") }
        case let .fragment(id): pageCall { $0.setFragment(id) }
        case let .drag(dy, duration, row, col):
            let p = point(row: row, col: col)
            scrollSide.addGesture(now: tick, steps: max(1, VirtualClock.ticks(duration)), x: p.x, y0: p.y, dy: dy)
            pointerDown(x: p.x, y: p.y)
        case let .tap(row, col):
            let p = point(row: row, col: col)
            pointerDown(x: p.x, y: p.y, releasedAtOnce: true)
            pointerUp(x: p.x, y: p.y)
        case let .wheel(notches, row, col):
            let p = point(row: row, col: col)
            wheel(notches: notches, x: p.x, y: p.y)
        case let .pointer(phase, x, y):
            switch phase {
            case .down: pointerDown(x: x, y: y)
            case .move: pointerMove(x: x, y: y)
            case .up: pointerUp(x: x, y: y)
            }
        case let .key(k): key(k)
        case let .resize(cols, rows): resize(cols: cols, rows: rows)
        case let .live(n): receiveLivePosts(n)
        case let .load(id): load(id)
        case let .setHook(source): setHook(source.flatMap { try? HookSignature(parsing: $0) })
        case .remove: pageCall { $0.remove() }
        case let .focus(on): pageSide.liveFeed?.setBackground(!on)
        case let .setMode(m): setMode(m)
        case let .setPlatform(p): setPlatform(p)
        case let .setNetwork(n): setNetwork(n)
        case let .setInsets(top, bottom): setInsets(top: top, bottom: bottom)
        case .reload: reload()
        }
    }

    /// The centre of a terminal cell, in viewport points (U3).
    private func point(row: Double, col: Double) -> (x: Double, y: Double) {
        let cw = config.page.cell.width
        return (col * cw + cw / 2, row * line + line / 2)
    }

    /// Scenario `load`: completes a media item's or embed's load now. An unknown id is a warning
    /// in the page's console; it leaves the page with the next page call (the next frame), where
    /// the recorded traces have always had it.
    private func load(_ id: String) {
        if !pageCall({ $0.forceLoad(id) }) { pageSide.page.log("warn", "load \(id): no such media item or embed") }
    }

    private func setHook(_ h: HookSignature?) {
        config.hook = h
        emit(.setting(name: "hook", value: h?.source ?? "none"))
        pageCall { $0.setHook(h) }
    }

    /// Reader input that reaches the page (E16).
    func pageInput(_ input: PageInput) {
        pageCall { $0.input(input) }
    }

    // MARK: - Pointer (mouse or finger) in viewport points

    /// A press. F3: one that stops the list while it scrolls on its own is never a tap on a row.
    /// Android: a press while SETTLING (a smooth scroll or a fling) puts the list in DRAGGING at
    /// once (RecyclerView.onInterceptTouchEvent, ACTION_DOWN: `if (mScrollState ==
    /// SCROLL_STATE_SETTLING) setScrollState(SCROLL_STATE_DRAGGING)`; the row gets no click since
    /// the list intercepts the stream), so the sample's DragCounter counts it. iOS: a touch-down
    /// stops the running scroll (the jump's setContentOffset animation, or deceleration, P4) but
    /// is no drag: scrollViewWillBeginDragging comes only once a pan begins (Apple:
    /// UIScrollViewDelegate.scrollViewWillBeginDragging(_:) "might not receive this message until
    /// dragging has occurred over a small distance"), so the jump's corrections go on (ReaderDrag).
    /// F9: a press on a showing stretch is one too (RecyclerView.onInterceptTouchEvent, ACTION_DOWN:
    /// `if (stopGlowAnimations(e) || mScrollState == SCROLL_STATE_SETTLING)` → DRAGGING).
    /// Q19: a press on the web row reaches the page as the platform lets it (`WorldTouches.swift`);
    /// one `releasedAtOnce` (a scenario's `tap`) reaches it as the tap, at the release.
    private func pointerDown(x: Double, y: Double, releasedAtOnce: Bool = false) {
        let (settling, stopsScroll) = scrollSide.press(overWeb: isOverWeb(viewportY: y), platform: config.platform)
        panCall { $0.touchDown(y: y, now: tick, stopsScroll: stopsScroll, in: $1) }
        if settling { readerScrolled(.pressWhileSettling, tick: tick) }
        if !releasedAtOnce { touchWentDown(x: x, y: y, stopped: scrollSide.pan.pressStoppedMotion) }
    }

    private func pointerMove(x: Double, y: Double) {
        panCall { $0.touchMove(y: y, now: tick, in: $1) }
    }

    private func pointerUp(x: Double, y: Double) {
        let (r, effects) = scrollSide.pan.touchUp(y: y, now: tick, in: scene())
        apply(effects, fromHost: false)
        let touch = scrollSide.pageTouch
        scrollSide.pageTouch = .none
        switch r {
        case .drag: emit(.input(kind: .dragEnd, detail: nil))
        case .tap: tap(x: x, y: y, touchOnPage: touch == .delivered)
        case .none: break
        }
    }

    /// A tap (press and release within the touch slop, E16). The page has the tap's touch start
    /// already when `touchOnPage` (Q19); released off the page, that touch is cancelled.
    private func tap(x: Double, y: Double, touchOnPage: Bool = false) {
        emit(.input(kind: .tap, detail: nil))
        guard isOverWeb(viewportY: y), case .page(let py) = rowContent(Int(y / line)) else {
            if touchOnPage { pageInput(.touchCancel) }
            return
        }
        pageInput(.tap(x: x, y: py))
        if let r = pageSide.page.loadMoreRange, r.contains(py) {
            pageCall { $0.requestMorePosts() }
            return
        }
        let col = Int(x / config.page.cell.width)
        if let href = pageSide.link(atPageY: py, column: col) {
            pageCall { $0.followLink(href) }
        } else if let url = pageSide.mediaURL(atPageY: py) {
            pageCall { $0.handOffMedia(url) }
        }
    }

    /// A wheel turn: notches > 0 = content moves up (P6: 48 pt a notch).
    private func wheel(notches: Int, x: Double, y: Double) {
        guard notches != 0 else { return }
        let drag = config.dragRule.isDrag(.wheel, on: config.platform)
        emit(.input(kind: .wheel, detail: String(notches), drag: drag))
        if isOverWeb(viewportY: y), case .page(let py) = rowContent(Int(y / line)) {
            pageInput(.wheel(x: x, y: py, deltaY: Double(notches) * PhysicsConstants.wheelNotch))
        }
        panCall { $0.easedScroll(by: Double(notches) * PhysicsConstants.wheelNotch, now: tick, input: .wheel, in: $1) }
    }
}
