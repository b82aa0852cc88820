import ImageDecoding
import Simulation
import TerminalKit
import TextCells

/// The loading progress line (W1): the bottom edge of the navigation bar underlined from the
/// left while the page's `estimatedProgress` is below 1, as Safari draws its progress along the
/// bottom edge of its bar. It lives in the bar, never over the list (issue 32: no content cell
/// under chrome): the bar's text keeps its cells and gains the underline; its blank cells take
/// the progress colour. It is gone at 1. Without a navigation bar, the toolbar's top edge.
struct ProgressBar {
    let progress: Double

    /// The filled columns of `width` (at least one while loading, so a start shows).
    static func filledColumns(_ progress: Double, width: Int) -> Int {
        guard progress < 1, width > 0 else { return 0 }
        return max(1, min(width, Int((progress * Double(width)).rounded(.down))))
    }

    /// The screen a bar draws its edge row through: `s` itself when loaded.
    func edge(of s: any Screen, _ t: Theme, row: Int, in area: Rect) -> any Screen {
        let n = ProgressBar.filledColumns(progress, width: area.width)
        guard n > 0 else { return s }
        return ProgressEdgeScreen(s, row: row, filled: area.col..<(area.col + n), theme: t)
    }
}

/// A screen that underlines what is drawn on one row's filled columns (W1's edge), cell by cell.
final class ProgressEdgeScreen: Screen {
    let base: any Screen
    let row: Int
    let filled: Range<Int>
    let theme: Theme

    init(_ base: any Screen, row: Int, filled: Range<Int>, theme: Theme) {
        self.base = base
        self.row = row
        self.filled = filled
        self.theme = theme
    }
    var cols: Int { base.cols }
    var rows: Int { base.rows }
    var capabilities: TerminalCapabilities { base.capabilities }
    func erase() { base.erase() }
    func present() { base.present() }

    /// The style of an edge cell: underlined; a blank one in the progress colour.
    func edgeStyle(_ style: Style, blank: Bool) -> Style {
        var s = style
        s.underline = true
        if blank, theme.color { s.fg = theme.progress.fg }
        return s
    }

    @discardableResult
    func put(row r: Int, col: Int, _ text: String, _ style: Style) -> Int {
        guard r == row, col < filled.upperBound, col + TextWidth.width(text) > filled.lowerBound else {
            return base.put(row: r, col: col, text, style)
        }
        var c = col
        for ch in text {
            let cell = String(ch)
            let inside = filled.contains(c)
            c += base.put(row: r, col: c, cell, inside ? edgeStyle(style, blank: ch == " ") : style)
        }
        return c - col
    }

    func fill(row r: Int, col: Int, width: Int, _ ch: Character, _ style: Style) {
        guard r == row else { return base.fill(row: r, col: col, width: width, ch, style) }
        let cut = min(col + width, max(col, filled.upperBound))
        let start = max(col, filled.lowerBound)
        if start > col { base.fill(row: r, col: col, width: min(width, start - col), ch, style) }
        if cut > start {
            base.fill(row: r, col: start, width: cut - start, ch, edgeStyle(style, blank: ch == " "))
        }
        if col + width > max(cut, start) {
            let from = max(cut, start)
            base.fill(row: r, col: from, width: col + width - from, ch, style)
        }
    }

    func placeImage(_ request: PixelImageRequest, pixels: RGBAImage, clip: Range<Int>) {
        base.placeImage(request, pixels: pixels, clip: clip)
    }
    func link(_ span: LinkSpan) { base.link(span) }
}
