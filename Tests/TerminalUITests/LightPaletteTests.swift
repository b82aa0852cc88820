import Foundation
import XCTest
import Embed
import Simulation
import TerminalKit
@testable import TerminalUI

/// Issue 32, light terminals: on a light background (OSC 11) timestamps, titles, highlight marks
/// and quotes take darker colours; the dark palette's grey 245, yellow 220 and white 231 do not
/// appear on the terminal's own background.
final class LightPaletteTests: XCTestCase {
    var light: TerminalCapabilities {
        var caps = TerminalCapabilities.testDefault
        caps.features.lightBackground = true
        return caps
    }

    func testT6_lightPaletteScreens() throws {
        for (c, r) in [(80, 24), (200, 60), (40, 12)] {
            let w = try Fixture.world(cols: c, rows: r, network: .slow)
            w.advance(to: 12)
            w.jump(to: "ev-019")
            w.advance(to: 12 + 120 * 3)
            let g = Fixture.draw(w, capabilities: light)
            assertGolden("light-slow-jump-\(c)x\(r)", g)
            for row in 0..<r {
                for col in 0..<c where g.styleAt(row: row, col: col).bg == .default && g.cell(row: row, col: col).text != " " {
                    let fg = g.styleAt(row: row, col: col).fg
                    for faint in [245, 220, 231] as [UInt8] {
                        XCTAssertNotEqual(fg, .indexed(faint), "colour \(faint) on white at (\(row), \(col)) \(c)x\(r)")
                    }
                }
            }
        }
        let w = try Fixture.world(cols: 80, rows: 24)
        w.advance(to: 60)
        assertGolden("light-top-80x24", Fixture.draw(w, capabilities: light))
    }

    func testT6_darkPaletteUnchangedWithoutTheAnswer() {
        let dark = Theme(caps: .testDefault), lit = Theme(caps: light)
        XCTAssertEqual(dark.dim.fg, .indexed(245))
        XCTAssertEqual(lit.dim.fg, .indexed(240))
        XCTAssertEqual(lit.highlight.fg, .indexed(130))
        XCTAssertEqual(lit.title.fg, .indexed(16))
    }
}
