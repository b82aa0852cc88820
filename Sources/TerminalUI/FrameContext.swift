import LiveblogModel
import Embed
import TerminalKit
import TextCells

/// One frame's drawing of the list's area from the frame's model: native rows, and the page's
/// items at each row's centre. Rows are screen rows; the area starts at column 0 and is `cols`
/// wide (the world's width, which the demo narrows).
final class FrameContext {
    let model: FrameModel
    var page: PageFacts { model.page }
    let theme: Theme
    let area: Rect
    var cols: Int { area.width }
    let screen: Screen
    let images: ImageCache
    /// Pixel images may be drawn (not under an overlay: they would show through it).
    var pixelImages = true
    /// Issue 32, the demo's aids: the web row's edges marked on the native rows beside them.
    var webEdges = false

    init(model: FrameModel, theme: Theme, area: Rect, screen: Screen, images: ImageCache) {
        self.model = model
        self.theme = theme
        self.area = area
        self.screen = screen
        self.images = images
    }

    /// Draws every row of the area.
    func draw() {
        for r in area.rows { drawRow(r) }
        if webEdges { drawWebEdges() }
    }

    /// Issue 32: where the web view's row begins and ends inside the native list, a labelled rule
    /// in the blank cells of the native row just above it and just below it (no content hidden).
    func drawWebEdges() {
        func isPage(_ r: Int) -> Bool {
            if case .page? = model.rows[r] { return true }
            if case .siteHeader? = model.rows[r] { return true }
            return false
        }
        for r in area.rows where !isPage(r) {
            let above = r + 1 < area.bottom && isPage(r + 1), below = r > area.row && isPage(r - 1)
            guard above || below else { continue }
            let from = nativeTextWidth(r) + 1
            let label = t(above ? " web view \(theme.unicode ? "▼" : "v") " : " web view \(theme.unicode ? "▲" : "^") ")
            let room = cols - 1 - from
            guard room >= TextWidth.width(label) + 2 else { continue }
            let style = Style(fg: theme.c(39, onLight: 25), bg: rowBackground(r))
            screen.fill(row: r, col: from, width: room, theme.unicode ? "┄" : "-", style)
            screen.put(row: r, col: from + (room - TextWidth.width(label)) / 2, label, style)
        }
    }

    private func t(_ s: String) -> String { theme.ascii(s) }

    /// The columns a native row's text takes (its rule starts after them).
    private func nativeTextWidth(_ r: Int) -> Int {
        let text: String
        switch model.rows[r] ?? .empty {
        case let .nativeHeader(i, fade):
            let lines = nativeHeaderLines()
            text = fade < 0.34 || i >= lines.count ? "" : lines[i].0
        case .nativeFooter(let i):
            let lines = nativeFooterLines()
            text = i < lines.count ? lines[i] : ""
        default: text = ""
        }
        return min(cols - 1, TextWidth.width(theme.ascii(text)))
    }

    /// The background a native row is filled with (the rule keeps it).
    private func rowBackground(_ r: Int) -> Color {
        switch model.rows[r] ?? .empty {
        case .nativeHeader, .nativeFooter: return theme.native.bg
        default: return .default
        }
    }

    func drawRow(_ r: Int) {
        switch model.rows[r] ?? .empty {
        case .empty: return
        case let .nativeHeader(i, fade): drawNativeHeader(r, i, fade: fade)
        case .nativeFooter(let i): drawNativeFooter(r, i)
        case .siteHeader(let first): drawSiteHeader(r, first: first)
        case let .page(py, item?, isTarget): drawPage(r, py, item, isJumpTarget: isTarget)
        case .page(_, nil, _): return
        }
    }

    // MARK: Native rows (H1)

