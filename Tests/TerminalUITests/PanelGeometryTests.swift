import XCTest
import LiveblogModel
import Simulation
import TerminalKit
@testable import TerminalUI

/// Panels (L7): one geometry for drawing and clicks (issue 10). A click on the row where an
/// entry is drawn jumps to that entry, also when the list has scrolled; a click beside the box
/// closes it without a jump.
final class PanelGeometryTests: XCTestCase {
    func testL7_clickJumpsToTheEntryDrawnAtThatRow() throws {
        for (rows, kind, key) in [(24, PanelOverlay.Kind.chapters, "c"), (10, .highlights, "h"), (9, .scorers, "s")] {
            let w = try Fixture.world(cols: 80, rows: rows)
            w.advance(to: 12)
            let entries = PanelOverlay.entries(kind, w.page.liveblog)
            XCTAssertGreaterThan(entries.count, 2)
            let selected = entries.count - 1                       // scrolled to the end on short screens
            var ui = UIState()
            ui.overlay = PanelOverlay(kind, selected: selected)
            let g = Fixture.draw(w, ui)
            let geometry = PanelGeometry(kind, w.page.liveblog, selected: selected, in: Rect(screen: g))
            var clicked = 0
            for r in 0..<rows {
                // The entry number drawn on this row, if any: "> 12  …" or "  3  …".
                let text = g.rowText(r)
                guard let bar = text.firstIndex(where: { $0 == "│" || $0 == "|" }) else { continue }
                let inside = text[text.index(after: bar)...].drop { $0 == " " || $0 == ">" }
                guard let n = Int(inside.prefix { $0.isNumber }), n >= 1 else { continue }
                let app = App(world: try Fixture.world(cols: 80, rows: rows))
                app.world.advance(to: 12)
                app.handle(.key(.char(Character(key))))
                for _ in 0..<selected { app.handle(.key(.down)) }
                XCTAssertEqual(app.ui.overlay as? PanelOverlay, PanelOverlay(kind, selected: selected))
                app.handle(.mouse(MouseEvent(kind: .press(button: 1), row: r, col: geometry.box.frame.col + 3)))
                XCTAssertEqual(app.world.jumpStatus?.postId, entries[n - 1].id, "\(kind) row \(r) shows entry \(n)")
                XCTAssertEqual(geometry.entry(atRow: r, col: 40), n - 1)
                clicked += 1
            }
            XCTAssertEqual(clicked, min(entries.count, geometry.visible), "every visible entry clicked (\(kind), \(rows) rows)")
        }
    }

    func testL7_clickBesideThePanelClosesItWithoutJumping() throws {
        let app = App(world: try Fixture.world(cols: 80, rows: 24))
        app.world.advance(to: 12)
        app.handle(.key(.char("c")))
        let geometry = PanelGeometry(.chapters, app.world.page.liveblog, selected: 0,
                                     in: Rect(row: 0, col: 0, width: 80, height: 24))
        XCTAssertGreaterThan(geometry.box.frame.col, 0)
        app.handle(.mouse(MouseEvent(kind: .press(button: 1), row: geometry.box.inner.row, col: 0)))
        XCTAssertNil(app.ui.overlay)
        XCTAssertNil(app.world.jumpStatus)
    }
}
