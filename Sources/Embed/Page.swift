import Foundation
import LiveblogModel

/// The page's settings (SPEC 9 "page", E3, E14).
public struct PageConfig: Sendable {
    /// Posts per page; 0 = every post loaded at start (L8).
    public var pageSize = 0
    /// How many posts beyond the loaded ones a deep link may load (E3); 0 = no limit.
    public var deepLinkLimit = 0
    /// Height of the page's sticky site header in pt; 0 = none (E1, E6).
    public var stickyHeader: Double = 0
    /// Frames between a layout change and the host's resize callback (E2).
    public var resizeLatency = 2
    /// The page URL: origin and `#tickaroo_event_id=` deep link (E4, E14).
    public var url: String? = nil
    /// Enabled domains (E14); nil = the URL's own host.
    public var enabledDomains: [String]? = nil
    /// Load media only within one viewport of the visible area (I2).
    public var lazyMedia = false
    public var networkProfile: NetworkProfile = .instant
    public var networkSeed: UInt64 = 1
    public var cell = CellMetrics()
    /// `list` (posts stacked) or `timeline`: a horizontal strip the page scrolls itself (E15).
    public var layout: PageLayoutKind = .list
    public init() {}
}

public enum PageLayoutKind: String, Sendable, CaseIterable { case list, timeline }

/// Why a hold ended (E11).
public enum HoldEndReason: String, Sendable {
    case timeout, newJump = "new-jump", input, removed, idle, hookRemoved = "hook-removed"
}

/// What the page tells the world (the World routes these to the host, the console and the trace).
public enum PageEvent: Sendable, Equatable {
    /// A call of the hook: what the page passed, and whether the hook threw (E7–E10, E13).
    case hook(jumpId: Int, top: Double, correction: Bool, args: Int, threw: Bool)
    case holdEnd(jumpId: Int, reason: HoldEndReason)
    case console(level: String, message: String)
    case nav(id: String, result: String, via: String)
    /// The content height changed (E2); the host hears of it `resizeLatency` frames later.
    case layout(height: Double, cause: String)
    /// A link to another origin, handed to the app (E14).
    case externalLink(String)
}

/// The emulated liveblog page inside the web view (section 2). Not a browser: it lays out the
/// posts at the web row's width, loads media, and runs the jump protocol exactly.
public final class Page {
    public let config: PageConfig
    /// All posts the liveblog has, newest first; the first `loadedCount` are on the page.
    public private(set) var liveblog: Liveblog
    public private(set) var loadedCount: Int
    public private(set) var width: Double
    public var columns: Int { max(1, Int(width / config.cell.width)) }
    /// Text columns inside the page's one-column padding.
    public var contentColumns: Int { max(1, columns - 2) }

    // Layout: header block, posts (prefix sums), footer (DESIGN principle 5, issue 6).
    // Every loaded post's height is exact at all times (a jump's `top` depends on the heights
    // above the post): they are measured by counting wrapped lines, without building them.
    // The items (wrapped lines) are built only for posts that are drawn or queried, and kept
    // in a bounded cache.
    private var heights = HeightIndex()
    private var itemCache = PostItemCache(capacity: 512)
    private var headerItems: [PageItem] = []
    public private(set) var headerHeight: Double = 0
    /// Post id → its position counted from the oldest post, so that posts arriving at the top
    /// (L8) leave every entry valid. The index (newest first) is `posts.count - 1 - position`.
    private var positionFromOldest: [String: Int] = [:]
    private var mediaOwner: [String: String] = [:]   // media or embed id → post id
    public private(set) var mediaStates: [String: MediaState] = [:]
    private var loadedEmbeds: Set<String> = []
    private var network: NetworkQueue
    private var pagesRequested = 0
    private var pageLoading = false

    // The web view's own scrolling (M2, M3); a content-sized web view never scrolls (E6).
    public var selfScrolling = false
    public var scrollY: Double = 0
    public var viewportHeight: Double = 0

    // The jump protocol.
    public private(set) var hook: HookSignature?
    public private(set) var held: HeldJump?
    public private(set) var lastJumpPostId: String?
    public private(set) var nextJumpId = 1
    private var pendingNav: (id: String, topOffset: Double?, via: String)?
    public private(set) var fragment: String?
    public private(set) var initialized = false
    public private(set) var initError: String?
    public private(set) var removed = false
    public private(set) var now = 0

    /// Events since the world last drained them.
    public var outbox: [PageEvent] = []
    public private(set) var console: [String] = []

    private var liveCounter = 0
    private var rng: SeededRandom

    public struct HeldJump: Sendable, Equatable {
        public var jumpId: Int
        public var postId: String
        public var topOffset: Double
        public var startTick: Int
        public var lastCallTick: Int
        public var lastSentTop: Double
        /// nil: no hook at jump start (the page scrolls itself, E12).
        public var arity: Int?
    }

