import LiveblogModel
import Embed
import Host
import ScrollPhysics

/// Nested-scroll modes (section 5).
public enum Mode: String, Sendable, CaseIterable {
    case content, nested, header
    public var next: Mode { let a = Mode.allCases; return a[(a.firstIndex(of: self)! + 1) % a.count] }
}

/// Everything a World is set up with (the scenario's settings, or the command line's).
public struct WorldConfig: Sendable {
    public var cols = 80
    public var rows = 24
    public var mode: Mode = .content
    public var platform: Platform = .ios
    public var hook: HookSignature? = try? HookSignature(parsing: "function (top, info) {}")
    public var insetTopRows = 2
    public var insetBottomRows = 1
    public var headerRows = 6
    public var footerRows = 20
    public var page = PageConfig()
    public init() {}
}

/// What a terminal row shows (the renderer draws it; T1).
public enum RowContent: Equatable {
    /// A native row of the list: header (above the web row) or footer (below it), by index.
    case nativeHeader(Int)
    case nativeFooter(Int)
    /// The page at page-y (the centre of the row, U3).
    case page(Double)
    /// M3's collapsing header row, with its fade (1 = opaque).
    case collapsingHeader(Int, fade: Double)
    case empty
}

/// The state of the latest jump, for the toolbar (T1) and the timeline (T4).
public struct JumpStatus: Equatable {
    public var jumpId: Int
    public var postId: String?
    public var startTick: Int
    public var calls = 0
    public var corrections = 0
    public var drops = 0
    public var lastTop: Double?
    public var clamped = false
    public var endedTick: Int?
    public var endReason: String?
}

public struct TimelineMark: Equatable {
    public enum Kind: String { case jump, correction, drop, holdEnd = "hold-end", reaim, settle }
    public var tick: Int
    public var kind: Kind
}

/// The world: the page, the native list, the host, the pan engine, and virtual time (DESIGN
/// principle 1: only the terminal run loop reads the clock; it hands ticks to the world).
public final class World {
    public private(set) var config: WorldConfig
    public private(set) var tick = 0
    public private(set) var source: Liveblog
    public private(set) var page: Page
    public private(set) var listView: ScrollView
    public private(set) var list: NativeList
    public private(set) var host: JumpHost
    public private(set) var pan: PanEngine
    public private(set) var jump: JumpStatus?
    public private(set) var timeline: [(tick: Int, y: Double?)] = []
    public private(set) var marks: [TimelineMark] = []
    public private(set) var externalLinks: [String] = []
    public private(set) var indicator = ScrollIndicator()
    /// The link inside the page with keyboard focus (T2: Tab), nil when the list has focus.
    public private(set) var focusedLink: FocusedLink?
    public var sink: (TraceRecord) -> Void = { _ in }
    /// Posts whose y is wanted in every frame (expectations).
    public var watchedPosts: [String] = []
    public private(set) var watchedY: [String: Double?] = [:]

    private var pendingResizes: [(tick: Int, height: Double)] = []
    private var touchStartedOnWeb = false
    private var dragFromTouch = false
    private var started = false
    private var lastReaderDrag: Int?
    /// restoreAnchor left the list past its bottom until the web row has its new height.
    private var anchorPastBottom = false

    public struct FocusedLink: Equatable {
        public var href: String
        public var pageY: Double
        public var text: String
    }

    public var line: Double { config.page.cell.height }
    public var viewportHeight: Double { Double(config.rows) * line }
    public var insetTop: Double { Double(config.insetTopRows) * line }
    public var insetBottom: Double { Double(config.insetBottomRows) * line }
    /// The visible area between the bars.
    public var visibleHeight: Double { max(line, viewportHeight - insetTop - insetBottom) }
    public var webWidth: Double { Double(config.cols) * config.page.cell.width }
    public var now: Double { VirtualClock.seconds(tick) }

