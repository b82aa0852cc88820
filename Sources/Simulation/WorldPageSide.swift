import LiveblogModel
import Embed
import TextCells
import Host

/// The World's page side: the page behind its interface (X1), how it is made (at start and on a
/// reload), and what the page leaves for the app: its outbox drained in order, the web-row
/// resizes it schedules (E2), the links and media it hands over (E14, W3), the posts watched for
/// expectations, a real source's live feed (R3) with its pill's count, and the link with keyboard
/// focus (T2). It holds no list, host or clock: what it needs of them comes in as values.
final class PageSide {
    /// The web page in the web row: the emulated one, or another behind the same interface (X1).
    /// The World attaches a new one (`World.attach`).
    var page: any WebPage
    /// How the page is made (at start and on a reload).
    let makePage: PageMaker
    /// The loader of a real source (R2), kept for a reload; nil: the simulated network.
    let realLoader: (any ResourceLoader)?
    /// The liveblog as the app has it (live and streamed posts change it).
    var source: Liveblog
    /// The web row's resizes the page's layouts scheduled (E2): due tick and height.
    var pendingResizes = FIFO<(tick: Int, height: Double)>()
    var externalLinks: [String] = []
    /// Video and audio URLs handed to the app for the system's player (W3).
    var mediaHandoffs: [String] = []
    /// Posts whose y is wanted in every frame (expectations), and their latest y.
    var watchedPosts: [String] = []
    var watchedY: [String: Double?] = [:]
    /// A real source's live updates (R3), polled every frame; nil: none.
    var liveFeed: (any LiveFeed)?
    /// Posts that arrived above the view since the reader was last at the top (R3's pill).
    var newPostsAbove = 0
    /// The link inside the page with keyboard focus (T2: Tab), nil when the list has focus.
    var focusedLink: World.FocusedLink?

    /// Makes the first page for `request`.
    init(source: Liveblog, request: PageRequest, makePage: @escaping PageMaker, loader: (any ResourceLoader)?) {
        self.source = source
        self.makePage = makePage
        realLoader = loader
        page = makePage(request)
    }

    // MARK: - The outbox

    /// Runs `body` on the page, then hands what it left in the page's outbox to `handle`, in order,
    /// until the outbox stays empty.
    func call<T>(_ body: (any WebPage) -> T, handle: (PageEvent) -> Void) -> T {
        let result = body(page)
        while !page.outbox.isEmpty {
            let events = page.outbox
            page.outbox = []
            for e in events { handle(e) }
        }
        return result
    }

    /// The outbox's leading plain events of `p` (the current page only), taken out (B7).
    func takeLeadingPlainEvents(of p: any WebPage) -> ArraySlice<PageEvent> {
        guard p === page else { return [] }
        var k = 0
        while k < p.outbox.count, p.outbox[k].isPlain { k += 1 }
        guard k > 0 else { return [] }
        let events = p.outbox[..<k]
        p.outbox.removeFirst(k)
        return events
    }

    // MARK: - Resizes (E2)

    func scheduleResize(to height: Double, due: Int) {
        pendingResizes.append((due, height))
    }

    /// The next resize due at `now` (taken out), nil when none is.
    func nextDueResize(now: Int) -> Double? {
        guard let r = pendingResizes.first, r.tick <= now else { return nil }
        pendingResizes.removeFirst()
        return r.height
    }

    // MARK: - Handoffs (E14, W3)

    /// How many links and media were handed over so far.
    var handoffCount: (links: Int, media: Int) { (externalLinks.count, mediaHandoffs.count) }

    /// The links and media handed over since `count`, as values.
    func handoffs(since count: (links: Int, media: Int)) -> [Handoff] {
        externalLinks[count.links...].map { .link($0) } + mediaHandoffs[count.media...].map { .media($0) }
    }

    // MARK: - The page in a mode, and a new page

