import XCTest
import Foundation
import LiveblogModel
@testable import Embed
import TextCells

/// U1, U2, E1, L5, L6, L8: the page's layout.
final class LayoutSpecTests: XCTestCase {

    private func kindName(_ k: PageItem.Kind) -> String {
        switch k {
        case .siteHeader: return "siteHeader"
        case .title: return "title"
        case .scoreboard: return "scoreboard"
        case .postMeta: return "meta"
        case .headline: return "headline"
        case .sport: return "sport"
        case .text: return "text"
        case .quote: return "quote"
        case .quoteAuthor: return "quoteAuthor"
        case .media: return "media"
        case .embed: return "embed"
        case .failedEmbed: return "failedEmbed"
        case .emoji: return "emoji"
        case .unknown: return "unknown"
        case .rule: return "rule"
        case .loadMore: return "loadMore"
        case .notice: return "notice"
        case .blank: return "blank"
        case .stripRow: return "strip"
        }
    }

    // MARK: U1, U2

    /// U1: geometry is in points as double with sub point precision
    func testU1_geometryIsInPointsAsDoubleWithSubPointPrecision() {
        // A 12.5 pt sticky header: every y below it keeps the half point (Double, not whole rows).
        let page = Page(liveblog: liveblog(3), config: pageConfig(sticky: 12.5), width: pageWidth)
        let top: Double = page.postTop(id: "p0")!
        XCTAssertEqual(top, 12.5 + 48)            // sticky 12.5 + blank, title, rule (3 × 16)
        XCTAssertEqual(page.postTop(id: "p2"), 12.5 + 48 + 2 * 48)
        let h: Double = page.contentHeight
        XCTAssertEqual(h, 12.5 + 48 + 3 * 48 + 16)   // + the end-of-page footer line
    }

    /// U2: cell is8x16 page of ccolumns is8c points wide text line is16pt
    func testU2_cellIs8x16_pageOfCColumnsIs8cPointsWide_textLineIs16pt() {
        XCTAssertEqual(CellMetrics(), CellMetrics(width: 8, height: 16))
        let page = Page(liveblog: liveblog(1), config: pageConfig(), width: 8 * 80)
        XCTAssertEqual(page.columns, 80)
        XCTAssertEqual(page.contentColumns, 78)
        // One line of text is 16 pt: a post of meta + 1 text line + rule is 48 pt, each extra line adds 16.
        XCTAssertEqual(page.postHeight(index: 0), 48)
        let words = Array(repeating: "abcdefghi", count: 16).joined(separator: " ")   // 159 columns → 3 lines at 78
        let long = Page(liveblog: Liveblog(id: "x", title: "T", posts: [textPost("a", 0, text: words)]),
                        config: pageConfig(), width: 8 * 80)
        XCTAssertEqual(long.postHeight(index: 0), 16 + 3 * 16 + 16)
        let text = long.items(from: 0, to: long.contentHeight).filter { if case .text = $0.kind { return true }; return false }
        XCTAssertEqual(text.map(\.height), [16, 16, 16])
        // Configurable cell: a 10 × 20 cell makes a 400 pt page 40 columns wide and a line 20 pt.
        var c = pageConfig(); c.cell = CellMetrics(width: 10, height: 20)
        let big = Page(liveblog: liveblog(1), config: c, width: 400)
        XCTAssertEqual(big.columns, 40)
        XCTAssertEqual(big.postHeight(index: 0), 60)
    }

    // MARK: E1

    /// E1: layout order sticky header title scoreboard posts newest first load more footer
    func testE1_layoutOrder_stickyHeaderTitleScoreboardPostsNewestFirstLoadMoreFooter() {
        let lb = liveblog(3, scoreboard: Scoreboard(homeTeam: "A", awayTeam: "B", homeScore: 1, awayScore: 0))
        let page = Page(liveblog: lb, config: pageConfig(sticky: 40, pageSize: 2), width: pageWidth)
        let items = page.items(from: 0, to: page.contentHeight)
        XCTAssertEqual(items.map { kindName($0.kind) },
                       ["siteHeader", "blank", "title", "scoreboard", "rule",
                        "meta", "text", "rule", "meta", "text", "rule",
                        "loadMore"])
        XCTAssertEqual(items[0].y, 0)
        XCTAssertEqual(items[0].height, 40)
        XCTAssertEqual(page.headerHeight, 40 + 4 * 16)
        // Posts newest first: p0 (the newest) then p1.
        XCTAssertEqual(items.compactMap(\.postIndex).first, 0)
        XCTAssertEqual(page.postTop(id: "p0"), 104)
        XCTAssertEqual(page.postTop(id: "p1"), 152)
        XCTAssertLessThan(page.postTop(id: "p0")!, page.postTop(id: "p1")!)
        // Footer while older posts remain: 3 lines, load-more on the middle one.
        XCTAssertEqual(page.footerHeight, 48)
        XCTAssertEqual(page.loadMoreRange, 216...232)
        if case .loadMore(let remaining, _) = items.last!.kind { XCTAssertEqual(remaining, 1) } else { XCTFail() }
        // All posts loaded: no load-more footer.
        page.requestMorePosts()
        page.frame(tick: 2)
        XCTAssertEqual(page.loadedCount, 3)
        XCTAssertNil(page.loadMoreRange)
        XCTAssertEqual(page.footerHeight, 16)
        XCTAssertFalse(page.items(from: 0, to: page.contentHeight).contains { kindName($0.kind) == "loadMore" })
    }