    /// `firstJumpId`: a reloaded page goes on from the old page's ids, so jumpIds stay unique and
    /// increasing in one trace (E9).
    public init(liveblog: Liveblog, config: PageConfig, width: Double, firstJumpId: Int = 1) {
        self.config = config
        nextJumpId = max(1, firstJumpId)
        self.liveblog = liveblog
        self.width = width
        network = NetworkQueue(profile: config.networkProfile, seed: config.networkSeed)
        rng = SeededRandom(seed: config.networkSeed ^ 0x5EED)
        loadedCount = config.pageSize > 0 ? min(config.pageSize, liveblog.posts.count) : liveblog.posts.count
        rebuildIndexes()
        checkOrigin()
        if !initialized {
            // A liveblog that does not initialise lays out no posts (E14).
            loadedCount = 0
            rebuildIndexes()
        }
        relayoutAll()
        // The host starts with this height: only later changes are layout changes (E2, L5).
        lastReportedHeight = contentHeight
        if initialized {
            enqueueMedia(postRange: 0..<loadedCount)
            fragment = Page.fragmentId(config.url)
        }
    }

    // MARK: - Origin (E14)

    public static func host(of url: String) -> String? {
        guard let r = url.range(of: "://") else { return nil }
        let rest = url[r.upperBound...]
        let hostPort = rest.prefix { $0 != "/" && $0 != "#" && $0 != "?" }
        let host = hostPort.split(separator: "@").last.map(String.init) ?? String(hostPort)
        return host.split(separator: ":").first.map { String($0).lowercased() }
    }

    public static func fragmentId(_ url: String?) -> String? {
        guard let url, let r = url.range(of: "#tickaroo_event_id=") else { return nil }
        let id = url[r.upperBound...].prefix { $0 != "&" }
        return id.isEmpty ? nil : String(id).removingPercentEncoding ?? String(id)
    }

    public var origin: String { config.url.flatMap(Page.host(of:)) ?? "www.example.com" }
    public var enabledDomains: [String] { config.enabledDomains ?? [origin] }

    private func checkOrigin() {
        let o = origin
        if enabledDomains.contains(where: { $0.lowercased() == o }) {
            initialized = true
        } else {
            initialized = false
            initError = "the page's origin \(o) is not one of the enabled domains (\(enabledDomains.joined(separator: ", "))): the liveblog does not initialize"
            log("error", initError!)
        }
    }

    /// Runs the fragment deep link the page was opened with (E4). The world calls it once,
    /// after the host has the page's first height.
    public func start() {
        // Like a fragment change: it jumps only to a post the page can find and reports nothing back.
        if let f = fragment, initialized {
            if exists(f) { navigate(to: f, topOffset: nil, via: "fragment") } else { log("warn", "fragment #tickaroo_event_id=\(f): no such post") }
        }
    }

    // MARK: - Layout

    private func rebuildIndexes() {
        positionFromOldest = [:]
        positionFromOldest.reserveCapacity(liveblog.posts.count)
        mediaOwner = [:]
        let n = liveblog.posts.count
        for (i, p) in liveblog.posts.enumerated() {
            positionFromOldest[p.id] = n - 1 - i
        }
        for p in liveblog.posts { indexMedia(of: p) }
    }

    private func indexMedia(of p: Post) {
        for b in p.blocks {
            switch b {
            case .media(let ms): for m in ms { mediaOwner[m.id] = p.id }
            case .embed(let e): mediaOwner[e.id] = p.id
            default: break
            }
        }
    }

    /// The index (newest first) of any post the liveblog has, loaded or not.
    private func allIndex(_ id: String) -> Int? {
        positionFromOldest[id].map { liveblog.posts.count - 1 - $0 }
    }

    /// The index of a loaded post.
    private func loadedIndex(_ id: String) -> Int? {
        guard let i = allIndex(id), i < loadedCount else { return nil }
        return i
    }

    public var footerHeight: Double {
        if removed || !initialized { return 0 }
        return stripHeight + (loadedCount < liveblog.posts.count ? 3 * config.cell.height : config.cell.height)
    }

    public var contentHeight: Double { headerHeight + heights.total + footerHeight }

    /// Re-measures every post at the current width (start, resize): exact heights by counting
    /// lines; items are built again only when drawn.
    private func relayoutAll() {
        layoutHeader()
        itemCache.removeAll()
        var hs = [Double]()
        if initialized && !removed {
            hs = measureAll(loadedCount)
        }
        heights.replaceAll(hs)
    }

    /// Every post's height. Measuring reads the page and writes nothing, so a large liveblog is
    /// measured on all cores, in chunks; the result is the same as one pass (B3: opening 100 000 posts).
    private func measureAll(_ n: Int) -> [Double] {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard n >= 4096, cores > 1 else { return (0..<n).map { measurePost($0) } }
        var out = [Double](repeating: 0, count: n)
        let chunks = cores * 4
        out.withUnsafeMutableBufferPointer { buf in
            let base = buf.baseAddress!
            DispatchQueue.concurrentPerform(iterations: chunks) { c in
                let lo = n * c / chunks, hi = n * (c + 1) / chunks
                for i in lo..<hi { base[i] = self.measurePost(i) }
            }
        }
        return out
    }

