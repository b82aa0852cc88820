import LiveblogModel

/// The page's side of the jump protocol (E3, E4, E11–E14): finding the post, loading older
/// posts to reach it, and the reader's and the app's actions. The protocol itself is `JumpSession`.
extension Page {
    /// Runs the fragment deep link the page was opened with (E4). The world calls it once,
    /// after the host has the page's first height.
    public func start() {
        // Like a fragment change: it jumps only to a post the page can find and reports nothing back.
        guard let f = fragment, isLive else { return }
        if exists(f) {
            navigate(to: f, topOffset: nil, via: "fragment")
        } else {
            log("warn", "fragment #tickaroo_event_id=\(f): no such post")
        }
    }

    /// `navigateToEventId(id, topOffset?)` (E3); also fragments (E4) and links. Emits `.nav`.
    public func navigate(to id: String, topOffset: Double?, via: String = "api") {
        guard isLive else {
            log("error", "navigateToEventId(\(id)): the liveblog is not initialized")
            outbox.append(.nav(id: id, result: .notFound, via: via))
            return
        }
        switch catalog.locate(id) {
        case .loaded(let i):
            pendingNav = nil
            outbox.append(.nav(id: id, result: .found, via: via))
            startJump(postIndex: i, topOffset: topOffset)
            return
        case .beyond(let beyond):
            if config.deepLinkLimit == 0 || beyond <= config.deepLinkLimit {
                pendingNav = (id, topOffset, via)
                log("info", "loading older posts to reach \(id)")
                requestMorePosts()
                return
            }
            let limit = config.deepLinkLimit
            log("warn", "post \(id) is \(Plural.count(beyond, "post")) beyond the loaded ones "
                + "(deepLinkLimit \(limit)): not found")
        case .missing:
            log("warn", "post \(id) not found")
        }
        outbox.append(.nav(id: id, result: .notFound, via: via))
    }

    /// The URL fragment changed (E4): jumps only to a post the page can find; reports nothing back.
    public func setFragment(_ id: String) {
        guard id != fragment else { return }
        fragment = id
        guard isLive else { return }
        if exists(id) {
            navigate(to: id, topOffset: nil, via: "fragment")
        } else {
            log("warn", "fragment #tickaroo_event_id=\(id): no such post")
        }
    }

    /// The top offset of a jump without one (E6): the sticky header's height, else 0.
    var defaultTopOffset: Double { config.stickyHeader > 0 ? config.stickyHeader : 0 }

    func startJump(postIndex i: Int, topOffset: Double?) {
        let offset = topOffset ?? defaultTopOffset
        // E15: the embed scrolls its own strip to the card; only the page position goes to the hook.
        if isTimeline { scrollStrip(toCard: i) }
        let top = postTop(index: i)
        let postId = catalog.posts[i].id
        emit(jumps.start(postId: postId, topOffset: offset, postTop: top, scrollY: scrollY, tick: tick))
        if jumps.held?.arity == nil && selfScrolling {
            // E12: no hook, so the page scrolls itself (nothing moves in a content-sized web view).
            scrollY = clampedScroll(top - offset)
        }
    }

    /// Defines, replaces or removes `window.tickarooLiveblogScrollTo` (E11, E12).
    public func setHook(_ newHook: HookSignature?) {
        switch jumps.setHook(newHook) {
        case .none:
            break
        case .ended(let events):
            emit(events)
        case .restart(let held):
            if let i = catalog.loadedIndex(of: held.postId) {
                startJump(postIndex: i, topOffset: held.topOffset)
            }
        }
    }

    /// Reader input that reaches the page: a tap, a wheel turn over it, a key while it has
    /// focus (E16). Every kind ends a held jump alike.
    /// Input that reaches the page ends a held jump (E11, E16), wherever it lands; a touch's
    /// cancel is no new input (the reference embed ends the hold on touchstart, Q19).
    public func input(_ input: PageInput) {
        if input == .touchCancel { return }
        emit(jumps.endHold(.input))
    }

    /// Follows a link inside the page (E14): same-liveblog links jump, other origins go to the app.
    /// A video or audio URL (W3) goes to the app for the system's player, wherever it is.
    public func followLink(_ href: String) {
        if MediaURL.isMedia(href) { return handOffMedia(href) }
        switch LinkTarget(href: href, origin: origin) {
        case .post(let id):
            fragment = id
            if exists(id) {
                navigate(to: id, topOffset: nil, via: "link")
            } else {
                log("warn", "link to post \(id): no such post")
            }
        case .external(let href):
            log("info", "external link handed to the app: \(href)")
            outbox.append(.externalLink(href))
        case .blocked(let href):
            log("warn", "navigation to \(href) blocked: not a post of this liveblog")
        }
    }

    /// Hands a video or audio URL to the app (W3): a link to one, or a click on a video or a
    /// media embed's card. The app shows what it will run and asks first.
    public func handOffMedia(_ url: String) {
        log("info", "media handed to the app: \(url)")
        outbox.append(.mediaHandoff(url))
    }
}
