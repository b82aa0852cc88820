import LiveblogModel
import TerminalKit

/// The `/` jump prompt (L6): the typed id in the bottom row of its area and its completions
/// above it, first match at the top, so that ↓ (the next match) moves the highlight down
/// (issue 18). Text longer than the row scrolls sideways: the end being typed stays visible,
/// with an ellipsis at the left.
struct PromptView {
    static let label = "jump to id: "
    static let listWidth = 40

    let text: String
    let selected: Int
    let matches: [String]

    /// The row of the prompt line and the rows of the completions shown, top to bottom.
    func layout(in area: Rect) -> (promptRow: Int, listRows: Range<Int>) {
        let r = area.bottom - 1
        let n = min(matches.count, min(8, area.height - 3))
        return (r, (r - max(0, n))..<r)
    }

    func draw(on s: Screen, _ t: Theme, in area: Rect) {
        let (r, list) = layout(in: area)
        s.fill(row: r, col: area.col, width: area.width, " ", t.toolbarHot)
        let c = area.col + 1 + s.put(row: r, col: area.col + 1, Self.label, t.toolbarHot)
        // Room for the text and the cursor "_", one column short of the right edge.
        let room = area.right - c - 2
        s.put(row: r, col: c, t.ascii(truncateLeft(text, room, t)) + "_", t.toolbar)
        for (i, row) in list.enumerated() {
            let w = min(area.width, Self.listWidth)
            s.fill(row: row, col: area.col, width: w, " ", t.overlay)
            s.put(row: row, col: area.col + 1, t.ascii(truncate(matches[i], w - 2, t)),
                  i == selected ? t.focusedLink : t.overlay)
        }
    }
}
