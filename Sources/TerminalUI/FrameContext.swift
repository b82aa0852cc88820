import LiveblogModel
import Embed
import Simulation
import TerminalKit

/// One frame's drawing of the list rows: native rows, and the page's items at each row's centre.
final class FrameContext {
    let world: World
    let theme: Theme
    let cols: Int
    let rows: Int
    let screen: Screen
    let images: ImageCache
    private var items: [PageItem]?

    init(world: World, theme: Theme, cols: Int, rows: Int, screen: Screen, images: ImageCache) {
        self.world = world; self.theme = theme; self.cols = cols; self.rows = rows; self.screen = screen; self.images = images
    }

    /// All page items for the visible rows, fetched once (O(log n + visible), B1).
    private func pageItems() -> [PageItem] {
        if let i = items { return i }
        var lo = Double.infinity, hi = -Double.infinity
        for r in 0..<rows { if case .page(let py) = world.rowContent(r) { lo = min(lo, py); hi = max(hi, py) } }
        let list = lo <= hi ? world.page.items(from: lo - 1, to: hi + 1) : []
        items = list
        return list
    }

    func drawRow(_ r: Int) {
        switch world.rowContent(r) {
        case .empty: return
        case .nativeHeader(let i): drawNativeHeader(r, i, fade: 1)
        case .collapsingHeader(let i, let fade): drawNativeHeader(r, i, fade: fade)
        case .nativeFooter(let i): drawNativeFooter(r, i)
        case .page(let py): drawPage(r, py)
        }
    }

    // MARK: Native rows (H1)

    func nativeHeaderLines() -> [(String, Style)] {
        let lb = world.page.liveblog
        var lines: [(String, Style)] = [
            (" LIVE", Style(fg: theme.c(203), bg: theme.native.bg, bold: true)),
            (" " + lb.title, theme.nativeTitle),
            (" Follow every moment as it happens — updated live.", theme.native),
            ("", theme.native),
        ]
        if let s = lb.scoreboard {
            lines.append(("  \(s.homeTeam)  \(s.homeScore) – \(s.awayScore)  \(s.awayTeam)", Style(fg: theme.c(231), bg: theme.color ? .indexed(22) : .default, bold: true)))
        } else {
            lines.append((" \(lb.posts.count) updates", theme.native))
        }
        lines.append(("", theme.native))
        return lines
    }

    func drawNativeHeader(_ r: Int, _ i: Int, fade: Double) {
        let lines = nativeHeaderLines()
        var (text, style) = i < lines.count ? lines[i] : ("", theme.native)
        if fade < 1 { style.dim = true }
        if fade < 0.34 { text = "" }
        screen.fill(row: r, col: 0, width: cols, " ", style)
        screen.put(row: r, col: 0, theme.ascii(truncate(text, cols - 1, theme)), style)
    }

    static let footerLines = [
        " Comments (24)",
        " ─────────────",
        " Mara K.: Great coverage, thanks for keeping us posted.",
        " J. Osei: Following this from the office today.",
        " Pim: The photos make it feel like being there.",
        " Lou: Any chance of a full replay later?",
        " Show all 24 comments",
        "",
        " Related articles",
        " ─────────────",
        " · Analysis: the moments that decided it",
        " · Reaction from all sides",
        " · Watch: the highlights",
        " · What happens next",
        " · In numbers",
        "",
        " More live coverage",
        " · Transfer window live",
        " · Morning briefing",
        "",
    ]

    func drawNativeFooter(_ r: Int, _ i: Int) {
        let text = i < FrameContext.footerLines.count ? FrameContext.footerLines[i] : ""
        let style = i == 0 || i == 8 || i == 16 ? theme.nativeTitle : theme.native
        screen.fill(row: r, col: 0, width: cols, " ", theme.native)
        screen.put(row: r, col: 0, theme.ascii(truncate(text, cols - 1, theme)), style)
    }

    // MARK: Page rows

