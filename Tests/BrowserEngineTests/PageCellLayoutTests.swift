import Embed
import LiveblogModel
import XCTest
@testable import BrowserEngine

/// X9 (text mode): the engine's line boxes in terminal cells, by their position.
final class PageCellLayoutTests: XCTestCase {
    private let cell = CellMetrics()

    private func items(_ runs: [PageTextRun], images: [PageImageBox] = [], from y0: Double = 0,
                       to y1: Double = 1000) -> [PageItem] {
        let s = PageLayoutSnapshot(from: 0, to: 1000, contentHeight: 1000, runs: runs, images: images)
        return PageCellLayout.items(s, cell: cell, columns: 80, from: y0, to: y1, postIndex: { $0 >= 100 ? 1 : 0 },
                                    media: { (Media(id: $0.src, url: $0.src), .pending) })
    }

    private func text(_ item: PageItem) -> String { item.textRuns?.map(\.text).joined() ?? "" }

    func testX9_eachLineBoxOnTheCellRowItsMiddleFallsInAtItsColumnAParagraphsOnTheRowsAfter() {
        // Lines of 20 px, as DejaVu Sans 16 px/1.25 lays them out: the first on the row its middle
        // falls in, the paragraph's next ones on the rows after it (V5: no blank row inside it).
        let got = items([PageTextRun(x: 16, y: 0, width: 200, height: 20, text: "first line"),
                         PageTextRun(x: 16, y: 20, width: 180, height: 20, text: "second line"),
                         PageTextRun(x: 40, y: 40, width: 100, height: 20, text: "third")])
        XCTAssertEqual(got.map(\.y), [0, 16, 32])
        XCTAssertEqual(got.map(\.height), [16, 16, 16])
        XCTAssertEqual(got.map(\.indent), [2, 2, 5])
        XCTAssertEqual(got.map(text), ["first line", "second line", "third"])
    }

    func testX9_runsOfOneLineFollowEachOtherOneSpaceApartOrAtTheirOwnColumnAcrossAGap() {
        // "Off the bar! <b>Lindqvist</b> curls": the space between the runs is one cell; runs that
        // touch stay together; a run far to the right (a right-aligned label) keeps its column.
        let got = items([PageTextRun(x: 8, y: 0, width: 95, height: 20, text: "Off the bar!"),
                         PageTextRun(x: 108, y: 0, width: 70, height: 20, text: "Lindqvist", style: .bold),
                         PageTextRun(x: 178, y: 0, width: 8, height: 20, text: ","),
                         PageTextRun(x: 320, y: 0, width: 40, height: 20, text: "15:23")])
        XCTAssertEqual(got.count, 1)
        XCTAssertEqual(text(got[0]), "Off the bar! Lindqvist," + String(repeating: " ", count: 40 - 24) + "15:23")
        XCTAssertEqual(got[0].textRuns?.first { $0.text == "Lindqvist" }?.bold, true)
    }

    func testX9_linksKeepTheirTargetAndHeadingsDrawAsHeadlines() {
        let got = items([PageTextRun(x: 8, y: 0, width: 80, height: 24, text: "Goal!", style: .heading),
                         PageTextRun(x: 8, y: 30, width: 80, height: 20, text: "the report", style: .link,
                                     href: "https://example.com/r")])
        guard got.count == 2 else { return XCTFail("\(got)") }
        if case .headline = got[0].kind {} else { XCTFail("a heading draws as a headline: \(got[0].kind)") }
        XCTAssertEqual(got[1].textRuns?.first?.link, "https://example.com/r")
    }

    func testX9_clippedToTheRangeAskedForWithImagesAtTheirBoxesAndTheirPost() {
        let got = items([PageTextRun(x: 8, y: 0, width: 80, height: 20, text: "above"),
                         PageTextRun(x: 8, y: 120, width: 80, height: 20, text: "inside"),
                         PageTextRun(x: 8, y: 400, width: 80, height: 20, text: "below")],
                        images: [PageImageBox(x: 16, y: 140, width: 300, height: 150, state: .loaded, src: "a.png"),
                                 PageImageBox(x: 16, y: 500, width: 300, height: 150, state: .loaded, src: "b.png")],
                        from: 100, to: 300)
        XCTAssertEqual(got.map(text), ["inside", ""])
        XCTAssertEqual(got.map(\.postIndex), [1, 1])
        guard case .media(let m, _) = got[1].kind else { return XCTFail("\(got[1].kind)") }
        XCTAssertEqual(m.url, "a.png")
        XCTAssertEqual(got[1].y, 140)
        XCTAssertEqual(got[1].height, 150)
        XCTAssertEqual(got[1].indent, 2)
    }

    func testX9_anImageURLsPathNamesTheLiveblogsMedia() {
        XCTAssertEqual(EngineWebPage.path(of: "http://127.0.0.1:4711/media/a%20b.png?x=1#y"), "/media/a%20b.png")
        XCTAssertEqual(EngineWebPage.path(of: "https://host"), "")
        XCTAssertEqual(EngineWebPage.path(of: "/media/x"), "/media/x")
    }
}