    public init(liveblog: Liveblog, config: WorldConfig) {
        self.config = config
        self.source = liveblog
        let page = Page(liveblog: liveblog, config: config.page, width: Double(config.cols) * config.page.cell.width)
        self.page = page
        let sv = ScrollView(viewportHeight: Double(config.rows) * config.page.cell.height,
                            insetTop: Double(config.insetTopRows) * config.page.cell.height,
                            insetBottom: Double(config.insetBottomRows) * config.page.cell.height)
        listView = sv
        list = NativeList(headerRows: config.headerRows, footerRows: config.footerRows, webRowHeight: 0, scrollView: sv,
                          line: config.page.cell.height)
        host = NaiveJumpHost(list: list)
        pan = PanEngine(target: ListPanTarget(scrollView: sv))
        page.setHook(config.hook)
        configureMode(keepAnchor: nil)
    }

    // MARK: - Geometry per mode

    private func configureMode(keepAnchor anchor: (postIndex: Int, viewportY: Double)?) {
        let sv = listView
        sv.viewportHeight = viewportHeight
        sv.insetTop = insetTop
        sv.insetBottom = insetBottom
        sv.stopAnimation()
        pan.stop()
        switch config.mode {
        case .content:
            page.selfScrolling = false
            page.scrollY = 0
            page.viewportHeight = page.contentHeight
            list.headerRows = config.headerRows
            list.footerRows = config.footerRows
            list.setWebRowHeight(page.contentHeight)
            pan.target = ListPanTarget(scrollView: sv)
        case .nested:
            page.selfScrolling = true
            page.viewportHeight = visibleHeight
            list.headerRows = 0
            list.footerRows = config.footerRows
            list.setWebRowHeight(visibleHeight)
            pan.target = NestedPanRouter(list: sv, webOffset: { [unowned self] in self.page.scrollY },
                                         setWebOffset: { [unowned self] in self.page.scrollY = $0 },
                                         webMaxOffset: { [unowned self] in self.page.maxScrollY })
        case .header:
            page.selfScrolling = true
            page.viewportHeight = visibleHeight
            list.headerRows = 0
            list.footerRows = 0
            list.setWebRowHeight(visibleHeight)
            sv.offset = sv.minOffset
            pan.target = HeaderPanTarget(webOffset: { [unowned self] in self.page.scrollY },
                                         setWebOffset: { [unowned self] in self.page.scrollY = $0 },
                                         webMaxOffset: { [unowned self] in self.page.maxScrollY },
                                         contentHeight: { [unowned self] in self.page.contentHeight },
                                         visibleHeight: { [unowned self] in self.visibleHeight })
        }
        // A taller web view (insets off) leaves less to scroll: its position stays in range.
        page.clampScroll()
        pendingResizes = []
        anchorPastBottom = false
        makeHost()
        wirePan()
        if let a = anchor { restoreAnchor(a) } else if config.mode != .header { sv.offset = sv.clamp(sv.minOffset) }
    }

    private func makeHost() {
        let h: JumpHost
        switch (config.mode, config.platform) {
        case (.content, .ios): h = IOSJumpHost(list: list)
        case (.content, .android): h = AndroidJumpHost(list: list)
        case (.content, .naive): h = NaiveJumpHost(list: list)
        case (.nested, let p), (.header, let p):
            h = SelfScrollHost(platform: p, list: list, revealWebView: config.mode == .nested,
                               setWebOffset: { [unowned self] in self.page.scrollY = $0 },
                               webMaxOffset: { [unowned self] in self.page.maxScrollY })
        }
        h.actions = { [unowned self] a in self.hostAction(a) }
        // A host made while a jump is held (p, m, i) follows that jump from now on, so a drag
        // after the switch still stops its corrections.
        if let held = page.held, held.arity == 2 {
            h.adopt(jumpId: held.jumpId, now: tick)
            // The reader dragged since that jump started: the new host knows it too.
            if let d = lastReaderDrag, d >= held.startTick { h.readerWillBeginDragging(now: tick) }
        }
        host = h
    }

    private func wirePan() {
        pan.onDragBegan = { [unowned self] now in
            self.lastReaderDrag = now
            self.listView.state = .dragging
            self.host.readerWillBeginDragging(now: now)
            if self.dragFromTouch {
                self.emit(.input(kind: "drag-begin", detail: nil))
                // M2/M3: the web view's own scrolling is the page's input; a drag there ends the hold (E16).
                if self.config.mode != .content && self.touchStartedOnWeb { self.pageInput("drag") }
            }
        }
        pan.onSettling = { [unowned self] in self.listView.state = .settling }
        // A spring back after the drag is still the list settling (Android: SETTLING, then IDLE).
        pan.onIdle = { [unowned self] in self.listView.state = self.listView.isAnimating ? .settling : .idle }
    }

