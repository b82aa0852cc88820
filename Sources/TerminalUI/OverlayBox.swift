import LiveblogModel
import TerminalKit
import TextCells

/// A framed box centred in an area, sized to its content (at most the area less a margin): the
/// help, the console, the panels and the timeline draw inside its `inner` rectangle.
struct OverlayBox {
    /// The box, border included.
    let frame: Rect

    /// The area inside the border and a one-column margin.
    var inner: Rect { frame.inset(rows: 1, cols: 2) }

    init(in area: Rect, innerWidth: Int, innerHeight: Int, top wantedTop: Int? = nil) {
        let width = max(4, min(area.width - 2, innerWidth + 4))
        let height = max(2, min(area.height - 2, innerHeight + 2))
        let left = area.col + (area.width - width) / 2
        let top = wantedTop.map { max(area.row, min($0, area.bottom - height)) }
            ?? area.row + max(1, (area.height - height) / 2)
        frame = Rect(row: top, col: left, width: width, height: height)
    }

    /// A box for text lines: as wide as the widest line (or `width`), the title and the footer.
    init(in area: Rect, lines: [String], width wanted: Int?, title: String, footer: String?) {
        let contentW = lines.map { TextWidth.width($0) }.max() ?? 0
        let titleW = TextWidth.width(title), footerW = TextWidth.width(footer ?? "")
        let inner = max(wanted ?? contentW, titleW + 2, footerW + 2)
        self.init(in: area, innerWidth: inner, innerHeight: lines.count)
    }

    /// The border, the background, the title in the top edge and the footer in the bottom one.
    func draw(on s: Screen, _ t: Theme, title: String, footer: String?) {
        let f = frame
        let border = Style(fg: t.color ? .indexed(244) : .default, bg: t.overlay.bg)
        let h: Character = t.unicode ? "─" : "-", v = t.unicode ? "│" : "|"
        let (tl, tr, bl, br) = t.unicode ? ("╭", "╮", "╰", "╯") : ("+", "+", "+", "+")
        for r in f.rows {
            s.fill(row: r, col: f.col, width: f.width, " ", t.overlay)
            if r == f.row || r == f.bottom - 1 {
                s.fill(row: r, col: f.col + 1, width: f.width - 2, h, border)
                s.put(row: r, col: f.col, r == f.row ? tl : bl, border)
                s.put(row: r, col: f.right - 1, r == f.row ? tr : br, border)
            } else {
                s.put(row: r, col: f.col, v, border)
                s.put(row: r, col: f.right - 1, v, border)
            }
        }
        let titleText = t.ascii(truncate(title, f.width - 6, t))
        if !titleText.isEmpty { s.put(row: f.row, col: f.col + 2, " \(titleText) ", t.overlayTitle) }
        if let footer, f.width > 8 {
            let ft = t.ascii(truncate(footer, f.width - 6, t))
            s.put(row: f.bottom - 1, col: f.right - 3 - TextWidth.width(ft), " \(ft) ",
                  Style(fg: t.dim.fg, bg: t.overlay.bg, dim: t.dim.dim))
        }
    }

    /// Lines of text inside, one a row, cut to the inner width; default backgrounds take the box's.
    func drawLines(on s: Screen, _ t: Theme, _ lines: [(String, Style)]) {
        let area = inner
        for (i, (text, style)) in lines.prefix(area.height).enumerated() {
            var st = style
            if st.bg == .default { st.bg = t.overlay.bg }
            s.put(row: area.row + i, col: area.col, t.ascii(truncate(text, area.width, t)), st)
        }
    }
}

extension OverlayBox {
    /// A box of text lines, drawn whole (the help, the console, the player's confirmation).
    static func text(on s: Screen, _ t: Theme, in area: Rect, title: String, lines: [(String, Style)],
                     width: Int? = nil, footer: String? = nil) {
        let b = OverlayBox(in: area, lines: lines.map(\.0), width: width, title: title, footer: footer)
        b.draw(on: s, t, title: title, footer: footer)
        b.drawLines(on: s, t, lines)
    }
}
