import Embed
import LiveblogModel

/// The app's calls an engine's page makes through the injected channel (E3, E4, E11, E12, L8,
/// M2, T2): one definition for Chromium's page and WebKit's, each of which only says how a
/// script runs in it (`run`: evaluated, its events collected) and how its errors are guarded.
package protocol InjectedCalls: PageDriver {
    /// Runs a driver call in the page and collects what it did.
    func run(_ script: String, doing: String) throws
    /// The script's value.
    func evaluate(_ script: String, doing: String) throws -> JSONValue
    /// Takes in what the page sent.
    func absorb(doing: String) throws
    /// `body`, an engine error of the page's turned into the page's failure.
    func guarded<T>(_ doing: String, _ body: () throws -> T) throws -> T
}

extension InjectedCalls {
    /// `navigateToEventId(id, topOffset?)` on the page's liveblog element (E3). The result is a
    /// `.nav` event: at once for a loaded post, after the pages it needs otherwise.
    public func navigate(to id: String, topOffset: Double?) throws {
        try run(InjectedChannel.navigate(id, topOffset: topOffset), doing: "navigating to post \(id)")
    }

    /// The URL's fragment becomes `#tickaroo_event_id=ID` (E4): the page's hashchange follows in
    /// the next frame.
    public func setFragment(_ id: String) throws {
        try run(InjectedChannel.fragment(id), doing: "setting the fragment to \(id)")
    }

    /// Defines, replaces or removes `window.tickarooLiveblogScrollTo` (E11, E12, F5).
    public func setHook(_ hook: EngineHook?) throws {
        try run(InjectedChannel.setHook(hook, platform: config.device.platform), doing: "setting the hook")
    }

    /// The liveblog element is removed from the page (E11).
    public func remove() throws { try run(InjectedChannel.remove, doing: "removing the liveblog") }

    /// New posts at the top (L8): served by the loopback server and inserted by the embed.
    public func insertPostsAtTop(_ posts: [Post]) throws {
        guard let site, !posts.isEmpty else { return }
        site.insertAtTop(posts)
        try run(InjectedChannel.insertAtTop(posts), doing: "inserting live posts")
    }

    /// The reader's or a deep link's "load more" (L8).
    public func requestMorePosts() throws {
        try run(InjectedChannel.requestMorePosts(elementSelector: config.elementSelector), doing: "loading more posts")
    }

    /// A web view that scrolls itself (M2, M3): the app's list moved it to `y`; nothing is reported.
    public func scrollTo(_ y: Double) throws { try run(InjectedChannel.scrollTo(y), doing: "scrolling the page") }

    /// Enter on a focused link (T2, X9): the page's own link to `href` nearest to page y `y` is
    /// focused and clicked, so its handlers run (the reference embed hands links to other origins
    /// and media to the app, E14) and the engine follows the rest. False: no such link.
    @discardableResult
    public func activateLink(_ href: String, nearY y: Double) throws -> Bool {
        let doing = "following the link \(href)"
        return try guarded(doing) {
            let found = try evaluate(InjectedChannel.activate(href, nearY: y), doing: doing).boolValue ?? false
            try absorb(doing: doing)
            return found
        }
    }
}
