import LiveblogModel
import Embed
import Simulation
import TerminalKit
import TextCells

/// The highlights, chapters and scorers panels (L7): j/k or ↓/↑ move the selection, Enter or a
/// digit jumps, a click on an entry jumps, Esc (q, or a panel's key) closes; any other key is
/// taken and does nothing.
struct PanelOverlay: Overlay, Equatable {
    enum Kind: String, Sendable { case highlights = "Highlights", chapters = "Chapters", scorers = "Scorers" }
    enum Action: Hashable, Sendable { case next, previous, jump, jumpTo(Int), close }
    static let keys = KeyTable<Action>([
        KeyBinding([(.char("j"), .next), (.char("k"), .previous), (.down, .next), (.up, .previous)], "select"),
        KeyBinding([.enter], .jump, "jump to the selected post"),
        KeyBinding((1...9).map { (KeyName.char(Character("\($0)")), Action.jumpTo($0)) }, "jump to the nth"),
        KeyBinding([.escape, .char("q"), .char("h"), .char("c"), .char("s")], .close, "close"),
    ])

    let kind: Kind
    var selected = 0

    init(_ kind: Kind, selected: Int = 0) {
        self.kind = kind
        self.selected = selected
    }

    mutating func key(_ key: KeyName, _ context: OverlayContext) -> OverlayOutcome {
        let entries = Self.entries(kind, context.liveblog)
        switch Self.keys.action(for: key) {
        case .close: return .close
        case .next: selected = min(selected + 1, max(0, entries.count - 1))
        case .previous: selected = max(0, selected - 1)
        case .jump:
            if selected < entries.count { return .close(then: .jump(entries[selected].id)) }
        case .jumpTo(let d):
            if d <= entries.count { return .close(then: .jump(entries[d - 1].id)) }
        case nil: break
        }
        return .keep
    }

    /// A click on an entry jumps; anywhere else closes the panel (the geometry drawn).
    mutating func click(row: Int, col: Int, _ context: OverlayContext) -> OverlayOutcome {
        let panel = PanelGeometry(kind, context.liveblog, selected: selected, in: context.screen, clock: context.clock)
        guard let i = panel.entry(atRow: row, col: col) else { return .close }
        return .close(then: .jump(panel.entries[i].id))
    }

    func draw(_ frame: FrameModel, on s: Screen, _ t: Theme, in area: Rect) {
        PanelGeometry(kind, frame.liveblog, selected: selected, in: area, clock: frame.clock).draw(on: s, t)
    }

    /// A panel's entries: the post id and a label; times in the reader's zone, marked (V6), as the
    /// list shows them.
    static func entries(_ kind: Kind, _ lb: Liveblog,
                        clock: PostClock = PostClock(zone: PostClock.utc, span: nil)) -> [(id: String, label: String)] {
        switch kind {
        case .highlights:
            return lb.highlights.map { p in
                let text = p.headline ?? p.blocks.lazy.compactMap { if case .text(let t) = $0 { return t.plainText } else { return nil } }.first ?? p.id
                return (p.id, "\(clock.text(p.createdAt))  \(oneLine(text))")
            }
        case .chapters:
            return lb.chapters.map { p in
                (p.id, "\(clock.text(p.createdAt))  \(oneLine(p.headline ?? p.id))")
            }
        case .scorers:
            return lb.scorers.map { p in
                let s = p.sportEvent!
                let who = s.players.isEmpty ? (s.title ?? "Goal") : s.players.joined(separator: ", ")
                let team = s.team.map { " (\($0))" } ?? ""
                return (p.id, "\(s.timeOfPlay ?? clock.text(p.createdAt))  \(oneLine(who))\(team)")
            }
        }
    }

    /// A label on one row (issue 32): line breaks and runs of white space read as one space, not
    /// the sanitiser's ␊.
    static func oneLine(_ s: String) -> String {
        s.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
    }
}

/// Where a highlights, chapters or scorers panel (L7) sits and which row is which entry:
/// computed once, used by the drawing and by the App's clicks (docs/architecture.md, "panel geometry is
/// computed once, not mirrored by hand"). Long lists scroll so the selected entry stays visible.
struct PanelGeometry {
    static let footer = "1-9/Enter jumps · click · Esc closes"

    let kind: PanelOverlay.Kind
    let entries: [(id: String, label: String)]
    let selected: Int
    /// The index of the first entry shown, and how many show.
    let firstEntry: Int
    let visible: Int
    let title: String
    let box: OverlayBox

    init(_ kind: PanelOverlay.Kind, _ liveblog: Liveblog, selected: Int, in area: Rect,
         clock: PostClock = PostClock(zone: PostClock.utc, span: nil)) {
        self.kind = kind
        self.selected = selected
        entries = PanelOverlay.entries(kind, liveblog, clock: clock)
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
