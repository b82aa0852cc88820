import Embed
import EngineProcess
import LiveblogModel
import TextCells

/// A real engine's page as the World's `WebPage` (X1): the World, the hosts and the trace run on
/// it unchanged. Each call goes to the engine's page (`PageDriver`); its events become the page's (`.bridge` for
/// what crossed the platform's bridge, `.engine` for the engine's own, X10). The first engine
/// error ends the page: `failure` says what it was doing, every later call does nothing (X2).
/// What the terminal draws is the engine's text layout (`EngineWebPageLayout`) or, on a terminal
/// with pixel graphics, the engine's own pixels in row tiles (`tiles`, `PageTiles`).
public final class EngineWebPage: WebPage {
    /// The engine's page: Chromium's (`EnginePage`, module Chromium) or WebKit's (`WebKitPage`,
    /// module WebKitEngine); this module names neither.
    public let driver: any PageDriver
    public let config: PageConfig
    /// The liveblog the page was opened with (a page of one's own: no posts).
    public private(set) var source: Liveblog
    var shown: (ids: [String], version: Int, liveblog: Liveblog)?
    /// The emulated rendering of the same liveblog: only its posts' text items are read.
    let shadow: Page
    /// The hook the World's default means: the seed's shim for the platform (X5).
    let defaultHook: HookSignature?
    public private(set) var hook: HookSignature?
    public var outbox: [PageEvent] = []
    public var drainPlainEvents: (() -> Void)?
    public private(set) var console: [String] = []
    public private(set) var held: JumpSession.HeldJump?
    public private(set) var lastJumpPostId: String?
    /// Q17: only the reference embed (and a page speaking its report channel) tells hold ends.
    public var reportsItsJumps: Bool { driver.speaksProtocol }
    public private(set) var nextJumpId: Int
    public private(set) var postsInsertedAtTop = 0
    public private(set) var failure: String?
    public var selfScrolling = false
    public var scrollY: Double = 0 { didSet { if selfScrolling, !followingPage, scrollY != oldValue { scrollPage() } } }
    /// Set while `scrollY` takes the page's own scroll (nothing is sent back to the page).
    private var followingPage = false
    /// The World scrolled the web view since the last frame (its offset rules that frame).
    private var scrolledByWorld = false
    /// The engine's own offset at the last frame's end (nil: not read yet).
    private var lastPageScroll: Double?
    public var viewportHeight: Double = 0
    /// X9: the engine's pixels for a terminal with pixel graphics (nil: its text layout).
    public var tiles: PageTiles?
    /// V5: the cells a page row has from the page's left edge (the last frame's, else the page's width's).
    var drawnColumns: Int?
    var lastTapTick: Int?
    var unsupportedNoted: Set<String> = []

    /// `engine`: a page opened (and ready); `hook`: the one it was opened with.
    public init(engine: any PageDriver, liveblog: Liveblog, config: PageConfig, width: Double, firstJumpId: Int,
                hook: HookSignature?, defaultHook: HookSignature?) {
        driver = engine
        source = liveblog
        self.config = config
        self.hook = hook
        self.defaultHook = defaultHook
        nextJumpId = firstJumpId
        var sc = config
        sc.pageSize = 0
        sc.deepLinkLimit = 0
        sc.networkProfile = .instant
        shadow = Page(liveblog: liveblog, config: sc, width: width)
        shadow.setHook(nil)
        shadow.start()
        shadow.outbox = []
        collect()
        noteDeepLinkAtLoad()
        fitViewport()
    }

    /// Q19: a page of one's own opened with a deep link (`#tickaroo_event_id=ID`, from its URL or
    /// the scenario's `url`) ran its own jump at load; the trace names it as the reference embed
    /// would: a nav line via the fragment (found when the post selector finds the post).
    private func noteDeepLinkAtLoad() {
        guard !driver.speaksProtocol, failure == nil, let id = PageURL.fragmentId(driver.url) else { return }
        lastJumpPostId = id
        let found = ((try? attemptThrowing { try driver.postTop(id: id) }) ?? nil) != nil
        outbox.insert(.nav(id: id, result: found ? .found : .notFound, via: "fragment"), at: 0)
    }

