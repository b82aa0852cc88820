import Foundation
import LiveblogModel
import Embed
import Host
import Simulation
import ScrollPhysics
import TerminalKit

/// Draws the world into a Screen (DESIGN principle 3: one state, one view). Every frame draws
/// the whole visible screen from the world; ncurses sends only the differences. Touches only the
/// visible rows: one page query for the visible range (B1).
public final class Renderer {
    let images = ImageCache()
    public init() {}

    /// Deterministic image decoding (tests, bench).
    public var synchronousImages: Bool {
        get { images.synchronous }
        set { images.synchronous = newValue }
    }
    public var imageGeneration: Int { images.currentGeneration }
    /// Images being decoded off the drawing path: the next frame will want them.
    public var hasPendingImages: Bool { images.hasPending }

    public func draw(_ world: World, _ ui: UIState, on screen: Screen) {
        let theme = Theme(caps: screen.capabilities)
        screen.erase()
        let rows = screen.rows, cols = min(screen.cols, world.config.cols)
        guard rows >= 8 && screen.cols >= 20 else {
            drawTooSmall(screen, theme)
            return
        }
        let cfg = world.config
        let top = min(cfg.insetTopRows, rows), bottom = min(cfg.insetBottomRows, rows - top)
        let ctx = FrameContext(world: world, theme: theme, cols: cols, rows: rows, screen: screen, images: images)
        for r in top..<(rows - bottom) { ctx.drawRow(r) }
        drawIndicator(ctx, top: top, bottom: rows - bottom)
        drawNavBar(ctx, ui, rows: top)
        drawToolbar(ctx, ui, from: rows - bottom)
        drawOverlay(ctx, ui)
    }

    func drawTooSmall(_ screen: Screen, _ theme: Theme) {
        // Short lines, so they fit a 19-column terminal; "need" and "have" on their own rows.
        let msg = ["terminal too small", "need 20×8", "have \(screen.cols)×\(screen.rows)", "q quits"]
        for (i, m) in msg.enumerated() where i < screen.rows {
            let text = theme.ascii(truncate(m, screen.cols, theme))
            let c = max(0, (screen.cols - TextWidth.width(text)) / 2)
            screen.put(row: i + max(0, (screen.rows - msg.count) / 2), col: c, text, i == 0 ? theme.notice : theme.dim)
        }
    }

    // MARK: Bars

    func drawNavBar(_ ctx: FrameContext, _ ui: UIState, rows: Int) {
        guard rows > 0 else { return }
        let s = ctx.screen, t = ctx.theme, w = ctx.world
        for r in 0..<rows { s.fill(row: r, col: 0, width: s.cols, " ", t.navBar) }
        let hookLabel: String
        if let h = w.config.hook { hookLabel = h.throwsMessage != nil ? "hook throws" : "hook \(h.arity)p" } else { hookLabel = "no hook" }
        let badges = [w.config.mode.rawValue, w.config.platform.rawValue, hookLabel, w.page.networkProfile.rawValue]
            + (ui.recording ? ["● rec"] : [])
        let badgeText = badges.map { " \($0) " }.joined(separator: " ")
        let badgeW = TextWidth.width(t.ascii(badgeText))
        let titleRow = rows >= 2 ? rows - 2 : 0
        let title = ui.caption ?? w.page.liveblog.title
        let maxTitle = max(0, s.cols - 2 - (titleRow == rows - 1 ? badgeW + 1 : 0))
        s.put(row: titleRow, col: 1, t.ascii(truncate(title, maxTitle, t)), t.navBar)
        var c = max(1, s.cols - badgeW - 1)
        for b in badges {
            c += s.put(row: rows - 1, col: c, t.ascii(" \(b) "), t.navBadge)
            c += 1
        }
        if rows >= 2 && titleRow != rows - 1 {
            s.put(row: rows - 1, col: 1, t.ascii(truncate("liveblog · \(w.page.origin)", max(0, c - badgeW - 3), t)), t.navBar)
        }
    }

