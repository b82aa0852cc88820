import Foundation
import Simulation
import TerminalKit

/// The mouse (T3): the open overlay's clicks first, then the pill, then the pointer in the list.
extension App {
    func handleMouse(_ m: MouseEvent) {
        let line = world.line, cw = world.config.page.cell.width
        // G4: the exact position where the terminal reports pixels, the cell's centre otherwise.
        // D2: columns from the device column's left edge.
        let left = Double(DeviceFrame.ViewGeometry(world: world).left(screenCols: screenCols))
        let x = ((m.exactCol ?? Double(m.col) + 0.5) - left) * cw
        let y = (m.exactRow ?? Double(m.row) + 0.5) * line
        switch m.kind {
        case .press(let button):
            // W2: the mouse's back and forward buttons.
            if button == 8 || button == 9, ui.overlay == nil {
                send(.key(button == 8 ? .backspace : .char("L")))
                return
            }
            guard button == 1 else { return }
            if var o = ui.overlay, overlayDid(o.click(row: m.row, col: m.col, overlayContext), o) { return }
            if pillContains(row: m.row, col: m.col) {
                send(.key(.char("N")))
                return
            }
            pointerIsDown = true
            send(.pointer(phase: .down, x: x, y: y))
        case .drag:
            guard pointerIsDown else { return }
            send(.pointer(phase: .move, x: x, y: y))
        case .release:
            guard pointerIsDown else { return }
            pointerIsDown = false
            sendFlashingExternalLinks(.pointer(phase: .up, x: x, y: y))
        case .wheelUp, .wheelDown:
            send(.wheel(notches: m.kind == .wheelDown ? 1 : -1, row: Double(m.row), col: Double(m.col) - left))
        case .move:
            break
        }
    }

    /// Is the terminal cell under the pill (R3)? Its bar as the renderer lays it out.
    func pillContains(row: Int, col: Int) -> Bool {
        let full = Rect(row: 0, col: 0, width: screenCols, height: world.config.rows)
        let area = DeviceFrame(DeviceFrame.ViewGeometry(world: world), screen: full).pillBar
        return NewPostsPill(count: world.newPostsAbove).contains(row: row, col: col, in: area)
    }
}