    /// The web view's frame in the viewport, its height, and the page's scroll position.
    public var webFrame: (top: Double, height: Double, scroll: Double) {
        switch config.mode {
        case .content:
            return (list.webRowY - listView.offset, list.webRowHeight, 0)
        case .nested:
            return (list.webRowY - listView.offset, visibleHeight, page.scrollY)
        case .header:
            let h = headerHeight
            let s = page.scrollY
            let top = insetTop + h - min(s, h)
            return (top, viewportHeight - insetBottom - top, s)
        }
    }

    /// M3's header: `headerRows` native rows.
    public var headerHeight: Double { Double(config.headerRows) * line }
    /// M3: the header moves up by min(s, h) and fades by 1 − min(s, h)/h.
    public var headerFade: Double {
        let h = headerHeight
        guard h > 0 else { return 0 }
        return 1 - min(page.scrollY, h) / h
    }

    /// Viewport y of a page y.
    public func viewportY(pageY: Double) -> Double {
        let f = webFrame
        return f.top + pageY - f.scroll
    }

    /// A post's top in the viewport minus the top inset (SPEC 9 `post.y`), nil when not laid out.
    public func postY(_ id: String) -> Double? {
        guard let top = page.postTop(id: id) else { return nil }
        return viewportY(pageY: top) - insetTop
    }

    /// What each terminal row shows (U3: row r shows content at offset + 16·r + 8).
    public func rowContent(_ r: Int) -> RowContent {
        let vy = Double(r) * line + line / 2
        switch config.mode {
        case .content:
            let y = listView.offset + vy
            if y < 0 { return .empty }
            if y < list.webRowY { return .nativeHeader(Int(y / line)) }
            if y < list.footerY { return .page(y - list.webRowY) }
            let i = Int((y - list.footerY) / line)
            return i < list.footerRows ? .nativeFooter(i) : .empty
        case .nested:
            let y = listView.offset + vy
            if y < 0 { return .empty }
            if y < list.footerY { return .page(page.scrollY + y) }
            let i = Int((y - list.footerY) / line)
            return i < list.footerRows ? .nativeFooter(i) : .empty
        case .header:
            let f = webFrame
            if vy < insetTop { return .empty }
            if vy < f.top {
                let i = Int((vy - (f.top - headerHeight)) / line)
                return .collapsingHeader(max(0, min(config.headerRows - 1, i)), fade: headerFade)
            }
            return .page(page.scrollY + vy - f.top)
        }
    }

    /// Is the viewport point over the web view?
    public func isOverWeb(viewportY vy: Double) -> Bool {
        guard vy >= insetTop, vy < viewportHeight - insetBottom else { return false }
        if case .page = rowContent(Int(vy / line)) { return true }
        return false
    }

    /// A value for expectations (Scenario.ValueKind).
    public func value(_ k: Scenario.ValueKind) -> Double {
        switch k {
        case .offset: return listView.offset
        case .webOffset: return page.scrollY
        case .webHeight: return list.webRowHeight
        case .overscroll: return max(0, listView.offset - listView.maxOffset)
        case .webRemaining: return config.mode == .content ? 0 : max(0, page.maxScrollY - page.scrollY)
        case .headerShift: return config.mode == .header ? min(page.scrollY, headerHeight) : 0
        case .headerFade: return config.mode == .header ? headerFade : 1
        }
    }

    // MARK: - Anchors (M4, T5)

    /// The post at the top of the visible area and the viewport y of its top (M4, T5).
    public func readingAnchor() -> (postIndex: Int, viewportY: Double)? {
        for r in config.insetTopRows..<max(config.insetTopRows + 1, config.rows - config.insetBottomRows) {
            if case .page(let py) = rowContent(r), let i = page.postIndex(at: py) {
                return (i, viewportY(pageY: page.postTop(index: i)))
            }
        }
        return nil
    }

