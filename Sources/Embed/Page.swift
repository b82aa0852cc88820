import LiveblogModel

/// The emulated liveblog page inside the web view (section 2). Not a browser: it lays out the
/// posts at the web row's width, loads media, and runs the jump protocol exactly. A facade over
/// its parts: `PostCatalog` (which posts), `PageLayout` (where they are), a `ResourceLoader`
/// (media, embeds, pages), `JumpSession` (E3–E13), `TimelineStrip` (E15), `PageConsole`.
/// Effects leave as values in `outbox`, drained by the world.
public final class Page: WebPage {
    public typealias HeldJump = JumpSession.HeldJump

    public internal(set) var config: PageConfig
    public private(set) var lifecycle: Lifecycle
    public internal(set) var width: Double
    /// The current tick (120 Hz) of the last frame.
    public internal(set) var tick = 0

    var catalog: PostCatalog
    var layout: PageLayout
    var media = PageMedia()
    /// `estimatedProgress` (W1).
    var progress = PageProgress()
    var loader: any ResourceLoader
    var jumps: JumpSession
    /// E15's strip and its cards, made when a timeline first shows or scrolls it.
    lazy var strip = TimelineStrip()
    var consoleLog = PageConsole()
    var pagesRequested = 0
    var pageLoading = false
    /// A deep link waiting for older posts to load (E3).
    var pendingNav: (id: String, topOffset: Double?, via: String)?
    /// Issue 32: embeds refused before any request (an address no web view loads), answered at
    /// the next frame.
    var refusedEmbeds: [ResourceCompletion] = []
    /// The height the world last heard of (E2).
    var lastReportedHeight: Double = -1
    /// How many posts arrived at the top (L8); a `LivePostSource` goes on after them.
    public internal(set) var postsInsertedAtTop = 0
    public internal(set) var fragment: String?

    // The web view's own scrolling (M2, M3); a content-sized web view never scrolls (E6).
    public var selfScrolling = false
    public var scrollY: Double = 0
    public var viewportHeight: Double = 0

    /// Events since the world last drained them.
    public var outbox: [PageEvent] = []
    /// The emulated page runs on the World's clock.
    public let runsOnItsOwnClock = false
    /// The emulated page never fails by itself; set when it stands in for a real engine's page
    /// that could not be opened (Q15: the run ends at once with why, as one scenario's error).
    public var failure: String?
    /// Set by the world: takes the outbox's leading plain events (`PageEvent.isPlain`) while a
    /// frame applies its completions, in order, as the world would after the frame. A burst of
    /// 65 000 loads (the heavy liveblog, instant network) then never holds 65 000 events (B7:
    /// 2.6 MB).
    public var drainPlainEvents: (() -> Void)?

    /// `firstJumpId`: a reloaded page goes on from the old page's ids, so jumpIds stay unique and
    /// increasing in one trace (E9). `loader`: the simulated network of `config` unless given.
    public init(liveblog: Liveblog, config: PageConfig, width: Double, firstJumpId: Int = 1,
                loader: (any ResourceLoader)? = nil) {
        self.config = config
        self.width = width
        jumps = JumpSession(firstJumpId: firstJumpId)
        self.loader = loader ?? {
            var l = SimulatedLoader(profile: config.networkProfile, seed: config.networkSeed,
                                    baseDirectory: liveblog.baseDirectory)
            l.fetchesRemote = config.fetchesRemoteMedia
            return l
        }()
        let all = liveblog.posts.count
        let loaded = config.pageSize > 0 ? min(config.pageSize, all) : all
        catalog = PostCatalog(liveblog: liveblog, loadedCount: loaded)
        layout = PageLayout(cell: config.cell, contentColumns: 1)
        lifecycle = .live
        for p in liveblog.posts { media.index(p) }
        lifecycle = Page.lifecycle(origin: origin, enabledDomains: enabledDomains)
        if case .notInitialized(let reason) = lifecycle {
            log("error", reason)
            // A liveblog that does not initialise lays out no posts (E14).
            catalog.unloadAll()
        }
        relayoutAll()
        // The host starts with this height: only later changes are layout changes (E2, L5).
        lastReportedHeight = contentHeight
        progress.documentStarted()
        if isLive {
            enqueueMedia(postRange: 0..<catalog.loadedCount)
            fragment = PageURL.fragmentId(config.url)
        }
        progress.documentLoaded()
    }

    // MARK: - Origin and lifecycle (E14, E11)

