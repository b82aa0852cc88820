import LiveblogModel
import Embed
import Host
import ScrollPhysics


/// The world: the page, the native list, the host, the pan engine, and virtual time (docs/architecture.md
/// principle 1: only the terminal run loop reads the clock; it hands ticks to the world).
public final class World {
    public internal(set) var config: WorldConfig
    public internal(set) var tick = 0
    public internal(set) var source: Liveblog
    /// The web page in the web row: the emulated one, or another behind the same interface (X1).
    public internal(set) var page: any WebPage {
        didSet { attach(page) }
    }
    /// How the World makes its page (at start and on a reload).
    let makePage: PageMaker
    /// The native list (its rows and its scroll view): the World's one copy, which only it writes
    /// (hosts and the pan engine hand back `ScrollEffect`s, `WorldEffects.swift`).
    public internal(set) var list: NativeList
    public internal(set) var host: JumpHost
    public internal(set) var pan: PanEngine
    /// The latest jump as the front end shows it, and the pull-back rule's lines: an observer of
    /// the trace the World writes (`JumpBook`), not part of the World's own state.
    public internal(set) var jumps = JumpBook()
    /// The latest jump's status (the toolbar's and the timeline's), not a jump itself (App.jump performs one).
    public var jumpStatus: JumpStatus? { jumps.status }
    public var timeline: [(tick: Int, y: Double?)] { jumps.timeline }
    public var marks: [TimelineMark] { jumps.marks }
    public internal(set) var externalLinks: [String] = []
    /// Video and audio URLs handed to the app for the system's player (W3).
    public internal(set) var mediaHandoffs: [String] = []
    /// What the World decided of pull-backs so far: their ticks, and what the run had. The rule
    /// (H5, Q9, Q14) runs over the hook, host, nav and input lines when its finding is asked for
    /// (a check, the fuzzer's oracle), so a run nobody asks about never runs it.
    public var pullBacks: PullBacks.Finding { PullBacks.find(records: jumps.pullBackRecords) }
    /// The jumps' history with the reading positions they left (W2).
    public internal(set) var history = JumpHistory()
    /// A real source's live updates (R3), polled every frame; nil: none.
    public var liveFeed: (any LiveFeed)?
    /// Posts that arrived above the view since the reader was last at the top (R3's pill).
    public internal(set) var newPostsAbove = 0
    /// The loader of a real source (R2), kept for a reload; nil: the simulated network.
    let realLoader: (any ResourceLoader)?
    public internal(set) var indicator = ScrollIndicator()
    /// The link inside the page with keyboard focus (T2: Tab), nil when the list has focus.
    public internal(set) var focusedLink: FocusedLink?
    public var sink: (TraceRecord) -> Void = { _ in }
    /// Posts whose y is wanted in every frame (expectations).
    public var watchedPosts: [String] = []
    public internal(set) var watchedY: [String: Double?] = [:]

    public internal(set) var pendingResizes = FIFO<(tick: Int, height: Double)>()
    /// The host posted work to this frame (`ScrollEffect.post`).
    var hostPostedWork = false
    /// D4: the page's calls on their way to the host over the bridge.
    var bridgeQueue: [(tick: Int, call: BridgeCall)] = []
    var touchStartedOnWeb = false
    /// Q19: how far the finger on the web row got into the page (`WorldTouches.swift`).
    var pageTouch = PageTouch.none
    /// F3: this finger's press stopped a settling list and was a drag (Android): the gesture's one
    /// `drag-begin` is written; its move past the slop is the same drag.
    var pressBeganDrag = false
    var started = false
    var lastReaderDrag: Int?
    /// The reader's latest scroll input (F4), for the scroll state it puts the list in.
    var lastScrollInput: ScrollInput?
    /// restoreAnchor left the list past its bottom until the web row has its new height.
    var anchorPastBottom = false
    /// Drags under way (docs/contract.md `drag`), sampled as they become due (`stepGestures`).
    var gestures: [Gesture] = []

    struct Gesture {
        var startTick: Int
        var steps: Int
        var x: Double
        var y0: Double
        var dy: Double
    }

    public struct FocusedLink: Equatable {
        public var href: String
        public var pageY: Double
        public var text: String
    }

    public var line: Double { config.page.cell.height }
    public var viewportHeight: Double { DeviceLayout.viewportHeight(config) }
    public var insetTop: Double { Double(config.insetTopRows) * line }
    public var insetBottom: Double { Double(config.insetBottomRows) * line }
    /// The visible area between the bars.
    public var visibleHeight: Double { max(line, viewportHeight - insetTop - insetBottom) }
    public var webWidth: Double { DeviceLayout.webWidth(config) }
    /// The world's time in seconds of virtual time (`tick` / 120).
    public var seconds: Double { VirtualClock.seconds(tick) }

    /// `loader`: a real source's (R2); nil: the simulated network of `config.page`. `makePage`: the
    /// page (the emulated `Page` unless given, X1).
    public init(liveblog: Liveblog, config: WorldConfig, loader: (any ResourceLoader)? = nil,
                makePage: PageMaker? = nil) {
        var config = config
        config.page.maxImageHeight = DeviceLayout.imageCap(config)
        self.config = config
        self.source = liveblog
        realLoader = loader
        self.makePage = makePage ?? World.makeEmulatedPage
        let page = self.makePage(PageRequest(config, liveblog: liveblog, page: config.page, firstJumpId: 1,
                                             loader: loader))
        self.page = page
        defer { attach(page) }
        var sv = ScrollView(viewportHeight: DeviceLayout.viewportHeight(config),
                            insetTop: Double(config.insetTopRows) * config.page.cell.height,
                            insetBottom: Double(config.insetBottomRows) * config.page.cell.height)
        sv.pixelScale = DeviceLayout.pixelScale(config)
        list = NativeList(headerRows: config.headerRows, footerRows: config.footerRows, webRowHeight: 0, scrollView: sv,
                          line: config.page.cell.height)
        host = World.jumpHost(for: config)
        pan = PanEngine(target: ListPanTarget())
        page.setHook(config.hook)
        configureMode(keepAnchor: nil)
    }