    func nativeHeaderLines() -> [(String, Style)] {
        let h = model.header
        let count = Plural.count(h.postCount, h.rows == .sample ? "update" : "post")
        switch h.rows {
        case .sample:
            return [
                (" LIVE", Style(fg: theme.c(203), bg: theme.native.bg, bold: true)),
                (" Follow every moment as it happens — updated live.", theme.native),
                ("", theme.native),
                (" " + count, theme.native),
            ]
        case .source:
            return [(" " + count, theme.nativeTitle)]
        }
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

    /// The native rows below the web row: the sample's comments and articles, or a source's end.
    func nativeFooterLines() -> [String] {
        let h = model.header
        return h.rows == .sample ? FrameContext.footerLines
            : [" End of the liveblog · " + Plural.count(h.postCount, "post"), " from " + h.origin]
    }

    func drawNativeFooter(_ r: Int, _ i: Int) {
        let h = model.header
        let lines = nativeFooterLines()
        let text = i < lines.count ? lines[i] : ""
        let titled = h.rows == .sample ? [0, 8, 16].contains(i) : i == 0
        let style = titled ? theme.nativeTitle : theme.native
        screen.fill(row: r, col: 0, width: cols, " ", theme.native)
        screen.put(row: r, col: 0, theme.ascii(truncate(text, cols - 1, theme)), style)
    }

    // MARK: Page rows

    func drawPage(_ r: Int, _ py: Double, _ item: PageItem, isJumpTarget: Bool) {
        let first = py - item.y < page.line
        let c0 = min(item.indent, max(0, cols - 1))
        let width = max(0, cols - c0 - 1)
        switch item.kind {
        case .blank: return
        case .siteHeader: drawSiteHeader(r, first: first)
        case .title(let l): drawRuns(r, c0, l.runs, base: theme.title)
        case .headline(let l):
            drawPostText(r, c0, l.runs, base: theme.title)
        case .scoreboard(let s):
            let text = theme.ascii("\(s.homeTeam)  \(s.homeScore) – \(s.awayScore)  \(s.awayTeam)")
            let col = max(c0, (cols - TextWidth.width(text)) / 2)
            screen.put(row: r, col: col, truncate(text, width, theme), theme.title)
        case let .postMeta(time, hl):
            let posts = model.liveblog.posts
            let shown = item.postIndex.flatMap { i in
                i < posts.count ? model.clock.text(posts[i].createdAt) : nil
            }
            let id = webEdges ? item.postIndex.flatMap { posts[safe: $0]?.id } : nil
            drawPostMeta(r, c0, shown ?? time, hl, isJumpTarget: isJumpTarget, id: id)
        case .sport(let s):
            screen.put(row: r, col: c0, truncate(theme.ascii(s), width, theme), theme.goal)
        case .text(let l):
            drawPostText(r, c0, l.runs, base: theme.text)
        case .quote(let l):
            let c = screen.put(row: r, col: c0 - 2 >= 0 ? c0 - 2 : 0, theme.quoteBar, theme.dim)
            drawPostText(r, (c0 - 2 >= 0 ? c0 - 2 : 0) + c, l.runs, base: theme.quote)
        case .quoteAuthor(let a):
            screen.put(row: r, col: c0, truncate(theme.ascii(a), width, theme), theme.dim)
        case let .media(m, state): drawMedia(r, py, item, m, state, c0, width)
        case let .embed(e, loaded): drawEmbed(r, py, item, e, loaded, c0, width)
        case let .failedEmbed(e, why): drawFailedEmbed(r, py, item, e, why, c0, width)
        case .emoji(let e): screen.put(row: r, col: c0, theme.ascii(e), theme.text)
        case .unknown(let t):
            let text = truncate("[unsupported block: \(theme.ascii(t))]", width, theme)
            screen.put(row: r, col: c0, text, theme.dim)
        case .rule: screen.fill(row: r, col: c0, width: width, theme.ruleChar, theme.rule)
        case let .loadMore(remaining, loading):
            let label = loading ? "\(spinner) Loading older posts\(theme.ellipsis)"
                                : "[ Load more — \(remaining) older posts ]"
            let text = theme.ascii(label)
            screen.put(row: r, col: max(c0, (cols - TextWidth.width(text)) / 2), text,
                       loading ? theme.dim : theme.link)
        case .notice(let n): screen.put(row: r, col: c0, truncate(theme.ascii(n), width, theme), theme.notice)
        case .stripRow(let k): drawStripRow(r, k, c0, width)
        }
    }

    /// The spinner's frame: eight ticks each.
    var spinner: String { theme.spinner[(page.tick / 8) % theme.spinner.count] }

    /// A post's time and badges (two columns apart, whatever comes before them), and a mark on
    /// the jump's target.
    /// Issue 32: with the demo's aids, the mark names the post (`id`).
    func drawPostMeta(_ r: Int, _ c0: Int, _ time: String, _ hl: Highlight, isJumpTarget: Bool, id: String? = nil) {
        var c = c0 + screen.put(row: r, col: c0, time, theme.dim)
        let badge: (String, Style)?
        switch hl {
        case .sticky: badge = ("\(theme.pin) PINNED", theme.highlight)
        case .inplace: badge = ("\(theme.star) HIGHLIGHT", theme.highlight)
        case .milestone: badge = ("\(theme.diamond) MILESTONE", theme.milestone)
        default: badge = nil
        }
        if let (text, style) = badge { c += 2 + screen.put(row: r, col: c + 2, theme.ascii(text), style) }
        if isJumpTarget {
            let label = id.map { "target \($0)" } ?? "jump target"
            let mark = truncate(theme.ascii("\(theme.arrow) \(label)"), max(0, cols - 1 - c - 2), theme)
            screen.put(row: r, col: c + 2, mark, theme.toolbarHot)
        }
    }

    /// One row of the horizontal timeline strip (E15): the cards the strip's scroll shows.
    func drawStripRow(_ r: Int, _ k: Int, _ c0: Int, _ width: Int) {
        guard let strip = model.strip else { return }
        let pitch = strip.pitch, cw = strip.cardColumns
        var i = strip.first
        while i < strip.loadedCount, let card = strip.card(i) {
            let x = i * pitch - strip.stripX
            if x >= width { break }
            let (lines, isTarget) = card
            let bg: Color = theme.color ? (isTarget ? .indexed(24) : .indexed(236)) : .default
            var style = Style(fg: theme.c(252), bg: bg, bold: k == 0)
            if !theme.color && isTarget { style.reverse = true }
            // V6: the card's time (its first line) in the reader's zone, marked, as the list's.
            let posts = model.liveblog.posts
            let line = k == 0 && i < posts.count ? model.clock.text(posts[i].createdAt) : (k < lines.count ? lines[k] : "")
            let text = theme.ascii(line)
            let visibleFrom = max(0, -x)
            let avail = min(cw - visibleFrom, width - max(0, x))
            if avail > 0 {
                screen.fill(row: r, col: c0 + max(0, x), width: avail, " ", style)
                // Text clipped on the left when the card is partly scrolled out.
                var skip = visibleFrom, clipped = ""
                for ch in text {
                    if skip > 0 {
                        skip -= TextWidth.width(ch)
                        continue
                    }
                    clipped.append(ch)
                }
                screen.put(row: r, col: c0 + max(0, x), truncateCells(clipped, avail), style)
            }
            i += 1
        }
        if k == 11 {
            let label = theme.ascii("\(strip.stripX / pitch + 1)/\(strip.loadedCount) · ← → scroll the strip")
            screen.put(row: r, col: c0, truncateCells(label, width), theme.dim)
        }
    }

    func drawSiteHeader(_ r: Int, first: Bool) {
        screen.fill(row: r, col: 0, width: cols, " ", theme.siteHeader)
        guard first else { return }
        screen.put(row: r, col: 1, theme.ascii("\(page.origin)  · site header"), theme.siteHeader)
    }

    /// A row of a post's searchable text (headline, text, quote); while a search is active, its
    /// matches highlighted over it (issue 32). Without a search no search code runs.
    func drawPostText(_ r: Int, _ col: Int, _ runs: [TextRun], base: Style) {
        drawRuns(r, col, runs, base: base)
        if let q = model.search, !q.isEmpty { highlightMatches(of: q, r, col, runs) }
    }

    func drawRuns(_ r: Int, _ col: Int, _ runs: [TextRun], base: Style) {
        var c = col
        let focus = page.focusedLink
        for run in runs {
            var st = base
            if run.bold { st.bold = true }
            if run.italic { st.italic = true }
            if let href = run.link {
                st = (focus?.href == href && focus?.text == run.text) ? theme.focusedLink : theme.link
                if run.bold { st.bold = true }
            }
            if c >= cols - 1 { break }
            let text = truncateCells(theme.ascii(run.text), cols - 1 - c)
            if let href = run.link, Self.isAbsoluteLink(href) {
                // G5: the same text again inside OSC 8, where the terminal links.
                screen.link(LinkSpan(row: r, col: c, text: text, style: st, uri: href))
            }
            c += screen.put(row: r, col: c, text, st)
        }
    }
}

extension FrameContext {
    /// OSC 8 carries absolute URIs only (http, https, mailto).
    static func isAbsoluteLink(_ href: String) -> Bool {
        let h = href.lowercased()
        return h.hasPrefix("http://") || h.hasPrefix("https://") || h.hasPrefix("mailto:")
    }
}

extension Array {
    subscript(safe i: Int) -> Element? { i >= 0 && i < count ? self[i] : nil }
}
