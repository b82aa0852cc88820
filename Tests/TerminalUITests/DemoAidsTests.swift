import Foundation
import XCTest
import LiveblogModel
import Embed
import Host
import Simulation
import TerminalKit
@testable import TerminalUI

/// C3, issue 32: a demo that explains itself. The y(t) strip's zoom and scale, the timeline's `z`
/// zoom (corrections of 21 pt and 90 pt as distinct steps), and the aids drawn over a frame: the
/// phone's outline, the web row's edges, the finger, the jump target's tag; none of them without
/// the aids.
final class DemoAidsTests: XCTestCase {
    /// The dot rows set in each dot column of braille lines (2 × 4 dots a cell).
    static func dots(_ lines: [String]) -> [Set<Int>] {
        let width = lines.map { $0.count }.max() ?? 0
        var columns = [Set<Int>](repeating: [], count: width * 2)
        let bits: [[UInt32]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
        for (r, line) in lines.enumerated() {
            for (c, ch) in line.enumerated() {
                guard let v = ch.unicodeScalars.first?.value, v >= 0x2800, v <= 0x28FF else { continue }
                for y in 0..<4 { for x in 0..<2 where (v - 0x2800) & bits[y][x] != 0 { columns[c * 2 + x].insert(r * 4 + y) } }
            }
        }
        return columns
    }

    /// Samples every 1/60 s of a value that is `v(t)`.
    static func samples(_ seconds: Double, _ v: (Double) -> Double) -> [(t: Double, v: Double)] {
        stride(from: 0.0, through: seconds, by: 1.0 / 60).map { ($0, v($0)) }
    }

    func testC3_stripZoomsToTheSmallestScaleThatHoldsTheLastFourSeconds() {
        func strip(_ far: Double) -> YStrip {
            YStrip(samples: Self.samples(4) { $0 < 2 ? 0 : far }, now: 4, centre: 0, columns: 20)
        }
        XCTAssertEqual(strip(20).half, 25)
        XCTAssertEqual(strip(-49).half, 50)
        XCTAssertEqual(strip(90).half, 100)
        XCTAssertEqual(strip(180).half, 200)
        XCTAssertFalse(strip(180).clipped)
        XCTAssertEqual(strip(3000).half, 200)
        XCTAssertTrue(strip(3000).clipped, "beyond ±200 pt the strip says so")
        // Only the last four seconds count: a far value five seconds ago no longer widens it.
        let old = YStrip(samples: Self.samples(9) { $0 < 2 ? 3000 : 10 }, now: 9, centre: 0, columns: 20)
        XCTAssertEqual(old.half, 25)
        // Around the offset: the centre is where it is now.
        let around = YStrip(samples: Self.samples(4) { 5000 + 30 * $0 }, now: 4, centre: 5120, columns: 20)
        XCTAssertEqual(around.half, 200)
        XCTAssertFalse(around.clipped)
        // The scale is on the axis, the long form where it fits.
        XCTAssertEqual(YStrip.axis(half: 50, clipped: false, columns: 20), "-4s    ±50 pt    now")
        XCTAssertEqual(YStrip.axis(half: 200, clipped: true, columns: 12), "±200 pt+ now", "80 × 24's margin")
        XCTAssertEqual(YStrip.axis(half: 200, clipped: true, columns: 10), "±200+  now")
        XCTAssertEqual(YStrip.title(.target("ev-063")), "y(t) ev-063")
    }

    /// A 21 pt and a 90 pt correction are distinct steps in the strip: three dot rows (0, 21, 90),
    /// each drawn where its time is, and the step between them a vertical run.
    func testC3_stripDrawsA21AndA90PtCorrectionAsDistinctSteps() {
        let samples = Self.samples(4) { t in t < 1.5 ? 0 : (t < 2.5 ? 21 : 90) }
        let s = YStrip(samples: samples, now: 4, centre: 0, columns: 20)
        XCTAssertEqual(s.half, 100)
        XCTAssertEqual(s.lines.count, 2)
        let columns = Self.dots(s.lines)
        func rows(at t: Double) -> Set<Int> { columns[Int(t / 4 * 40)] }
        // 8 dot rows over ±100 pt: 0 pt at row 4 (3.5 rounded), 21 pt at 3, 90 pt at 0.
        XCTAssertTrue(rows(at: 1.0).contains(4), "\(s.lines)")
        XCTAssertTrue(rows(at: 2.0).contains(3), "\(s.lines)")
        XCTAssertFalse(rows(at: 2.0).contains(0), "\(s.lines)")
        XCTAssertTrue(rows(at: 3.2).contains(0), "\(s.lines)")
        XCTAssertFalse(rows(at: 3.2).contains(3), "\(s.lines)")
    }

    /// T4, issue 32: the timeline of a jump from 4000 pt with corrections of 21 and 90 pt. The whole
    /// jump's axis draws both within a dot or so of the target line; `z`'s ±200 pt draws each as a
    /// step of its own, several dot rows apart.
    func testT4_timelineZoomShowsCorrectionsOf21And90PtAsDistinctSteps() {
        var samples: [(tick: Int, y: Double?)] = []
        for tick in 0...900 {
            let y: Double = tick < 60 ? 4000 * Double(60 - tick) / 60
                : (300..<420).contains(tick) ? 21 : (600..<720).contains(tick) ? 90 : 0
            samples.append((tick, y))
        }
        let facts = TimelineFacts(jump: nil, samples: samples, marks: [])
        let plot = Rect(row: 0, col: 0, width: 60, height: 12)
        let whole = TimelineScale(facts, startTick: 0, plot: plot)
        XCTAssertLessThanOrEqual(abs(whole.dy(21) - whole.dy(0)), 0, "the 4000 pt axis hides 21 pt")
        XCTAssertLessThanOrEqual(abs(whole.dy(90) - whole.dy(0)), 1, "and nearly 90 pt")
        let zoom = TimelineScale(facts, startTick: 0, plot: plot, zoom: TimelineOverlay.zoomHalf)
        XCTAssertEqual(zoom.yTicks, [-200, -100, 0, 100, 200])
        XCTAssertGreaterThanOrEqual(zoom.dy(0) - zoom.dy(21), 2)
        XCTAssertGreaterThanOrEqual(zoom.dy(21) - zoom.dy(90), 6)
        let columns = Self.dots(zoom.braille(samples, unicode: true))
        XCTAssertTrue(columns[zoom.dx(360)].contains(zoom.dy(21)))
        XCTAssertTrue(columns[zoom.dx(660)].contains(zoom.dy(90)))
        XCTAssertFalse(columns[zoom.dx(660)].contains(zoom.dy(21)))
        XCTAssertTrue(columns[zoom.dx(500)].contains(zoom.dy(0)))
        XCTAssertTrue(columns[zoom.dx(10)].contains(0), "4000 pt stays at the zoomed axis's top edge")
        XCTAssertEqual(zoom.yLabels().map(\.text), ["  -200", "  -100", " 0 bar", "   100", "   200"])
    }

    /// T4: `z` in the timeline zooms and unzooms (the key table's binding); the zoomed overlay of
    /// a 3g jump's corrections, golden at 80 × 24 and 120 × 40.
    func testT4_zKeyZoomsTheTimelineOverlay() throws {
        var o = TimelineOverlay()
        let context = OverlayContext(liveblog: try Fixture.sample(), postExists: { _ in true },
                                     screen: Rect(row: 0, col: 0, width: 80, height: 24))
        XCTAssertEqual(o.key(.char("z"), context), .keep)
        XCTAssertTrue(o.zoomed)
        XCTAssertEqual(o.key(.char("j"), context), .pass, "other keys still reach the list")
        XCTAssertTrue(o.zoomed)
        XCTAssertEqual(o.key(.char("z"), context), .keep)
        XCTAssertFalse(o.zoomed)
        XCTAssertTrue(HelpOverlay.lines.contains { $0.hasPrefix("z ") && $0.contains("±200 pt") }, "? shows z")
        for (c, r) in [(80, 24), (120, 40)] {
            let w = try Fixture.world(cols: c, rows: r, network: .threeG)
            w.advance(to: 12)
            w.jump(to: "ev-019")
            w.advance(to: 12 + 6 * 120)
            var ui = UIState()
            ui.overlay = TimelineOverlay(zoomed: true)
            let g = Fixture.draw(w, ui)
            assertGolden("timeline-zoom-\(c)x\(r)", g)
            XCTAssertTrue(g.text().contains("zoom ±200 pt around the target"), g.text())
            XCTAssertTrue(g.text().contains("   100"), g.text())
        }
    }
}
