import Simulation
import TerminalKit

/// `~` (T4): the page's console, newest at the bottom; errors stand out. `~` or Esc closes it;
/// other keys go on to the list, which stays under it.
struct ConsoleOverlay: PassThroughOverlay, Equatable {
    static let keys = KeyTable<OverlayClose>([KeyBinding([.char("~"), .escape], .close, "close the console")])
    static let footer = "~ or Esc closes"

    func draw(_ frame: FrameModel, on s: Screen, _ t: Theme, in area: Rect) {
        let lines = frame.console.suffix(max(1, area.height - 6))
            .map { ($0, $0.hasPrefix("[error]") ? t.notice : t.overlay) }
        OverlayBox.text(on: s, t, in: area, title: "Console (~)", lines: lines.isEmpty ? [("(empty)", t.dim)] : lines,
                        width: area.width - 4, footer: Self.footer)
    }
}