    func drawToolbar(_ ctx: FrameContext, _ ui: UIState, from row: Int) {
        let s = ctx.screen, t = ctx.theme, w = ctx.world
        guard row < s.rows else { return }
        for r in row..<s.rows { s.fill(row: r, col: 0, width: s.cols, " ", t.toolbar) }
        let r = s.rows - 1
        if let m = ui.message, m.until > w.now {
            s.put(row: r, col: 1, t.ascii(truncate(m.text, s.cols - 2, t)), t.toolbarHot)
            return
        }
        if let f = w.focusedLink {
            s.put(row: r, col: 1, t.ascii(truncate("link: \(f.href)  (Enter follows, Tab next, Esc back to the list)", s.cols - 2, t)), t.toolbarHot)
            return
        }
        guard let j = w.jump else {
            s.put(row: r, col: 1, t.ascii(truncate("j/k scroll · J/K fling · / jump · h c s panels · t timeline · ? help · q quit", s.cols - 2, t)), t.toolbar)
            return
        }
        var parts: [(String, Bool)] = []
        parts.append(("jump #\(j.jumpId)\(j.postId.map { " \(t.arrow) \($0)" } ?? "")", true))
        if let held = w.page.held, held.jumpId == j.jumpId {
            let left: Double
            if held.arity == 1 { left = max(0, 1 - VirtualClock.seconds(w.tick - held.lastCallTick)) }
            else { left = max(0, 10 - VirtualClock.seconds(w.tick - held.startTick)) }
            parts.append((String(format: "held %.1fs", left), true))
        } else if let reason = j.endReason {
            parts.append(("ended: \(reason)", false))
        }
        parts.append(("calls \(j.calls) (\(j.corrections) corr)", false))
        if let top = j.lastTop { parts.append(("top \(Int(top.rounded()))", false)) }
        if j.clamped { parts.append(("clamped", true)) }
        if w.listView.isAnimating { parts.append(("animating", true)) }
        if j.drops > 0 { parts.append(("dropped \(j.drops)", true)) }
        if let y = j.postId.flatMap({ w.postY($0) }) { parts.append(("y \(Int(y.rounded()))", false)) }
        var c = 1
        for (text, hot) in parts {
            let txt = t.ascii(text)
            if c + TextWidth.width(txt) >= s.cols { break }
            c += s.put(row: r, col: c, txt, hot ? t.toolbarHot : t.toolbar)
            c += s.put(row: r, col: c, "  ", t.toolbar)
        }
    }

    func drawIndicator(_ ctx: FrameContext, top: Int, bottom: Int) {
        let w = ctx.world
        guard w.indicator.isVisible(at: w.now), bottom - top >= 2 else { return }
        let ind = w.pan.target.indicator
        guard let thumb = ScrollIndicator.thumb(contentLength: ind.content, viewportLength: ind.viewport,
                                                offset: ind.offset, minOffset: 0, trackRows: bottom - top) else { return }
        let col = ctx.screen.cols - 1
        for i in 0..<thumb.length {
            ctx.screen.put(row: top + thumb.start + i, col: col, String(ctx.theme.thumb), ctx.theme.indicator)
        }
    }

    // MARK: Overlays

    /// A framed box centred on the screen, sized to its content (at most the screen less a margin).
    /// Returns the inner area's first row and column, and its size.
    @discardableResult
    func frame(_ ctx: FrameContext, title: String, innerWidth: Int, innerHeight: Int, footer: String? = nil,
               top wantedTop: Int? = nil) -> (top: Int, left: Int, width: Int, height: Int) {
        let s = ctx.screen, t = ctx.theme
        let width = max(4, min(s.cols - 2, innerWidth + 4))
        let height = max(2, min(s.rows - 2, innerHeight + 2))
        let left = (s.cols - width) / 2
        let top = wantedTop.map { max(0, min($0, s.rows - height)) } ?? max(1, (s.rows - height) / 2)
        // (panelLayout in UIState.swift mirrors this geometry for clicks on panel entries.)
        let border = Style(fg: t.color ? .indexed(244) : .default, bg: t.overlay.bg)
        let h: Character = t.unicode ? "─" : "-", v = t.unicode ? "│" : "|"
        let (tl, tr, bl, br) = t.unicode ? ("╭", "╮", "╰", "╯") : ("+", "+", "+", "+")
        for r in top..<(top + height) {
            s.fill(row: r, col: left, width: width, " ", t.overlay)
            if r == top || r == top + height - 1 {
                s.fill(row: r, col: left + 1, width: width - 2, h, border)
                s.put(row: r, col: left, r == top ? tl : bl, border)
                s.put(row: r, col: left + width - 1, r == top ? tr : br, border)
            } else {
                s.put(row: r, col: left, v, border)
                s.put(row: r, col: left + width - 1, v, border)
            }
        }
        let titleText = t.ascii(truncate(title, width - 6, t))
        if !titleText.isEmpty { s.put(row: top, col: left + 2, " \(titleText) ", t.overlayTitle) }
        if let f = footer, width > 8 {
            let ft = t.ascii(truncate(f, width - 6, t))
            s.put(row: top + height - 1, col: left + width - 3 - TextWidth.width(ft), " \(ft) ", Style(fg: t.dim.fg, bg: t.overlay.bg, dim: t.dim.dim))
        }
        return (top + 1, left + 2, width - 4, height - 2)
    }

