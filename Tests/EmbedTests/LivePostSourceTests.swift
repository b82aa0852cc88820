import XCTest
import LiveblogModel
@testable import Embed

/// L8: live posts come from a seeded source; the page only inserts them at the top.
final class LivePostSourceTests: XCTestCase {
    /// L8: a source made for a page goes on exactly where a source kept since the start would be.
    func testL8_sourcePositionedForPageEqualsContinuingSource() {
        let page = Page(liveblog: liveblog(3), config: pageConfig(), width: pageWidth)
        var continuing = LivePostSource(seed: page.config.networkSeed)
        page.insertPostsAtTop(continuing.next(2, for: page))
        let expected = continuing.next(3, for: page)
        let positioned = LivePostSource.next(3, for: page)
        XCTAssertEqual(positioned, expected)
        XCTAssertEqual(positioned.map(\.id), ["live-3", "live-4", "live-5"])
        XCTAssertEqual(page.postsInsertedAtTop, 2)
    }

    /// L8: ids already on the page are skipped; posts are 30 s apart, newest first, after the newest post.
    func testL8_idsSkipTakenAndTimesFollowTheNewestPost() {
        var lb = liveblog(2)
        lb.posts[0] = textPost("live-1", 0)
        let page = Page(liveblog: lb, config: pageConfig(), width: pageWidth)
        let posts = LivePostSource.next(2, for: page)
        XCTAssertEqual(posts.map(\.id), ["live-2", "live-3"])
        let newest = lb.posts[0].createdAt
        XCTAssertEqual(posts.map(\.createdAt), [newest + 60, newest + 30])
    }

    /// L8, E14: a page that is not live takes no posts.
    func testL8_pageNotLiveInsertsNothing() {
        let page = Page(liveblog: liveblog(2), config: pageConfig(), width: pageWidth)
        page.remove()
        page.insertPostsAtTop(LivePostSource.next(2, for: page))
        XCTAssertEqual(page.liveblog.posts.count, 2)
        XCTAssertEqual(page.postsInsertedAtTop, 0)
    }
}

/// E14, E11: the page's lifecycle is one value.
final class PageLifecycleTests: XCTestCase {
    /// E14: an origin that is not enabled leaves the page not initialised, with the reason.
    func testE14_notInitializedCarriesTheReason() {
        var config = pageConfig(url: "https://evil.example.net/live")
        config.enabledDomains = ["www.example.com"]
        let page = Page(liveblog: liveblog(3), config: config, width: pageWidth)
        guard case .notInitialized(let reason) = page.lifecycle else { return XCTFail("\(page.lifecycle)") }
        XCTAssertTrue(reason.contains("evil.example.net"), reason)
        XCTAssertEqual(page.loadedCount, 0)
        XCTAssertEqual(page.console.first, "[error] \(reason)")
        page.remove()
        XCTAssertEqual(page.lifecycle, .notInitialized(reason: reason), "nothing to remove")
    }

    /// E11: a live page, once removed, shows a notice and lays out no posts.
    func testE11_liveThenRemoved() {
        let page = Page(liveblog: liveblog(3), config: pageConfig(), width: pageWidth)
        XCTAssertEqual(page.lifecycle, .live)
        page.remove()
        XCTAssertEqual(page.lifecycle, .removed)
        XCTAssertTrue(page.removed)
        XCTAssertTrue(page.initialized)
        XCTAssertEqual(page.contentHeight, page.headerHeight)
    }
}