    /// E1: without sticky header page starts with title block
    func testE1_withoutStickyHeaderPageStartsWithTitleBlock() {
        let page = Page(liveblog: liveblog(1), config: pageConfig(), width: pageWidth)
        XCTAssertEqual(page.items(from: 0, to: 48).map { kindName($0.kind) }, ["blank", "title", "rule"])
        XCTAssertEqual(page.headerHeight, 48)
    }

    /// E1: text wraps by display width cjkword takes two columns per character
    func testE1_textWrapsByDisplayWidth_CJKWordTakesTwoColumnsPerCharacter() {
        // 12 columns → 10 text columns. "日本 日本 日本" is 8 characters but 14 columns wide:
        // "日本 日本" (9 columns) fits, the third word wraps.
        let post = textPost("cjk", 0, text: "日本 日本 日本")
        let page = Page(liveblog: Liveblog(id: "x", title: "T", posts: [post]), config: pageConfig(), width: 12 * 8)
        XCTAssertEqual(page.contentColumns, 10)
        let lines = page.items(from: 0, to: page.contentHeight).compactMap { it -> StyledLine? in
            if case .text(let l) = it.kind { return l }; return nil
        }
        XCTAssertEqual(lines.map(\.plainText), ["日本 日本", "日本"])
        XCTAssertEqual(lines.map(\.width), [9, 4])
        XCTAssertEqual(page.postHeight(index: 0), 16 + 2 * 16 + 16)
        // ASCII of the same character count fits on one line.
        XCTAssertEqual(TextLayout.wrap(plain: "ab cd ef", columns: 10), ["ab cd ef"])
        XCTAssertEqual(TextWidth.width("日本"), 4)
    }

    // MARK: L5

    /// L5: declared size reserves final height no layout change when it loads
    func testL5_declaredSizeReservesFinalHeight_noLayoutChangeWhenItLoads() {
        let m = Media(id: "m0", width: 1600, height: 900, url: "https://img.example.com/a.png")
        let page = Page(liveblog: liveblog(2, extra: [0: [.media([m])]]), config: pageConfig(), width: pageWidth)
        let reserved = (imageWidth * 900 / 1600).rounded()   // 351
        XCTAssertEqual(reserved, 351)
        XCTAssertEqual(page.postHeight(index: 0), 48 + reserved)
        let before = page.contentHeight
        let p1 = page.postTop(id: "p1")
        let events = runFrames(page, from: 2, to: 20).map(\.event)
        XCTAssertEqual(page.mediaStates["m0"], .loaded(pixelWidth: 1600, pixelHeight: 900, path: nil))
        XCTAssertEqual(page.contentHeight, before)
        XCTAssertEqual(page.postTop(id: "p1"), p1)
        XCTAssertTrue(layouts(events).isEmpty, "a declared-size image must not report a layout change: \(layouts(events))")
    }

    /// L5: undeclared size is one line until loaded then aspect height at web width
    func testL5_undeclaredSizeIsOneLineUntilLoaded_thenAspectHeightAtWebWidth() {
        let dir = PNGDir()
        dir.png("wide.png", width: 200, height: 100)
        let m = Media(id: "m0", url: "wide.png")
        var c = pageConfig(network: .offline)
        c.networkSeed = 3
        let page = Page(liveblog: liveblog(2, extra: [0: [.media([m])]], baseDirectory: dir.path), config: c, width: pageWidth)
        XCTAssertEqual(page.postHeight(index: 0), 48 + 16, "one-line placeholder before the load")
        let p1 = page.postTop(id: "p1")!
        XCTAssertTrue(page.forceLoad("m0"))
        let events = page.drain()
        XCTAssertEqual(page.mediaStates["m0"], .loaded(pixelWidth: 200, pixelHeight: 100, path: dir.path + "/wide.png"))
        XCTAssertEqual(page.postHeight(index: 0), 48 + imageWidth / 2)   // 312 pt at 624 pt wide
        XCTAssertEqual(page.postTop(id: "p1"), p1 + imageWidth / 2 - 16)
        XCTAssertEqual(layouts(events).map(\.1), ["image"])
        XCTAssertEqual(layouts(events).first?.0, page.contentHeight)
    }

