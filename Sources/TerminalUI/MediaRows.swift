import Foundation
import ImageDecoding
import LiveblogModel
import Embed
import TerminalKit

/// Rows of media and embeds in the page (I3, U3): placeholders while loading, images in half
/// blocks, synthetic pictures for remote images, framed cards for loaded embeds. Each draws one
/// screen row `r` of an item, in the columns `c0 ..< c0 + width`.
extension FrameContext {
    /// A label over a placeholder row, cut to the row.
    func label(_ r: Int, _ col: Int, _ text: String, _ width: Int, _ style: Style) {
        screen.put(row: r, col: col, truncate(text, width, theme), style)
    }

    func drawMedia(_ r: Int, _ py: Double, _ item: PageItem, _ m: Media, _ state: MediaState,
                   _ c0: Int, _ width: Int) {
        let (c0, width) = imageColumns(item, m, state, c0, width)
        let ly = py - item.y
        if case let .loaded(_, _, p?) = state, pixelImages, screen.capabilities.features.graphics.isPixels,
           let px = SuppliedImages.shared.image(for: p) {
            // Pixels decoded already (a real source's, R2; an engine's tile, X9): no decode to wait for.
            drawPixelImage(r, ly, item, p, px, c0, width)
            if m.kind == .video && ly < page.line { drawPlayLabel(r, c0, m, width) }
            return
        }
        let first = ly < page.line
        let alt = theme.ascii(m.alt ?? (m.kind == .video ? "video" : "image"))
        let size: String
        if let w = m.width, let h = m.height, m.hasDeclaredSize {
            size = "\(Int(w))×\(Int(h))"
        } else {
            size = "size unknown"
        }
        switch state {
        case .pending:
            screen.fill(row: r, col: c0, width: width, theme.shade, theme.placeholder)
            if first { label(r, c0, " \(spinner) \(alt) · \(theme.ascii(size)) ", width, theme.placeholder) }
        case .failed(let why):
            screen.fill(row: r, col: c0, width: width, " ", theme.placeholder)
            if first { label(r, c0, failedLabel(m, why, alt: alt, size: size), width,
                             why == SimulatedLoader.notFetched ? theme.placeholder : theme.broken) }
        case let .loaded(_, _, path):
            if let p = path {
                let halfRows = max(1, Int((item.height / 8).rounded(.up)))
                let mode = screen.capabilities.colorMode
                let rung = screen.capabilities.features.graphics
                switch images.cells(path: p, cols: width, halfRows: halfRows, mode: mode,
                                    unicode: theme.unicode && rung != .ascii, symbols: rung == .symbols) {
                case .ready(let cells):
                    if rung.isPixels, pixelImages, let px = images.pixels(path: p) {
                        drawPixelImage(r, ly, item, p, px, c0, width)
                    } else if rung == .symbols || rung == .ascii {
                        drawCellRow(r, ly, cells, c0)
                    } else {
                        drawImageRow(r, ly, cells, c0, halfRows)
                    }
                case .pending:
                    screen.fill(row: r, col: c0, width: width, theme.shade, theme.placeholder)
                    if first { label(r, c0, " decoding \(alt)\(theme.ellipsis) ", width, theme.placeholder) }
                case .failed(let why):
                    screen.fill(row: r, col: c0, width: width, " ", theme.placeholder)
                    if first { label(r, c0, failedLabel(m, why, alt: alt, size: size), width, theme.broken) }
                }
            } else {
                drawSyntheticImage(r, ly, item, m, c0, width)
            }
            if first && m.kind == .video { drawPlayLabel(r, c0, m, width) }
        }
    }

