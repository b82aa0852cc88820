import Foundation
import XCTest
import LiveblogModel
import Embed
import Simulation
import TerminalKit
@testable import TerminalUI

/// Issue 32, "chrome never covers content": the loading progress (W1) is the navigation bar's
/// edge and the "N new posts" pill (R3) sits in the toolbar, so every list cell shows the page.
final class ChromeScreenTests: XCTestCase {
    static let sizes = [(80, 24), (200, 60), (40, 12)]

    /// The same frame without chrome state: no progress, no pill.
    private func bare(_ m: FrameModel) -> FrameModel {
        FrameModel(frame: m.frame, fullWidthList: m.fullWidthList, rows: m.rows, header: m.header, search: m.search, clock: m.clock,
                   page: m.page,
                   strip: m.strip, nav: m.nav, toolbar: m.toolbar, thumb: m.thumb, newPostsAbove: 0,
                   progress: 1, edgeEffect: m.edgeEffect, hidden: m.hidden, liveblog: m.liveblog,
                   console: m.console, timeline: m.timeline)
    }

    private func draw(_ m: FrameModel, cols: Int, rows: Int) -> CellGrid {
        let r = Renderer()
        r.synchronousImages = true
        let g = CellGrid(cols: cols, rows: rows, capabilities: .testDefault)
        r.draw(m, UIState(), on: g)
        return g
    }

    /// Every cell of the list's rows is the same with the chrome as without it.
    private func assertListUncovered(_ w: World, cols: Int, rows: Int, _ what: String,
                                     file: StaticString = #filePath, line: UInt = #line) -> CellGrid {
        let m = FrameModel(world: w, screen: Rect(row: 0, col: 0, width: cols, height: rows))
        let with = draw(m, cols: cols, rows: rows), without = draw(bare(m), cols: cols, rows: rows)
        for r in m.frame.list.rows {
            for c in 0..<cols {
                XCTAssertEqual(with.cell(row: r, col: c), without.cell(row: r, col: c),
                               "\(what): list cell (\(r), \(c)) covered", file: file, line: line)
            }
        }
        return with
    }

    /// W1: a highlight jump under `slow`: the target's time and label show on the list's first
    /// rows while the progress runs along the navigation bar's edge.
    func testW1_jumpUnderSlowNetworkLeavesEveryListCellToThePage() throws {
        for (c, r) in Self.sizes {
            let w = try Fixture.world(cols: c, rows: r, network: .slow)
            w.advance(to: 12)
            w.jump(to: "ev-019")
            w.advance(to: 12 + 120 * 3)
            XCTAssertLessThan(w.page.estimatedProgress, 1, "still loading at \(c)x\(r)")
            let g = assertListUncovered(w, cols: c, rows: r, "slow jump at \(c)x\(r)")
            assertGolden("slow-jump-\(c)x\(r)", g)
            let m = FrameModel(world: w, screen: Rect(row: 0, col: 0, width: c, height: r))
            let edge = m.frame.nav.bottom - 1
            let n = (0..<c).prefix { g.styleAt(row: edge, col: $0).underline }.count
            XCTAssertEqual(n, ProgressBar.filledColumns(w.page.estimatedProgress, width: c),
                           "the progress is the bar's edge at \(c)x\(r)")
            XCTAssertFalse(g.text().contains("▔"))
            XCTAssertTrue(g.text().contains("★ HIGHLIGHT"), "the target's label shows at \(c)x\(r)\n\(g.text())")
        }
    }

    /// R3: three posts arrive above the reader; the pill is in the toolbar and names them.
    func testR3_newPostsPillSitsInTheToolbar() throws {
        for (c, r) in Self.sizes {
            let w = try Fixture.world(cols: c, rows: r)
            w.advance(to: 12)
            for _ in 0..<12 { w.key("j") }
            w.advance(to: 240)
            let fresh = LivePostSource.next(3, for: w.page)
            w.send(.live(LiveSnapshot(posts: fresh + w.page.liveblog.posts, added: fresh.map(\.id), summary: "3 new")))
            w.advance(to: 300)
            XCTAssertEqual(w.newPostsAbove, 3)
            let g = assertListUncovered(w, cols: c, rows: r, "pill at \(c)x\(r)")
            assertGolden("live-pill-\(c)x\(r)", g)
            assertLightGolden("live-pill-\(c)x\(r)", w)
            XCTAssertTrue(g.rowText(r - 1).contains("↑ 3 new posts (0)"), g.rowText(r - 1))
            let app = App(world: w)
            app.screenCols = c
            let col = try XCTUnwrap(g.rowText(r - 1).range(of: "new posts").map {
                g.rowText(r - 1).distance(from: g.rowText(r - 1).startIndex, to: $0.lowerBound) })
            XCTAssertTrue(app.pillContains(row: r - 1, col: col), "a click on the pill in the toolbar")
            XCTAssertFalse(app.pillContains(row: m(w, c, r).frame.list.row, col: col), "nothing over the list")
        }
    }

    private func m(_ w: World, _ c: Int, _ r: Int) -> FrameModel {
        FrameModel(world: w, screen: Rect(row: 0, col: 0, width: c, height: r))
    }
}
