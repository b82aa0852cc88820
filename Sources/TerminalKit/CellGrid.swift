import ImageDecoding
import TerminalGraphics
/// An off-screen screen: a grid of cells, for tests (golden snapshots) and the bench.
public final class CellGrid: Screen {
    public private(set) var cols: Int
    public private(set) var rows: Int
    public var capabilities: TerminalCapabilities
    /// Row-major cells, `rows * cols`.
    public private(set) var cells: [Cell]
    /// How many times `present()` was called (one frame each).
    public private(set) var presentCount = 0

    public init(cols: Int, rows: Int, capabilities: TerminalCapabilities = .testDefault) {
        self.cols = max(0, cols)
        self.rows = max(0, rows)
        self.capabilities = capabilities
        self.cells = Array(repeating: .blank, count: self.cols * self.rows)
    }

    /// Changes the size; the grid is blanked.
    public func resize(cols: Int, rows: Int) {
        self.cols = max(0, cols)
        self.rows = max(0, rows)
        cells = Array(repeating: .blank, count: self.cols * self.rows)
    }

    public func erase() {
        for i in cells.indices { cells[i] = .blank }
    }

    @discardableResult
    public func put(row: Int, col: Int, _ text: String, _ style: Style) -> Int {
        guard row >= 0, row < rows, col < cols else { return 0 }
        let base = row * cols
        var x = col
        for c in text {
            guard let g = GlyphFilter.glyph(c) else { continue }
            if x + g.width > cols { break }            // clip at the right edge
            if x < 0 {
                // Left of the screen: skipped; a wide glyph cut by the edge leaves a blank.
                if x + g.width > 0 { write(base, 0, Glyph(text: " ", width: 1), style) }
                x += g.width
                continue
            }
            write(base, x, g, style)
            x += g.width
        }
        return x - col
    }

    public func present() {
        presentCount += 1
        lastImages = images
        lastLinks = links
        images.removeAll()
        links.removeAll()
    }

    /// Pixel images and links asked for since the last `present()`, and those of the last frame.
    public private(set) var images: [PixelImageRequest] = []
    public private(set) var links: [LinkSpan] = []
    public private(set) var lastImages: [PixelImageRequest] = []
    public private(set) var lastLinks: [LinkSpan] = []

    /// The pixel layer's work for the images asked for (bench: a frame's whole cost with the engine's pixels, X9); nil: none.
    public var decorations: FrameDecorations?

    public func placeImage(_ request: PixelImageRequest, pixels: RGBAImage, clip: Range<Int>) {
        if !images.contains(where: { $0.key == request.key }) { images.append(request) }
        decorations?.placeImage(request, pixels: pixels, clip: clip)
    }

    public func link(_ span: LinkSpan) { links.append(span) }

    /// Writes one glyph at x and repairs wide characters it cuts in half.
    @inline(__always)
    private func write(_ base: Int, _ x: Int, _ g: Glyph, _ style: Style) {
        // Overwriting the right half of a wide character: its left half becomes a blank.
        if cells[base + x].text.isEmpty && x > 0 { cells[base + x - 1].text = " " }
        cells[base + x] = Cell(text: String(g.text), style: style)
        if g.width == 2 { cells[base + x + 1] = Cell(text: "", style: style) }
        // Overwriting the left half of a wide character: its right half becomes a blank.
        let end = x + g.width
        if end < cols && cells[base + end].text.isEmpty { cells[base + end].text = " " }
    }

    // MARK: reading back

    public func cell(row: Int, col: Int) -> Cell {
        precondition(row >= 0 && row < rows && col >= 0 && col < cols, "cell out of range")
        return cells[row * cols + col]
    }

    public func styleAt(row: Int, col: Int) -> Style {
        cell(row: row, col: col).style
    }

    /// The cells of one row.
    public func row(_ r: Int) -> ArraySlice<Cell> {
        cells[(r * cols)..<(r * cols + cols)]
    }

    /// The text of one row, trailing spaces trimmed.
    public func rowText(_ r: Int) -> String {
        var s = ""
        for c in row(r) { s += c.text }
        while s.last == " " { s.removeLast() }
        return s
    }

    /// All rows joined by "\n", trailing spaces trimmed per row: for golden snapshots.
    public func text() -> String {
        (0..<rows).map(rowText).joined(separator: "\n")
    }
}

