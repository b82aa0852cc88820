import LiveblogModel
import Simulation
import TerminalKit

/// The `/` prompt (L6, T2): an id typed with completion, or words to search (issue 32). Enter
/// jumps to the post when the text is an id, else searches when a post's text has it, else
/// jumps to the selected completion; Tab completes to the longest common prefix, ↓/↑ select, Bksp
/// deletes, Esc closes; a character types itself, a paste (T8) types one safe line.
struct PromptOverlay: Overlay, Equatable {
    /// The most characters the prompt holds, typed or pasted (T2).
    static let limit = 200
    enum Action: Hashable, Sendable { case jump, complete, erase, next, previous, close }
    static let keys = KeyTable<Action>([
        KeyBinding([.enter], .jump, "jump to the id"),
        KeyBinding([.tab], .complete, "complete"),
        KeyBinding([.backspace], .erase, "delete a character"),
        KeyBinding([(.down, .next), (.up, .previous)], "select a completion"),
        KeyBinding([.escape], .close, "close"),
    ])

    var text = ""
    var selected = 0

    mutating func key(_ key: KeyName, _ context: OverlayContext) -> OverlayOutcome {
        let matches = completions(text, context.liveblog)
        switch Self.keys.action(for: key) {
        case .close: return .close
        case .jump:
            if text.isEmpty { return .close }
            if context.postExists(text) { return .close(then: .jump(text)) }
            if !SearchState.matches(text, in: context.liveblog).isEmpty || matches.isEmpty {
                return .close(then: .search(text))
            }
            return .close(then: .jump(matches[min(selected, matches.count - 1)]))
        case .complete:
            // Complete to the longest common prefix of the matches.
            if let first = matches.first {
                var prefix = first
                for m in matches.dropFirst() { while !m.hasPrefix(prefix) { prefix.removeLast() } }
                text = prefix.count > text.count ? prefix : (matches.count == 1 ? first : text)
                selected = 0
            }
        case .erase: (text, selected) = (String(text.dropLast()), 0)
        case .next: selected = min(selected + 1, max(0, matches.count - 1))
        case .previous: selected = max(0, selected - 1)
        case nil:
            // V3: the space bar types a space (a phrase), as a character does.
            let typed: Character? = key == .space ? " " : key.character
            if let c = typed, text.count < Self.limit { (text, selected) = (text + String(c), 0) }
        }
        return .keep
    }

    /// A bracketed paste (issue 15): one line with controls made spaces (T8), up to the limit.
    mutating func paste(_ pasted: String) -> OverlayOutcome {
        let room = max(0, Self.limit - text.count)
        (text, selected) = (text + PasteCollector.promptText(pasted, maxCount: room), 0)
        return .keep
    }

    func draw(_ frame: FrameModel, on s: Screen, _ t: Theme, in area: Rect) {
        PromptView(text: text, selected: selected, matches: completions(text, frame.liveblog)).draw(on: s, t, in: area)
    }
}

/// Ids that start with the prompt's text (the `/` jump's completion), loaded posts first.
func completions(_ text: String, _ lb: Liveblog, limit: Int = 8) -> [String] {
    let t = text.lowercased()
    var out: [String] = []
    for p in lb.posts where t.isEmpty || p.id.lowercased().hasPrefix(t) {
        out.append(p.id)
        if out.count >= limit { break }
    }
    if out.count < limit && !t.isEmpty {
        for p in lb.posts where !p.id.lowercased().hasPrefix(t) && p.id.lowercased().contains(t) {
            out.append(p.id)
            if out.count >= limit { break }
        }
    }
    return out
}

/// The `/` jump prompt (L6): the typed id in the bottom row of its area and its completions
/// above it, first match at the top, so that ↓ (the next match) moves the highlight down
/// (issue 18). Text longer than the row scrolls sideways: the end being typed stays visible,
/// with an ellipsis at the left.
struct PromptView {
    static let label = "search or jump to id: "
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
