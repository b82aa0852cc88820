import Foundation
import XCTest
import Simulation
import Embed
import Host
import TerminalKit
@testable import TerminalUI

/// Issue 32, small terminals: at 40×12 the way out (`? help`, `q quit`) stays in the toolbar and
/// no badge of the navigation bar is cut mid-word.
final class SmallTerminalTests: XCTestCase {
    func testT1_fortyByTwelveKeepsTheWayOutAndWholeBadges() throws {
        for network in [NetworkProfile.instant, .threeG] {
            let w = try Fixture.world(cols: 40, rows: 12, network: network)
            w.advance(to: 60)
            let g = Fixture.draw(w)
            let bar = g.rowText(11)
            XCTAssertTrue(bar.contains("? help") && bar.contains("q quit"), bar)
            XCTAssertFalse(bar.contains("…"), "whole hints: \(bar)")
            let nav = g.rowText(1)
            let words = nav.split(separator: " ").map(String.init)
            // The origin may end in an ellipsis; every badge is whole.
            let whole = Set(["◀", "H", "content", "ios", "hook", "2p", network.rawValue, "liveblog", "·", "www.example.com"])
            for word in words where !word.hasSuffix("…") {
                XCTAssertTrue(whole.contains(word), "a cut badge '\(word)' in: \(nav)")
            }
        }
        let w = try Fixture.world(cols: 40, rows: 12)
        w.advance(to: 60)
        var ui = UIState()
        ui.overlay = HelpOverlay()
        assertGolden("help-40x12", Fixture.draw(w, ui))
        assertLightGolden("help-40x12", w, ui)
    }

    func testT1_hintKeepsWholeHintsAndTheWayOut() {
        XCTAssertEqual(Toolbar.keys(fitting: 200), Toolbar.keys)
        XCTAssertEqual(Toolbar.keys(fitting: 40), "j/k scroll · / search · ? help · q quit")
        XCTAssertEqual(Toolbar.keys(fitting: 38), "j/k scroll · ? help · q quit")
        XCTAssertEqual(Toolbar.keys(fitting: 16), "? help · q quit")
    }
}

/// Issue 32: a device wider than the terminal says what is cut, as a taller one says what is
/// hidden, on a row above the toolbar, so the jump's status stays in view.
final class DeviceCutTests: XCTestCase {
    func testD2_ipadAt80ColumnsSaysWhatIsCutAndKeepsTheJumpStatus() throws {
        for (c, r) in [(80, 24), (200, 60), (40, 12)] {
            var cfg = Fixture.config(cols: c, rows: r)
            cfg.device = DeviceProfile.ipad
            let w = World(liveblog: try Fixture.sample(), config: cfg)
            w.advance(to: 0)
            w.jump(to: "ev-019")
            w.advance(to: 120)
            let g = Fixture.draw(w, cols: c, rows: r)
            assertGolden("ipad-\(c)x\(r)", g)
            assertLightGolden("ipad-\(c)x\(r)", w, cols: c, rows: r)
            let text = g.text()
            if c < 102 { XCTAssertTrue(text.contains("▶ \(102 - c) colum"), "what is cut at \(c)x\(r):\n\(text)") }
            XCTAssertTrue(g.rowText(r - 1).contains("jump #1"), "the jump's status at \(c)x\(r): \(g.rowText(r - 1))")
        }
    }
}
