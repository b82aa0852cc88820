@testable import BrowserEngine
@testable import Chromium
import Embed
import Foundation
import LiveblogModel
import TestSupport
import XCTest

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

/// X9, T2: Enter on a focused link clicks the page's own link in the engine.
final class PageLinkTests: EngineTestCase {
    func testX9_enterOnALinkClicksThePagesOwnLinkSoItsRulesRun() throws {
        let post = Post(id: "l0", createdAt: 1_700_000_000, blocks: [
            .text(RichText(runs: [TextRun(text: "elsewhere", link: "https://news.example.org/a"),
                                  TextRun(text: " and a clip ", link: nil),
                                  TextRun(text: "video", link: "https://cdn.example.org/clip.mp4")]))])
        let page = try open(Liveblog(id: "l", title: "Links", posts: [post]),
                            page: pageConfig(url: "https://www.example.com/"))
        try run(page, seconds: 0.1)
        // The links the terminal shows are the page's: read from its layout with their targets.
        let s = try page.layout(from: 0, to: 2000)
        let shown = Set((s?.runs ?? []).compactMap(\.href))
        XCTAssertTrue(shown.isSuperset(of: ["https://news.example.org/a", "https://cdn.example.org/clip.mp4"]), "\(shown)")
        var events: [EngineEvent] = []
        for href in ["https://news.example.org/a", "https://cdn.example.org/clip.mp4"] {
            let y = s?.runs.first { $0.href == href }?.y ?? 0
            XCTAssertTrue(try page.activateLink(href, nearY: y), href)
            events += try run(page, seconds: 0.1)
        }
        events += page.outbox
        XCTAssertTrue(events.contains(.page(.externalLink("https://news.example.org/a"))), "\(events)")
        XCTAssertTrue(events.contains(.page(.mediaHandoff("https://cdn.example.org/clip.mp4"))), "\(events)")
        XCTAssertFalse(try page.activateLink("https://nowhere.example.net/", nearY: 0), "no such link in the page")
        let path = try page.evaluate("location.pathname", doing: "reading the path").stringValue
        XCTAssertEqual(path.map(EmbedSite.sitePath), "/liveblog.html", "the web view stayed (under the run's token, S2)")
    }
}