    func box(_ ctx: FrameContext, title: String, lines: [(String, Style)], width wanted: Int? = nil, footer: String? = nil) {
        let s = ctx.screen, t = ctx.theme
        let contentW = lines.map { TextWidth.width($0.0) }.max() ?? 0
        let inner = max(wanted ?? contentW, TextWidth.width(title) + 2, TextWidth.width(footer ?? "") + 2)
        let area = frame(ctx, title: title, innerWidth: inner, innerHeight: lines.count, footer: footer)
        for (i, (text, style)) in lines.prefix(area.height).enumerated() {
            var st = style
            if st.bg == .default { st.bg = t.overlay.bg }
            s.put(row: area.top + i, col: area.left, t.ascii(truncate(text, area.width, t)), st)
        }
    }

    func drawOverlay(_ ctx: FrameContext, _ ui: UIState) {
        let t = ctx.theme, w = ctx.world
        switch ui.overlay {
        case .none: return
        case .help:
            box(ctx, title: "Keys", lines: helpLines.map { ($0, t.overlay) }, footer: "any key closes")
        case .console:
            let lines = w.page.console.suffix(max(1, ctx.screen.rows - 6)).map { ($0, $0.hasPrefix("[error]") ? t.notice : t.overlay) }
            box(ctx, title: "Console (~)", lines: lines.isEmpty ? [("(empty)", t.dim)] : lines, width: ctx.screen.cols - 4, footer: "~ or Esc closes")
        case .timeline:
            drawTimeline(ctx)
        case let .panel(kind, selected):
            let entries = panelEntries(kind, w.page.liveblog)
            let lay = panelLayout(rows: ctx.screen.rows, count: entries.count, selected: selected)
            var lines: [(String, Style)] = entries.isEmpty ? [("(none)", t.dim)] :
                entries.enumerated().map { i, e in
                    (String(format: "%@%2d  %@", i == selected ? ">" : " ", i + 1, e.label), i == selected ? t.focusedLink : t.overlay)
                }
            let width = max(40, lines.map { TextWidth.width($0.0) }.max() ?? 0)
            if entries.count > lay.visible { lines = Array(lines[lay.firstEntry..<min(lines.count, lay.firstEntry + lay.visible)]) }
            let title = entries.count > lay.visible ? "\(kind.rawValue) (\(lay.firstEntry + 1)–\(lay.firstEntry + lines.count) of \(entries.count))" : kind.rawValue
            box(ctx, title: title, lines: lines, width: width, footer: "1-9/Enter jumps · click · Esc closes")
        case let .prompt(text, selected):
            let s = ctx.screen
            let matches = completions(text, w.page.liveblog)
            let r = s.rows - 1
            s.fill(row: r, col: 0, width: s.cols, " ", t.toolbarHot)
            let c = s.put(row: r, col: 1, "jump to id: ", t.toolbarHot)
            s.put(row: r, col: 1 + c, t.ascii(Sanitizer.clean(text)) + "_", t.toolbar)
            for (i, m) in matches.prefix(min(8, s.rows - 3)).enumerated() {
                let rr = r - 1 - i
                s.fill(row: rr, col: 0, width: min(s.cols, 40), " ", t.overlay)
                s.put(row: rr, col: 1, t.ascii(truncate(m, 38, t)), i == selected ? t.focusedLink : t.overlay)
            }
        }
    }

    let helpLines = [
        "j k ↓ ↑      scroll a line        space b PgDn PgUp  a page",
        "g G Home End top / bottom         J K                fling",
        "wheel, drag  scroll, fling        click              links, panels",
        "/            jump to a post id (Tab completes)",
        "h c s        highlights, chapters, scorers     1-9  nth highlight",
        "Tab S-Tab    focus links in the page; Enter follows; Esc list",
        "m            mode: content / nested / header",
        "p            platform: ios / android / naive",
        "o            hook: 2 params / 1 param / default / throws / none",
        "n            network: instant fast 3g slow offline",
        "i            insets on/off      l  a live post now    r  reload",
        "t            timeline of the last jump       ~  console",
        "?            this help                       q  quit",
    ]