    // MARK: - Geometry per mode

    func configureMode(keepAnchor anchor: (postIndex: Int, viewportY: Double)?) {
        list.scrollView.viewportHeight = viewportHeight
        list.scrollView.insetTop = insetTop
        list.scrollView.insetBottom = insetBottom
        list.scrollView.stopAnimation()
        pan.stop()
        switch config.mode {
        case .content:
            page.selfScrolling = false
            page.scrollY = 0
            page.viewportHeight = page.contentHeight
            list.headerRows = config.headerRows
            list.footerRows = config.footerRows
            list.setWebRowHeight(page.contentHeight)
            pan.target = ListPanTarget()
        case .nested:
            page.selfScrolling = true
            page.viewportHeight = visibleHeight
            list.headerRows = 0
            list.footerRows = config.footerRows
            list.setWebRowHeight(visibleHeight)
            pan.target = NestedPanRouter()
        case .header:
            page.selfScrolling = true
            page.viewportHeight = visibleHeight
            list.headerRows = 0
            list.footerRows = 0
            list.setWebRowHeight(visibleHeight)
            list.scrollView.offset = list.scrollView.minOffset
            pan.target = HeaderPanTarget()
        }
        // A taller web view (insets off) leaves less to scroll: its position stays in range.
        page.clampScroll()
        pendingResizes.removeAll()
        anchorPastBottom = false
        makeHost()
        applyPhysics()
        if let a = anchor {
            restoreAnchor(a)
        } else if config.mode != .header {
            list.scrollView.offset = list.scrollView.clamp(list.scrollView.minOffset)
        }
    }

    /// The app's jump host for the mode and platform (the World makes it at once, not a naive one first).
    static func jumpHost(for config: WorldConfig) -> JumpHost {
        switch (config.mode, config.platform) {
        case (.content, .ios): IOSJumpHost(scale: DeviceLayout.pixelScale(config))
        case (.content, .android):
            AndroidJumpHost(rangeMode: config.androidRange, density: DeviceLayout.pixelScale(config))
        case (.content, .naive): NaiveJumpHost()
        case (.nested, let p), (.header, let p): SelfScrollHost(platform: p, revealWebView: config.mode == .nested)
        }
    }

    func makeHost() {
        let h = World.jumpHost(for: config)
        // A host made while a jump is held (p, m, i) follows that jump from now on, so a drag
        // after the switch still stops its corrections.
        if let held = page.held, held.arity == 2 {
            h.adopt(jumpId: held.jumpId, now: tick)
            // The reader dragged since that jump started: the new host knows it too.
            if let d = lastReaderDrag, d >= held.startTick { h.readerWillBeginDragging(now: tick) }
        }
        host = h
    }

    /// F2: the law for this platform and mode (or `--physics` / the scenario's `"physics"`).
    func applyPhysics() {
        let list: PhysicsModel.ListKind = config.mode == .content ? .contentSizedRow : .selfScrollingWebView
        pan.physics = config.platform.physics(list: list, override: config.physics)
        // F9: RecyclerView's fling and edge effects run in the device's px (density 1 without one),
        // sized to the list's measured height.
        let density = DeviceLayout.pixelScale(config) ?? 1
        pan.useAndroid(density: density, height: AndroidPixels.size(dp: viewportHeight, density: density))
    }

    /// The law in force (F2).
    public var physics: PhysicsModel { pan.physics }


    /// The reader scrolled with `input` (H5). The host hears a drag only when the platform's
    /// rule (F4, `ReaderDragRule`) says this input is one: scrollViewWillBeginDragging / DRAGGING.
    func readerScrolled(_ input: ScrollInput, tick dragTick: Int) {
        lastScrollInput = input
        if input == .touch && pressBeganDrag {
            // The press put the list in DRAGGING already; RecyclerView.setScrollState(DRAGGING)
            // returns at once when the state is DRAGGING, so the host hears one drag, and the
            // trace has one drag-begin per gesture (issue 30).
            if config.mode != .content && touchStartedOnWeb { pageInput(.drag) }
            return
        }
        let isDrag = config.dragRule.isDrag(input, on: config.platform)
        if input == .pressWhileSettling { pressBeganDrag = isDrag }
        if isDrag {
            lastReaderDrag = dragTick
            list.scrollView.state = .dragging
            host.readerWillBeginDragging(now: dragTick)
        }
        switch input {
        case .touch:
            emit(.input(kind: .dragBegin, detail: nil))
            // Q19: the list takes the finger: a touch the page had is cancelled, a delayed one never comes.
            if pageTouch != .none { listTookTouch() }
            // M2/M3: the web view's own scrolling is the page's input; a drag there ends the hold (E16).
            if config.mode != .content && touchStartedOnWeb { pageInput(.drag) }
        case .pressWhileSettling:
            if isDrag { emit(.input(kind: .dragBegin, detail: "press")) }
        case .wheel, .key:
            break
        }
    }
}
