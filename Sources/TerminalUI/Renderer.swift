import TerminalKit
import TextCells

/// Draws a frame into a Screen (principle 3 of docs/architecture.md: one state, one view). Every frame draws the
/// whole visible screen from the frame's model, built from the world; ncurses sends only the
/// differences. Touches only the visible rows: one page query for the visible range (B1).
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

    /// One frame from its model (`draw(_ world:_:on:)` builds it). The screen's areas, top to
    /// bottom: the navigation bar (the top inset), the list, the toolbar (the bottom inset); the
    /// scroll indicator in the list's last column; overlays over the whole screen. Each widget
    /// draws inside the area it is given, from the frame's model.
    func draw(_ m: FrameModel, _ ui: UIState, on screen: Screen) {
        let theme = Theme(caps: screen.capabilities)
        screen.erase()
        let full = Rect(screen: screen)
        // The list is as wide as the world (the demo narrows it), or the device's column centred
        // (D2); the indicator at the screen's edge, or the column's.
        let frame = m.frame
        let listArea = frame.list
        let list = m.fullWidthList ? Rect(row: listArea.row, col: 0, width: full.width, height: listArea.height) : listArea
        let column = frame.left == 0 ? screen : ColumnScreen(screen, left: frame.left, width: listArea.width)
        let area = Rect(row: listArea.row, col: 0, width: listArea.width, height: listArea.height)
        let ctx = FrameContext(model: m, theme: theme, area: area, screen: column, images: images)
        ctx.pixelImages = ui.overlay == nil
        ctx.webEdges = ui.aids != nil
        ctx.draw()
        let bandRows = ui.band.map { min(full.height - 1, DemoBandView(band: $0).lines(width: full.width, theme).count) } ?? 0
        if let aids = ui.aids {
            DemoAidsView(model: m, aids: aids, rowsOnScreen: full.height, foot: full.height - bandRows)
                .draw(on: screen, theme, width: full.width)
        }
        // Chrome in its own cells (issue 32): the pill in the toolbar, the progress on the
        // navigation bar's edge; nothing of it over the list.
        // R3: a pill only while posts arrived above the view.
        let pill = m.newPostsAbove > 0 ? NewPostsPill(count: m.newPostsAbove) : nil
        let toolbarShows = frame.toolbar.height > 0
        let noticePill = toolbarShows ? nil : pill
        frame.drawHiddenNotice(m.hidden, pill: noticePill, on: screen, theme)
        drawIndicator(m.thumb, in: list, on: screen, theme)
        EdgeEffectView(glow: m.edgeEffect).draw(on: screen, theme, in: listArea)
        // W1: the progress edge only while the page loads (it is gone at 1).
        let loading = m.progress < 1 ? m.progress : nil
        let navShows = frame.nav.height > 0
        NavBar(facts: m.nav, ui: ui, progress: loading).draw(on: screen, theme, in: frame.nav)
        // C9: the tour says what happens in words; the jump's numbers stay in `view --explain`.
        if ui.band == nil {
            Toolbar(facts: m.toolbar, ui: ui, pill: pill, progress: navShows ? nil : loading)
                .draw(on: screen, theme, in: frame.toolbar)
        }
        if let band = ui.band { DemoBandView(band: band).draw(on: screen, theme, width: full.width, rows: full.height) }
        ui.overlay?.draw(m, on: screen, theme, in: full)
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
    func drawIndicator(_ thumb: (start: Int, length: Int)?, in area: Rect, on screen: Screen, _ t: Theme) {
        guard let thumb else { return }
        let col = area.right - 1
        for i in 0..<thumb.length {
            screen.put(row: area.row + thumb.start + i, col: col, String(t.thumb), t.indicator)
        }
    }
}
