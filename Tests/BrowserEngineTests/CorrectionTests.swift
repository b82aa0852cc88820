import Embed
import Foundation
import LiveblogModel
import XCTest
@testable import BrowserEngine

/// E10, E13 in the real engine: a correction only once `top` has moved more than 5 px since the
/// last value sent, at most one a frame; a throwing hook's error in the console, the hold going on.
final class CorrectionTests: EngineTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = NSTemporaryDirectory() + "liveblog-engine-images-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
        super.tearDown()
    }

    /// Posts "p0"…: the first `images.count` carry a local image without a declared size of
    /// 396 px (the page's column on a Pixel 8) × the given height, so each grows from its
    /// 16 px placeholder by height − 16 px when it loads.
    private func liveblog(images heights: [Int]) throws -> Liveblog {
        var posts: [Post] = []
        for i in 0..<12 {
            var blocks: [Block] = [.text(RichText(plain: "Post \(i) with a few words of text"))]
            if i < heights.count {
                let name = "img\(i).png"
                let png = PNGWriter.write(width: 396, height: heights[i], rgba: [])
                try Data(png).write(to: URL(fileURLWithPath: directory + "/" + name))
                blocks.append(.media([Media(id: "i\(i)", url: name)]))
            }
            posts.append(Post(id: "p\(i)", createdAt: Double(1_700_000_000 - i * 60), blocks: blocks))
        }
        return Liveblog(id: "c", title: "Corrections", posts: posts, baseDirectory: directory)
    }

    func testE10_correctionOnlyPast5px() throws {
        let page = try open(liveblog(images: [20, 18, 40]), page: pageConfig(network: .offline))
        try page.navigate(to: "p8", topOffset: 0)
        let first = take(page).hooks
        XCTAssertEqual(first.map(\.correction), [false])
        let top0 = try XCTUnwrap(page.postTop(id: "p8"))
        XCTAssertTrue(try page.forceLoad("i0"))
        var events = try run(page, seconds: 0.1)
        let top1 = try XCTUnwrap(page.postTop(id: "p8"))
        XCTAssertEqual(top1 - top0, 4, accuracy: 0.5, "the image grew 4 px")
        XCTAssertEqual(events.hooks.count, 0, "4 px: no correction")
        XCTAssertTrue(try page.forceLoad("i1"))
        events = try run(page, seconds: 0.1)
        let top2 = try XCTUnwrap(page.postTop(id: "p8"))
        XCTAssertEqual(top2 - top0, 6, accuracy: 0.5)
        XCTAssertEqual(events.hooks.map(\.correction), [true], "6 px since the last value sent: a correction")
        XCTAssertEqual(events.hooks.first?.top ?? 0, top2, accuracy: 0.01)
        XCTAssertEqual(events.hooks.first?.jumpId, 1)
    }

    func testE10_atMostOneCorrectionPerFrame() throws {
        let page = try open(liveblog(images: [100, 120, 140, 160]), page: pageConfig(network: .offline))
        try page.navigate(to: "p8", topOffset: 0)
        _ = take(page)
        let before = try XCTUnwrap(page.postTop(id: "p8"))
        for id in ["i0", "i1", "i2", "i3"] { XCTAssertTrue(try page.forceLoad(id)) }
        let events = try timed(page, seconds: 0.5)
        // A browser lays the four out in the frame's one layout: the first load event's handler
        // already sees them all (the emulated page reports one layout line a load).
        XCTAssertEqual(try XCTUnwrap(page.postTop(id: "p8")) - before, 84 + 104 + 124 + 144, accuracy: 1)
        let corrections = events.filter { if case .page(.hook) = $0.event { return true }; return false }
        XCTAssertEqual(corrections.count, 1, "one frame: one correction")
        XCTAssertEqual(events.map(\.event).hooks.first?.top ?? 0, try XCTUnwrap(page.postTop(id: "p8")), accuracy: 0.01,
                       "with the frame's final top")
    }

    func testE10_threeGLoadsGiveAtMostOneCallAFrame() throws {
        let page = try open(engineFixture(40, declaredEvery: 4), page: pageConfig(network: .threeG))
        try page.navigate(to: "p30", topOffset: nil)
        let events = try timed(page, seconds: 3)
        let ticks = events.compactMap { e -> Int? in if case .page(.hook) = e.event { return e.tick }; return nil }
        XCTAssertGreaterThan(ticks.count, 3, "images above the post load late: corrections")
        XCTAssertEqual(Set(ticks).count, ticks.count, "never two calls in one frame")
    }

    func testE13_throwingHookLogsAndTheHoldGoesOn() throws {
        let hook = EngineHook.custom("function (top, info) { throw new Error(\"boom\") }", forwardToApp: true)
        let page = try open(liveblog(images: [100]), page: pageConfig(network: .offline), hook: hook)
        try page.navigate(to: "p8", topOffset: nil)
        var events = take(page)
        XCTAssertEqual(events.hooks.map(\.threw), [true])
        XCTAssertTrue(events.consoles.contains("[error] Uncaught Error: boom (in window.tickarooLiveblogScrollTo, jump 1)"),
                      "\(events.consoles)")
        XCTAssertEqual(events.bridges, [], "a call that threw does not reach the app")
        XCTAssertTrue(try page.forceLoad("i0"))
        events = try run(page, seconds: 0.1)
        XCTAssertEqual(events.hooks.map(\.correction), [true], "the hold went on: the correction is still sent")
        XCTAssertEqual(events.holdEnds.count, 0)
    }
}