    private func restoreAnchor(_ a: (postIndex: Int, viewportY: Double)) {
        guard a.postIndex < page.loadedCount else { return }
        // Self-scrolling web views: the list rests at its top (the web view in full view) first.
        if config.mode != .content { listView.offset = listView.minOffset }
        // Bring the post's top back to the same viewport y, so it stays on the same row.
        let shift = viewportY(pageY: page.postTop(index: a.postIndex)) - a.viewportY
        switch config.mode {
        case .content:
            // Not above the top; below the bottom is allowed until the web row has its new height
            // (a narrower page grows a resize callback later, E2), and frame() brings it back into
            // the range then: a RecyclerView's or collection view's layout leaves no gap below
            // the content, and Android's resize path (ScrollView.keepInRange) leaves an offset
            // already past the bottom alone. With no resize coming (other insets, the same width)
            // the range holds at once. An overscroll naive left is not ours to clamp (H3).
            let inRange = listView.offset <= listView.maxOffset + 0.5
            var y = max(listView.minOffset, listView.offset + shift)
            let resizeComing = page.contentHeight != list.webRowHeight || !pendingResizes.isEmpty
            if inRange && !resizeComing { y = listView.clamp(y) }
            listView.offset = y
            anchorPastBottom = inRange && y > listView.maxOffset
        case .nested, .header:
            page.scrollY = page.clampedScroll(page.scrollY + shift)
        }
    }

    // MARK: - Trace

    private func emit(_ e: TraceEvent) { sink(TraceRecord(tick: tick, event: e)) }

    private func hostAction(_ a: HostAction) {
        emit(.host(a))
        guard var j = jump, j.jumpId == a.jumpId || a.jumpId == 0 else { return }
        switch a.kind {
        case .drop: j.drops += 1; marks.append(TimelineMark(tick: tick, kind: .drop))
        case .reaim: marks.append(TimelineMark(tick: tick, kind: .reaim))
        case .settle: marks.append(TimelineMark(tick: tick, kind: .settle))
        case .scroll: break
        }
        if let c = a.clamped { j.clamped = c }
        jump = j
    }

    private func drainPage() {
        while !page.outbox.isEmpty {
            let events = page.outbox
            page.outbox = []
            for e in events { handle(e) }
        }
    }

    private func handle(_ e: PageEvent) {
        switch e {
        case let .hook(jumpId, top, correction, args, threw):
            emit(.hook(jumpId: jumpId, top: top, correction: correction, args: args, threw: threw))
            if !correction || jump?.jumpId != jumpId {
                jump = JumpStatus(jumpId: jumpId, postId: page.held?.postId ?? page.lastJumpPostId, startTick: tick)
                timeline = []
                marks = [TimelineMark(tick: tick, kind: .jump)]
            }
            jump?.calls += 1
            if correction { jump?.corrections += 1; marks.append(TimelineMark(tick: tick, kind: .correction)) }
            jump?.lastTop = top
            guard !threw else { return }
            // The app's JS shim: (top, !!(info && info.correction), (info && info.jumpId) || 0).
            if args >= 2 {
                host.scrollRequest(top: top, correction: correction, jumpId: jumpId, now: tick)
            } else {
                host.scrollRequest(top: top, correction: false, jumpId: 0, now: tick)
            }
        case let .holdEnd(jumpId, reason):
            emit(.holdEnd(jumpId: jumpId, reason: reason.rawValue))
            if jump?.jumpId == jumpId || jump == nil {
                if jump == nil { jump = JumpStatus(jumpId: jumpId, postId: page.lastJumpPostId, startTick: tick) }
                jump?.endedTick = tick
                jump?.endReason = reason.rawValue
                marks.append(TimelineMark(tick: tick, kind: .holdEnd))
            }
        case let .console(level, message):
            emit(.console(level: level, message: message))
        case let .nav(id, result, via):
            emit(.nav(id: id, result: result.rawValue, via: via))
            if result == .found, page.hook == nil || page.held?.arity == nil {
                // A jump without a hook still shows in the toolbar and timeline.
                if let h = page.held, h.postId == id, jump?.jumpId != h.jumpId {
                    jump = JumpStatus(jumpId: h.jumpId, postId: id, startTick: tick)
                    timeline = []
                    marks = [TimelineMark(tick: tick, kind: .jump)]
                }
            }
        case let .layout(height, cause):
            emit(.layout(webHeight: height, cause: cause))
            if config.mode == .content {
                pendingResizes.append((tick + config.page.resizeLatency * VirtualClock.ticksPerFrame, height))
            }
        case let .externalLink(url):
            externalLinks.append(url)
            emit(.external(url: url))
        }
    }