    func drawPage(_ r: Int, _ py: Double) {
        // A sticky site header stays at the top of a self-scrolling web view (E1).
        let sticky = world.config.page.stickyHeader
        if sticky > 0 && world.page.selfScrolling {
            let frameY = py - world.webFrame.scroll
            if frameY >= 0 && frameY < sticky {
                drawSiteHeader(r, first: frameY < world.line)
                return
            }
        }
        guard let item = pageItems().last(where: { $0.y <= py && py < $0.y + $0.height }) else { return }
        let first = py - item.y < world.line
        let c0 = min(item.indent, max(0, cols - 1))
        let width = max(0, cols - c0 - 1)
        switch item.kind {
        case .blank: return
        case .siteHeader: drawSiteHeader(r, first: first)
        case .title(let l): drawRuns(r, c0, l.runs, base: theme.title)
        case .headline(let l): drawRuns(r, c0, l.runs, base: Style(fg: theme.c(231), bold: true))
        case .scoreboard(let s):
            let text = theme.ascii("\(s.homeTeam)  \(s.homeScore) – \(s.awayScore)  \(s.awayTeam)")
            screen.put(row: r, col: max(c0, (cols - ClusterWidth.width(of: text)) / 2), truncate(text, width, theme), Style(fg: theme.c(231), bold: true))
        case let .postMeta(time, hl):
            var c = c0 + screen.put(row: r, col: c0, time, theme.dim)
            switch hl {
            // Badges two columns apart, whatever comes before them.
            case .sticky: c += 2 + screen.put(row: r, col: c + 2, theme.ascii("\(theme.pin) PINNED"), theme.highlight)
            case .inplace: c += 2 + screen.put(row: r, col: c + 2, theme.ascii("\(theme.star) HIGHLIGHT"), theme.highlight)
            case .milestone: c += 2 + screen.put(row: r, col: c + 2, theme.ascii("\(theme.diamond) MILESTONE"), theme.milestone)
            default: break
            }
            if let id = world.page.liveblog.posts[safe: item.postIndex ?? -1]?.id, id == world.jump?.postId {
                screen.put(row: r, col: c + 2, truncate(theme.ascii("\(theme.arrow) jump target"), max(0, cols - 1 - c - 2), theme), theme.toolbarHot)
            }
        case .sport(let s):
            screen.put(row: r, col: c0, truncate(theme.ascii(s), width, theme), theme.goal)
        case .text(let l): drawRuns(r, c0, l.runs, base: theme.text)
        case .quote(let l):
            let c = screen.put(row: r, col: c0 - 2 >= 0 ? c0 - 2 : 0, theme.quoteBar, theme.dim)
            drawRuns(r, (c0 - 2 >= 0 ? c0 - 2 : 0) + c, l.runs, base: theme.quote)
        case .quoteAuthor(let a): screen.put(row: r, col: c0, truncate(theme.ascii(a), width, theme), theme.dim)
        case let .media(m, state): drawMedia(r, py, item, m, state, c0, width)
        case let .embed(e, loaded): drawEmbed(r, py, item, e, loaded, c0, width)
        case .emoji(let e): screen.put(row: r, col: c0, theme.ascii(e), theme.text)
        case .unknown(let t): screen.put(row: r, col: c0, truncate("[unsupported block: \(theme.ascii(t))]", width, theme), theme.dim)
        case .rule: screen.fill(row: r, col: c0, width: width, theme.ruleChar, theme.rule)
        case let .loadMore(remaining, loading):
            let label = loading ? "\(theme.spinner[(world.tick / 8) % theme.spinner.count]) Loading older posts\(theme.ellipsis)"
                                : "[ Load more — \(remaining) older posts ]"
            let text = theme.ascii(label)
            screen.put(row: r, col: max(c0, (cols - ClusterWidth.width(of: text)) / 2), text, loading ? theme.dim : theme.link)
        case .notice(let n): screen.put(row: r, col: c0, truncate(theme.ascii(n), width, theme), theme.notice)
        case .stripRow(let k): drawStripRow(r, k, c0, width)
        }
    }

