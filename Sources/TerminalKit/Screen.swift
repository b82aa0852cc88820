import ImageDecoding
import TextCells
import TerminalGraphics

/// Where the renderer draws: the ncurses screen or an off-screen grid (principle 4, docs/architecture.md).
/// Rows and columns are 0-based; (0, 0) is the top-left cell.
public protocol Screen: AnyObject {
    var cols: Int { get }
    var rows: Int { get }
    var capabilities: TerminalCapabilities { get }

    /// Blanks the whole screen (default style). Cheap: ncurses sends only differences.
    func erase()

    /// Draws `text` from (row, col) and returns the display columns it took from `col`
    /// (wide characters count 2, by `TextWidth`, as the layout counts them: one cluster, one cell). Text is clipped at
    /// the right edge: a wide character that does not fit is not drawn. Columns left of 0 are
    /// skipped but counted.
    /// Callers pass clean text (`Sanitizer.clean`); as a last line of defence any C0 or C1
    /// control (< 0x20, 0x7F–0x9F) is drawn as "?" (T8). Zero-width clusters are dropped.
    @discardableResult
    func put(row: Int, col: Int, _ text: String, _ style: Style) -> Int

    /// Fills `width` columns from (row, col) with `ch` (clipped like `put`).
    func fill(row: Int, col: Int, width: Int, _ ch: Character, _ style: Style)

    /// Shows what was drawn: exactly one `doupdate` per call on a terminal (T7).
    func present()

    /// Asks for an image in pixels this frame (G1; only where `capabilities.features.graphics`
    /// is a pixel protocol). `clip`: the screen rows between the bars.
    func placeImage(_ request: PixelImageRequest, pixels: RGBAImage, clip: Range<Int>)

    /// Marks link text drawn this frame, for OSC 8 where the terminal links (G5).
    func link(_ span: LinkSpan)
}

/// One drawable glyph after the last-line-of-defence filtering shared by all screens.
@usableFromInline
struct Glyph {
    @usableFromInline var text: Character
    @usableFromInline var width: Int
    @usableFromInline init(text: Character, width: Int) {
        self.text = text
        self.width = width
    }
}

enum GlyphFilter {
    static let question: Character = "?"

    /// The glyph drawn for `c`: controls become "?", zero-width clusters nil.
    @inline(__always)
    static func glyph(_ c: Character) -> Glyph? {
        if c.isASCII {
            // "\r\n" is one ASCII Character of two scalars; any control → "?".
            for u in c.unicodeScalars where u.value < 0x20 || u.value == 0x7F {
                return Glyph(text: question, width: 1)
            }
            return Glyph(text: c, width: 1)
        }
        for u in c.unicodeScalars {
            let v = u.value
            if v < 0x20 || (0x7F...0x9F).contains(v) { return Glyph(text: question, width: 1) }
        }
        let w = TextWidth.width(c)
        if w <= 0 { return nil }
        return Glyph(text: c, width: w)
    }

    /// Glyphs of a fill character.
    static func fillGlyph(_ ch: Character) -> Glyph {
        glyph(ch) ?? Glyph(text: " ", width: 1)
    }
}

extension Screen {
    /// Default fill: repeats the character (a trailing odd column of a wide fill becomes a space).
    public func fill(row: Int, col: Int, width: Int, _ ch: Character, _ style: Style) {
        guard width > 0 else { return }
        let g = GlyphFilter.fillGlyph(ch)
        var s = String(repeating: String(g.text), count: width / g.width)
        if width % g.width != 0 { s.append(" ") }
        put(row: row, col: col, s, style)
    }
}
