import LiveblogModel

/// What the world, the renderer and the tests read from the page: forwarded to its parts.
extension Page {
    // MARK: - Posts and lifecycle

    /// All posts the liveblog has, newest first; the first `loadedCount` are on the page.
    public var liveblog: Liveblog { catalog.liveblog }
    public var loadedCount: Int { catalog.loadedCount }
    public func exists(_ id: String) -> Bool { catalog.index(of: id) != nil }
    public func loadedPostIndex(_ id: String) -> Int? { catalog.loadedIndex(of: id) }

    public var initialized: Bool {
        if case .notInitialized = lifecycle { return false }
        return true
    }
    public var removed: Bool { lifecycle == .removed }
    /// Posts are laid out only on an initialised page that was not removed.
    public var showsPosts: Bool { isLive }

    // MARK: - Jumps and console

    public var hook: HookSignature? { jumps.hook }
    public var held: HeldJump? { jumps.held }
    public var lastJumpPostId: String? { jumps.lastJumpPostId }
    public var nextJumpId: Int { jumps.nextJumpId }
    public var console: [String] { consoleLog.lines }
    public var mediaStates: [String: MediaState] { media.states }

    // MARK: - Geometry

    public var columns: Int { max(1, Int(width / config.cell.width)) }
    /// Text columns inside the page's one-column padding.
    public var contentColumns: Int { max(1, columns - 2) }
    public var headerHeight: Double { layout.headerHeight }
    public var footerHeight: Double {
        guard isLive else { return 0 }
        return stripHeight + (catalog.remaining > 0 ? 3 * config.cell.height : config.cell.height)
    }
    public var contentHeight: Double { headerHeight + layout.postsHeight + footerHeight }

    public func postTop(index i: Int) -> Double { layout.postTop(i) }
    public func postTop(id: String) -> Double? {
        guard isLive, let i = catalog.loadedIndex(of: id) else { return nil }
        return postTop(index: i)
    }
    public func postHeight(index i: Int) -> Double { layout.postHeight(i) }

    /// The loaded post at page y, if any.
    public func postIndex(at y: Double) -> Int? {
        guard loadedCount > 0, y >= headerHeight, y < headerHeight + layout.postsHeight else { return nil }
        return layout.postIndex(atPostsY: y - headerHeight)
    }

    /// Everything that overlaps [y0, y1), with absolute page y: O(log n + visible).
    public func items(from y0: Double, to y1: Double) -> [PageItem] {
        let footer = PageFooter(height: footerHeight, stripRows: isTimeline ? TimelineStrip.rows : 0,
                                remaining: catalog.remaining, loading: pageLoading)
        return layout.items(from: y0, to: y1, posts: catalog.posts, loadedCount: loadedCount,
                            showsPosts: isLive, footer: footer, geometry)
    }

    /// The items of one post with page y, for tests and tools (builds them if needed).
    public func postItems(index i: Int) -> [PageItem] {
        let top = postTop(index: i)
        return layout.items(of: i, catalog.posts[i], geometry).map {
            var it = $0
            it.y += top
            return it
        }
    }

    /// A post's height measured now (the counting walk), for tests.
    func measurePost(_ i: Int) -> Double { layout.measure(catalog.posts[i], geometry) }

    /// How many posts have their items built and cached (bounded; issue 6).
    public var cachedPostLayouts: Int { layout.cachedPosts }

    /// The y range of the load-more button, when there is one.
    public var loadMoreRange: ClosedRange<Double>? {
        guard footerHeight > 0, catalog.remaining > 0 else { return nil }
        let y = headerHeight + layout.postsHeight + stripHeight + config.cell.height
        return y...(y + config.cell.height)
    }

    // MARK: - The web view's own scrolling (M2, M3)

    /// Brings the web view's own scroll position back inside the content.

    // MARK: - The timeline strip (E15)

    public var isTimeline: Bool { config.layout == .timeline && isLive }
    public var stripHeight: Double { isTimeline ? Double(TimelineStrip.rows) * config.cell.height : 0 }
    public var cardColumns: Int { TimelineStrip.cardColumns(contentColumns: contentColumns) }
    public var cardPitch: Int { TimelineStrip.cardPitch(contentColumns: contentColumns) }
    public var stripX: Int { strip.x }
    public var maxStripX: Int { TimelineStrip.maxX(cards: loadedCount, contentColumns: contentColumns) }
    /// The embed scrolls its strip sideways to the card; only the page position goes to the hook.
    public func scrollStrip(toCard i: Int) { strip.scroll(to: i * cardPitch, maxX: maxStripX) }
    /// Reader scrolling of the strip (←/→): input that reaches the page.
    public func scrollStrip(byCards n: Int) { strip.scroll(to: stripX + n * cardPitch, maxX: maxStripX) }
    /// A card's lines (sanitised text), cached per post and width.
    public func cardLines(_ i: Int) -> [String] { strip.card(catalog.posts[i], columns: cardColumns) }

    // MARK: - Words shared with the renderer

    public static func host(of url: String) -> String? { PageURL.host(of: url) }
    public static func fragmentId(_ url: String?) -> String? { PageURL.fragmentId(url) }
    public static func clock(_ unix: Double) -> String { PostWalk.clock(unix) }
    /// A sport event's line as the page shows it (the browser engine's reference embed too, X3).
    public static func sportLine(_ s: SportEvent) -> String { PostWalk.sportText(s) }
    public static var maxBlockHeight: Double { MediaGeometry.maxBlockHeight }
}