    // MARK: - Time

    /// Runs the world up to `target` (ticks at 120 Hz); frames at 60 Hz.
    public func advance(to target: Int) {
        if !started { start() }
        while tick < target { step() }
    }

    /// First frame: the page initialises and reads its fragment (E4).
    private func start() {
        started = true
        if config.mode == .content { list.setWebRowHeight(page.contentHeight) }
        page.start()
        drainPage()
    }

    private func step() {
        tick += 1
        pan.step(now: tick)
        listView.step(now: tick)
        if listView.state == .settling, !listView.isAnimating, !pan.isMoving { listView.state = .idle }
        if pan.lastMovementTick == tick { indicator.noteMovement(at: now) }
        if tick % VirtualClock.ticksPerFrame == 0 { frame() }
    }

    private func frame() {
        host.frame(now: tick)
        page.frame(now: tick)
        drainPage()
        while let r = pendingResizes.first, r.tick <= tick {
            pendingResizes.removeFirst()
            if r.height != list.webRowHeight { host.webRowResized(to: r.height, now: tick) }
        }
        if anchorPastBottom, pendingResizes.isEmpty {
            // The web row has the page's height: the kept reading position comes into the range
            // (a motion or a touch under way settles itself).
            anchorPastBottom = false
            if !listView.isAnimating, !pan.isMoving, !pan.isTouching { listView.offset = listView.clamp(listView.offset) }
        }
        if config.mode == .content { page.viewportHeight = list.webRowHeight }
        if config.page.lazyMedia {
            let f = webFrame
            let top = f.scroll - f.top
            page.requestMedia(visibleFrom: top - visibleHeight, to: top + viewportHeight + visibleHeight)
        }
        var postId: String? = jump?.postId ?? page.lastJumpPostId
        var y: Double? = nil
        if let id = postId { y = postY(id) } else { postId = nil }
        if jump != nil, tick - (jump?.startTick ?? 0) <= 15 * VirtualClock.ticksPerSecond { timeline.append((tick, y)) }
        for id in watchedPosts { watchedY[id] = postY(id) }
        emit(.frame(offset: listView.offset, webOffset: page.scrollY, webHeight: list.webRowHeight, postId: postId, postY: y))
    }

    /// A web-row resize is waiting for its callback (E2).
    public var hasPendingResize: Bool { !pendingResizes.isEmpty }

    /// Is anything moving or loading, so the run loop must keep drawing (T7)?
    public var isBusy: Bool {
        pan.isMoving || listView.isAnimating || page.held != nil || !pendingResizes.isEmpty || page.isLoading
            || indicator.isVisible(at: now)
    }

    // MARK: - Inputs

    /// navigateToEventId from the app (E3).
    public func jump(to id: String, topOffset: Double? = nil) {
        page.navigate(to: id, topOffset: topOffset, via: "api")
        drainPage()
    }

    public func setFragment(_ id: String) {
        page.setFragment(id)
        drainPage()
    }

    public func setHook(_ h: HookSignature?) {
        config.hook = h
        page.setHook(h)
        emit(.setting(name: "hook", value: h?.source ?? "none"))
        drainPage()
    }

    public func removeLiveblog() {
        page.remove()
        drainPage()
    }

    public func addLivePosts(_ n: Int) {
        page.insertPostsAtTop(LivePostSource.next(n, for: page))
        drainPage()
    }

    public func forceLoad(_ id: String) -> Bool {
        let ok = page.forceLoad(id)
        drainPage()
        return ok
    }

    private func pageInput(_ kind: String) {
        page.readerInput(kind)
        drainPage()
    }

