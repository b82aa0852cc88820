import Simulation
import TerminalKit
import TextCells

/// W3: a video or audio URL the page handed over, and the command that would open it, shown
/// whole before anything runs. y (or Y) runs it; any other key, or a click, does not.
struct PlayerConfirmation: Overlay, Equatable {
    enum Action: Hashable, Sendable { case run }
    static let keys = KeyTable<Action>([KeyBinding([.char("y"), .char("Y")], .run, "run the player")])
    static let footer = "y runs it · any other key does not"

    let command: PlayerCommand

    mutating func key(_ key: KeyName, _ context: OverlayContext) -> OverlayOutcome {
        .close(then: .player(command, yes: Self.keys.action(for: key) == .run))
    }

    mutating func click(row: Int, col: Int, _ context: OverlayContext) -> OverlayOutcome {
        .close(then: .player(command, yes: false))
    }

    func draw(_ frame: FrameModel, on s: Screen, _ t: Theme, in area: Rect) {
        // Issue 31: the whole command, wrapped over as many lines as it takes.
        let width = min(area.width - 4, 76)
        let shown = Array(Sanitizer.clean(command.display))
        let step = max(8, width - 6)
        let parts = stride(from: 0, to: shown.count, by: step).map { String(shown[$0..<min($0 + step, shown.count)]) }
        let lines = [("video or audio: open it with", t.overlay)] + parts.map { ("  " + $0, t.overlayTitle) }
        OverlayBox.text(on: s, t, in: area, title: "Open media?", lines: lines, width: width, footer: Self.footer)
    }
}
