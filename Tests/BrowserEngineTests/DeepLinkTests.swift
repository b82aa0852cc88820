import Embed
import LiveblogModel
import XCTest
@testable import BrowserEngine

/// E3, E4 and X3/X5 in the real engine: deep links at load under 3g whose images arrive late,
/// on both platforms' shims; pages loaded to reach a post; the fragment.
final class DeepLinkTests: EngineTestCase {
    private func deepLinkAtLoad(_ device: EngineDevice) throws {
        let url = "https://www.example.com/liveblog.html#tickaroo_event_id=p25"
        let page = try open(engineFixture(40, declaredEvery: 4), page: pageConfig(network: .threeG, url: url),
                            device: device)
        let events = try run(page, seconds: 4)
        XCTAssertEqual(events.navs.first.map { "\($0.0) \($0.1.rawValue) \($0.2)" }, "p25 found fragment")
        let hooks = events.hooks
        XCTAssertEqual(hooks.first?.correction, false, "the jump's first call")
        XCTAssertGreaterThan(hooks.filter(\.correction).count, 3, "late images above the post: corrections")
        XCTAssertEqual(Set(hooks.map(\.jumpId)), [1])
        XCTAssertEqual(hooks.map(\.top), hooks.map(\.top).sorted(), "images above it push the post down")
        // The app hears each call through the platform's bridge, as the native side reads it.
        XCTAssertEqual(events.bridges, hooks.map { BoundBridgeCall(platform: device.platform, top: $0.top,
                                                                   correction: $0.correction, jumpId: $0.jumpId) })
        let final = try XCTUnwrap(page.postTop(id: "p25"))
        XCTAssertEqual(hooks.last?.top ?? 0, final, accuracy: 5, "the last value sent is where the post is")
        XCTAssertEqual(events.holdEnds.count, 0, "held for 10 s")
    }

    func testX3_deepLinkUnder3gOnAndroid() throws { try deepLinkAtLoad(.pixel8) }

    func testX3_deepLinkUnder3gOnIOS() throws { try deepLinkAtLoad(.iphone15) }

    func testE3_postsBeyondTheLoadedOnesLoadPageByPage() throws {
        var pc = pageConfig(network: .threeG, pageSize: 5)
        pc.deepLinkLimit = 8
        let page = try open(engineFixture(30), page: pc)
        try page.navigate(to: "p20", topOffset: nil)
        var events = take(page)
        XCTAssertEqual(events.navs.map(\.1), [.notFound], "16 posts beyond the loaded ones, the limit is 8")
        XCTAssertTrue(events.consoles.contains("[warn] post p20 is 16 posts beyond the loaded ones (deepLinkLimit 8): not found"),
                      "\(events.consoles)")
        try page.navigate(to: "p11", topOffset: nil)
        events = take(page) + (try run(page, seconds: 6))
        XCTAssertEqual(events.navs.map { "\($0.0) \($0.1.rawValue)" }, ["p11 found"], "two pages later")
        XCTAssertEqual(events.layouts.filter { $0.1 == "page" }.count, 2)
        XCTAssertEqual(events.hooks.first?.correction, false)
        XCTAssertEqual(try page.postIds().count, 15)
    }

    func testE4_fragmentChangeJumpsToAPostItCanFind() throws {
        let page = try open(engineFixture(), page: pageConfig(network: .offline))
        try page.setFragment("p7")
        var events = try run(page, seconds: 0.05)
        XCTAssertEqual(events.navs.map { "\($0.0) \($0.2)" }, ["p7 fragment"])
        XCTAssertEqual(events.hooks.count, 1)
        try page.setFragment("nope")
        events = try run(page, seconds: 0.05)
        XCTAssertEqual(events.navs.count, 0, "reports nothing back")
        XCTAssertTrue(events.consoles.contains("[warn] fragment #tickaroo_event_id=nope: no such post"), "\(events.consoles)")
    }
}