    /// Pointer (mouse or finger) in viewport points.
    public func pointerDown(x: Double, y: Double) {
        touchStartedOnWeb = isOverWeb(viewportY: y)
        dragFromTouch = true
        pan.touchDown(y: y, now: tick)
        dragFromTouch = false
    }

    public func pointerMove(x: Double, y: Double) {
        dragFromTouch = true
        pan.touchMove(y: y, now: tick)
        dragFromTouch = false
    }

    public func pointerUp(x: Double, y: Double) {
        dragFromTouch = true
        let r = pan.touchUp(y: y, now: tick)
        dragFromTouch = false
        switch r {
        case .drag: emit(.input(kind: "drag-end", detail: nil))
        case .tap: tap(x: x, y: y)
        case .none: break
        }
    }

    /// A tap (press and release within the touch slop, E16).
    private func tap(x: Double, y: Double) {
        emit(.input(kind: "tap", detail: nil))
        guard isOverWeb(viewportY: y), case .page(let py) = rowContent(Int(y / line)) else { return }
        pageInput("tap")
        if let r = page.loadMoreRange, r.contains(py) { page.requestMorePosts(); drainPage(); return }
        let col = Int(x / config.page.cell.width)
        if let href = link(atPageY: py, column: col) {
            page.followLink(href)
            drainPage()
        }
    }

    /// The link under a page point, if any.
    public func link(atPageY py: Double, column: Int) -> String? {
        for it in page.items(from: py, to: py + 0.5) {
            guard let runs = it.textRuns else { continue }
            var c = it.indent
            for run in runs {
                let w = TextWidth.width(run.text)
                if let href = run.link, column >= c, column < c + w { return href }
                c += w
            }
        }
        return nil
    }

    /// A wheel turn: notches > 0 = content moves up (P6: 48 pt a notch).
    public func wheel(notches: Int, x: Double, y: Double) {
        guard notches != 0 else { return }
        emit(.input(kind: "wheel", detail: String(notches)))
        if isOverWeb(viewportY: y) { pageInput("wheel") }
        pan.easedScroll(by: Double(notches) * PhysicsConstants.wheelNotch, now: tick)
    }

    public static let scrollKeys: Set<String> = ["j", "k", "Down", "Up", "space", "b", "PageDown", "PageUp",
                                                 "g", "G", "Home", "End", "J", "K"]
    public static let worldKeys: Set<String> = scrollKeys.union(["Tab", "BackTab", "Enter", "Escape", "Left", "Right", "m", "p", "o", "n", "i", "l", "r"])

    /// A key (T2). Returns false for keys the world does not handle (UI keys).
    @discardableResult
    public func key(_ name: String) -> Bool {
        guard World.worldKeys.contains(name) else { return false }
        emit(.input(kind: "key", detail: name))
        if focusedLink != nil, name != "Escape" { pageInput("key") }
        let pageStep = max(line, visibleHeight - line)
        switch name {
        case "j", "Down": pan.easedScroll(by: line, now: tick)
        case "k", "Up": pan.easedScroll(by: -line, now: tick)
        case "space", "PageDown": pan.easedScroll(by: pageStep, now: tick)
        case "b", "PageUp": pan.easedScroll(by: -pageStep, now: tick)
        case "g", "Home": pan.easedScroll(by: pan.target.room(contentUp: false), now: tick, homeEnd: true)
        case "G", "End": pan.easedScroll(by: pan.target.room(contentUp: true), now: tick, homeEnd: true)
        case "J": pan.fling(contentVelocity: PhysicsConstants.flingKeyVelocity, now: tick)
        case "K": pan.fling(contentVelocity: -PhysicsConstants.flingKeyVelocity, now: tick)
        case "Tab": moveFocus(1)
        case "BackTab": moveFocus(-1)
        case "Escape": focusedLink = nil
        case "Left", "Right":
            // The timeline strip scrolls sideways inside the page: the key reaches the page (E15, E16).
            if page.isTimeline {
                if focusedLink == nil { pageInput("key") }
                page.scrollStrip(byCards: name == "Left" ? -1 : 1)
            }
        case "Enter":
            if let f = focusedLink { page.followLink(f.href); drainPage() }
        case "m": setMode(config.mode.next)
        case "p": setPlatform(config.platform.next)
        case "o": cycleHook()
        case "n": setNetwork(page.networkProfile.next)
        case "i": setInsets(top: config.insetTopRows == 0 ? 2 : 0, bottom: config.insetBottomRows == 0 ? 1 : 0)
        case "l": addLivePosts(1)
        case "r": reload()
        default: break
        }
        return true
    }