    /// The engine hook for the World's hook: its default is the platform's shim; another is the
    /// function's text, whose calls the app hears of too (as the emulated World delivers them).
    public static func engineHook(_ h: HookSignature?, defaultHook: HookSignature?) -> EngineHook? {
        guard let h else { return nil }
        return h == defaultHook ? .shim : .custom(runnable(h.source), forwardToApp: true)
    }

    /// A signature without a body (`function (top, info)`, as `--hook` takes it) gets an empty one.
    static func runnable(_ source: String) -> String {
        let s = source.trimmingCharacters(in: .whitespacesAndNewlines)
        return s.hasSuffix(")") || s.hasSuffix("=>") ? s + " {}" : s
    }

    // MARK: - What the page is

    public var origin: String { config.url.flatMap(PageURL.host(of:)) ?? "www.example.com" }
    public var enabledDomains: [String] { config.enabledDomains ?? [origin] }
    public var isLive: Bool { driver.initialized && failure == nil }
    public var showsPosts: Bool { isLive }
    public var runsOnItsOwnClock: Bool { true }
    public var isLoading: Bool { driver.isLoading }
    public var estimatedProgress: Double { driver.estimatedProgress }
    public var networkProfile: NetworkProfile { driver.networkProfile }

    // MARK: - Frames and effects

    /// The engine ran the page's load already (a deep link at load waits in its outbox).
    public func start() { collect() }

    public func frame(tick: Int) {
        let first = outbox.count
        attempt { try driver.frame(tick: tick) }
        collect()
        // X7: an image's error event and the frame's layout report race inside the engine (its
        // decoding runs on threads of its own); the frame's console lines follow its other events.
        let batch = outbox[first...]
        outbox.replaceSubrange(first..., with: batch.filter { !$0.isConsole } + batch.filter(\.isConsole))
        fitViewport()
        followPageScroll()
    }

    /// E12 and scroll anchoring in an engine: a web view that scrolls itself shows its page where
    /// the page and its engine put it (the page's own `scrollTo`, Blink's CSS scroll anchoring
    /// while images above load), so its offset is read back after every frame. Only a move of the
    /// page's own counts: the engine's offset changed between two frames' ends with no scroll of
    /// the World's between them (its pans and animations; the engine's rounding or clamping of
    /// the World's offset is no move). Not with Chromium's pixel tiles (X9, `view`): a capture of
    /// its pixels can move its scroll by itself (800 → 0 in PageTilesTests, when the capture ends
    /// after the World's scroll), so the World's offset rules and is put back where the page left
    /// it (taps and wheel turns go to page coordinates the World computes from it); WebKit's
    /// snapshot leaves the scroll alone (`PagePixels.capturesKeepScroll`, X14).
    func followPageScroll() {
        let keeps = tiles == nil || (driver as? PagePixels)?.capturesKeepScroll == true
        guard selfScrolling, failure == nil, let g = try? attemptThrowing({ try driver.geometry() }) else {
            lastPageScroll = nil
            return
        }
        guard keeps else {
            lastPageScroll = nil
            if abs(g.scrollY - scrollY) > Self.pageScrollSlop { scrollPage() }
            return
        }
        let last = lastPageScroll, byWorld = scrolledByWorld
        lastPageScroll = g.scrollY
        scrolledByWorld = false
        // The first read too: a page that moved itself before it (a deep link's jump during the
        // load, which real time can finish before the first frame) is where the page put it.
        guard !byWorld, last.map({ abs(g.scrollY - $0) > Self.pageScrollSlop }) ?? true,
              abs(g.scrollY - scrollY) > Self.pageScrollSlop else { return }
        followingPage = true
        scrollY = g.scrollY
        followingPage = false
    }

    /// A content-sized web view is as tall as its content (E2), so every post is in the engine's
    /// viewport and input reaches it at page coordinates; one that scrolls itself is the list's.
    func fitViewport() {
        let h = selfScrolling ? viewportHeight : driver.contentHeight
        guard h > 0, h != driver.viewportHeight, failure == nil else { return }
        attempt { try driver.setViewportHeight(h) }
        collect()
    }

    public func log(_ level: String, _ message: String) {
        append(.console(level: level, message: Sanitizer.clean(message)))
    }

