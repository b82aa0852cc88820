@testable import BrowserEngine
@testable import Chromium
import Embed
import Foundation
import LiveblogModel
import TestSupport
import XCTest

/// L7 on a real engine (X9: everything around the row as it is): the highlights, chapters and
/// scorers panels come from what the page's DOM marks, read by the selector options, not from the
/// source's posts.
final class PanelMarksTests: EngineTestCase {
    static func marked() -> Liveblog {
        var lb = engineFixture(10, undeclaredEvery: 0, embedEvery: 0)
        lb.posts[1].highlight = .inplace
        lb.posts[3].highlight = .milestone
        lb.posts[3].headline = "Kick-off"
        lb.posts[5].sportEvent = SportEvent(eventType: "goal", title: "Goal!", team: "Home", players: ["Mensah"],
                                            timeOfPlay: "23'")
        return lb
    }

    private func webPage(_ lb: Liveblog) throws -> EngineWebPage {
        let page = try open(lb)
        return EngineWebPage(engine: page, liveblog: lb, config: pageConfig(), width: 412, firstJumpId: 1,
                             hook: nil, defaultHook: nil)
    }

    /// The reference embed's marks as it draws them, then the DOM changed under it: the panels
    /// follow the DOM (the source still says what it said).
    func testL7_thePanelsOfAnEnginePageAreReadFromItsDOM() throws {
        let lb = PanelMarksTests.marked()
        let web = try webPage(lb)
        XCTAssertEqual(web.liveblog.highlights.map(\.id), ["p1", "p3"])
        XCTAssertEqual(web.liveblog.chapters.map(\.headline), ["Kick-off"])
        XCTAssertEqual(web.liveblog.scorers.map(\.id), ["p5"])
        XCTAssertEqual(web.liveblog.scorers.first?.sportEvent?.players, ["Mensah"], "the source's goal, kept")
        try web.engine.evaluate("""
            (() => {
              const post = (id) => document.querySelector('[data-post-id="' + id + '"]');
              delete post("p1").dataset.highlight;
              post("p7").dataset.highlight = "sticky";
              post("p3").querySelector(".post-headline").textContent = "Second half";
              post("p5").querySelector(".post-sport").dataset.eventType = "substitution";
              const own = document.createElement("div");
              own.dataset.eventType = "Goal"; own.textContent = "Own goal, 2–1";
              post("p8").appendChild(own);
            })()
            """, doing: "changing the marks")
        web.frame(tick: 2)
        let shown = web.liveblog
        XCTAssertEqual(shown.highlights.map(\.id), ["p3", "p7"])
        XCTAssertEqual(shown.highlights.last?.highlight, .sticky, "the kind data-highlight names")
        XCTAssertEqual(shown.chapters.map(\.headline), ["Second half"])
        XCTAssertEqual(shown.scorers.map(\.id), ["p8"])
        XCTAssertEqual(shown.scorers.first?.sportEvent?.title, "Own goal, 2–1")
        XCTAssertEqual(web.source.highlights.map(\.id), ["p1", "p3"], "the source is as it was")
    }

    /// Nothing changed in the DOM: the marks are not read again (one reading, the version stays).
    func testL7_theMarksAreReadAgainOnlyWhenTheDOMChanged() throws {
        let web = try webPage(PanelMarksTests.marked())
        _ = web.liveblog
        let version = web.engine.marksVersion
        for t in stride(from: 2, through: 20, by: 2) {
            web.frame(tick: t)
            _ = web.liveblog
        }
        XCTAssertEqual(web.engine.marksVersion, version, "an idle page's marks are read once")
        web.insertPostsAtTop([Post(id: "live1", createdAt: 1_700_000_100, highlight: .inplace,
                                   blocks: [.text(RichText(plain: "New"))])])
        web.frame(tick: 22)
        XCTAssertEqual(web.liveblog.highlights.map(\.id), ["live1", "p1", "p3"])
        XCTAssertGreaterThan(web.engine.marksVersion, version)
    }
}