    /// Puts the page in `mode`'s shape (M1: as tall as its content, never scrolling; M2, M3:
    /// scrolling itself in the visible height) and returns the web row's height for it.
    func shape(for mode: Mode, visibleHeight: Double) -> Double {
        switch mode {
        case .content:
            page.selfScrolling = false
            page.scrollY = 0
            page.viewportHeight = page.contentHeight
            return page.contentHeight
        case .nested, .header:
            page.selfScrolling = true
            page.viewportHeight = visibleHeight
            return visibleHeight
        }
    }

    /// The page's own scrolling for a host or the pan engine, where it scrolls itself (M2, M3); nil
    /// in content mode (M1), where it is as tall as its content and nothing reads it.
    func webScroll(visibleHeight: Double) -> WebScroll? {
        guard page.selfScrolling else { return nil }
        return WebScroll(offset: page.scrollY, maxOffset: page.maxScrollY, contentHeight: page.contentHeight,
                         visibleHeight: visibleHeight)
    }

    /// A new page for a reload (the old one is unloaded): the same settings on the `network` the
    /// old one had, jumpIds going on from the old page's (E9, E11).
    func remade(_ config: WorldConfig, network: NetworkProfile) -> any WebPage {
        var pc = config.page
        pc.networkProfile = network
        return makePage(PageRequest(config, liveblog: source, page: pc, firstJumpId: page.nextJumpId,
                                    loader: realLoader))
    }

    /// The new page in the web row (a reload): no link of the old one keeps the focus.
    func replacePage(with p: any WebPage) {
        page = p
        focusedLink = nil
    }

    /// B9: a streamed body's posts join the source (pinned ones after the pinned already there).
    func addStreamed(_ posts: StreamedPosts) {
        if !posts.pinned.isEmpty {
            let at = source.posts.prefix(while: StreamedPosts.isPinned).count
            source.posts.insert(contentsOf: posts.pinned, at: at)
        }
        source.posts.append(contentsOf: posts.older)
    }

    // MARK: - Frame chores

    /// Every watched post's y this frame (`postY` reads the World's geometry).
    func recordWatched(_ postY: (String) -> Double?) {
        for id in watchedPosts { watchedY[id] = postY(id) }
    }

    /// The pill hides once the reader is back at the top: the list at its top (`listAtTop`) and
    /// the page too.
    func hidePill(listAtTop: Bool) {
        if listAtTop, page.scrollY <= 0.5 { newPostsAbove = 0 }
    }

    // MARK: - What is under a page point

    /// The link under a page point, if any.
    func link(atPageY py: Double, column: Int) -> String? {
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

    /// The video or audio under a page point (W3): a video, or an embed of a media URL.
    func mediaURL(atPageY py: Double) -> String? {
        for it in page.items(from: py, to: py + 0.5) {
            switch it.kind {
            case .media(let m, _) where m.kind == .video: return m.url
            case .embed(let e, _) where MediaURL.isMedia(e.url): return e.url
            default: continue
            }
        }
        return nil
    }

    /// Tab moves focus through the links in the page's visible part (from page y `top`, `height`
    /// tall), then back to the list (T2).
    func moveFocus(_ dir: Int, top: Double, height: Double) {
        var links: [World.FocusedLink] = []
        for it in page.items(from: top, to: top + height) {
            guard let runs = it.textRuns else { continue }
            for r in runs {
                guard let href = r.link else { continue }
                if let last = links.last, last.href == href, last.pageY == it.y { continue }
                links.append(World.FocusedLink(href: href, pageY: it.y, text: r.text))
            }
        }
        guard !links.isEmpty else {
            focusedLink = nil
            return
        }
        if let f = focusedLink, let i = links.firstIndex(of: f) {
            let j = i + dir
            focusedLink = (j >= 0 && j < links.count) ? links[j] : nil
        } else {
            focusedLink = dir > 0 ? links.first : links.last
        }
    }
}