    /// One row of the horizontal timeline strip (E15): the cards the strip's scroll shows.
    func drawStripRow(_ r: Int, _ k: Int, _ c0: Int, _ width: Int) {
        let page = world.page
        let pitch = page.cardPitch, cw = page.cardColumns
        guard page.loadedCount > 0 else { return }
        let first = max(0, page.stripX / pitch)
        var i = first
        let target = world.jump?.postId
        while i < page.loadedCount {
            let x = i * pitch - page.stripX
            if x >= width { break }
            let lines = page.cardLines(i)
            let isTarget = page.liveblog.posts[i].id == target
            var style = Style(fg: theme.c(252), bg: theme.color ? (isTarget ? .indexed(24) : .indexed(236)) : .default, bold: k == 0)
            if !theme.color && isTarget { style.reverse = true }
            let text = k < lines.count ? theme.ascii(lines[k]) : ""
            let visibleFrom = max(0, -x)
            let avail = min(cw - visibleFrom, width - max(0, x))
            if avail > 0 {
                screen.fill(row: r, col: c0 + max(0, x), width: avail, " ", style)
                // Text clipped on the left when the card is partly scrolled out.
                var skip = visibleFrom, clipped = ""
                for ch in text { let w = ClusterWidth.width(ch); if skip > 0 { skip -= w; continue }; clipped.append(ch) }
                screen.put(row: r, col: c0 + max(0, x), truncateCells(clipped, avail), style)
            }
            i += 1
        }
        if k == 11 {
            let label = theme.ascii("\(page.stripX / pitch + 1)/\(page.loadedCount) · ← → scroll the strip")
            screen.put(row: r, col: c0, truncateCells(label, width), theme.dim)
        }
    }

    func drawSiteHeader(_ r: Int, first: Bool) {
        screen.fill(row: r, col: 0, width: cols, " ", theme.siteHeader)
        if first { screen.put(row: r, col: 1, theme.ascii("\(world.page.origin)  · site header"), theme.siteHeader) }
    }

    func drawRuns(_ r: Int, _ col: Int, _ runs: [TextRun], base: Style) {
        var c = col
        let focus = world.focusedLink
        for run in runs {
            var st = base
            if run.bold { st.bold = true }
            if run.italic { st.italic = true }
            if let href = run.link {
                st = (focus?.href == href && focus?.text == run.text) ? theme.focusedLink : theme.link
                if run.bold { st.bold = true }
            }
            let text = theme.ascii(run.text)
            if c >= cols - 1 { break }
            c += screen.put(row: r, col: c, truncateCells(text, cols - 1 - c), st)
        }
    }

    // MARK: Media (I3)

    func drawMedia(_ r: Int, _ py: Double, _ item: PageItem, _ m: Media, _ state: MediaState, _ c0: Int, _ width: Int) {
        let ly = py - item.y
        let first = ly < world.line
        let alt = theme.ascii(m.alt ?? (m.kind == .video ? "video" : "image"))
        let size: String
        if let w = m.width, let h = m.height, m.hasDeclaredSize { size = "\(Int(w))×\(Int(h))" } else { size = "size unknown" }
        switch state {
        case .pending:
            screen.fill(row: r, col: c0, width: width, theme.shade, theme.placeholder)
            if first {
                let spin = theme.spinner[(world.tick / 8) % theme.spinner.count]
                screen.put(row: r, col: c0, truncate(" \(spin) \(alt) · \(theme.ascii(size)) ", width, theme), theme.placeholder)
            }
        case .failed(let why):
            screen.fill(row: r, col: c0, width: width, " ", theme.placeholder)
            if first { screen.put(row: r, col: c0, truncate(" \(theme.cross) broken image: \(alt) (\(why)) ", width, theme), theme.broken) }
        case let .loaded(_, _, path):
            if let p = path {
                let halfRows = max(1, Int((item.height / 8).rounded(.up)))
                switch images.cells(path: p, cols: width, halfRows: halfRows, mode: screen.capabilities.colorMode, unicode: theme.unicode) {
                case .ready(let cells): drawImageRow(r, ly, cells, c0, halfRows)
                case .pending:
                    screen.fill(row: r, col: c0, width: width, theme.shade, theme.placeholder)
                    if first { screen.put(row: r, col: c0, truncate(" decoding \(alt)\(theme.ellipsis) ", width, theme), theme.placeholder) }
                case .failed(let why):
                    screen.fill(row: r, col: c0, width: width, " ", theme.placeholder)
                    if first { screen.put(row: r, col: c0, truncate(" \(theme.cross) broken image: \(alt) (\(why)) ", width, theme), theme.broken) }
                }
            } else {
                drawSyntheticImage(r, ly, item, m, c0, width)
            }
            if first && m.kind == .video {
                screen.put(row: r, col: c0 + 1, truncate(" \(theme.play) \(alt) ", width - 1, theme), Style(fg: theme.c(231), bg: theme.c(88), bold: true))
            }
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
            for c in 0..<min(width, cols - c0 - 1) { screen.put(row: r, col: c0 + c, rowCells[c].text, rowCells[c].style) }
            return
        }
        for c in 0..<min(width, cols - c0 - 1) {
            let top = color(kTop, c), bottom = color(kBottom, c)
            if top == nil && bottom == nil { continue }
            screen.put(row: r, col: c0 + c, "▀", Style(fg: top ?? .default, bg: bottom ?? .default))
        }
    }

