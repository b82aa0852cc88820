import LiveblogModel
import TextCells
import Simulation
import TerminalKit

/// `~` (T4): the page's console, newest at the bottom; errors stand out. `~`, `q` (V2) or Esc closes it;
/// other keys go on to the list, which stays under it.
struct ConsoleOverlay: PassThroughOverlay, Equatable {
    static let keys = KeyTable<OverlayClose>([KeyBinding([.char("~"), .escape, .char("q")], .close, "close the console")])
    static let footer = "~, q or Esc closes"

    func draw(_ frame: FrameModel, on s: Screen, _ t: Theme, in area: Rect) {
        // Issue 32: each message whole, wrapped to the box (the box's text is 6 columns narrower
        // than the area), newest at the bottom.
        let columns = max(8, area.width - 6), room = max(1, area.height - 6)
        var lines: [(String, Style)] = []
        for message in frame.console.reversed() where lines.count < room {
            let style = message.hasPrefix("[error]") ? t.notice : t.overlay
            let wrapped = TextLayout.wrap(plain: Sanitizer.clean(message), columns: columns)
                .map { ($0, style) }
            lines.insert(contentsOf: wrapped, at: 0)
        }
        lines = Array(lines.suffix(room))
        OverlayBox.text(on: s, t, in: area, title: "Console (~)", lines: lines.isEmpty ? [("(empty)", t.dim)] : lines,
                        width: area.width - 4, footer: Self.footer)
    }
}
