import TerminalKit
@testable import TerminalUI
import XCTest

/// G4: with SGR-Pixels a drag reaches the pan engine at sub-cell positions, so the velocity
/// tracker sees the motion the samples imply, not 16 pt steps; the fling differs accordingly.
final class PixelDragTests: XCTestCase {
    /// A drag of `ticks` samples, `pxPerTick` pixels up each tick, on cells of 10 × 20 px, fed
    /// through the App as 1016 reports (`exact`) or as cell reports; the release velocity
    /// (pt/s of content) and how far the content coasts after the release.
    func drag(exact: Bool, ticks: Int = 24, pxPerTick: Int = 3) throws -> (velocity: Double, coast: Double) {
        let w = try Fixture.world(cols: 80, rows: 24)
        // The seed's dynamic item carries the release velocity the tracker measured (P1, P2); the
        // M1 ios list would use UIKit's law (F2), whose glide starts from the same velocity.
        w.pan.physics = .uidynamic
        w.send(.listOffset((w.scrollView.minOffset + w.scrollView.maxOffset) / 2))
        w.advance(to: 12)
        let app = App(world: w)
        let pointer = PixelPointer(cellPixels: CellPixelSize(width: 10, height: 20))
        func event(_ kind: MouseEvent.Kind, _ yPx: Int) -> InputEvent {
            let (row, col) = pointer.cell(xPx: 205, yPx: yPx)
            let at = pointer.cells(xPx: 205, yPx: yPx)
            return .mouse(MouseEvent(kind: kind, row: row, col: col,
                                     exactCol: exact ? at.col : nil, exactRow: exact ? at.row : nil))
        }
        var y = 400
        app.handle(event(.press(button: 1), y))
        for _ in 0..<ticks {
            w.advance(to: w.tick + 1)
            y -= pxPerTick
            app.handle(event(.drag, y))
        }
        app.handle(event(.release, y))
        let velocity = w.pan.item?.velocity ?? 0
        let released = w.scrollView.offset
        w.advance(to: w.tick + 120 * 6)
        return (velocity, w.scrollView.offset - released)
    }

    func testG4_pixelDragGivesTheVelocityItsSamplesImply() throws {
        // 3 px a tick of 20 px cells = 0.15 rows = 2.4 pt a tick = 288 pt/s.
        let implied = 3.0 / 20 * 16 * 120
        let pixels = try drag(exact: true)
        let cells = try drag(exact: false)
        XCTAssertEqual(abs(pixels.velocity), implied, accuracy: implied * 0.05, "\(pixels)")
        // Cell centres move in 16 pt steps: the tracker fits a line to a staircase.
        XCTAssertGreaterThan(abs(abs(cells.velocity) - implied), implied * 0.05, "\(cells)")
        XCTAssertGreaterThan(abs(pixels.coast), 1)
        XCTAssertGreaterThan(abs(pixels.coast - cells.coast), abs(pixels.coast) * 0.05,
                             "pixels \(pixels.coast) pt, cells \(cells.coast) pt")
    }
}
