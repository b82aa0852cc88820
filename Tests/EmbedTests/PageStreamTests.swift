import XCTest
import LiveblogModel
@testable import Embed

/// B9: posts of a body still arriving join the page (`Page.applyStreamed`): appends to the height
/// index give the same sums as a rebuilt index; the catalog finds every post by id after any mix
/// of appends at the bottom, inserts after the pinned and arrivals at the top; a page streamed
/// in pieces lays out exactly as the page opened on the whole liveblog; `pageSize` keeps the
/// posts past the pages asked for unloaded.
final class PageStreamTests: XCTestCase {
    func testB9_heightIndexAppendsMatchARebuiltIndex() {
        var rng = SeededRandom(seed: 9)
        var plain: [Double] = []
        var index = HeightIndex()
        for _ in 0..<300 {
            let more = (0..<rng.int(1, 9)).map { _ in Double(rng.int(0, 300)) }
            plain += more
            index.append(contentsOf: more)
            let rebuilt = HeightIndex(heights: plain)
            for i in stride(from: 0, through: plain.count, by: max(1, plain.count / 17)) {
                XCTAssertEqual(index.prefix(i), rebuilt.prefix(i))
            }
            XCTAssertEqual(index.total, rebuilt.total)
            if let y = [0.0, index.total / 3, index.total - 1].randomElement(), y >= 0, index.total > 0 {
                XCTAssertEqual(index.index(containing: y), rebuilt.index(containing: y))
            }
        }
    }

    func testB9_catalogFindsEveryPostAfterMixedArrivals() {
        var catalog = PostCatalog(liveblog: liveblog(3), loadedCount: 3)
        var expected = catalog.posts.map(\.id)
        var n = 3
        var rng = SeededRandom(seed: 4)
        for round in 0..<200 {
            let fresh = (0..<rng.int(1, 3)).map { k in textPost("s\(round)-\(k)", n + k) }
            n += fresh.count
            switch round % 3 {
            case 0:
                catalog.appendAtBottom(fresh, load: true)
                expected += fresh.map(\.id)
            case 1:
                let at = rng.int(0, expected.count)
                catalog.insert(fresh, at: at)
                expected.insert(contentsOf: fresh.map(\.id), at: at)
            default:
                catalog.insertAtTop(fresh)
                expected.insert(contentsOf: fresh.map(\.id), at: 0)
            }
            XCTAssertEqual(catalog.posts.map(\.id), expected)
            for (i, id) in expected.enumerated() { XCTAssertEqual(catalog.index(of: id), i) }
        }
    }

    func testB9_aPageStreamedInPiecesLaysOutAsTheWholePage() {
        var all = liveblog(40)
        all.posts[0].highlight = .sticky
        all.posts[7].highlight = .sticky
        all.posts[23].highlight = .sticky
        let pinned = all.posts.filter(StreamedPosts.isPinned)
        let others = all.posts.filter { !StreamedPosts.isPinned($0) }
        var whole = all
        whole.posts = pinned + others
        let reference = Page(liveblog: whole, config: pageConfig(), width: 390)
        var start = all
        start.posts = [pinned[0]] + Array(others[..<5])
        let page = Page(liveblog: start, config: pageConfig(), width: 390)
        page.applyStreamed(StreamedPosts(pinned: [], older: Array(others[5..<20])))
        page.applyStreamed(StreamedPosts(pinned: [pinned[1]], older: Array(others[20..<30])))
        page.applyStreamed(StreamedPosts(pinned: [pinned[2]], older: Array(others[30...])))
        XCTAssertEqual(page.liveblog.posts.map(\.id), reference.liveblog.posts.map(\.id))
        XCTAssertEqual(page.loadedCount, 40)
        for i in 0..<40 { XCTAssertEqual(page.postTop(index: i), reference.postTop(index: i)) }
        XCTAssertEqual(page.contentHeight, reference.contentHeight)
        for p in all.posts { XCTAssertNotNil(page.loadedPostIndex(p.id)) }
    }

    func testB9_pageSizeLeavesStreamedPostsPastThePagesUnloaded() {
        let all = liveblog(30)
        var start = all
        start.posts = Array(all.posts[..<4])
        let page = Page(liveblog: start, config: pageConfig(pageSize: 10), width: 390)
        XCTAssertEqual(page.loadedCount, 4)
        page.applyStreamed(StreamedPosts(pinned: [], older: Array(all.posts[4...])))
        XCTAssertEqual(page.loadedCount, 10, "the first page fills up")
        XCTAssertEqual(page.liveblog.posts.count, 30)
        XCTAssertTrue(page.exists("p29"))
        XCTAssertNil(page.loadedPostIndex("p29"))
    }
}