    // MARK: - Navigation and the hook

    public func navigate(to id: String, topOffset: Double?, via: String) {
        lastJumpPostId = id
        attempt { try driver.navigate(to: id, topOffset: topOffset) }
        collect()
    }

    /// The fragment (E4): a jump to its post, which the trace's lines name (Q18). A page that does
    /// not report its own navigations (a page of one's own) gets its nav line here (Q19): found
    /// when its post selector finds the post.
    public func setFragment(_ id: String) {
        lastJumpPostId = id
        attempt { try driver.setFragment(id) }
        if failure == nil, !driver.speaksProtocol {
            let found = ((try? attemptThrowing { try driver.postTop(id: id) }) ?? nil) != nil
            append(.nav(id: id, result: found ? .found : .notFound, via: "fragment"))
        }
        collect()
    }

    public func setHook(_ h: HookSignature?) {
        guard h != hook else { return }
        hook = h
        attempt { try driver.setHook(EngineWebPage.engineHook(h, defaultHook: defaultHook)) }
        collect()
    }

    /// E16, X6: a tap, a wheel turn or a key reaches the page as the engine's own input events.
    public func input(_ input: PageInput) {
        switch input {
        case let .tap(x, y):
            lastTapTick = driver.tick
            attempt { try driver.tap(x: x, y: y - scrollY) }
        case let .touchStart(x, y):
            guard driver.capabilities.contains(.touchEvents) else {
                unsupported("a touch on the web row is not sent to this engine: it has no touch events (WebKitGTK "
                            + "without a touchscreen; a tap arrives as a click)")
                break
            }
            attempt { try driver.touchStart(x: x, y: y - scrollY) }
        case .touchCancel:
            if driver.capabilities.contains(.touchEvents) { attempt { try driver.touchCancel() } }
        case let .wheel(x, y, deltaY): attempt { try driver.wheel(x: x, y: y - scrollY, deltaY: deltaY) }
        case let .key(k): attempt { try driver.key(k) }
        case .drag, .history: unsupported("a drag of a web view that scrolls itself and the history keys "
                                          + "are not dispatched into the engine")
        }
        collect()
    }

    /// The tap that follows a link reached the page already (the engine follows it, E14); a link
    /// followed from the keyboard (T2) is the page's own link clicked in the engine (X9), the one
    /// with that target nearest to where the terminal shows it; one the page no longer has goes
    /// to the app.
    public func followLink(_ href: String) {
        guard lastTapTick != driver.tick else { return }
        let y = driver.layoutCache?.runs.first { $0.href == href }?.y ?? scrollY
        let found = (try? attemptThrowing { try driver.activateLink(href, nearY: y) }) ?? nil
        if found != true { append(.externalLink(Sanitizer.clean(href))) }
        collect()
    }

    public func handOffMedia(_ url: String) {
        guard lastTapTick != driver.tick else { return }
        append(.mediaHandoff(Sanitizer.clean(url)))
    }

    public func remove() {
        attempt { try driver.remove() }
        collect()
    }

    /// A reload: the liveblog goes (its hold ends as removed) and the engine's page closes.
    public func unload() {
        remove()
        driver.close()
    }

    // MARK: - Content

    public func insertPostsAtTop(_ fresh: [Post]) {
        attempt { try driver.insertPostsAtTop(fresh) }
        source.posts.insert(contentsOf: fresh, at: 0)
        shadow.insertPostsAtTop(fresh)
        shadow.outbox = []
        postsInsertedAtTop += fresh.count
        collect()
    }

    public func applySnapshot(_ posts: [Post]) { unsupported("live snapshots (R3) are not in the reference embed") }
    public func applyStreamed(_ posts: StreamedPosts) {
        unsupported("streamed posts (R3) are not in the reference embed")
    }

    public func requestMorePosts() {
        attempt { try driver.requestMorePosts() }
        collect()
    }

    public func forceLoad(_ id: String) -> Bool {
        let done = (try? attemptThrowing { try driver.forceLoad(id) }) ?? false
        collect()
        return done
    }

    /// The engine loads what its page asks for; the list's visible range is no concern of it.
    public func requestMedia(visibleFrom y0: Double, to y1: Double) {}

