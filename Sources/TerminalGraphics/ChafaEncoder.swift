import CChafa
import ImageDecoding
import TerminalCaps

/// One cell of the symbols rung: a glyph and its colours (nil: transparent, the background shows).
public struct SymbolCell: Hashable, Sendable {
    public var glyph: Character
    public var fg: (r: UInt8, g: UInt8, b: UInt8)?
    public var bg: (r: UInt8, g: UInt8, b: UInt8)?

    public static func == (a: SymbolCell, b: SymbolCell) -> Bool {
        a.glyph == b.glyph && a.fg.map { [$0.r, $0.g, $0.b] } == b.fg.map { [$0.r, $0.g, $0.b] }
            && a.bg.map { [$0.r, $0.g, $0.b] } == b.bg.map { [$0.r, $0.g, $0.b] }
    }

    public func hash(into h: inout Hasher) {
        h.combine(glyph)
        h.combine(fg.map { [$0.r, $0.g, $0.b] })
        h.combine(bg.map { [$0.r, $0.g, $0.b] })
    }
}

/// Image encoding through libchafa (G2): one maintained library for every rung it covers
/// (kitty, sixel, iTerm2, symbols). Half blocks and ASCII stay with TerminalKit's `ImageRaster`.
public enum ChafaEncoder {
    /// The bytes that draw `image` scaled to `cols` × `rows` cells of `cell` pixels, at the cursor,
    /// with the pixel protocol `proto` (kitty, sixel or iterm2). A kitty image is only transmitted
    /// (`a=t`) under `kittyID`, with no reply; `KittyCommands.place` shows it, clipped.
    /// `padToBands`: false for a sixel image whose last cell row is the screen's last, where rows
    /// past it would scroll the terminal (it is rounded down to whole bands there, as libchafa does).
    public static func encode(_ image: RGBAImage, proto: GraphicsProtocol, cols: Int, rows: Int,
                              cell: CellPixelSize, kittyID: UInt32 = 1, padToBands: Bool = true) -> [UInt8] {
        guard cols > 0, rows > 0, image.width > 0, image.height > 0 else { return [] }
        let mode: Int32
        switch proto {
        case .sixel: mode = Int32(LB_CHAFA_SIXEL)
        case .kitty: mode = Int32(LB_CHAFA_KITTY)
        case .iterm2: mode = Int32(LB_CHAFA_ITERM2)
        default: return []
        }
        // A sixel image is drawn in bands of six pixel rows and libchafa rounds its height down to
        // whole bands, which would squeeze a 13-pixel cell row into 12 and leave its last pixel
        // row unpainted (X9: a tile of one cell row). The picture is padded below with transparent
        // rows to whole bands instead: sixel leaves pixels it does not set as they are (P2 = 1).
        let height = rows * cell.height
        var (picture, canvasRows, cellHeight) = (image, rows, cell.height)
        if proto == .sixel, padToBands, height % 6 != 0 {
            let banded = (height + 5) / 6 * 6
            let extra = Int((Double(image.height) * Double(banded - height) / Double(height)).rounded())
            picture = RGBAImage(width: image.width, height: image.height + extra,
                                pixels: image.pixels + [UInt8](repeating: 0, count: image.width * extra * 4))
            (canvasRows, cellHeight) = (1, picture.height == image.height ? height : banded)
        }
        var len = 0
        let out = picture.pixels.withUnsafeBufferPointer { p in
            lb_chafa_encode(mode, p.baseAddress, Int32(picture.width), Int32(picture.height), Int32(cols),
                            Int32(canvasRows), Int32(cell.width), Int32(cellHeight), kittyID, &len)
        }
        guard let out else { return [] }
        defer { free(out) }
        return out.withMemoryRebound(to: UInt8.self, capacity: len) {
            Array(UnsafeBufferPointer(start: $0, count: len))
        }
    }

    /// The symbols rung: `rows` × `cols` cells chosen by chafa from blocks, quadrants, half blocks
    /// and sextants, in 24-bit colour, for the cell grid to draw like any text.
    public static func symbols(_ image: RGBAImage, cols: Int, rows: Int,
                               background: (r: UInt8, g: UInt8, b: UInt8) = (0, 0, 0)) -> [[SymbolCell]] {
        guard cols > 0, rows > 0, image.width > 0, image.height > 0 else { return [] }
        var raw = [lb_chafa_cell](repeating: lb_chafa_cell(), count: cols * rows)
        let bg = UInt32(background.r) << 16 | UInt32(background.g) << 8 | UInt32(background.b)
        image.pixels.withUnsafeBufferPointer { p in
            raw.withUnsafeMutableBufferPointer { c in
                lb_chafa_symbols(p.baseAddress, Int32(image.width), Int32(image.height), Int32(cols),
                                 Int32(rows), 1, bg, c.baseAddress)
            }
        }
        return (0..<rows).map { r in
            (0..<cols).map { c in
                let cell = raw[r * cols + c]
                let glyph = UnicodeScalar(cell.ch).map(Character.init) ?? " "
                return SymbolCell(glyph: glyph, fg: unpack(cell.fg), bg: unpack(cell.bg))
            }
        }
    }

    static func unpack(_ v: Int32) -> (r: UInt8, g: UInt8, b: UInt8)? {
        guard v >= 0 else { return nil }
        return (UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255))
    }
}
