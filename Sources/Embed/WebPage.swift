import LiveblogModel

/// Input that reaches the page (E16), at page coordinates in CSS px: an engine dispatches it as
/// touch, wheel and key events; the emulated page's rule is that any of it ends a held jump.
public enum PageInput: Sendable, Equatable {
    /// A press released as a tap: its touch start (unless `touchStart` delivered it already) and
    /// its touch end.
    case tap(x: Double, y: Double)
    /// A finger that went down on the web row and reached the page before the list took it
    /// (Q19: Android's RecyclerView hands the down to its child; iOS's scroll view after its
    /// content-touch delay).
    case touchStart(x: Double, y: Double)
    /// The list took that finger for a scroll of its own: the page's touch is cancelled
    /// (Android: ACTION_CANCEL to the child when RecyclerView intercepts; iOS:
    /// `touchesCancelled` when `canCancelContentTouches`).
    case touchCancel
    case wheel(x: Double, y: Double, deltaY: Double)
    case key(String)
    /// A drag of a web view that scrolls itself (M2, M3): the page's own scrolling.
    case drag
    /// Back or forward through the jumps' history (W2).
    case history
}

/// What the World needs of a web page (docs/architecture.md: "a page is an interface"): it loads, steps a frame
/// at a time and leaves its effects as `PageEvent`s in `outbox`, takes input and navigation, and
/// tells where its posts are and what to draw. The emulated `Page` is one implementation, a real
/// browser engine's page (`EngineWebPage`, over Chromium or WebKit) another; the World, the hosts
/// and the trace do not know which one runs. It is five roles, each its own protocol, so a part
/// that needs one role can say so: what the page is and its frames (`PageFrames`), navigation, the
/// hook and input (`PageJumps`), the liveblog's content and loading (`PageContent`), where its
/// posts are and its own scrolling (`PagePositions`), and what the renderer draws (`PageDrawing`).
public typealias WebPage = PageFrames & PageJumps & PageContent & PagePositions & PageDrawing

/// What the page is, its frames and its effects.
public protocol PageFrames: AnyObject {
    var config: PageConfig { get }
    var liveblog: Liveblog { get }
    var origin: String { get }
    var enabledDomains: [String] { get }
    /// The liveblog initialised and shows its posts (E14).
    var isLive: Bool { get }
    /// Posts are laid out (the liveblog is live): what reading positions and anchors read.
    var showsPosts: Bool { get }
    /// The page runs on a clock of its own (a real engine in `view`, X7): the terminal's run loop
    /// collects its events even when nothing else moves. Every page, whatever runs it, hands its
    /// bridge calls over as `PageEvent.bridge` after the `hook` (the app's shim, `AppShim`).
    var runsOnItsOwnClock: Bool { get }
    /// The page cannot go on (its engine crashed or stopped answering, X2): why, in words that
    /// name what it was doing; nil while it runs. The run ends with it (the emulated page fails
    /// only as the stand-in for an engine page that could not be opened).
    var failure: String? { get }
    /// The page tells its own hold ends and its live, removed and stream layouts (the emulated
    /// page and the reference embed; not a page of one's own without the report channel, Q17).
    var reportsItsJumps: Bool { get }
    /// The first frame: the liveblog initialises and reads its fragment (E4).
    func start()
    /// One frame (60 Hz) at `tick` (120 Hz ticks): loads complete, the layout changes, a held jump
    /// is checked and corrected (E10, E11).
    func frame(tick: Int)
    /// Events since the World last drained them.
    var outbox: [PageEvent] { get set }
    /// Set by the World: takes the outbox's leading plain events while a frame runs (B7).
    var drainPlainEvents: (() -> Void)? { get set }
    func log(_ level: String, _ message: String)
    var console: [String] { get }
    var isLoading: Bool { get }
    /// W1: the share of the page's resources loaded.
    var estimatedProgress: Double { get }
}

/// Navigation, the hook and the input that reaches the page (E3–E13, E16).
public protocol PageJumps: AnyObject {
    func navigate(to id: String, topOffset: Double?, via: String)
    func setFragment(_ id: String)
    var hook: HookSignature? { get }
    func setHook(_ hook: HookSignature?)
    var held: JumpSession.HeldJump? { get }
    var lastJumpPostId: String? { get }
    var nextJumpId: Int { get }
    /// Input that reaches the page (E16).
    func input(_ input: PageInput)
    func followLink(_ href: String)
    func handOffMedia(_ url: String)
    /// The liveblog is removed from the page (E11).
    func remove()
    /// The page is unloaded (a reload replaces it).
    func unload()
}

/// The liveblog's content and its loading (L8, R3, I2), and the page's geometry settings (D2, D5).
public protocol PageContent: AnyObject {
    func insertPostsAtTop(_ fresh: [Post])
    /// How many posts arrived at the top (L8); a `LivePostSource` goes on after them.
    var postsInsertedAtTop: Int { get }
    func applySnapshot(_ posts: [Post])
    func applyStreamed(_ posts: StreamedPosts)
    func requestMorePosts()
    func forceLoad(_ id: String) -> Bool
    func requestMedia(visibleFrom y0: Double, to y1: Double)
    var networkProfile: NetworkProfile { get }
    func setNetworkProfile(_ p: NetworkProfile)
    func setGeometry(width: Double, imageCap: Double?)
}

/// Where the posts are (page y, CSS px = pt), and a web view that scrolls itself (M2, M3).
public protocol PagePositions: AnyObject {
    var contentHeight: Double { get }
    var loadedCount: Int { get }
    func exists(_ id: String) -> Bool
    func loadedPostIndex(_ id: String) -> Int?
    func postTop(id: String) -> Double?
    func postTop(index: Int) -> Double
    func postHeight(index: Int) -> Double
    func postIndex(at y: Double) -> Int?
    var loadMoreRange: ClosedRange<Double>? { get }
    var selfScrolling: Bool { get set }
    var scrollY: Double { get set }
    var viewportHeight: Double { get set }
    var maxScrollY: Double { get }
    func clampScroll()
    func clampedScroll(_ y: Double) -> Double
}

/// What the renderer draws.
public protocol PageDrawing: AnyObject {
    /// The renderer is about to draw page y `y0 ..< y1` in `columns` cells from the page's left
    /// edge (once a drawn frame; `items` is also asked for other ranges: hit tests, link focus).
    /// An engine's page captures its pixels for it.
    func prepareToDraw(from y0: Double, to y1: Double, columns: Int)
    func items(from y0: Double, to y1: Double) -> [PageItem]
    /// E15: the horizontal timeline strip.
    var isTimeline: Bool { get }
    var stripX: Int { get }
    var cardPitch: Int { get }
    var cardColumns: Int { get }
    func cardLines(_ i: Int) -> [String]
    func scrollStrip(byCards n: Int)
}

extension PageFrames {
    public var failure: String? { nil }
    public var reportsItsJumps: Bool { true }
}

extension PageDrawing {
    public func prepareToDraw(from y0: Double, to y1: Double, columns: Int) {}
}

extension PagePositions {
    public var maxScrollY: Double { max(0, contentHeight - viewportHeight) }
    public func clampedScroll(_ y: Double) -> Double { min(max(0, y), maxScrollY) }
    public func clampScroll() { if selfScrolling { scrollY = clampedScroll(scrollY) } }
}
