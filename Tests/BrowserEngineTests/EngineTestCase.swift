@testable import BrowserEngine
@testable import Chromium
import Embed
import Foundation
import LiveblogModel
import TestSupport
import XCTest

/// A liveblog built in code: `count` posts, newest first, ids "p0" (newest) …; every third post
/// carries a remote image with no declared size (it grows when it loads), every fifth a web
/// embed with no declared height, and `declaredEvery` posts a declared 1600×900 image.
func engineFixture(_ count: Int = 30, undeclaredEvery: Int = 3, embedEvery: Int = 5, declaredEvery: Int = 0,
                   words: Int = 24) -> Liveblog {
    var posts: [Post] = []
    for i in 0..<count {
        let text = (0..<words).map { "w\(($0 * 7 + i) % 13)" }.joined(separator: " ")
        var blocks: [Block] = [.text(RichText(plain: "Post \(i): " + text))]
        if undeclaredEvery > 0 && i % undeclaredEvery == 1 {
            blocks.append(.media([Media(id: "m\(i)", url: "https://img.example.com/\(i).png")]))
        }
        if declaredEvery > 0 && i % declaredEvery == 0 {
            blocks.append(.media([Media(id: "d\(i)", width: 1600, height: 900, url: "https://img.example.com/d\(i).jpg")]))
        }
        if embedEvery > 0 && i % embedEvery == 2 {
            blocks.append(.embed(WebEmbed(id: "e\(i)", url: "https://social.example.com/\(i)")))
        }
        posts.append(Post(id: "p\(i)", createdAt: Double(1_700_000_000 - i * 60), blocks: blocks))
    }
    return Liveblog(id: "fx", title: "Fixture liveblog", posts: posts)
}

/// Each test starts its own engine (and, with each page, its own loopback server) and ends them.
class EngineTestCase: XCTestCase {
    var browser: Browser!
    private var pages: [EnginePage] = []

    override func setUpWithError() throws {
        try Requirement.check("no browser engine", install: "apt-get install -y chromium-headless-shell") {
            _ = try EngineLocator.locate()
        }
        browser = try Browser.launch()
    }

    override func tearDown() {
        for p in pages { p.close() }
        pages = []
        let pgid = browser?.pid
        browser?.close()
        browser = nil
        if let pgid { XCTAssertEqual(EngineProcesses.waitUntilGone(pgid), [], "no engine process outlives the test") }
        super.tearDown()
    }

    func pageConfig(network: NetworkProfile = .instant, seed: UInt64 = 7, pageSize: Int = 0,
                    url: String? = nil) -> PageConfig {
        var c = PageConfig()
        c.networkProfile = network
        c.networkSeed = seed
        c.pageSize = pageSize
        c.url = url
        return c
    }

    func open(_ liveblog: Liveblog = engineFixture(), page: PageConfig? = nil, device: EngineDevice = .pixel8,
              hook: EngineHook? = .shim, time: EngineTime = .virtual, armedFlush: Bool = true) throws -> EnginePage {
        var config = EngineConfig(device: device)
        config.hook = hook
        config.time = time
        config.armedFlush = armedFlush
        let p = try EnginePage(browser: browser, source: .reference(liveblog, page ?? pageConfig()), config: config)
        pages.append(p)
        return p
    }

    /// Runs the page's frames from its tick for `seconds` of virtual time; the events, in order.
    @discardableResult
    func run(_ page: EnginePage, seconds: Double) throws -> [EngineEvent] {
        try timed(page, seconds: seconds).map(\.event)
    }

    /// The same, each event with the tick of the frame it came in.
    func timed(_ page: EnginePage, seconds: Double) throws -> [(tick: Int, event: EngineEvent)] {
        var out = take(page).map { (page.tick, $0) }
        let end = page.tick + Int((seconds * 120).rounded())
        while page.tick < end {
            try page.frame(tick: page.tick + 2)
            out += take(page).map { (page.tick, $0) }
        }
        return out
    }

    func take(_ page: EnginePage) -> [EngineEvent] {
        defer { page.outbox = [] }
        return page.outbox
    }
}

extension Array where Element == EngineEvent {
    var hooks: [(jumpId: Int, top: Double, correction: Bool, args: Int, threw: Bool)] {
        compactMap {
            if case let .page(.hook(j, t, c, a, th)) = $0 { return (j, t, c, a, th) }
            return nil
        }
    }
    var holdEnds: [(Int, HoldEndReason)] {
        compactMap {
            if case let .page(.holdEnd(j, r)) = $0 { return (j, r) }
            return nil
        }
    }
    var navs: [(String, NavResult, String)] {
        compactMap {
            if case let .page(.nav(id, r, via)) = $0 { return (id, r, via) }
            return nil
        }
    }
    var bridges: [BoundBridgeCall] {
        compactMap {
            if case let .bridge(b) = $0 { return b }
            return nil
        }
    }
    var layouts: [(Double, String)] {
        compactMap {
            if case let .page(.layout(h, c)) = $0 { return (h, c) }
            return nil
        }
    }
    var consoles: [String] {
        compactMap {
            if case let .page(.console(l, m)) = $0 { return "[\(l)] \(m)" }
            return nil
        }
    }
    var notes: [String] {
        compactMap {
            if case let .engine(.note(m)) = $0 { return m }
            return nil
        }
    }
}
