import LiveblogModel
import TerminalKit
import TextCells

/// Where a highlights, chapters or scorers panel (L7) sits and which row is which entry:
/// computed once, used by the drawing and by the App's clicks (DESIGN, "panel geometry is
/// computed once, not mirrored by hand"). Long lists scroll so the selected entry stays visible.
struct PanelGeometry {
    static let footer = "1-9/Enter jumps · click · Esc closes"

    let kind: UIState.PanelKind
    let entries: [(id: String, label: String)]
    let selected: Int
    /// The index of the first entry shown, and how many show.
    let firstEntry: Int
    let visible: Int
    let title: String
    let box: OverlayBox

    init(_ kind: UIState.PanelKind, _ liveblog: Liveblog, selected: Int, in area: Rect) {
        self.kind = kind
        self.selected = selected
        entries = panelEntries(kind, liveblog)
        let count = entries.count
        let height = max(2, min(area.height - 2, max(1, count) + 2))
        visible = max(0, height - 2)
        firstEntry = count > visible ? max(0, min(selected - visible / 2, count - visible)) : 0
        let lastShown = firstEntry + min(visible, count - firstEntry)
        title = count > visible
            ? "\(kind.rawValue) (\(firstEntry + 1)–\(lastShown) of \(count))"
            : kind.rawValue
        let all = entries.isEmpty ? ["(none)"] : entries.indices.map(Self.line(entries))
        let shown = count > visible ? min(visible, count - firstEntry) : all.count
        let width = max(40, all.map { TextWidth.width($0) }.max() ?? 0)
        let inner = max(width, TextWidth.width(title) + 2, TextWidth.width(Self.footer) + 2)
        box = OverlayBox(in: area, innerWidth: inner, innerHeight: shown)
    }

    private static func line(_ entries: [(id: String, label: String)]) -> (Int) -> String {
        { i in String(format: "%@%2d  %@", " ", i + 1, entries[i].label) }
    }

    /// The entry drawn at a screen cell, if any.
    func entry(atRow row: Int, col: Int) -> Int? {
        let inner = box.inner
        let k = row - inner.row
        guard k >= 0, k < visible, firstEntry + k < entries.count,
              col >= box.frame.col, col < box.frame.right else { return nil }
        return firstEntry + k
    }

    func draw(on s: Screen, _ t: Theme) {
        box.draw(on: s, t, title: title, footer: Self.footer)
        guard !entries.isEmpty else {
            box.drawLines(on: s, t, [("(none)", t.dim)])
            return
        }
        let last = min(entries.count, firstEntry + visible)
        let lines = (firstEntry..<last).map { i -> (String, Style) in
            (String(format: "%@%2d  %@", i == selected ? ">" : " ", i + 1, entries[i].label),
             i == selected ? t.focusedLink : t.overlay)
        }
        box.drawLines(on: s, t, lines)
    }
}
