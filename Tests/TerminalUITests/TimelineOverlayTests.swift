import Foundation
import XCTest
import LiveblogModel
import Embed
@testable import QA
import Simulation
import TerminalKit
@testable import TerminalUI

/// Q8: the timeline overlay labels y (0 = under the bar) and time, marks the reader's input,
/// never clips its own range, and shows marks that fall in one column.
final class TimelineOverlayTests: XCTestCase {
    func testQ8_labelsInputMarksAndMarksInOneColumn() throws {
        let w = try Fixture.world(cols: 120, rows: 40, network: .threeG)
        w.advance(to: 12)
        w.jump(to: "ev-019")
        w.advance(to: 12 + 3 * 120)
        w.key("j")                                 // reader input during the jump
        w.advance(to: 12 + 5 * 120)
        var ui = UIState()
        ui.overlay = TimelineOverlay()
        let g = Fixture.draw(w, ui)
        let rows = (0..<40).map { g.rowText($0) }
        XCTAssertTrue(rows.contains { $0.contains("0 bar") }, "y 0 is labelled as the bar")
        XCTAssertTrue(rows.contains { $0.contains("  4000 ") }, "y is labelled in pt")
        XCTAssertTrue(rows.contains { $0.contains("0s") && $0.contains("1s") && $0.contains("4s") }, "time is labelled")
        XCTAssertTrue(w.marks.contains { $0.kind == .input }, "the key is a mark")
        let marks = rows.filter { $0.contains("│        J") || $0.contains(" i ") || $0.hasSuffix("i") }
        XCTAssertTrue(rows.contains { $0.contains(" i") && !$0.contains("input") }, "the input mark is drawn: \(marks)")
        // The first correction and its re-aim fall in one column: both show, one above the other.
        guard let first = rows.firstIndex(where: { $0.contains("J") && $0.contains("c") && !$0.contains("jump") }) else {
            return XCTFail("no mark row\n" + rows.joined(separator: "\n"))
        }
        let a = Array(rows[first]), b = Array(rows[first + 1])
        let c = try XCTUnwrap(a.firstIndex(of: "c"))
        XCTAssertEqual(b[c], "r", "the re-aim under its correction")
        // Never clipped: the range holds the highest y of the jump (the post starts ~7000 pt down).
        let ys = w.timeline.compactMap(\.y)
        let chart = JumpChart(title: "", samples: w.timeline.map { (VirtualClock.milliseconds($0.tick), $0.y) }, marks: [])
        XCTAssertGreaterThanOrEqual(chart.yHigh, ys.max()!)
        XCTAssertLessThanOrEqual(chart.yLow, min(0, ys.min()!))
    }
}
