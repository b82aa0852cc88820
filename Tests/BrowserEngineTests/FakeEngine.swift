@testable import BrowserEngine
import Embed
import Host
import LiveblogModel
import Simulation

/// A fake engine behind the engine seam (issue 39): the emulated page answers what `PageDriver`
/// asks of a real engine (frames, navigation, the hook, input at page coordinates, geometry), so
/// `EngineWebPage`, the adapter both real engines run behind, runs in the World with no browser.
/// Its events leave as an engine's do: the page's own, and each bridge call as the platform's
/// binding carried it. It has no text layout and no pixels (the renderer's engine paths are the
/// real engines' tests').
final class FakeEngine: PageDriver {
    let page: Page
    let config: EngineConfig
    let defaultHook: HookSignature?
    var outbox: [EngineEvent] = []
    private(set) var tick = 0

    init(page: Page, config: EngineConfig, defaultHook: HookSignature?) {
        self.page = page
        self.config = config
        self.defaultHook = defaultHook
        page.start()
        collect()
    }

    /// The World's page maker with this engine behind `EngineWebPage`, as `EngineRun` makes a
    /// real engine's.
    static func maker() -> PageMaker {
        { r in
            let defaultHook = WorldConfig().hook
            var c = EngineConfig(device: EngineDevice(width: r.width, height: max(r.viewportHeight, 800),
                                                      density: r.density ?? 1, platform: r.platform.webView))
            c.hook = EngineWebPage.engineHook(r.hook, defaultHook: defaultHook)
            let page = Page(liveblog: r.liveblog, config: r.config, width: r.width, firstJumpId: r.firstJumpId,
                            loader: r.loader)
            page.setHook(r.hook)
            let fake = FakeEngine(page: page, config: c, defaultHook: defaultHook)
            return EngineWebPage(engine: fake, liveblog: r.liveblog, config: r.config, width: r.width,
                                 firstJumpId: r.firstJumpId, hook: r.hook, defaultHook: defaultHook)
        }
    }

    /// The page's events, as an engine hands them over.
    private func collect() {
        let events = page.outbox
        page.outbox = []
        for e in events {
            if case let .bridge(top, correction, jumpId) = e {
                outbox.append(.bridge(BoundBridgeCall(platform: config.device.platform, top: top,
                                                      correction: correction, jumpId: jumpId)))
            } else {
                outbox.append(.page(e))
            }
        }
    }

    private func run(_ body: () -> Void) {
        body()
        collect()
    }

    // MARK: - What the page is

    var url: String { page.config.url ?? "https://www.example.com/liveblog" }
    var site: EmbedSite? { nil }
    var speaksProtocol: Bool { true }
    var initialized: Bool { true }
    var isLoading: Bool { page.isLoading }
    var estimatedProgress: Double { page.estimatedProgress }
    var networkProfile: NetworkProfile { page.networkProfile }
    var contentHeight: Double { page.contentHeight }
    var width: Double { page.width }
    var viewportHeight: Double { page.viewportHeight }
    var documents: Int { 1 }
    var marks: [String: PostMarks] { [:] }
    var marksVersion: Int { 0 }
    var layoutCache: PageLayoutSnapshot? { nil }

    // MARK: - What it is asked

    func frame(tick t: Int) throws {
        tick = t
        run { page.frame(tick: t) }
    }
    func setViewportHeight(_ h: Double) throws { page.viewportHeight = h }
    func setWidth(_ w: Double) throws { run { page.setGeometry(width: w, imageCap: page.imageCap) } }
    func navigate(to id: String, topOffset: Double?) throws { run { page.navigate(to: id, topOffset: topOffset) } }
    func setFragment(_ id: String) throws { run { page.setFragment(id) } }
    func setHook(_ hook: EngineHook?) throws {
        let signature: HookSignature?
        switch hook {
        case nil: signature = nil
        case .shim?: signature = defaultHook
        case let .custom(source, _)?: signature = try? HookSignature(parsing: source)
        }
        run { page.setHook(signature) }
    }
    func tap(x: Double, y: Double) throws { run { page.input(.tap(x: x, y: y)) } }
    func touchStart(x: Double, y: Double) throws {
        touchesReceived += 1
        run { page.input(.touchStart(x: x, y: y)) }
    }
    func touchCancel() throws { run { page.input(.touchCancel) } }
    /// The emulated page behind it takes touches on the World's clock; it paints no pixels (a test
    /// may declare less).
    var capabilities: EngineCapabilities = [.virtualTime, .touchEvents]
    /// Touches the adapter sent.
    var touchesReceived = 0
    func wheel(x: Double, y: Double, deltaY: Double) throws { run { page.input(.wheel(x: x, y: y, deltaY: deltaY)) } }
    func key(_ key: String) throws { run { page.input(.key(key)) } }
    func activateLink(_ href: String, nearY y: Double) throws -> Bool {
        run { page.followLink(href) }
        return true
    }
    func remove() throws { run { page.remove() } }
    func close() {}
    func insertPostsAtTop(_ posts: [Post]) throws { run { page.insertPostsAtTop(posts) } }
    func requestMorePosts() throws { run { page.requestMorePosts() } }
    func forceLoad(_ id: String) throws -> Bool {
        var done = false
        run { done = page.forceLoad(id) }
        return done
    }
    func setNetworkProfile(_ p: NetworkProfile) { run { page.setNetworkProfile(p) } }
    func scrollTo(_ y: Double) throws { page.scrollY = y }
    func geometry() throws -> PageGeometry {
        let boxes = (0..<page.loadedCount).map { i in
            PageGeometry.PostBox(id: page.liveblog.posts[i].id, top: page.postTop(index: i),
                                 height: page.postHeight(index: i))
        }
        return PageGeometry(contentHeight: page.contentHeight, posts: boxes, scrollY: page.scrollY)
    }
    func postTop(id: String) throws -> Double? { page.postTop(id: id) }
    func layout(from y0: Double, to y1: Double, margin: Double) throws -> PageLayoutSnapshot? { nil }
    func documentTitle() throws -> String { page.liveblog.title }
}
