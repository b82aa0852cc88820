import Foundation
import XCTest
import LiveblogModel
import Embed
import Host
import Simulation
import TerminalKit
@testable import TerminalUI

/// Golden screens (principle 4, docs/architecture.md): the renderer draws into an off-screen grid and the text is
/// compared with Tests/TerminalUITests/Golden/<name>.txt. `LIVEBLOG_UPDATE_GOLDEN=1 swift test`
/// rewrites them; read a rewritten file before committing it.
final class GoldenScreenTests: XCTestCase {
    static let sizes = [(80, 24), (120, 40)]

    func eachSize(_ body: (Int, Int, String) throws -> Void) rethrows {
        for (c, r) in GoldenScreenTests.sizes { try body(c, r, "\(c)x\(r)") }
    }

    func testT1_topOfSampleShowsTitleBadgesAndTextPosts() throws {
        try eachSize { c, r, size in
            let w = try Fixture.world(cols: c, rows: r)
            w.advance(to: 60)
            let g = Fixture.draw(w)
            assertGolden("top-\(size)", g)
            // Issue 32: the page shows the title at the top; the bar shows it once that has scrolled away.
            XCTAssertTrue(g.text().contains("Coastal Cup Final"), g.text())
            // V4: a reader's bar shows only the badges that are not the defaults (instant here).
            XCTAssertTrue(g.rowText(1).contains("instant"), g.rowText(1))
            for badge in ["content", "ios", "hook 2p"] { XCTAssertFalse(g.rowText(1).contains(badge), "badge \(badge)") }
        }
    }

    /// I3: a loaded PNG is drawn with half blocks in colour.
    func testI3_loadedImageIsDrawnInColour() throws {
        try eachSize { c, r, size in
            let w = try Fixture.world(cols: c, rows: r)
            w.jump(to: "ev-063")
            w.advance(to: 240)
            let g = Fixture.draw(w)
            assertGolden("image-loaded-\(size)", g)
            var coloured = 0, halfBlocks = 0
            for row in 0..<g.rows {
                for col in 0..<g.cols where g.cell(row: row, col: col).text == "▀" {
                    halfBlocks += 1
                    let st = g.styleAt(row: row, col: col)
                    if case .indexed = st.fg, case .indexed = st.bg { coloured += 1 }
                }
            }
            XCTAssertGreaterThan(halfBlocks, 20, "the scoreboard image is on screen")
            XCTAssertGreaterThan(coloured, halfBlocks / 2, "half blocks carry colours")
        }
    }

    /// I3: before it loads, an image is a placeholder with a spinner, its alt text and its size.
    func testI3_placeholderShowsSpinnerAltAndSize() throws {
        try eachSize { c, r, size in
            let w = try Fixture.world(cols: c, rows: r, network: .offline)
            w.jump(to: "ev-036")
            w.advance(to: 240)
            let g = Fixture.draw(w)
            assertGolden("image-placeholder-\(size)", g)
            let text = g.text()
            XCTAssertTrue(text.contains("160×90"), "size shown")
            XCTAssertTrue(text.contains("⠋") || text.contains("⠙") || text.contains("⠹") || text.contains("⠸")
                          || text.contains("⠼") || text.contains("⠴") || text.contains("⠦") || text.contains("⠧")
                          || text.contains("⠇") || text.contains("⠏"), "spinner shown")
        }
    }

    /// T1: the toolbar shows the jump state while a jump is held and animating.
    func testT1_toolbarMidJump() throws {
        try eachSize { c, r, size in
            let w = try Fixture.world(cols: c, rows: r, network: .threeG)
            w.advance(to: 12)
            w.jump(to: "ev-019")
            w.advance(to: 30) // 0.15 s into the jump: the 0.3 s ease is running
            XCTAssertTrue(w.scrollView.isAnimating)
            let g = Fixture.draw(w)
            assertGolden("toolbar-mid-jump-\(size)", g)
            let bar = g.rowText(r - 1)
            XCTAssertTrue(bar.contains("jump #1 → ev-019"), bar)
            XCTAssertTrue(bar.contains("9.8s left"), "the hold's time left, labelled: \(bar)")
            XCTAssertTrue(bar.contains("animating"), bar)
        }
    }

    /// T4: the timeline overlay after a jump on 3g (corrections while images load).
    func testT4_timelineOverlayAfterJump() throws {
        try eachSize { c, r, size in
            let w = try Fixture.world(cols: c, rows: r, network: .threeG)
            w.advance(to: 12)
            w.jump(to: "ev-019")
            w.advance(to: 12 + 6 * 120)
            var ui = UIState()
            ui.overlay = TimelineOverlay()
            let g = Fixture.draw(w, ui)
            assertGolden("timeline-\(size)", g)
            XCTAssertTrue(g.text().contains("Timeline: jump #1"))
        }
    }

    /// T2: `?` lists the keys.
    func testT2_helpOverlay() throws {
        try eachSize { c, r, size in
            let w = try Fixture.world(cols: c, rows: r)
            w.advance(to: 60)
            var ui = UIState()
            ui.overlay = HelpOverlay()
            let g = Fixture.draw(w, ui)
            assertGolden("help-\(size)", g)
            for k in ["J K", "/", "h c s", "Tab", "quit", "Enter y Esc"] { XCTAssertTrue(g.text().contains(k), "help names \(k)") }
        }
    }

    /// T6: below 20×8 a "terminal too small" message.
    func testT6_terminalTooSmall() throws {
        let w = try Fixture.world(cols: 19, rows: 7)
        w.advance(to: 12)
        let g = Fixture.draw(w)
        assertGolden("too-small-19x7", g)
        XCTAssertTrue(g.text().contains("too small"))
    }

    /// M2: nested mode after scrolling a page.
    func testM2_nestedModeScreen() throws {
        try eachSize { c, r, size in
            let w = try Fixture.world(cols: c, rows: r, mode: .nested)
            w.advance(to: 12)
            w.key("space")
            w.advance(to: 120)
            assertGolden("nested-\(size)", Fixture.draw(w))
        }
    }

    /// M3: header mode, the header half collapsed (dim) after three lines.
    func testM3_headerModeScreen() throws {
        try eachSize { c, r, size in
            let w = try Fixture.world(cols: c, rows: r, mode: .header)
            w.advance(to: 12)
            for _ in 0..<3 { w.key("j") }
            w.advance(to: 120)
            let g = Fixture.draw(w)
            assertGolden("header-\(size)", g)
            XCTAssertEqual(w.page.scrollY, 48, accuracy: 0.5)
            XCTAssertTrue(g.styleAt(row: 2, col: 1).dim, "the collapsing header is dim")
        }
    }

    /// L7: the scorers panel.
    func testL7_scorersPanel() throws {
        try eachSize { c, r, size in
            let w = try Fixture.world(cols: c, rows: r)
            w.advance(to: 60)
            var ui = UIState()
            ui.overlay = PanelOverlay(.scorers, selected: 1)
            let g = Fixture.draw(w, ui)
            assertGolden("panel-scorers-\(size)", g)
            XCTAssertTrue(g.text().contains("Scorers"))
        }
    }

    /// T2: the `/` prompt with its completions.
    func testT2_jumpPromptWithCompletions() throws {
        let w = try Fixture.world(cols: 80, rows: 24)
        w.advance(to: 60)
        var ui = UIState()
        ui.overlay = PromptOverlay(text: "ev-01", selected: 0)
        let g = Fixture.draw(w, ui)
        assertGolden("prompt-80x24", g)
        XCTAssertTrue(g.rowText(23).contains("jump to id: ev-01_"))
    }
}
