import XCTest
import Embed
import Host
import LiveblogModel
@testable import Simulation

/// The World runs against the page interface alone (docs/architecture.md: "a page is an interface"): a page that
/// is no `Page` at all, made by a `PageMaker`, is laid out in the web row, jumped to, and its
/// hook calls and bridge calls reach the host, which scrolls the list.
final class WebPageDoubleTests: XCTestCase {
    /// Ten posts of 500 pt; a jump calls the two-parameter hook with the post's top and hands the
    /// bridge call itself, as every page does (`AppShim`).
    final class FakePage: WebPage {
        let config: PageConfig
        let liveblog: Liveblog
        var outbox: [PageEvent] = []
        var drainPlainEvents: (() -> Void)?
        var console: [String] = []
        var selfScrolling = false
        var runsOnItsOwnClock: Bool { false }
        /// Off: a page whose shim hands nothing over (the World must not apply one of its own).
        var handsBridgeCalls = true
        var scrollY = 0.0
        var viewportHeight = 0.0
        var hook: HookSignature?
        private(set) var inputs: [PageInput] = []
        private(set) var frames = 0
        private var jumps = 0
        let postHeight = 500.0

        init(_ r: PageRequest) {
            config = r.config
            liveblog = r.liveblog
        }

        var origin: String { "www.example.com" }
        var enabledDomains: [String] { [origin] }
        var isLive: Bool { true }
        var showsPosts: Bool { true }
        func start() { outbox.append(.layout(height: contentHeight, cause: "load")) }
        func frame(tick: Int) { frames += 1 }
        func log(_ level: String, _ message: String) { console.append(message) }
        var isLoading: Bool { false }
        var estimatedProgress: Double { 1 }
        func navigate(to id: String, topOffset: Double?, via: String) {
            guard let top = postTop(id: id) else { return outbox.append(.nav(id: id, result: .notFound, via: via)) }
            jumps += 1
            outbox.append(.nav(id: id, result: .found, via: via))
            outbox.append(.hook(jumpId: jumps, top: top, correction: false, args: 2, threw: false))
            if handsBridgeCalls {
                outbox.append(AppShim.bridgeCall(top: top, correction: false, jumpId: jumps, args: 2, declared: hook?.arity))
            }
        }
        func setFragment(_ id: String) { navigate(to: id, topOffset: nil, via: "fragment") }
        func setHook(_ hook: HookSignature?) { self.hook = hook }
        var held: JumpSession.HeldJump? { nil }
        var lastJumpPostId: String? { nil }
        var nextJumpId: Int { jumps + 1 }
        func input(_ input: PageInput) { inputs.append(input) }
        func followLink(_ href: String) { outbox.append(.externalLink(href)) }
        func handOffMedia(_ url: String) { outbox.append(.mediaHandoff(url)) }
        func remove() {}
        func unload() {}
        func insertPostsAtTop(_ fresh: [Post]) {}
        var postsInsertedAtTop: Int { 0 }
        func applySnapshot(_ posts: [Post]) {}
        func applyStreamed(_ posts: StreamedPosts) {}
        func requestMorePosts() {}
        func forceLoad(_ id: String) -> Bool { false }
        func requestMedia(visibleFrom y0: Double, to y1: Double) {}
        var networkProfile: NetworkProfile { .instant }
        func setNetworkProfile(_ p: NetworkProfile) {}
        func setGeometry(width: Double, imageCap: Double?) {}
        var contentHeight: Double { Double(liveblog.posts.count) * postHeight }
        var loadedCount: Int { liveblog.posts.count }
        func exists(_ id: String) -> Bool { loadedPostIndex(id) != nil }
        func loadedPostIndex(_ id: String) -> Int? { liveblog.posts.firstIndex { $0.id == id } }
        func postTop(id: String) -> Double? { loadedPostIndex(id).map { postTop(index: $0) } }
        func postTop(index: Int) -> Double { Double(index) * postHeight }
        func postHeight(index: Int) -> Double { postHeight }
        func postIndex(at y: Double) -> Int? { y >= 0 && y < contentHeight ? Int(y / postHeight) : nil }
        var loadMoreRange: ClosedRange<Double>? { nil }
        func items(from y0: Double, to y1: Double) -> [PageItem] { [] }
        var isTimeline: Bool { false }
        var stripX: Int { 0 }
        var cardPitch: Int { 0 }
        var cardColumns: Int { 0 }
        func cardLines(_ i: Int) -> [String] { [] }
        func scrollStrip(byCards n: Int) {}
    }

    static func world(platform: Platform = .ios) -> (World, FakePage) {
        let posts = (0..<10).map { Post(id: "p\($0)", createdAt: Double(1000 - $0), blocks: []) }
        let lb = Liveblog(id: "fake", title: "Fake", posts: posts)
        var cfg = WorldConfig()
        cfg.platform = platform
        cfg.hook = try? HookSignature(parsing: "function (top, info) {}")
        var made: FakePage?
        let w = World(liveblog: lb, config: cfg, makePage: { r in
            let p = FakePage(r)
            made = p
            return p
        })
        return (w, made!)
    }

    /// X1: the World drives a page it knows only by the interface; the page's own bridge call
    /// (every page hands it over after its hook call, the emulated one by `AppShim`) reaches the
    /// iOS host, which scrolls to the post. A page that hands none over moves nothing: the World
    /// never asks which kind of page it holds, nor runs a shim of its own.
    func testX1_theWorldRunsAPageKnownOnlyByItsInterface() throws {
        for bridges in [true, false] {
            let (w, page) = WebPageDoubleTests.world()
            page.handsBridgeCalls = bridges
            var lines: [TraceRecord] = []
            w.sink = { lines.append($0) }
            w.advance(to: 2)
            XCTAssertEqual(w.list.webRowHeight, 5000, "the row takes the page's content height")
            w.send(.jump(id: "p4", topOffset: nil))
            w.advance(to: w.tick + 120)
            let hosts = lines.compactMap { r -> HostAction? in
                if case let .host(a) = r.event { return a }
                return nil
            }
            XCTAssertTrue(lines.contains { if case .hook = $0.event { true } else { false } }, "the hook line")
            guard bridges else {
                XCTAssertEqual(hosts.count, 0, "no bridge call from the page, none from the World")
                continue
            }
            XCTAssertEqual(hosts.count, 1, "the page's one bridge call")
            XCTAssertEqual(hosts.first?.target, w.list.webRowY + 2000 - w.insetTop)
            XCTAssertEqual(w.postY("p4") ?? .nan, 0, accuracy: 0.5, "landed under the bar")
            XCTAssertGreaterThan(page.frames, 50, "the page's frames run at 60 Hz")
            w.send(.tap(row: 10, col: 5))
            XCTAssertEqual(page.inputs.count, 1, "a tap on the web row reaches the page (E16)")
            if case let .tap(_, y)? = page.inputs.first {
                XCTAssertEqual(y, w.scrollView.offset + 10 * 16 + 8 - w.list.webRowY, accuracy: 1e-9)
            } else {
                XCTFail("a tap at page coordinates")
            }
        }
    }
}
