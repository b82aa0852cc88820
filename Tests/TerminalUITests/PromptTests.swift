import XCTest
import LiveblogModel
import Simulation
import TerminalKit
@testable import TerminalUI
import TextCells

/// The `/` jump prompt (T2, L6; issue 18): it scrolls sideways, and ↓ moves the highlight down.
final class PromptTests: XCTestCase {
    func makeApp() throws -> App {
        let w = try Fixture.world(cols: 80, rows: 24)
        w.advance(to: 60)
        return App(world: w)
    }

    /// The row of the highlighted completion (drawn in the focused-link style).
    func highlightedRow(_ g: CellGrid) -> Int? {
        let hot = Theme(caps: g.capabilities).focusedLink
        return (0..<g.rows).first { r in (0..<g.cols).contains { g.styleAt(row: r, col: $0) == hot } }
    }

    func testT2_downMovesTheCompletionHighlightDown() throws {
        let app = try makeApp()
        for k: Key in [.char("/"), .char("e"), .char("v"), .char("-"), .char("0"), .char("1")] { app.handle(.key(k)) }
        let g0 = Fixture.draw(app.world, app.ui)
        let r0 = try XCTUnwrap(highlightedRow(g0), g0.text())
        app.handle(.key(.down))
        let g1 = Fixture.draw(app.world, app.ui)
        let r1 = try XCTUnwrap(highlightedRow(g1), g1.text())
        XCTAssertEqual(r1, r0 + 1, "↓ moves the highlight one row down:\n\(g1.text())")
        app.handle(.key(.up))
        XCTAssertEqual(highlightedRow(Fixture.draw(app.world, app.ui)), r0, "↑ moves it back up")
        // Enter jumps to the highlighted completion, as drawn.
        app.handle(.key(.down))
        let g2 = Fixture.draw(app.world, app.ui)
        let shown = g2.rowText(try XCTUnwrap(highlightedRow(g2))).trimmingCharacters(in: .whitespaces)
        let id = String(shown.prefix { $0 != " " })
        app.handle(.key(.enter))
        XCTAssertEqual(app.world.jumpStatus?.postId, id)
    }

    func testT2_longPromptTextScrollsSideways() throws {
        let w = try Fixture.world(cols: 80, rows: 24)
        w.advance(to: 60)
        let text = (0..<12).map { "part\($0)-" }.joined() + "END"    // 75 characters
        for cols in [80, 40] {
            var ui = UIState()
            ui.overlay = PromptOverlay(text: text, selected: 0)
            let g = Fixture.draw(w, ui, cols: cols, rows: 24)
            let row = g.rowText(23)
            XCTAssertTrue(row.hasSuffix("END_"), "the end being typed stays visible at \(cols): \(row)")
            XCTAssertTrue(row.contains("jump to id: …"), "an ellipsis marks the cut at the left: \(row)")
            XCTAssertLessThanOrEqual(TextWidth.width(row), cols - 1)
        }
        var ui = UIState()
        ui.overlay = PromptOverlay(text: "ev-01", selected: 0)
        XCTAssertTrue(Fixture.draw(w, ui).rowText(23).hasSuffix("jump to id: ev-01_"), "short text is not cut")
    }
}