    func drawTimeline(_ ctx: FrameContext) {
        let s = ctx.screen, t = ctx.theme, w = ctx.world
        let width = min(s.cols - 4, 100), height = min(s.rows - 4, 16)
        guard let j = w.jump else {
            let a = frame(ctx, title: "Timeline", innerWidth: 40, innerHeight: 1, footer: "t or Esc closes")
            s.put(row: a.top, col: a.left, t.ascii(truncate("No jump yet: / jumps to a post id.", a.width, t)), t.overlay)
            return
        }
        let area = frame(ctx, title: "Timeline: jump #\(j.jumpId) \(t.arrow) \(j.postId ?? "?") · post y over time (0 = under the bar)",
                         innerWidth: width - 4, innerHeight: height - 2, footer: "t or Esc closes")
        let plotW = area.width - 7, plotH = area.height - 2
        guard plotW > 4, plotH > 1 else { return }
        let samples = w.timeline
        let ys = samples.compactMap(\.y)
        let t0 = j.startTick
        let t1 = max(t0 + 120, samples.last?.tick ?? t0)
        var lo = min(-32, ys.min() ?? 0), hi = max(w.viewportHeight, ys.max() ?? 0)
        if hi - lo < 1 { hi = lo + 1 }
        lo = max(lo, -4 * w.viewportHeight); hi = min(hi, 8 * w.viewportHeight)
        let dotsW = plotW * 2, dotsH = plotH * 4
        var grid = [[UInt8]](repeating: [UInt8](repeating: 0, count: plotW), count: plotH)
        let bits: [[UInt8]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
        func plot(_ x: Int, _ y: Int) {
            guard x >= 0, x < dotsW, y >= 0, y < dotsH else { return }
            grid[y / 4][x / 2] |= bits[y % 4][x % 2]
        }
        func dy(_ v: Double) -> Int { Int(((hi - min(max(v, lo), hi)) / (hi - lo) * Double(dotsH - 1)).rounded()) }
        func dx(_ tick: Int) -> Int { Int(Double(tick - t0) / Double(t1 - t0) * Double(dotsW - 1)) }
        // The target line y = 0, dotted.
        let zero = dy(0)
        for x in stride(from: 0, to: dotsW, by: 3) { plot(x, zero) }
        var last: (Int, Int)?
        for smp in samples {
            guard let y = smp.y else { last = nil; continue }
            let p = (dx(smp.tick), dy(y))
            if let l = last {
                let steps = max(abs(p.0 - l.0), abs(p.1 - l.1), 1)
                for k in 0...steps { plot(l.0 + (p.0 - l.0) * k / steps, l.1 + (p.1 - l.1) * k / steps) }
            } else { plot(p.0, p.1) }
            last = p
        }
        let plotStyle = Style(fg: t.color ? .indexed(118) : .default, bg: t.overlay.bg)
        for r in 0..<plotH {
            var line = ""
            for c in 0..<plotW {
                let b = grid[r][c]
                line += b == 0 ? " " : (t.unicode ? String(Character(UnicodeScalar(0x2800 + UInt32(b))!)) : "*")
            }
            s.put(row: area.top + r, col: area.left + 7, line, plotStyle)
        }
        let labelStyle = Style(fg: t.dim.fg, bg: t.overlay.bg, dim: t.dim.dim)
        s.put(row: area.top, col: area.left, String(format: "%6.0f", hi), labelStyle)
        s.put(row: area.top + plotH - 1, col: area.left, String(format: "%6.0f", lo), labelStyle)
        // Marks: J jump, c correction, x drop, r re-aim, s settle, | hold end.
        var markLine = [Character](repeating: " ", count: plotW)
        for m in w.marks {
            let x = dx(m.tick) / 2
            guard x >= 0, x < plotW else { continue }
            let ch: Character
            switch m.kind {
            case .jump: ch = "J"
            case .correction: ch = markLine[x] == " " ? "c" : markLine[x]
            case .drop: ch = "x"
            case .reaim: ch = markLine[x] == " " ? "r" : markLine[x]
            case .settle: ch = markLine[x] == " " ? "s" : markLine[x]
            case .holdEnd: ch = "|"
            }
            markLine[x] = ch
        }
        s.put(row: area.top + plotH, col: area.left + 7, String(markLine), Style(fg: t.color ? .indexed(214) : .default, bg: t.overlay.bg, bold: true))
        let secs = VirtualClock.seconds(t1 - t0)
        let legend = area.width >= 80
            ? String(format: "0 … %.1f s   J jump  c correction  x dropped  r re-aim  s settle  | hold end (%@)", secs, j.endReason ?? "held")
            : String(format: "0…%.1fs  J jump c corr x drop r re-aim s settle | end (%@)", secs, j.endReason ?? "held")
        s.put(row: area.top + plotH + 1, col: area.left, t.ascii(truncate(legend, area.width, t)), labelStyle)
    }
}

func truncate(_ s: String, _ width: Int, _ t: Theme) -> String {
    guard width > 0 else { return "" }
    let s = Sanitizer.clean(s)  // T8, whatever the string's source
    if TextWidth.width(s) <= width { return s }
    var out = ""
    var w = 0
    let ell = t.ellipsis
    let ew = TextWidth.width(ell)
    for ch in s {
        let cw = TextWidth.width(ch)
        if w + cw + ew > width { break }
        out.append(ch); w += cw
    }
    return out + (width > ew ? ell : "")
}