    // MARK: L6

    /// L6: embed placeholder is150 then final seeded height
    func testL6_embedPlaceholderIs150ThenFinalSeededHeight() {
        let e = WebEmbed(id: "e0", url: "https://social.example.com/1")
        func make(seed: UInt64) -> Page {
            Page(liveblog: liveblog(1, extra: [0: [.embed(e)]]), config: pageConfig(network: .offline, seed: seed), width: pageWidth)
        }
        let page = make(seed: 7)
        XCTAssertEqual(page.postHeight(index: 0), 48 + 150)
        XCTAssertTrue(page.forceLoad("e0"))
        let final = page.postHeight(index: 0) - 48
        XCTAssertTrue((120...480).contains(final), "final embed height \(final)")
        XCTAssertNotEqual(final, 150)
        XCTAssertEqual(layouts(page.drain()).map(\.1), ["embed"])
        // Seeded: the same seed gives the same final height.
        let again = make(seed: 7)
        again.forceLoad("e0")
        XCTAssertEqual(again.postHeight(index: 0) - 48, final)
    }

    /// L6: embed with oembed height keeps it from start to end
    func testL6_embedWithOembedHeightKeepsItFromStartToEnd() {
        let e = WebEmbed(id: "e0", url: "https://social.example.com/1", declaredHeight: 300)
        let page = Page(liveblog: liveblog(1, extra: [0: [.embed(e)]]), config: pageConfig(), width: pageWidth)
        XCTAssertEqual(page.postHeight(index: 0), 48 + 300)
        let events = runFrames(page, from: 2, to: 60).map(\.event)
        XCTAssertEqual(page.postHeight(index: 0), 48 + 300)
        XCTAssertTrue(layouts(events).isEmpty)
    }

    // MARK: L8

    /// L8: live posts at top shift the held post correction sent
    func testL8_livePostsAtTopShiftTheHeldPost_correctionSent() {
        let page = Page(liveblog: liveblog(10), config: pageConfig(), width: pageWidth)
        page.setHook(hook(twoParam))
        page.navigate(to: "p4", topOffset: nil)
        let first = hookCalls(page.drain())
        XCTAssertEqual(first, [HookCall(jumpId: 1, top: 48 + 4 * 48, correction: false, args: 2, threw: false)])
        let newest = page.liveblog.posts[0].createdAt
        page.insertPostsAtTop(LivePostSource.next(2, for: page))
        let ev = page.drain()
        XCTAssertEqual(layouts(ev).map(\.1), ["live"])
        XCTAssertEqual(page.loadedCount, 12)
        XCTAssertGreaterThan(page.liveblog.posts[0].createdAt, newest)
        XCTAssertGreaterThan(page.liveblog.posts[1].createdAt, newest)
        XCTAssertEqual(page.liveblog.posts[2].id, "p0")
        let shift = page.postHeight(index: 0) + page.postHeight(index: 1)
        XCTAssertGreaterThanOrEqual(shift, 96)
        page.frame(tick: 2)
        XCTAssertEqual(hookCalls(page.drain()), [HookCall(jumpId: 1, top: 240 + shift, correction: true, args: 2, threw: false)])
    }

    /// L8: load more adds pages of page size at the bottom
    func testL8_loadMoreAddsPagesOfPageSizeAtTheBottom() {
        let page = Page(liveblog: liveblog(12), config: pageConfig(pageSize: 5), width: pageWidth)
        XCTAssertEqual(page.loadedCount, 5)
        let p0 = page.postTop(id: "p0")
        page.requestMorePosts()
        var ev = runFrames(page, from: 2, to: 2).map(\.event)
        XCTAssertEqual(page.loadedCount, 10)
        XCTAssertEqual(layouts(ev).map(\.1), ["page"])
        XCTAssertEqual(page.postTop(id: "p5"), page.postTop(id: "p4")! + 48)
        XCTAssertEqual(page.postTop(id: "p0"), p0, "pages load at the bottom: nothing above moves")
        page.requestMorePosts()
        ev = runFrames(page, from: 4, to: 4).map(\.event)
        XCTAssertEqual(page.loadedCount, 12)
        XCTAssertEqual(layouts(ev).map(\.0), [48 + 12 * 48 + 16])
        page.requestMorePosts()   // nothing left
        XCTAssertFalse(page.isLoading)
    }
}
