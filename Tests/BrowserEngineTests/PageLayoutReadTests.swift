import Embed
import Foundation
import LiveblogModel
import TestSupport
import XCTest
@testable import BrowserEngine

/// X9: what the terminal reads of the engine's page, its text runs and images where the engine
/// laid them out, and that it follows the page from one frame to the next.
final class PageLayoutReadTests: EngineTestCase {
    private func run(_ text: String, in s: PageLayoutSnapshot?) -> PageTextRun? {
        s?.runs.first { $0.text.contains(text) }
    }

    func testX9_theLayoutReadHoldsEachPostsTextInsideItsBoxAndOnlyTheRangeAskedFor() throws {
        let page = try open(engineFixture(12))
        try run(page, seconds: 0.1)
        let g = try page.geometry()
        guard let p3 = g.posts.first(where: { $0.id == "p3" }) else { return XCTFail("no p3 in \(g.postIds)") }
        let s = try page.layout(from: p3.top, to: p3.top + p3.height)
        guard let text = run("Post 3:", in: s) else { return XCTFail("no text of p3 in \(String(describing: s))") }
        XCTAssertGreaterThanOrEqual(text.y, p3.top)
        XCTAssertLessThanOrEqual(text.y + text.height, p3.top + p3.height)
        XCTAssertGreaterThan(text.x, 0)
        XCTAssertLessThan(text.x + text.width, 412.5, "inside the pixel-8's width")
        XCTAssertNil(run("Post 0:", in: s), "p0 is far above the range")
        XCTAssertNil(run("Post 9:", in: s), "p9 is far below the range")
        // Line boxes, not text nodes: the post's text wraps into several runs a line apart.
        let lines = Set((s?.runs ?? []).filter { $0.y >= p3.top && $0.y < p3.top + p3.height }.map(\.y))
        XCTAssertGreaterThan(lines.count, 2, "the post's text in several line boxes")
    }

    func testX9_theLayoutFollowsALivePostAndAnImageArrivingInTheNextFrame() throws {
        let page = try open(engineFixture(6), page: pageConfig(network: .threeG))
        try run(page, seconds: 0.1)
        let before = try page.layout(from: 0, to: 3000)
        guard let p0 = run("Post 0:", in: before) else { return XCTFail("no p0 text") }
        XCTAssertTrue(before?.images.contains { $0.state == .pending } ?? false, "an image still loading under 3g")
        try page.insertPostsAtTop([Post(id: "live1", createdAt: 1_700_000_100,
                                        blocks: [.text(RichText(plain: "A live post from the stadium"))])])
        try run(page, seconds: 2 / 60.0)
        let after = try page.layout(from: 0, to: 3000)
        guard let live = run("A live post from the stadium", in: after), let moved = run("Post 0:", in: after) else {
            return XCTFail("the live post's text within two frames: \(String(describing: after))")
        }
        XCTAssertLessThan(live.y, moved.y)
        XCTAssertGreaterThan(moved.y, p0.y, "the posts below moved down with it")
        try run(page, seconds: 8)
        let loaded = try page.layout(from: 0, to: 3000)
        XCTAssertTrue(loaded?.images.contains { $0.state == .loaded && $0.naturalWidth > 0 } ?? false,
                      "the image's pixel size once it has loaded: \(String(describing: loaded?.images))")
    }
}
