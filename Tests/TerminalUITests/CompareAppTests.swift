import XCTest
import LiveblogModel
import Simulation
import Host
import TerminalKit
@testable import TerminalUI

/// F6 in process: the panes' areas, one input stream reaching every pane at the same tick and
/// the same place inside it, p ignored, and each pane drawn inside its own area.
final class CompareAppTests: XCTestCase {
    func app(_ platforms: [Platform] = [.ios, .android], cols: Int = 161, rows: Int = 30) throws -> CompareApp {
        let areas = CompareApp.areas(count: platforms.count, cols: cols, rows: rows)
        let worlds = try zip(platforms, areas).map { p, a in
            try Fixture.world(cols: a.width, rows: a.height, platform: p)
        }
        let app = CompareApp(worlds: worlds)
        app.layout(cols: cols, rows: rows)
        return app
    }

    func testF6_panesShareTheWidthWithSeparators() {
        XCTAssertEqual(CompareApp.areas(count: 2, cols: 161, rows: 30).map(\.col), [0, 81])
        XCTAssertEqual(CompareApp.areas(count: 3, cols: 122, rows: 30).map(\.width), [40, 40, 40])
        XCTAssertEqual(CompareApp.areas(count: 3, cols: 122, rows: 30).map(\.col), [0, 41, 82])
    }

    /// A jump, a key and a wheel notch reach both panes at the same tick: both traces hold the
    /// same input lines at the same times; the wheel is at the same place inside each pane.
    func testF6_oneInputStreamReachesEveryPaneAtTheSameTick() throws {
        let app = try app()
        var traces: [[String]] = [[], []]
        for (i, p) in app.panes.enumerated() {
            p.world.sink = { r in
                if case .input = r.event { traces[i].append(r.json) }
                if case .nav = r.event { traces[i].append(r.json) }
            }
        }
        app.advance(to: 12)
        for p in app.panes { p.send(.jump(id: "ev-019", topOffset: nil)) }
        app.advance(to: 240)
        app.handle(.key(.char("j")))
        app.advance(to: 300)
        // A wheel notch over the right pane, 10 columns into it.
        app.handle(.mouse(MouseEvent(kind: .wheelDown, row: 12, col: 91)))
        app.advance(to: 400)
        // The same lines at the same times; a wheel notch is a drag for iOS's host, not Android's (F4).
        XCTAssertEqual(traces[0].map { $0.replacingOccurrences(of: ",\"drag\":true", with: "") }, traces[1])
        XCTAssertEqual(traces[0].filter { $0.contains("\"wheel\"") }.count, 1, "\(traces[0])")
        XCTAssertTrue(traces[0].contains { $0.contains("\"wheel\"") && $0.contains("\"drag\":true") }, "\(traces[0])")
        XCTAssertTrue(traces[0].contains { $0.contains("\"nav\"") && $0.contains("ev-019") })
        XCTAssertEqual(app.panes[0].world.tick, app.panes[1].world.tick)
        XCTAssertEqual(app.panes.map { $0.world.jumpStatus?.postId }, ["ev-019", "ev-019"])
    }

    func testF6_platformKeyIsIgnoredAndQQuits() throws {
        let app = try app([.ios, .android, .naive], cols: 122)
        app.handle(.key(.char("p")))
        XCTAssertEqual(app.panes.map { $0.world.config.platform }, [.ios, .android, .naive])
        XCTAssertTrue(app.running)
        app.handle(.key(.char("q")))
        XCTAssertFalse(app.running)
    }

    /// Each pane draws inside its area: its own badge, nothing across the separator.
    func testF6_eachPaneDrawsInItsArea() throws {
        let app = try app()
        for p in app.panes { p.renderer.synchronousImages = true }
        let grid = CellGrid(cols: 161, rows: 30)
        app.draw(on: grid)
        let badges = grid.rowText(1)
        XCTAssertTrue(String(badges.prefix(80)).contains(" ios "), badges)
        XCTAssertTrue(String(badges.dropFirst(81)).contains(" android "), badges)
        for r in 0..<30 { XCTAssertEqual(grid.cell(row: r, col: 80).text, "│", "row \(r)") }
    }

    /// PaneScreen clips as a screen does, inside its rectangle.
    func testF6_paneScreenClipsToItsArea() {
        let grid = CellGrid(cols: 30, rows: 3)
        let pane = PaneScreen(grid, area: Rect(row: 1, col: 10, width: 5, height: 1))
        XCTAssertEqual(pane.put(row: 0, col: -2, "abcdefgh", .plain), 7)
        XCTAssertEqual(pane.put(row: 1, col: 0, "x", .plain), 0, "below the pane")
        XCTAssertEqual(grid.rowText(1), String(repeating: " ", count: 10) + "cdefg")
        XCTAssertEqual(grid.rowText(0).trimmingCharacters(in: .whitespaces), "")
    }
}
