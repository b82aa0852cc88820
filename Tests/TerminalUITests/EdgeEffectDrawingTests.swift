import XCTest
import Host
import Simulation
import TerminalKit
@testable import TerminalUI

/// F1, F2: the android list shows its edge effect as a line on its edge row, as wide as the
/// stretch; the content does not move past the end.
final class EdgeEffectDrawingTests: XCTestCase {
    func testF2_androidEdgeEffectDrawnOnTheListsBottomRowAndGone() throws {
        let w = try Fixture.world(cols: 80, rows: 24, platform: .android)
        w.advance(to: 30)
        w.send(.key(.char("G")))
        w.advance(to: w.tick + 240)
        let bottomRow = w.config.rows - w.config.insetBottomRows - 1
        XCTAssertFalse(Fixture.draw(w).rowText(bottomRow).contains("━"), "nothing before the pull")
        // A finger pulls past the end: the effect grows with the pull, the offset stays.
        let y0 = 18 * 16 + 8.0
        w.send(.pointer(phase: .down, x: 300, y: y0))
        var widths: [Int] = []
        for k in 1...30 {
            w.advance(to: w.tick + 1)
            w.send(.pointer(phase: .move, x: 300, y: y0 - Double(k) * 5))
            if k % 10 == 0 { widths.append(Fixture.draw(w).rowText(bottomRow).filter { $0 == "━" }.count) }
        }
        XCTAssertEqual(w.scrollView.offset, w.scrollView.maxOffset)
        XCTAssertGreaterThan(widths[0], 0)
        XCTAssertGreaterThan(widths[2], widths[0], "the stronger the stretch, the wider the line")
        w.send(.pointer(phase: .up, x: 300, y: y0 - 150))
        w.advance(to: w.tick + 120)
        XCTAssertFalse(Fixture.draw(w).rowText(bottomRow).contains("━"), "receded after the release")
    }

    func testF2_iosShowsNoEdgeEffect() throws {
        let w = try Fixture.world(cols: 80, rows: 24, platform: .ios)
        w.advance(to: 30)
        w.send(.key(.char("G")))
        w.advance(to: w.tick + 240)
        w.send(.key(.char("J")))
        for _ in 0..<60 {
            w.advance(to: w.tick + 1)
            XCTAssertFalse(Fixture.draw(w).text().contains("━"))
        }
    }
}