    /// An image that will not show: V4, a remote one nothing fetched, one honest line
    /// (`[image: alt · 600×300 · not fetched]`); else issue 32's card, naming where it was to come
    /// from (its domain, or its file) and why.
    func failedLabel(_ m: Media, _ why: String, alt: String, size: String) -> String {
        if why == SimulatedLoader.notFetched {
            let declared = m.hasDeclaredSize ? " · " + theme.ascii(size) : ""
            return "[\(m.kind == .video ? "video" : "image"): \(alt)\(declared) · not fetched]"
        }
        let source = URLComponents(string: m.url)?.host ?? (m.url as NSString).lastPathComponent
        let host = source.isEmpty ? "" : " · \(theme.ascii(source))"
        return " \(theme.cross) broken image: \(alt) (\(why))\(host) "
    }

    /// A video's play label on its first row.
    func drawPlayLabel(_ r: Int, _ c0: Int, _ m: Media, _ width: Int) {
        let play = Style(fg: theme.c(231), bg: theme.c(88), bold: true)
        let alt = theme.ascii(m.alt ?? "video")
        label(r, c0 + 1, " \(theme.play) \(alt) ", width - 1, play)
    }

    /// G1: a pixel image's row: blank cells, and the image asked for once per frame at the row
    /// its top is on (pixels cannot sit at sub-row offsets), clipped to the list's area.
    func drawPixelImage(_ r: Int, _ ly: Double, _ item: PageItem, _ path: String, _ px: RGBAImage,
                        _ c0: Int, _ width: Int) {
        screen.fill(row: r, col: c0, width: width, " ", Style.plain)
        let rows = max(1, Int((item.height / page.line).rounded(.up)))
        let top = r - Int((ly / page.line).rounded(.down))
        var h = Hasher()
        h.combine(path)
        h.combine(item.y)
        let request = PixelImageRequest(key: h.finalize(), top: top, col: c0, rows: rows, cols: width, source: path)
        screen.placeImage(request, pixels: px, clip: area.rows)
    }

    /// A row of cells drawn whole (libchafa's symbols, ASCII): the image's row under the row's centre.
    func drawCellRow(_ r: Int, _ ly: Double, _ cells: [[Cell]], _ c0: Int) {
        let k = Int((ly / page.line).rounded(.down))
        guard k >= 0, k < cells.count else { return }
        for (c, cell) in cells[k].enumerated() where c0 + c < cols - 1 {
            screen.put(row: r, col: c0 + c, cell.text, cell.style)
        }
    }

    /// A row of an image at sub-row offsets: the top half of the cell shows the image at y − 4,
    /// the bottom half at y + 4; half-rows of the raster are 8 pt (U3).
    func drawImageRow(_ r: Int, _ ly: Double, _ cells: [[Cell]], _ c0: Int, _ halfRows: Int) {
        let kTop = Int(((ly - 4) / 8).rounded(.down))
        let kBottom = kTop + 1
        func color(_ k: Int, _ c: Int) -> Color? {
            guard k >= 0, k < halfRows, k / 2 < cells.count, c < cells[k / 2].count else { return nil }
            let cell = cells[k / 2][c]
            return k % 2 == 0 ? cell.style.fg : cell.style.bg
        }
        let width = cells.first?.count ?? 0
        if !theme.unicode || screen.capabilities.colorMode == .none {
            // ASCII / monochrome rasters carry their shade in the character.
            guard kTop / 2 < cells.count else { return }
            let rowCells = cells[max(0, kTop) / 2]
            for c in 0..<min(width, cols - c0 - 1) {
                screen.put(row: r, col: c0 + c, rowCells[c].text, rowCells[c].style)
            }
            return
        }
        for c in 0..<min(width, cols - c0 - 1) {
            let top = color(kTop, c), bottom = color(kBottom, c)
            if top == nil && bottom == nil { continue }
            screen.put(row: r, col: c0 + c, "▀", Style(fg: top ?? .default, bg: bottom ?? .default))
        }
    }

    static let syntheticPalettes: [[UInt8]] = [
        [24, 25, 31, 37, 72], [22, 28, 34, 70, 106], [52, 88, 124, 166, 208], [17, 18, 54, 90, 126],
        [58, 94, 130, 136, 178],
    ]