    /// Whether posts are laid out (not when the liveblog is removed or not initialized).
    private var postsLaidOut: Bool { initialized && !removed }

    private static func height(of items: [PageItem]) -> Double {
        guard let last = items.last else { return 0 }
        return last.y + last.height
    }

    private func layoutHeader() {
        let line = config.cell.height
        var items: [PageItem] = []
        var y = 0.0
        if config.stickyHeader > 0 {
            items.append(PageItem(y: 0, height: config.stickyHeader, kind: .siteHeader(origin), indent: 0))
            y = config.stickyHeader
        }
        if !initialized {
            for l in TextLayout.wrap(plain: initError ?? "not initialized", columns: contentColumns) {
                items.append(PageItem(y: y, height: line, kind: .notice(l))); y += line
            }
        } else if removed {
            items.append(PageItem(y: y, height: line, kind: .notice("The liveblog was removed from the page."))); y += line
        } else {
            items.append(PageItem(y: y, height: line, kind: .blank)); y += line
            for l in TextLayout.wrap(RichText(runs: [TextRun(text: liveblog.title, bold: true)]), columns: contentColumns) {
                items.append(PageItem(y: y, height: line, kind: .title(l))); y += line
            }
            if let s = liveblog.scoreboard {
                items.append(PageItem(y: y, height: line, kind: .scoreboard(s))); y += line
            }
            items.append(PageItem(y: y, height: line, kind: .rule)); y += line
        }
        headerItems = items
        headerHeight = y
    }

