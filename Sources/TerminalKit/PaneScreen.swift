import ImageDecoding

/// A screen inside a rectangle of another screen (F6: `compare` draws one World per pane).
/// Its rows and columns count from the rectangle's corner; what falls outside the rectangle is
/// clipped as a screen clips at its edges (`Screen.put`), so a renderer made for the whole screen
/// draws into a pane unchanged. `present` does nothing: the owner presents the whole screen once
/// a frame (T7: one `doupdate`).
public final class PaneScreen: Screen {
    public let base: Screen
    public let area: Rect

    public init(_ base: Screen, area: Rect) {
        self.base = base
        self.area = area
    }

    public var cols: Int { area.width }
    public var rows: Int { area.height }
    /// The base screen's, except that images are drawn in cells: pixel images are placed by key
    /// for the whole screen, and two panes show the same picture at once (compare draws the same
    /// liveblog in each pane).
    public var capabilities: TerminalCapabilities {
        var c = base.capabilities
        if [.kitty, .sixel, .iterm2].contains(c.features.graphics) { c.features.graphics = .symbols }
        return c
    }

    public func erase() {
        let blank = String(repeating: " ", count: area.width)
        for r in area.rows { base.put(row: r, col: area.col, blank, .plain) }
    }

    /// Draws the part of `text` inside the pane; returns the columns `text` takes from `col`, as
    /// `Screen.put` does (left of the pane skipped but counted, clipped at its right edge).
    @discardableResult
    public func put(row: Int, col: Int, _ text: String, _ style: Style) -> Int {
        guard row >= 0, row < rows, col < cols else { return 0 }
        var x = col
        var shown = ""
        var shownFrom: Int?
        for c in text {
            guard let g = GlyphFilter.glyph(c) else { continue }
            if x + g.width > cols { break }
            if x < 0 {
                // A wide glyph cut by the left edge leaves a blank, as on a whole screen.
                if x + g.width > 0 {
                    shownFrom = 0
                    shown.append(" ")
                }
                x += g.width
                continue
            }
            if shownFrom == nil { shownFrom = x }
            shown.append(g.text)
            x += g.width
        }
        if let from = shownFrom { base.put(row: area.row + row, col: area.col + from, shown, style) }
        return x - col
    }

    public func present() {}

    /// Never asked for: panes draw images in cells (see `capabilities`).
    public func placeImage(_ request: PixelImageRequest, pixels: RGBAImage, clip: Range<Int>) {}

    /// Link text drawn in the pane, moved to the base screen's cells (G5).
    public func link(_ span: LinkSpan) {
        var s = span
        s.row += area.row
        s.col += area.col
        base.link(s)
    }
}
