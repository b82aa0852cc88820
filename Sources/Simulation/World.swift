import LiveblogModel
import Embed
import Host
import ScrollPhysics


/// The world: virtual time over two parts (docs/architecture.md principle 1: only the terminal run
/// loop reads the clock; it hands ticks to the world). The scroll side (`ScrollSide`: the native
/// list, the host, the pan engine, the bridge's queue, the reader's input state) and the page side
/// (`PageSide`: the page, its outbox, its resizes, what it hands over) each own their state; the
/// World is the one way in (`send`, `advance(to:)`), runs the steps in their order, and passes
/// what one side needs of the other explicitly. Its public members read the parts.
public final class World {
    public internal(set) var config: WorldConfig
    /// Virtual time and the order of a step (`Sequencer`).
    var sequencer = Sequencer()
    /// Ticks (120 Hz) since the World was made.
    public var tick: Int { sequencer.tick }
    /// The scroll side: the list, host, pan engine, bridge queue and reader input.
    let scrollSide: ScrollSide
    /// The page side: the page, its outbox, resizes, handoffs, watched posts and live feed.
    let pageSide: PageSide
    /// The latest jump as the front end shows it, and the pull-back rule's lines: an observer of
    /// the trace the World writes (`JumpBook`), not part of the World's own state.
    public internal(set) var jumps = JumpBook()
    /// The jumps' history with the reading positions they left (W2).
    public internal(set) var history = JumpHistory()
    public var sink: (TraceRecord) -> Void = { _ in }

    public struct FocusedLink: Equatable {
        public var href: String
        public var pageY: Double
        public var text: String
    }

    // MARK: - Reading the parts

    public var source: Liveblog { pageSide.source }
    /// The web page in the web row: the emulated one, or another behind the same interface (X1).
    public var page: any WebPage { pageSide.page }
    /// The native list (its rows and its scroll view): the World's one copy, which only its scroll
    /// side writes (hosts and the pan engine hand back `ScrollEffect`s, `WorldEffects.swift`).
    public var list: NativeList { scrollSide.list }
    public var host: JumpHost { scrollSide.host }
    public var pan: PanEngine { scrollSide.pan }
    public var indicator: ScrollIndicator { scrollSide.indicator }
    /// The latest jump's status (the toolbar's and the timeline's), not a jump itself (App.jump performs one).
    public var jumpStatus: JumpStatus? { jumps.status }
    public var timeline: [(tick: Int, y: Double?)] { jumps.timeline }
    public var marks: [TimelineMark] { jumps.marks }
    public var externalLinks: [String] { pageSide.externalLinks }
    /// Video and audio URLs handed to the app for the system's player (W3).
    public var mediaHandoffs: [String] { pageSide.mediaHandoffs }
    /// What the World decided of pull-backs so far: their ticks, and what the run had. The rule
    /// (H5, Q9, Q14) runs over the hook, host, nav and input lines when its finding is asked for
    /// (a check, the fuzzer's oracle), so a run nobody asks about never runs it.
    public var pullBacks: PullBacks.Finding { PullBacks.find(records: jumps.pullBackRecords) }
    /// A real source's live updates (R3), polled every frame; nil: none.
    public var liveFeed: (any LiveFeed)? {
        get { pageSide.liveFeed }
        set { pageSide.liveFeed = newValue }
    }
    /// Posts that arrived above the view since the reader was last at the top (R3's pill).
    public var newPostsAbove: Int { pageSide.newPostsAbove }
    /// The link inside the page with keyboard focus (T2: Tab), nil when the list has focus.
    public var focusedLink: FocusedLink? { pageSide.focusedLink }
    /// Posts whose y is wanted in every frame (expectations), and their y at the latest frame.
    public var watchedPosts: [String] {
        get { pageSide.watchedPosts }
        set { pageSide.watchedPosts = newValue }
    }
    public var watchedY: [String: Double?] { pageSide.watchedY }
    /// Drags under way (the scroll side's).
    var gestures: [ScrollSide.Gesture] { scrollSide.gestures }

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
        pageSide = PageSide(source: liveblog,
                            request: PageRequest(config, liveblog: liveblog, page: config.page, firstJumpId: 1,
                                                 loader: loader),
                            makePage: makePage ?? World.makeEmulatedPage, loader: loader)
        scrollSide = ScrollSide(config: config)
        defer { attach(pageSide.page) }
        pageSide.page.setHook(config.hook)
        configureMode(keepAnchor: nil)
    }

    // MARK: - Geometry per mode

    /// The mode's shape (M1–M3): the list's viewport, the page's shape and the web row it gives
    /// the list, a new host and law; the reading position `anchor` stays.
    func configureMode(keepAnchor anchor: (postIndex: Int, viewportY: Double)?) {
        scrollSide.prepareForMode(viewportHeight: viewportHeight, insetTop: insetTop, insetBottom: insetBottom)
        let rowHeight = pageSide.shape(for: config.mode, visibleHeight: visibleHeight)
        scrollSide.arrangeRows(config, webRowHeight: rowHeight)
        // A taller web view (insets off) leaves less to scroll: its position stays in range.
        pageSide.page.clampScroll()
        pageSide.pendingResizes.removeAll()
        scrollSide.anchorPastBottom = false
        makeHost()
        applyPhysics()
        if let a = anchor {
            restoreAnchor(a)
        } else if config.mode != .header {
            scrollSide.toTop(clamped: true)
        }
    }

    /// A new host for the mode and platform, following the page's held two-argument jump.
    func makeHost() {
        let held = pageSide.page.held.flatMap { $0.arity == 2 ? (jumpId: $0.jumpId, startTick: $0.startTick) : nil }
        scrollSide.makeHost(config, held: held, now: tick)
    }

    /// F2: the law for this platform and mode (or `--physics` / the scenario's `"physics"`).
    func applyPhysics() {
        scrollSide.applyPhysics(config, viewportHeight: viewportHeight)
    }

    /// The law in force (F2).
    public var physics: PhysicsModel { scrollSide.pan.physics }

    /// The reader scrolled with `input` (H5). The host hears a drag only when the platform's
    /// rule (F4, `ReaderDragRule`) says this input is one: scrollViewWillBeginDragging / DRAGGING.
    func readerScrolled(_ input: ScrollInput, tick dragTick: Int) {
        let webDrag = config.mode != .content && scrollSide.touchStartedOnWeb
        guard let isDrag = scrollSide.readerScrolled(input, tick: dragTick, config: config) else {
            // The press put the list in DRAGGING already (issue 30): the page still hears the drag.
            if webDrag { pageInput(.drag) }
            return
        }
        switch input {
        case .touch:
            emit(.input(kind: .dragBegin, detail: nil))
            // Q19: the list takes the finger: a touch the page had is cancelled, a delayed one never comes.
            if scrollSide.pageTouch != .none { listTookTouch() }
            // M2/M3: the web view's own scrolling is the page's input; a drag there ends the hold (E16).
            if config.mode != .content && scrollSide.touchStartedOnWeb { pageInput(.drag) }
        case .pressWhileSettling:
            if isDrag { emit(.input(kind: .dragBegin, detail: "press")) }
        case .wheel, .key:
            break
        }
    }
}
