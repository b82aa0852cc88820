import ImageDecoding

/// Images drawn with cells (I3): half blocks in colour, grey shades or ASCII where colour
/// or Unicode is missing. Pure: the caller caches the result per image and size.
public enum ImageRaster {
    /// The ASCII ramp, dark to light.
    public static let asciiRamp: [Character] = Array(" .:-=+*#%@")
    /// The Unicode shade ramp, dark to light.
    public static let shadeRamp: [Character] = [" ", "░", "▒", "▓", "█"]
    public static let upperHalf = "▀"

    /// Renders `img` into `rows` × `cols` cells.
    /// - direct / palette256 with Unicode: each cell is "▀" with fg = top pixel, bg = bottom pixel
    ///   (the image is box-filtered to cols × rows·2 pixels); RGB in direct mode, the nearest
    ///   xterm-256 colour in 256 mode.
    /// - direct / palette256 without Unicode: a space whose background is the cell's mean colour.
    /// - basic8 / none: a grey ramp of characters by luminance ("░▒▓█" with Unicode, " .:-=+*#%@"
    ///   without), white on black in basic8, default colours in none.
    /// Transparent pixels are composited over `background`.
    public static func render(_ img: RGBAImage, cols: Int, rows: Int, mode: ColorMode, unicode: Bool = true,
                              background: (r: UInt8, g: UInt8, b: UInt8) = (0, 0, 0)) -> [[Cell]] {
        guard cols > 0, rows > 0 else { return [] }
        if img.width == 0 || img.height == 0 {
            return Array(repeating: Array(repeating: .blank, count: cols), count: rows)
        }
        let px = scale(img, width: cols, height: rows * 2, background: background)
        @inline(__always) func at(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
            let i = (y * cols + x) * 3
            return (px[i], px[i + 1], px[i + 2])
        }
        var out: [[Cell]] = []
        out.reserveCapacity(rows)
        for r in 0..<rows {
            var line: [Cell] = []
            line.reserveCapacity(cols)
            for c in 0..<cols {
                let t = at(c, 2 * r), b = at(c, 2 * r + 1)
                switch (mode, unicode) {
                case (.direct, true):
                    let style = Style(fg: .rgb(t.0, t.1, t.2), bg: .rgb(b.0, b.1, b.2))
                    line.append(Cell(text: upperHalf, style: style))
                case (.palette256, true):
                    let style = Style(fg: .indexed(XtermPalette.nearest(t.0, t.1, t.2)),
                                      bg: .indexed(XtermPalette.nearest(b.0, b.1, b.2)))
                    line.append(Cell(text: upperHalf, style: style))
                case (.direct, false), (.palette256, false):
                    func mean(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Int(x) + Int(y) + 1) / 2) }
                    let m = (mean(t.0, b.0), mean(t.1, b.1), mean(t.2, b.2))
                    let bg: Color = mode == .direct
                        ? .rgb(m.0, m.1, m.2) : .indexed(XtermPalette.nearest(m.0, m.1, m.2))
                    line.append(Cell(text: " ", style: Style(bg: bg)))
                case (.basic8, _), (.none, _):
                    let lt = XtermPalette.luminance(t.0, t.1, t.2), lb = XtermPalette.luminance(b.0, b.1, b.2)
                    let l = (lt + lb) / 2
                    let ramp = unicode ? shadeRamp : asciiRamp
                    let ch = ramp[min(ramp.count - 1, l * ramp.count / 256)]
                    let style = mode == .basic8 ? Style(fg: .indexed(7), bg: .indexed(0)) : Style.plain
                    line.append(Cell(text: String(ch), style: style))
                }
            }
            out.append(line)
        }
        return out
    }

    /// Box filter to `width` × `height` RGB (alpha composited over `background`).
    /// Each target pixel averages the source pixels whose area maps onto it (at least one).
    static func scale(_ img: RGBAImage, width: Int, height: Int,
                      background: (r: UInt8, g: UInt8, b: UInt8)) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 3)
        let sw = img.width, sh = img.height
        // Source column ranges per target column.
        var xr: [(Int, Int)] = []
        xr.reserveCapacity(width)
        for tx in 0..<width {
            let x0 = tx * sw / width
            let x1 = max(x0 + 1, (tx + 1) * sw / width)
            xr.append((x0, min(x1, sw)))
        }
        let bgR = Int(background.r), bgG = Int(background.g), bgB = Int(background.b)
        img.pixels.withUnsafeBufferPointer { p in
            for ty in 0..<height {
                let y0 = ty * sh / height
                let y1 = min(sh, max(y0 + 1, (ty + 1) * sh / height))
                for tx in 0..<width {
                    let (x0, x1) = xr[tx]
                    var sr = 0, sg = 0, sb = 0, sa = 0, n = 0
                    for y in y0..<y1 {
                        var i = (y * sw + x0) * 4
                        for _ in x0..<x1 {
                            let a = Int(p[i + 3])
                            sr += Int(p[i]) * a
                            sg += Int(p[i + 1]) * a
                            sb += Int(p[i + 2]) * a
                            sa += a
                            n += 1
                            i += 4
                        }
                    }
                    // mean colour = (Σ c·a + bg·(255·n − Σ a)) / (255·n)
                    let d = 255 * n
                    let rest = d - sa
                    let o = (ty * width + tx) * 3
                    out[o] = UInt8((sr + bgR * rest + d / 2) / d)
                    out[o + 1] = UInt8((sg + bgG * rest + d / 2) / d)
                    out[o + 2] = UInt8((sb + bgB * rest + d / 2) / d)
                }
            }
        }
        return out
    }
}