    public var origin: String { config.url.flatMap(PageURL.host(of:)) ?? "www.example.com" }
    public var enabledDomains: [String] { config.enabledDomains ?? [origin] }

    static func lifecycle(origin o: String, enabledDomains: [String]) -> Lifecycle {
        if enabledDomains.contains(where: { $0.lowercased() == o }) { return .live }
        let list = enabledDomains.joined(separator: ", ")
        return .notInitialized(reason: "the page's origin \(o) is not one of the enabled domains (\(list)): "
                               + "the liveblog does not initialize")
    }

    /// Posts are laid out, loaded and jumped to only while the liveblog is live.
    public var isLive: Bool { lifecycle == .live }

    /// The liveblog is removed from the page (E11): a held jump ends, posts go.
    /// A liveblog that never initialised has nothing to remove and stays as it is.
    public func remove() {
        guard isLive else { return }
        emit(jumps.endHold(.removed))
        lifecycle = .removed
        pendingNav = nil
        relayoutAll()
        emitLayout("removed")
    }

    /// The page is unloaded (a reload replaces it): a held jump ends, as when it is removed (E11).
    public func unload() { emit(jumps.endHold(.removed)) }

    // MARK: - Frames

    /// One frame of the page (60 Hz): network completions, layout, then the held jump (E10, E11).
    public func frame(tick t: Int) {
        tick = t
        let refused = refusedEmbeds
        refusedEmbeds.removeAll()
        for c in refused + loader.completions(tick: t) {
            apply(c)
            // Counted after what the completion asked for in turn (a page's media), so a load
            // that goes on does not pass through 1 (W1).
            progress.completed(c.key, slot: slot(of: c.key))
            if outbox.count >= 1024 { drainPlainEvents?() }
        }
        if let v = progress.report() { outbox.append(.progress(v)) }
        guard let h = jumps.held else { return }
        let top = postTop(id: h.postId)
        emit(jumps.frame(tick: t, postTop: top))
        guard let held = jumps.held, let top else { return }
        if isTimeline, let i = catalog.loadedIndex(of: held.postId) { scrollStrip(toCard: i) }
        if held.arity == nil && selfScrolling {
            // No hook: the page keeps the post in place itself, as a browser does (E12).
            scrollY = clampedScroll(top - held.topOffset)
        }
    }

    // MARK: - Layout

    /// What the media walk needs to know: load states at the page's width.
    var geometry: MediaGeometry {
        let width = Double(contentColumns) * config.cell.width
        return MediaGeometry(media: media, width: width, line: config.cell.height,
                             maxImage: config.maxImageHeight, remoteNotFetched: !config.fetchesRemoteMedia)
    }

    /// Lays out everything again at the current width and lifecycle (start, resize, removal).
    func relayoutAll() {
        let header = PageLayout.header(lifecycle: lifecycle, stickyHeader: config.stickyHeader,
                                       origin: origin, liveblog: catalog.liveblog,
                                       columns: contentColumns, line: config.cell.height)
        layout.relayout(columns: contentColumns, inColumn: !isTimeline, header: header, posts: catalog.posts,
                        count: isLive ? catalog.loadedCount : 0, geometry)
    }

    /// Re-lays the page at a new width (T5): posts move, which sends corrections during a held jump.
    public func setWidth(_ w: Double) {
        guard w != width else { return }
        width = w
        relayoutAll()
        emitLayout("resize")
    }

    /// Reports a changed content height (E2).
    func emitLayout(_ cause: String) {
        // A browser keeps its scroll position inside the content when the content shrinks.
        clampScroll()
        let h = contentHeight
        if h != lastReportedHeight {
            lastReportedHeight = h
            outbox.append(.layout(height: h, cause: cause))
        }
    }

    // MARK: - Effects

    /// Events go to the outbox; console lines are kept in the console as well.
    func emit(_ events: [PageEvent]) {
        for e in events {
            if case let .console(level, message) = e { consoleLog.record(level: level, message: message) }
            outbox.append(e)
            // The app's shim runs in the page, as in a real engine: a hook call that returned
            // becomes the bridge call the host receives (F5).
            if case let .hook(jumpId, top, correction, args, false) = e {
                outbox.append(AppShim.bridgeCall(top: top, correction: correction, jumpId: jumpId, args: args,
                                                 declared: hook?.arity))
            }
        }
    }

    public func log(_ level: String, _ message: String) { emit([.log(level, message)]) }
}