    /// A remote image (no file here): a seeded picture in its final size, so layout and drawing agree.
    func drawSyntheticImage(_ r: Int, _ ly: Double, _ item: PageItem, _ m: Media, _ c0: Int, _ width: Int) {
        let h = stableHash(m.url)
        let pal = Self.syntheticPalettes[Int(h % 5)]
        let frac = min(0.999, max(0, ly / max(1, item.height)))
        for c in 0..<width {
            let phase = Double(c) / Double(max(1, width)) * 6.28 + Double(h % 100)
            let wave = phase.truncatingRemainder(dividingBy: 6.28)
            let v = frac * 4 + (wave > 3.14 ? 0.4 : 0)
            let idx = min(pal.count - 1, Int(v))
            let st = theme.color ? Style(bg: .indexed(pal[idx])) : Style(dim: true)
            screen.put(row: r, col: c0 + c, theme.color ? " " : String(theme.shade), st)
        }
        if ly < page.line {
            label(r, c0 + 1, " \(theme.ascii(m.alt ?? "image")) · remote ", width - 2, theme.placeholder)
        }
    }

    /// Issue 32: an embed that will not load: one line (more only when the post declared its
    /// height) naming where it was to come from and why, in the broken image's style.
    func drawFailedEmbed(_ r: Int, _ py: Double, _ item: PageItem, _ e: WebEmbed, _ why: String,
                         _ c0: Int, _ width: Int) {
        screen.fill(row: r, col: c0, width: width, " ", theme.placeholder)
        guard py - item.y < page.line else { return }
        // Its domain; an address without a scheme as written; a script's text never.
        let source = Page.host(of: e.url) ?? (e.url.contains(":") ? "" : e.url)
        let from = source.isEmpty ? "" : " · \(theme.ascii(source))"
        label(r, c0, " \(theme.cross) embed did not load (\(theme.ascii(why)))\(from) ", width, theme.broken)
    }

    func drawEmbed(_ r: Int, _ py: Double, _ item: PageItem, _ e: WebEmbed, _ loaded: Bool,
                   _ c0: Int, _ width: Int) {
        let ly = py - item.y
        let first = ly < page.line
        let last = ly >= item.height - page.line
        guard loaded else {
            screen.fill(row: r, col: c0, width: width, theme.shade, theme.placeholder)
            if first {
                let text = " \(spinner) loading embed \(theme.ascii(e.url)) · \(Int(item.height)) pt "
                label(r, c0, text, width, theme.placeholder)
            }
            return
        }
        // A loaded embed: a framed card the size the embed took, with where it comes from.
        let frame = Style(fg: theme.c(67), bg: theme.embed.bg)
        let bold = Style(fg: theme.c(231), bg: theme.embed.bg, bold: true)
        let h: Character = theme.unicode ? "─" : "-", v = theme.unicode ? "│" : "|"
        screen.fill(row: r, col: c0, width: width, " ", theme.embed)
        guard width >= 4 else { return }
        if first || last {
            let (l, rr) = theme.unicode ? (first ? ("╭", "╮") : ("╰", "╯")) : ("+", "+")
            screen.put(row: r, col: c0, l, frame)
            screen.fill(row: r, col: c0 + 1, width: width - 2, h, frame)
            screen.put(row: r, col: c0 + width - 1, rr, frame)
            if first { label(r, c0 + 2, " embedded post ", width - 4, bold) }
            return
        }
        screen.put(row: r, col: c0, v, frame)
        screen.put(row: r, col: c0 + width - 1, v, frame)
        let host = Page.host(of: e.url) ?? e.url
        let rowIndex = Int(ly / page.line)
        let mid = Int(item.height / page.line) / 2
        if rowIndex == mid - 1 {
            label(r, c0 + 2, theme.ascii(host), width - 4, bold)
        } else if rowIndex == mid {
            let link = Style(fg: theme.c(153), bg: theme.embed.bg, underline: true)
            label(r, c0 + 2, theme.ascii(e.url), width - 4, link)
        }
    }
}
