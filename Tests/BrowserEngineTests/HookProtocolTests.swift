@testable import BrowserEngine
@testable import Chromium
import Embed
import LiveblogModel
import XCTest

/// E5, E7, E8, E9 in the real engine: a hook's arity comes from the engine's own
/// `Function.length`, decided when a jump starts.
final class HookProtocolTests: EngineTestCase {
    /// Twelve (and more) signatures: the engine's Function.length, the emulation's reading of it,
    /// and the number of arguments the reference embed passes.
    static let signatures: [(String, Int)] = [
        ("function (top, info) {}", 2),
        ("function (top) {}", 1),
        ("function () {}", 0),
        ("function (top, info = {}) {}", 1),
        ("function (top, ...rest) {}", 1),
        ("function (...args) {}", 0),
        ("function ({ top }, info) {}", 2),
        ("function (top /*, info */) {}", 1),
        ("function (top, // info\n) {}", 1),
        ("function (top, info,) {}", 2),
        ("(top, info) => {}", 2),
        ("top => {}", 1),
        ("async function (top, info) {}", 2),
        ("function* named(top, info) {}", 2),
        ("function (top, [a, b] = [1, 2], info) {}", 1),
        ("(top, info = (x => x), more) => {}", 1),
    ]

    func testE5_arityIsTheEnginesFunctionLength() throws {
        let page = try open(engineFixture(), page: pageConfig(network: .offline), hook: nil)
        for (n, (source, length)) in Self.signatures.enumerated() {
            try page.setHook(.custom(source, forwardToApp: false))
            XCTAssertEqual(try page.hookLength(), length, "the engine's Function.length of \(source)")
            XCTAssertEqual(try HookSignature(parsing: source).functionLength, length, "the emulation agrees: \(source)")
            _ = take(page)
            try page.navigate(to: "p10", topOffset: nil)
            let hooks = take(page).hooks
            XCTAssertEqual(hooks.count, 1, source)
            XCTAssertEqual(hooks.first?.args, length >= 2 ? 2 : 1, "arguments passed to \(source)")
            XCTAssertEqual(hooks.first?.jumpId, n + 1, "E9: a new jumpId for every jump")
            XCTAssertEqual(hooks.first?.correction, false)
        }
    }

    func testE5_arityIsDecidedWhenTheJumpStarts() throws {
        let page = try open(engineFixture(), page: pageConfig(network: .offline), hook: .custom("function (top, info) {}", forwardToApp: false))
        try page.navigate(to: "p10", topOffset: nil)
        XCTAssertEqual(take(page).hooks.map(\.args), [2])
        // F5: a one-parameter hook put in mid-hold gets the jump's shape (two arguments).
        try page.setHook(.custom("function (top) {}", forwardToApp: false))
        try page.evaluate("document.querySelector('[data-post-id=p0]').style.paddingTop = '40px'", doing: "test")
        let events = try run(page, seconds: 0.1)
        XCTAssertEqual(events.hooks.map(\.args), [2], "the correction keeps the shape decided at jump start")
        XCTAssertEqual(events.hooks.map(\.correction), [true])
    }

    func testE7_twoParameterHookAlwaysGetsTheFirstCall() throws {
        let page = try open(engineFixture(), page: pageConfig(network: .offline))
        let top = try XCTUnwrap(page.postTop(id: "p0"))
        try page.navigate(to: "p0", topOffset: top)
        let events = take(page)
        XCTAssertEqual(events.hooks.count, 1, "even when the post is already in place")
        XCTAssertEqual(events.hooks.first?.top ?? -1, 0, accuracy: 0.01)
        XCTAssertEqual(events.bridges, [BoundBridgeCall(platform: .android, top: events.hooks[0].top, correction: false, jumpId: 1)])
    }

    func testE6_topIsThePostsTopLessTheOffsetTheStickyHeaderByDefault() throws {
        var pc = pageConfig(network: .offline)
        pc.stickyHeader = 48
        let page = try open(engineFixture(), page: pc)
        let post = try XCTUnwrap(page.postTop(id: "p6"))
        try page.navigate(to: "p6", topOffset: nil)
        XCTAssertEqual(take(page).hooks.first?.top ?? 0, post - 48, accuracy: 0.01, "the sticky header's height")
        try page.navigate(to: "p6", topOffset: 10)
        XCTAssertEqual(take(page).hooks.first?.top ?? 0, post - 10, accuracy: 0.01, "the topOffset argument")
    }

    func testE8_oneParameterHookSkipsTheCallWithin5px() throws {
        let page = try open(engineFixture(), page: pageConfig(network: .offline),
                            hook: .custom("function (top) {}", forwardToApp: false))
        let top = try XCTUnwrap(page.postTop(id: "p3"))
        try page.navigate(to: "p3", topOffset: top - 4)
        var events = take(page)
        XCTAssertEqual(events.navs.map(\.1), [.found])
        XCTAssertEqual(events.hooks.count, 0, "within 5 px of the top offset: no call")
        try page.navigate(to: "p3", topOffset: top - 6)
        events = take(page)
        XCTAssertEqual(events.hooks.map(\.args), [1], "top alone, exactly one argument")
        XCTAssertEqual(events.hooks.first?.top ?? 0, 6, accuracy: 0.01)
        XCTAssertEqual(events.hooks.first?.jumpId, 2, "E9: the skipped jump had its own id")
    }
}