    /// A remote image (no file here): a seeded picture in its final size, so layout and drawing agree.
    func drawSyntheticImage(_ r: Int, _ ly: Double, _ item: PageItem, _ m: Media, _ c0: Int, _ width: Int) {
        let h = stableHash(m.url)
        let base = Int(h % 5)
        let palettes: [[UInt8]] = [[24, 25, 31, 37, 72], [22, 28, 34, 70, 106], [52, 88, 124, 166, 208], [17, 18, 54, 90, 126], [58, 94, 130, 136, 178]]
        let pal = palettes[base]
        let frac = min(0.999, max(0, ly / max(1, item.height)))
        for c in 0..<width {
            let wave = (Double(c) / Double(max(1, width)) * 6.28 + Double(h % 100)).truncatingRemainder(dividingBy: 6.28)
            let v = frac * 4 + (wave > 3.14 ? 0.4 : 0)
            let idx = min(pal.count - 1, Int(v))
            let st = theme.color ? Style(bg: .indexed(pal[idx])) : Style(dim: true)
            screen.put(row: r, col: c0 + c, theme.color ? " " : String(theme.shade), st)
        }
        if ly < world.line {
            screen.put(row: r, col: c0 + 1, truncate(" \(theme.ascii(m.alt ?? "image")) · remote ", width - 2, theme), theme.placeholder)
        }
    }

    func drawEmbed(_ r: Int, _ py: Double, _ item: PageItem, _ e: WebEmbed, _ loaded: Bool, _ c0: Int, _ width: Int) {
        let ly = py - item.y
        let first = ly < world.line
        let last = ly >= item.height - world.line
        guard loaded else {
            screen.fill(row: r, col: c0, width: width, theme.shade, theme.placeholder)
            if first {
                let spin = theme.spinner[(world.tick / 8) % theme.spinner.count]
                screen.put(row: r, col: c0, truncate(" \(spin) loading embed \(theme.ascii(e.url)) · \(Int(item.height)) pt ", width, theme), theme.placeholder)
            }
            return
        }
        // A loaded embed: a framed card the size the embed took, with where it comes from.
        let frame = Style(fg: theme.c(67), bg: theme.embed.bg)
        let h: Character = theme.unicode ? "─" : "-", v = theme.unicode ? "│" : "|"
        screen.fill(row: r, col: c0, width: width, " ", theme.embed)
        guard width >= 4 else { return }
        if first || last {
            let (l, rr) = theme.unicode ? (first ? ("╭", "╮") : ("╰", "╯")) : ("+", "+")
            screen.put(row: r, col: c0, l, frame)
            screen.fill(row: r, col: c0 + 1, width: width - 2, h, frame)
            screen.put(row: r, col: c0 + width - 1, rr, frame)
            if first {
                screen.put(row: r, col: c0 + 2, truncate(" embedded post ", width - 4, theme), Style(fg: theme.c(231), bg: theme.embed.bg, bold: true))
            }
            return
        }
        screen.put(row: r, col: c0, v, frame)
        screen.put(row: r, col: c0 + width - 1, v, frame)
        let host = Page.host(of: e.url) ?? e.url
        let rowIndex = Int(ly / world.line)
        let mid = Int(item.height / world.line) / 2
        if rowIndex == mid - 1 {
            screen.put(row: r, col: c0 + 2, truncate(theme.ascii(host), width - 4, theme), Style(fg: theme.c(231), bg: theme.embed.bg, bold: true))
        } else if rowIndex == mid {
            screen.put(row: r, col: c0 + 2, truncate(theme.ascii(e.url), width - 4, theme), Style(fg: theme.c(153), bg: theme.embed.bg, underline: true))
        }
    }
}

extension Array {
    subscript(safe i: Int) -> Element? { i >= 0 && i < count ? self[i] : nil }
}