    public static func clock(_ unix: Double) -> String {
        let s = abs(unix) < 1e15 ? Int(unix.rounded(.down)) : 0  // a file may hold any number (1e300 traps in Int())
        let m = ((s % 86400) + 86400) % 86400 / 60
        let h = m / 60, mm = m % 60
        let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]
        return String([digits[h / 10], digits[h % 10], ":", digits[mm / 10], digits[mm % 10]])
    }

    /// The height an image takes at the page's width.
    func mediaHeight(_ m: Media) -> Double {
        let line = config.cell.height
        let w = Double(contentColumns) * config.cell.width
        switch mediaStates[m.id] ?? .pending {
        case .loaded(let pw, let ph, _) where !m.hasDeclaredSize:
            return Page.blockHeight(w * Double(ph) / Double(pw), line: line)
        default:
            if m.hasDeclaredSize, let mw = m.width, let mh = m.height {
                return Page.blockHeight(w * mh / mw, line: line)
            }
            return line
        }
    }

    /// The tallest media item or embed: 100 000 pt. A file may declare any finite size (1e-300 ×
    /// 1e300); uncapped, the prefix sums would reach infinity and every offset would be NaN.
    public static let maxBlockHeight = 100_000.0

    static func blockHeight(_ h: Double, line: Double) -> Double {
        guard h.isFinite else { return maxBlockHeight }
        return min(maxBlockHeight, max(line, h.rounded()))
    }

    func embedHeight(_ e: WebEmbed) -> Double {
        if let h = e.declaredHeight, h > 0 { return Page.blockHeight(h, line: 1) }
        if loadedEmbeds.contains(e.id) {
            // The final height of an embed with none declared: a seeded value (L6).
            return Double(120 + Int(stableHash(e.id, seed: config.networkSeed) % 361))
        }
        return 150
    }

    /// The sport event's line text (before wrapping).
    private static func sportText(_ s: SportEvent) -> String {
        var t = s.isGoal ? "⚽ GOAL" : (s.title ?? s.eventType)
        if s.isGoal, let title = s.title, !title.isEmpty { t += " · \(title)" }
        if let tp = s.timeOfPlay { t += " \(tp)" }
        if !s.players.isEmpty { t += " — " + s.players.joined(separator: ", ") }
        if let team = s.team { t += " (\(team))" }
        return t
    }

    /// A post's height at the current width: exactly `height(of: layoutPost(index))`, by the
    /// same steps, counting lines instead of building them (tests compare the two).
    func measurePost(_ index: Int) -> Double {
        // In the timeline layout the posts live in the strip, not in the column (E15).
        if isTimeline { return 0 }
        let post = liveblog.posts[index]
        let line = config.cell.height
        let cols = contentColumns
        var lines = 2   // the meta line and the closing rule
        if let h = post.headline, !h.isEmpty {
            lines += TextLayout.lineCount(RichText(runs: [TextRun(text: h, bold: true)]), columns: cols)
        }
        if let s = post.sportEvent {
            lines += TextLayout.lineCount(plain: Page.sportText(s), columns: cols)
        }
        var y = 0.0
        for block in post.blocks {
            switch block {
            case .text(let rt):
                lines += TextLayout.lineCount(rt, columns: cols)
            case .quote(let rt, let author):
                lines += TextLayout.lineCount(rt, columns: max(1, cols - 2))
                if let a = author, !a.isEmpty { lines += 1 }
            case .media(let ms):
                for m in ms { y += mediaHeight(m) }
            case .embed(let e):
                y += embedHeight(e)
            case .emoji, .unknown:
                lines += 1
            }
        }
        return y + Double(lines) * line
    }

    private func layoutPost(_ index: Int) -> [PageItem] {
        // In the timeline layout the posts live in the strip, not in the column (E15).
        if isTimeline { return [] }
        let post = liveblog.posts[index]
        let line = config.cell.height
        let cols = contentColumns
        var items: [PageItem] = []
        var y = 0.0
        func add(_ k: PageItem.Kind, _ h: Double? = nil, indent: Int = 1) {
            let hh = h ?? line
            items.append(PageItem(y: y, height: hh, kind: k, postIndex: index, indent: indent))
            y += hh
        }
        add(.postMeta(time: Page.clock(post.createdAt), highlight: post.highlight))
        if let h = post.headline, !h.isEmpty {
            for l in TextLayout.wrap(RichText(runs: [TextRun(text: h, bold: true)]), columns: cols) { add(.headline(l)) }
        }
        if let s = post.sportEvent {
            for l in TextLayout.wrap(plain: Page.sportText(s), columns: cols) { add(.sport(l)) }
        }
        for block in post.blocks {
            switch block {
            case .text(let rt):
                for l in TextLayout.wrap(rt, columns: cols) { add(.text(l)) }
            case .quote(let rt, let author):
                for l in TextLayout.wrap(rt, columns: max(1, cols - 2)) { add(.quote(l), indent: 3) }
                if let a = author, !a.isEmpty { add(.quoteAuthor("— " + a), indent: 3) }
            case .media(let ms):
                for m in ms { add(.media(m, mediaStates[m.id] ?? .pending), mediaHeight(m)) }
            case .embed(let e):
                add(.embed(e, loaded: loadedEmbeds.contains(e.id)), embedHeight(e))
            case .emoji(let e):
                add(.emoji(e))
            case .unknown(let t):
                add(.unknown(t))
            }
        }
        add(.rule)
        return items
    }

    // MARK: - The horizontal timeline strip (E15)

    public var isTimeline: Bool { config.layout == .timeline && initialized && !removed }
    /// Twelve lines of cards: time, then the post's first lines.
    public var stripHeight: Double { isTimeline ? 12 * config.cell.height : 0 }
    /// Card width and the distance between cards, in columns.
    public var cardColumns: Int { max(8, min(34, contentColumns - 2)) }
    public var cardPitch: Int { cardColumns + 2 }
    /// The strip's own horizontal scroll position in columns (the page scrolls it itself).
    public private(set) var stripX = 0
    public var maxStripX: Int { max(0, loadedCount * cardPitch - 2 - contentColumns) }
    private var cardCache: [String: [String]] = [:]

    /// The embed scrolls its strip sideways to the card; only the page position goes to the hook.
    public func scrollStrip(toCard i: Int) {
        stripX = min(max(0, i * cardPitch), maxStripX)
    }

    /// Reader scrolling of the strip (←/→): input that reaches the page.
    public func scrollStrip(byCards n: Int) {
        stripX = min(max(0, stripX + n * cardPitch), maxStripX)
    }

    /// A card's lines (sanitised text), cached per post and width.
    public func cardLines(_ i: Int) -> [String] {
        let post = liveblog.posts[i]
        let key = "\(post.id)|\(cardColumns)"
        if let c = cardCache[key] { return c }
        var lines = [Page.clock(post.createdAt) + (post.highlight.isHighlight ? "  ★" : "")]
        if let h = post.headline, !h.isEmpty { lines += TextLayout.wrap(plain: h, columns: cardColumns) }
        for b in post.blocks {
            switch b {
            case .text(let t), .quote(let t, _): lines += TextLayout.wrap(plain: t.plainText, columns: cardColumns)
            case .media(let ms): lines += ms.map { "[\($0.kind == .video ? "video" : "image"): \($0.alt ?? $0.id)]" }
            case .embed(let e): lines.append("[embed: \(e.url)]")
            case .emoji(let e): lines.append(e)
            case .unknown(let t): lines.append("[\(t)]")
            }
            if lines.count >= 11 { break }
        }
        if cardCache.count > 2000 { cardCache.removeAll() }
        let out = Array(lines.prefix(11))
        cardCache[key] = out
        return out
    }

    // MARK: - Queries

    public func postTop(index i: Int) -> Double { headerHeight + heights.prefix(i) }

    /// Posts are laid out only on an initialised page that was not removed.
    public var showsPosts: Bool { initialized && !removed }

    public func postTop(id: String) -> Double? {
        guard showsPosts, let i = loadedIndex(id) else { return nil }
        return postTop(index: i)
    }

    public func postHeight(index i: Int) -> Double { heights[i] }
    public func exists(_ id: String) -> Bool { allIndex(id) != nil }
    public func loadedPostIndex(_ id: String) -> Int? { loadedIndex(id) }

    /// The loaded post at page y, if any.
    public func postIndex(at y: Double) -> Int? {
        guard loadedCount > 0, y >= headerHeight, y < headerHeight + heights.total else { return nil }
        return heights.index(containing: y - headerHeight)
    }

    /// Everything that overlaps [y0, y1), with absolute page y: O(log n + visible).
    public func items(from y0: Double, to y1: Double) -> [PageItem] {
        var out: [PageItem] = []
        for it in headerItems where it.y + it.height > y0 && it.y < y1 { out.append(it) }
        let postsEnd = headerHeight + heights.total
        if showsPosts, loadedCount > 0, y1 > headerHeight, y0 < postsEnd, postsLaidOut {
            var i = heights.index(containing: max(0, y0 - headerHeight)) ?? 0
            while i < loadedCount {
                let top = postTop(index: i)
                if top >= y1 { break }
                let items = layout(i)
                for var it in items where top + it.y + it.height > y0 && top + it.y < y1 {
                    it.y += top
                    out.append(it)
                }
                i += 1
            }
        }
        if footerHeight > 0 && postsEnd < y1 && postsEnd + footerHeight > y0 {
            let line = config.cell.height
            for r in 0..<Int(stripHeight / line) {
                let y = postsEnd + Double(r) * line
                if y + line > y0 && y < y1 { out.append(PageItem(y: y, height: line, kind: .stripRow(r), indent: 1)) }
            }
            let postsEnd = postsEnd + stripHeight
            if loadedCount < liveblog.posts.count {
                out.append(PageItem(y: postsEnd + line, height: line,
                                    kind: .loadMore(remaining: liveblog.posts.count - loadedCount, loading: pageLoading)))
            } else {
                out.append(PageItem(y: postsEnd, height: line, kind: .blank))
            }
        }
        return out
    }

    /// A post's items (relative y), from the cache or built now.
    private func layout(_ i: Int) -> [PageItem] {
        if let l = itemCache.get(i) { return l }
        let l = layoutPost(i)
        assert(Page.height(of: l) == heights[i], "measured height of post \(i) differs from its layout")
        itemCache.put(i, l)
        return l
    }

    /// The items of one post with page y, for tests and tools (builds them if needed).
    public func postItems(index i: Int) -> [PageItem] {
        let top = postTop(index: i)
        return layout(i).map { var it = $0; it.y += top; return it }
    }

    /// How many posts have their items built and cached (bounded; issue 6).
    public var cachedPostLayouts: Int { itemCache.count }

    /// The y range of the load-more button, when there is one.
    public var loadMoreRange: ClosedRange<Double>? {
        guard footerHeight > 0, loadedCount < liveblog.posts.count else { return nil }
        let y = headerHeight + heights.total + stripHeight + config.cell.height
        return y...(y + config.cell.height)
    }

    // MARK: - Width (T5)

    /// Re-lays the page at a new width: posts move, which sends corrections during a held jump.
    public func setWidth(_ w: Double) {
        guard w != width else { return }
        width = w
        relayoutAll()
        emitLayout("resize")
    }

    private var lastReportedHeight: Double = -1
    private func emitLayout(_ cause: String) {
        // A browser keeps its scroll position inside the content when the content shrinks.
        clampScroll()
        let h = contentHeight
        if h != lastReportedHeight {
            lastReportedHeight = h
            outbox.append(.layout(height: h, cause: cause))
        }
    }

    /// One post changed (a media or embed load): O(log n) for its height, its items rebuilt when drawn (B2).
    private func relayoutPost(id: String) {
        guard showsPosts, postsLaidOut, let i = loadedIndex(id), i < heights.count else { return }
        itemCache.remove(i)
        heights.set(i, measurePost(i))
    }

    // MARK: - Loading (I1, I2, L5, L6, L8)

    private func enqueueMedia(postRange: Range<Int>) {
        guard !config.lazyMedia else { return }
        for i in postRange { enqueueMedia(of: liveblog.posts[i]) }
    }

    private func enqueueMedia(of post: Post) {
        for b in post.blocks {
            switch b {
            case .media(let ms): for m in ms where mediaStates[m.id] == nil { network.enqueue(.media(m.id), now: now) }
            case .embed(let e) where !loadedEmbeds.contains(e.id):
                // Every embed loads (L6); one with a declared oEmbed height keeps it, so it moves nothing.
                network.enqueue(.embed(e.id), now: now)
            default: break
            }
        }
    }

    /// Lazy loading: asks for the media of posts overlapping [y0, y1) (the visible area ± a viewport).
    public func requestMedia(visibleFrom y0: Double, to y1: Double) {
        guard config.lazyMedia, initialized, !removed else { return }
        guard var i = postIndex(at: max(headerHeight, y0)) else { return }
        while i < loadedCount, postTop(index: i) < y1 {
            enqueueMedia(of: liveblog.posts[i]); i += 1
        }
    }

    public var isLoading: Bool { !network.isIdle }
    public var networkProfile: NetworkProfile { network.profile }
    public func setNetworkProfile(_ p: NetworkProfile) { network.setProfile(p, now: now) }

    /// Where a media URL points on disk, or nil for a remote URL.
    public func localPath(_ url: String) -> String? {
        if url.hasPrefix("http://") || url.hasPrefix("https://") { return nil }
        if url.hasPrefix("file://") { return String(url.dropFirst(7)) }
        if url.hasPrefix("/") { return url }
        guard let base = liveblog.baseDirectory else { return url }
        return base + "/" + url
    }

    private func findMedia(_ id: String) -> Media? {
        guard let pid = mediaOwner[id], let i = allIndex(pid) else { return nil }
        for b in liveblog.posts[i].blocks { if case .media(let ms) = b, let m = ms.first(where: { $0.id == id }) { return m } }
        return nil
    }

    private func complete(_ r: Request) {
        // A removed page loads nothing more (its layout is gone; late loads must not index it).
        guard showsPosts else { return }
        switch r {
        case .media(let id):
            guard let m = findMedia(id) else { return }
            let state: MediaState
            if let path = localPath(m.url) {
                switch PNGHeader.size(ofFile: path) {
                case .success(let s): state = .loaded(pixelWidth: s.width, pixelHeight: s.height, path: path)
                case .failure(.missing): state = .failed("missing file")
                case .failure(.notPNG): state = .failed("not a PNG")
                case .failure(.corrupt): state = .failed("corrupt PNG")
                case .failure(.tooLarge(let w, let h)): state = .failed("image too large (\(w)×\(h) pixels)")
                }
            } else if m.hasDeclaredSize {
                // Declared sizes are any positive finite number (1e300 would trap in Int()).
                func px(_ d: Double) -> Int { Int(max(1, min(d, 1e9)).rounded()) }
                state = .loaded(pixelWidth: px(m.width!), pixelHeight: px(m.height!), path: nil)
            } else {
                // A remote image with no declared size: a seeded aspect ratio at 640 px wide.
                let ratios: [(Int, Int)] = [(16, 9), (4, 3), (3, 2), (1, 1), (3, 4)]
                let r = ratios[Int(stableHash(m.url, seed: config.networkSeed) % UInt64(ratios.count))]
                state = .loaded(pixelWidth: 640, pixelHeight: 640 * r.1 / r.0, path: nil)
            }
            mediaStates[id] = state
            if case .failed(let why) = state { log("warn", "image \(id) failed to load: \(why)") }
            if let pid = mediaOwner[id] { relayoutPost(id: pid) }
            emitLayout("image")
        case .embed(let id):
            loadedEmbeds.insert(id)
            if let pid = mediaOwner[id] { relayoutPost(id: pid) }
            emitLayout("embed")
        case .page:
            pageLoading = false
            loadNextPage()
        }
    }

    /// Completes a media item's or embed's load now (scenario `load`).
    @discardableResult
    public func forceLoad(_ id: String) -> Bool {
        guard mediaOwner[id] != nil else { return false }
        let r: Request = findMedia(id) != nil ? .media(id) : .embed(id)
        _ = network.force(r, now: now)
        complete(r)
        return true
    }

    /// The reader pressed "load more" (L8).
    public func requestMorePosts() {
        guard initialized, !removed, loadedCount < liveblog.posts.count, !pageLoading else { return }
        pageLoading = true
        pagesRequested += 1
        network.enqueue(.page(pagesRequested), now: now)
    }

    private func loadNextPage() {
        let size = config.pageSize > 0 ? config.pageSize : liveblog.posts.count
        let start = loadedCount
        let end = min(liveblog.posts.count, start + size)
        guard end > start else { return }
        loadedCount = end
        var hs: [Double] = []
        hs.reserveCapacity(end - start)
        for i in start..<end { hs.append(measurePost(i)) }
        heights.append(contentsOf: hs)
        enqueueMedia(postRange: start..<end)
        emitLayout("page")
        if let p = pendingNav {
            if loadedIndex(p.id) != nil {
                pendingNav = nil
                navigate(to: p.id, topOffset: p.topOffset, via: p.via)
            } else {
                requestMorePosts()
            }
        }
    }

    /// New posts arrive at the top (L8).
    public func addLivePosts(_ n: Int, at unixTime: Double? = nil) {
        guard initialized, !removed, n > 0 else { return }
        let newest = liveblog.posts.first?.createdAt ?? 1_700_000_000
        var fresh: [Post] = []
        for k in 0..<n {
            liveCounter += 1
            var id = "live-\(liveCounter)"
            while positionFromOldest[id] != nil { liveCounter += 1; id = "live-\(liveCounter)" }
            let t = (unixTime ?? newest) + Double(n - k) * 30
            fresh.append(Page.livePost(id: id, time: t, n: liveCounter, rng: &rng))
        }
        // Positions count from the oldest post, so existing entries stay valid: O(new posts).
        let oldCount = liveblog.posts.count
        for (k, p) in fresh.enumerated() {
            positionFromOldest[p.id] = oldCount + n - 1 - k
            indexMedia(of: p)
        }
        liveblog.posts.insert(contentsOf: fresh, at: 0)
        loadedCount += n
        // Cached items carry their post index: indices shift, so the cache starts again.
        itemCache.removeAll()
        if postsLaidOut {
            var hs: [Double] = []
            for i in 0..<n { hs.append(measurePost(i)) }
            heights.insert(contentsOf: hs, at: 0)
        }
        for p in fresh { enqueueMedia(of: p) }
        emitLayout("live")
    }

    static func livePost(id: String, time: Double, n: Int, rng: inout SeededRandom) -> Post {
        let lines = [
            "Corner kick swung in, headed clear at the near post.",
            "A long spell of possession in midfield; nobody wants to lose the ball now.",
            "Substitution warming up on the touchline.",
            "The crowd is on its feet after a quick break down the left.",
            "Free kick 25 metres out — the wall is lining up.",
            "Yellow card for a late challenge. The bench is not happy.",
            "Shot from distance, just over the bar!",
        ]
        var blocks: [Block] = [.text(RichText(runs: [TextRun(text: "Live: ", bold: true), TextRun(text: lines[rng.int(0, lines.count - 1)])]))]
        if rng.unit() < 0.35 {
            blocks.append(.media([Media(id: "\(id)-img", kind: .image, width: 1600, height: 900, url: "https://media.example.com/\(id).png", alt: "Live photo \(n)")]))
        }
        return Post(id: id, createdAt: time, blocks: blocks)
    }

    // MARK: - Frames

    /// One frame of the page (60 Hz): network completions, layout, then the held jump (E10, E11).
    public func frame(now t: Int) {
        now = t
        for r in network.due(now: t) { complete(r) }
        guard let h = held else { return }
        // End conditions first: nothing is reported after the hold ends.
        if t - h.startTick >= 10 * VirtualClock.ticksPerSecond { endHold(.timeout); return }
        if h.arity == 1, t - h.lastCallTick >= VirtualClock.ticksPerSecond { endHold(.idle); return }
        guard let postTop = postTop(id: h.postId) else { endHold(.removed); return }
        if isTimeline, let i = loadedIndex(h.postId) { scrollStrip(toCard: i) }
        if let arity = h.arity {
            guard let hook else { return }
            let top = postTop - h.topOffset
            if abs(top - h.lastSentTop) > 5 {
                held?.lastSentTop = top
                held?.lastCallTick = t
                call(hook, arity: arity, top: top, correction: true, jumpId: h.jumpId)
            }
        } else if selfScrolling {
            // No hook: the page keeps the post in place itself, as a browser does (E12).
            scrollY = clampedScroll(postTop - h.topOffset)
        }
    }

    public var maxScrollY: Double { max(0, contentHeight - viewportHeight) }
    /// Brings the web view's own scroll position back inside the content (M2, M3).
    public func clampScroll() { if selfScrolling { scrollY = clampedScroll(scrollY) } }
    public func clampedScroll(_ y: Double) -> Double { min(max(0, y), maxScrollY) }

    // MARK: - The jump protocol (E3–E13)

    /// `navigateToEventId(id, topOffset?)` (E3); also fragments (E4) and links. Emits `.nav`.
    public func navigate(to id: String, topOffset: Double?, via: String = "api") {
        guard initialized, !removed else {
            log("error", "navigateToEventId(\(id)): the liveblog is not initialized")
            outbox.append(.nav(id: id, result: "not-found", via: via))
            return
        }
        if let i = loadedIndex(id) {
            pendingNav = nil
            outbox.append(.nav(id: id, result: "found", via: via))
            startJump(postIndex: i, topOffset: topOffset)
            return
        }
        if let j = allIndex(id) {
            let beyond = j - loadedCount + 1
            if config.deepLinkLimit == 0 || beyond <= config.deepLinkLimit {
                pendingNav = (id, topOffset, via)
                log("info", "loading older posts to reach \(id)")
                requestMorePosts()
                return
            }
            log("warn", "post \(id) is \(beyond) posts beyond the loaded ones (deepLinkLimit \(config.deepLinkLimit)): not found")
        } else {
            log("warn", "post \(id) not found")
        }
        outbox.append(.nav(id: id, result: "not-found", via: via))
    }

    /// The URL fragment changed (E4): jumps only to a post the page can find; reports nothing back.
    public func setFragment(_ id: String) {
        guard id != fragment else { return }
        fragment = id
        guard initialized, !removed else { return }
        if allIndex(id) != nil {
            navigate(to: id, topOffset: nil, via: "fragment")
        } else {
            log("warn", "fragment #tickaroo_event_id=\(id): no such post")
        }
    }

    private var defaultTopOffset: Double { config.stickyHeader > 0 ? config.stickyHeader : 0 }

    private func startJump(postIndex i: Int, topOffset: Double?) {
        if held != nil { endHold(.newJump) }
        let jumpId = nextJumpId
        nextJumpId += 1
        let post = liveblog.posts[i]
        lastJumpPostId = post.id
        let offset = topOffset ?? defaultTopOffset
        if isTimeline { scrollStrip(toCard: i) }
        let postTop = postTop(index: i)
        // E6: top = page scroll position + the post's top in the page viewport − top offset.
        let rectTop = postTop - scrollY
        let top = scrollY + rectTop - offset
        // E5: whether a hook exists and its arity are decided now.
        guard let hook else {
            held = HeldJump(jumpId: jumpId, postId: post.id, topOffset: offset, startTick: now,
                            lastCallTick: now, lastSentTop: top, arity: nil)
            if selfScrolling { scrollY = clampedScroll(postTop - offset) }
            return
        }
        let arity = hook.arity
        held = HeldJump(jumpId: jumpId, postId: post.id, topOffset: offset, startTick: now,
                        lastCallTick: now, lastSentTop: top, arity: arity)
        if arity == 1 && abs(rectTop - offset) <= 5 {
            // E8: a one-parameter hook's jump call is skipped when the post is already in place.
            return
        }
        call(hook, arity: arity, top: top, correction: false, jumpId: jumpId)
    }

    private func call(_ hook: HookSignature, arity: Int, top: Double, correction: Bool, jumpId: Int) {
        let threw = hook.throwsMessage != nil
        outbox.append(.hook(jumpId: jumpId, top: top, correction: correction, args: arity, threw: threw))
        if let msg = hook.throwsMessage {
            // E13: the error goes to the console; the hold goes on.
            log("error", "Uncaught Error: \(msg) (in window.tickarooLiveblogScrollTo, jump \(jumpId))")
        }
    }

    private func endHold(_ reason: HoldEndReason) {
        guard let h = held else { return }
        held = nil
        outbox.append(.holdEnd(jumpId: h.jumpId, reason: reason))
        log("info", "jump \(h.jumpId) to \(h.postId): hold ended (\(reason.rawValue))")
    }

    /// Defines, replaces or removes `window.tickarooLiveblogScrollTo` (E11, E12).
    public func setHook(_ newHook: HookSignature?) {
        let old = hook
        hook = newHook
        guard let h = held else { return }
        if newHook == nil, old != nil, h.arity != nil {
            endHold(.hookRemoved)
        } else if let n = newHook, let arity = h.arity, n.arity != arity {
            // The hook the jump started with is gone, and the new one declares another number of
            // parameters: calls in the old shape would give a one-parameter hook two arguments.
            endHold(.hookRemoved)
        } else if newHook != nil, h.arity == nil, let i = loadedIndex(h.postId) {
            // A hook defined while a hook-less jump is held receives it as a new jump.
            startJump(postIndex: i, topOffset: h.topOffset)
        }
    }

    /// Reader input that reaches the page: a tap, a wheel turn over it, a key while it has focus (E16).
    public func readerInput(_ kind: String) {
        if held != nil { endHold(.input) }
    }

    /// The page is unloaded (a reload replaces it): a held jump ends, as when it is removed (E11).
    public func unload() {
        if held != nil { endHold(.removed) }
    }

    /// The liveblog is removed from the page (E11).
    public func remove() {
        guard !removed else { return }
        if held != nil { endHold(.removed) }
        removed = true
        pendingNav = nil
        relayoutAll()
        emitLayout("removed")
    }

    /// Follows a link inside the page (E14): same-liveblog links jump, other origins go to the app.
    public func followLink(_ href: String) {
        if let id = Page.fragmentId(href), href.hasPrefix("#") || Page.host(of: href) == origin {
            fragment = id
            if exists(id) { navigate(to: id, topOffset: nil, via: "link") } else { log("warn", "link to post \(id): no such post") }
            return
        }
        if let h = Page.host(of: href), h != origin {
            log("info", "external link handed to the app: \(href)")
            outbox.append(.externalLink(href))
            return
        }
        log("warn", "navigation to \(href) blocked: not a post of this liveblog")
    }

    public func log(_ level: String, _ message: String) {
        let m = Sanitizer.clean(message)
        console.append("[\(level)] \(m)")
        if console.count > 500 { console.removeFirst(console.count - 500) }
        outbox.append(.console(level: level, message: m))
    }
}
