import Foundation
import XCTest
import Simulation
import TerminalKit
@testable import TerminalUI

/// P5 end to end in one process: the key `j`, from the terminal's key to the drawn screen. The
/// path it takes (App → World → pan engine → scroll view → frame → renderer → grid) is the one
/// issue 25 counts, over `keyPressJToScreen`: with `--enable-code-coverage`, run this test with
/// `LIVEBLOG_FLOW_REPEAT=1` and `=3`; the source files whose execution counts differ between the
/// two runs are exactly the files the key press executes (the set-up runs the same in both).
final class KeyFlowTests: XCTestCase {
    /// Presses j, lets the 0.3 s ease run to its end, draws.
    @inline(never)
    func keyPressJToScreen(_ app: App, on grid: CellGrid) {
        app.handle(.key(.char("j")))
        app.world.advance(to: app.world.tick + 40)
        app.renderer.draw(app.world, app.ui, on: grid)
    }

    func testP5_jMovesTheDrawnPageUpOneRow() throws {
        let app = App(world: try Fixture.world(cols: 80, rows: 24))
        app.renderer.synchronousImages = true
        app.world.advance(to: 60)
        let before = CellGrid(cols: 80, rows: 24, capabilities: .testDefault)
        app.renderer.draw(app.world, app.ui, on: before)
        let after = CellGrid(cols: 80, rows: 24, capabilities: .testDefault)
        keyPressJToScreen(app, on: after)
        // The list's rows (under the two-row bar, above the toolbar) moved up by one; the last
        // column shows the scroll indicator now.
        func text(_ g: CellGrid, _ r: Int) -> Substring {
            let s = g.rowText(r).prefix(79)
            return s[..<(s.lastIndex { $0 != " " }.map { s.index(after: $0) } ?? s.startIndex)]
        }
        for r in 3..<22 { XCTAssertEqual(text(after, r - 1), text(before, r), "row \(r)") }
        let repeats = Int(ProcessInfo.processInfo.environment["LIVEBLOG_FLOW_REPEAT"] ?? "") ?? 1
        for _ in 1..<max(1, repeats) { keyPressJToScreen(app, on: CellGrid(cols: 80, rows: 24)) }
    }
}