    public func setNetworkProfile(_ p: NetworkProfile) { driver.setNetworkProfile(p) }

    public func setGeometry(width: Double, imageCap: Double?) {
        attempt { try driver.setWidth(width) }
        shadow.setGeometry(width: width, imageCap: imageCap)
        shadow.outbox = []
        collect()
    }

    // MARK: - Events

    func attempt(_ body: () throws -> Void) {
        _ = try? attemptThrowing(body)
    }

    /// Runs an engine call unless the page failed; an engine error (not a refused command) fails it.
    func attemptThrowing<T>(_ body: () throws -> T) throws -> T? {
        guard failure == nil else { return nil }
        do {
            return try body()
        } catch let e as EngineError {
            if case .commandFailed = e {
                append(.console(level: "error", message: Sanitizer.clean(e.description)))
                return nil
            }
            failure = e.description
            throw e
        }
    }

    /// Takes the engine's events into the outbox, a navigation's result before the hook calls
    /// its jump made (Q18: the page calls the hook inside `navigateToEventId`, before its Promise
    /// settles, but the trace tells the jump first, as the emulated page does).
    func collect() {
        let events = EngineWebPage.navsFirst(driver.outbox)
        driver.outbox = []
        for e in events {
            switch e {
            case let .page(p): append(p)
            case let .bridge(b): append(.bridge(top: b.call.top, correction: b.call.correction, jumpId: b.call.jumpId))
            case let .engine(n): append(.engine(EngineWebPage.note(n)))
            }
        }
    }

    /// Each nav result moved before the first calls of a jump that came since the previous nav.
    static func navsFirst(_ events: [EngineEvent]) -> [EngineEvent] {
        var out: [EngineEvent] = []
        var firstCall: Int?
        for e in events {
            switch e {
            case .page(.hook(_, _, false, _, _)):
                if firstCall == nil { firstCall = out.count }
                out.append(e)
            case .page(.nav):
                if let i = firstCall { out.insert(e, at: i) } else { out.append(e) }
                firstCall = nil
            default:
                out.append(e)
            }
        }
        return out
    }

    static func note(_ n: EngineNotice) -> EngineNote {
        switch n {
        case let .start(product): return EngineNote(.start, product)
        case let .navigation(url): return EngineNote(.navigation, url)
        case let .crash(message): return EngineNote(.crash, message)
        case let .note(message): return EngineNote(.note, message)
        }
    }

    /// One event: the console and the held jump follow it as the emulated page's do.
    func append(_ e: PageEvent) {
        switch e {
        case let .console(level, message):
            console.append("[\(level)] \(message)")
            if console.count > PageConsole.capacity { console.removeFirst(console.count - PageConsole.capacity) }
        case let .hook(jumpId, top, correction, args, _):
            track(jumpId: jumpId, top: top, correction: correction, args: args)
        case let .holdEnd(jumpId, _):
            if held?.jumpId == jumpId { held = nil }
        default: break
        }
        outbox.append(e)
    }

    private func track(jumpId: Int, top: Double, correction: Bool, args: Int) {
        nextJumpId = max(nextJumpId, jumpId + 1)
        if correction, var h = held, h.jumpId == jumpId {
            h.lastCallTick = driver.tick
            h.lastSentTop = top
            held = h
        } else if !correction {
            held = JumpSession.HeldJump(jumpId: jumpId, postId: lastJumpPostId ?? "", topOffset: 0,
                                        startTick: driver.tick, lastCallTick: driver.tick, lastSentTop: top,
                                        arity: hook?.arity)
        }
    }

    /// What the engine cannot do of the emulated page's repertoire: one engine note each.
    func unsupported(_ what: String) {
        guard unsupportedNoted.insert(what).inserted else { return }
        append(.engine(EngineNote(.note, what)))
    }

    /// CSS px: an engine rounds a scroll offset to its pixels and clamps it to its document.
    static let pageScrollSlop = 1.0

    private func scrollPage() {
        scrolledByWorld = true
        attempt { try driver.scrollTo(scrollY) }
    }
}

extension PageEvent {
    var isConsole: Bool {
        if case .console = self { return true }
        return false
    }
}
