import LiveblogModel
import Embed
import Simulation
import ScrollPhysics
import TerminalKit
import TextCells

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

    /// The screen's areas, top to bottom: the navigation bar (the top inset), the list, the
    /// toolbar (the bottom inset); the scroll indicator in the list's last column; overlays over
    /// the whole screen. Each widget draws inside the area it is given.
    public func draw(_ world: World, _ ui: UIState, on screen: Screen) {
        let theme = Theme(caps: screen.capabilities)
        screen.erase()
        let full = Rect(screen: screen)
        guard full.height >= 8 && full.width >= 20 else {
            drawTooSmall(screen, theme)
            return
        }
        // The list is as wide as the world (the demo narrows it), or the device's column centred
        // (D2); the indicator at the screen's edge, or the column's.
        let frame = DeviceFrame(world: world, screen: full)
        let (nav, toolbar) = (frame.nav, frame.toolbar)
        let list = world.config.device == nil
            ? Rect(row: frame.list.row, col: 0, width: full.width, height: frame.list.height) : frame.list
        let listArea = frame.list
        let column = frame.left == 0 ? screen : ColumnScreen(screen, left: frame.left, width: listArea.width)
        let area = Rect(row: listArea.row, col: 0, width: listArea.width, height: listArea.height)
        let ctx = FrameContext(world: world, theme: theme, area: area, screen: column, images: images)
        ctx.pixelImages = ui.overlay == .none
        ctx.draw()
        frame.drawHiddenNotice(world, on: screen, theme)
        NewPostsPill(world: world).draw(on: screen, theme, in: listArea)
        drawIndicator(ctx, in: list, on: screen)
        EdgeEffectView(world: world).draw(on: screen, theme, in: listArea)
        ProgressBar(progress: world.page.estimatedProgress).draw(on: screen, theme, in: listArea)
        NavBar(world: world, ui: ui).draw(on: screen, theme, in: nav)
        Toolbar(world: world, ui: ui).draw(on: screen, theme, in: toolbar)
        drawOverlay(world, ui, on: screen, theme, in: full)
    }

    func drawTooSmall(_ screen: Screen, _ theme: Theme) {
        // Short lines, so they fit a 19-column terminal; "need" and "have" on their own rows.
        let msg = ["terminal too small", "need 20×8", "have \(screen.cols)×\(screen.rows)", "q quits"]
        for (i, m) in msg.enumerated() where i < screen.rows {
            let text = theme.ascii(truncate(m, screen.cols, theme))
            let c = max(0, (screen.cols - TextWidth.width(text)) / 2)
            let row = i + max(0, (screen.rows - msg.count) / 2)
            screen.put(row: row, col: c, text, i == 0 ? theme.notice : theme.dim)
        }
    }

    /// The scroll indicator's thumb in the last column of the list's area.
    func drawIndicator(_ ctx: FrameContext, in area: Rect, on screen: Screen) {
        let w = ctx.world
        guard w.indicator.isVisible(at: w.seconds), area.height >= 2 else { return }
        let ind = w.pan.target.indicator
        guard let thumb = ScrollIndicator.thumb(contentLength: ind.content, viewportLength: ind.viewport,
                                                offset: ind.offset, minOffset: 0, trackRows: area.height)
        else { return }
        let col = area.right - 1, t = ctx.theme
        for i in 0..<thumb.length {
            screen.put(row: area.row + thumb.start + i, col: col, String(t.thumb), t.indicator)
        }
    }

    // MARK: Overlays

    func drawOverlay(_ w: World, _ ui: UIState, on s: Screen, _ t: Theme, in area: Rect) {
        switch ui.overlay {
        case .none: return
        case .help:
            let lines = Self.helpLines.map { ($0, t.overlay) }
            box(s, t, in: area, title: "Keys", lines: lines, footer: "any key closes")
        case .console:
            let lines = w.page.console.suffix(max(1, area.height - 6))
                .map { ($0, $0.hasPrefix("[error]") ? t.notice : t.overlay) }
            box(s, t, in: area, title: "Console (~)", lines: lines.isEmpty ? [("(empty)", t.dim)] : lines,
                width: area.width - 4, footer: "~ or Esc closes")
        case .timeline:
            TimelineOverlay(world: w).draw(on: s, t, in: area)
        case let .panel(kind, selected):
            PanelGeometry(kind, w.page.liveblog, selected: selected, in: area).draw(on: s, t)
        case let .prompt(text, selected):
            let matches = completions(text, w.page.liveblog)
            PromptView(text: text, selected: selected, matches: matches).draw(on: s, t, in: area)
        case let .confirmPlayer(command):
            // W3: what will run, before anything runs.
            // Issue 31: the whole command, wrapped over as many lines as it takes.
            let width = min(area.width - 4, 76)
            let shown = Array(Sanitizer.clean(command.display))
            let step = max(8, width - 6)
            let parts = stride(from: 0, to: shown.count, by: step).map { String(shown[$0..<min($0 + step, shown.count)]) }
            let lines = [("video or audio: open it with", t.overlay)] + parts.map { ("  " + $0, t.overlayTitle) }
            box(s, t, in: area, title: "Open media?", lines: lines, width: width,
                footer: "y runs it · any other key does not")
        }
    }

    static let helpLines = [
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
        "d            device: terminal, iPhones, iPad, Pixel, Galaxy",
        "i            insets on/off      l  a live post now    r  reload",
        "Bksp H  L    back / forward through jumps (mouse back button too)",
        "N            to the newest posts (a live URL's pill)",
        "t            timeline of the last jump       ~  console",
        "?            this help                       q  quit",
        "e            (--record) expect this post's y now, held from here",
    ]
}