    /// Tab moves focus through the links in view, then back to the list (T2).
    private func moveFocus(_ dir: Int) {
        var links: [FocusedLink] = []
        let top = webFrame.scroll - webFrame.top + insetTop
        for it in page.items(from: top, to: top + visibleHeight) {
            guard let runs = it.textRuns else { continue }
            for r in runs where r.link != nil {
                if let last = links.last, last.href == r.link!, last.pageY == it.y { continue }
                links.append(FocusedLink(href: r.link!, pageY: it.y, text: r.text))
            }
        }
        guard !links.isEmpty else { focusedLink = nil; return }
        if let f = focusedLink, let i = links.firstIndex(of: f) {
            let j = i + dir
            focusedLink = (j >= 0 && j < links.count) ? links[j] : nil
        } else {
            focusedLink = dir > 0 ? links.first : links.last
        }
    }

    public static let hookChoices = ["function (top, info) {}", "function (top) {}",
                                     "function (top, info = {}) {}", "function (top, info) { throw new Error(\"hook failed\") }"]

    private func cycleHook() {
        let cur = config.hook?.source
        let all: [String?] = World.hookChoices.map { Optional($0) } + [nil]
        let i = all.firstIndex(where: { $0 == cur }) ?? (all.count - 1)
        let next = all[(i + 1) % all.count]
        setHook(next.flatMap { try? HookSignature(parsing: $0) })
    }

    // MARK: - Settings at run time

    public func setMode(_ m: Mode) {
        let anchor = readingAnchor()
        config.mode = m
        if m == .content { page.scrollY = 0 }
        configureMode(keepAnchor: anchor)
        emit(.setting(name: "mode", value: m.rawValue))
    }

    public func setPlatform(_ p: Platform) {
        config.platform = p
        makeHost()
        emit(.setting(name: "platform", value: p.rawValue))
    }

    public func setNetwork(_ n: NetworkProfile) {
        page.setNetworkProfile(n)
        emit(.setting(name: "network", value: n.rawValue))
    }

    public func setInsets(top: Int, bottom: Int) {
        let anchor = readingAnchor()
        config.insetTopRows = max(0, top)
        config.insetBottomRows = max(0, bottom)
        configureMode(keepAnchor: anchor)
        emit(.setting(name: "insets", value: "\(top),\(bottom)"))
    }

    /// Terminal resize (T5): the page re-lays at the new width and the reading position stays.
    public func resize(cols: Int, rows: Int) {
        let c = max(1, cols), r = max(1, rows)
        guard c != config.cols || r != config.rows else { return }
        let anchor = readingAnchor()
        config.cols = c
        config.rows = r
        emit(.input(kind: "resize", detail: "\(c)x\(r)"))
        page.setWidth(Double(c) * config.page.cell.width)
        listView.viewportHeight = viewportHeight
        switch config.mode {
        case .content: break
        case .nested, .header:
            page.viewportHeight = visibleHeight
            list.setWebRowHeight(visibleHeight)
            page.clampScroll()
        }
        if let a = anchor { restoreAnchor(a) }
        drainPage()
    }

    /// r: the page loads again from the start (fresh network, same settings).
    public func reload() {
        var pc = config.page
        pc.networkProfile = page.networkProfile
        // The old page's hold ends; the new page's jumpIds go on from the old one's (E9, E11).
        page.unload()
        drainPage()
        let p = Page(liveblog: source, config: pc, width: webWidth, firstJumpId: page.nextJumpId)
        page = p
        p.setHook(config.hook)
        jump = nil
        timeline = []
        marks = []
        focusedLink = nil
        configureMode(keepAnchor: nil)
        list.setWebRowHeight(config.mode == .content ? p.contentHeight : visibleHeight)
        emit(.setting(name: "reload", value: "1"))
        p.start()
        drainPage()
    }
}
