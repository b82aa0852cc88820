import ImageDecoding
import TerminalKit
import TextCells

/// Where the device's column sits in the terminal (D2, D5): the page's column centred, one cell
/// per 8 pt across and 16 pt down; the navigation bar and the toolbar span the terminal. When
/// the terminal is shorter than the device's viewport it shows the viewport's top and a last row
/// saying how much is hidden. Without a device: the list from column 0, as before D1.
struct DeviceFrame {
    let nav: Rect
    /// The list's rows in the device's column.
    let list: Rect
    let toolbar: Rect
    /// The first terminal column of the device's column.
    let left: Int
    /// Rows of the viewport below the terminal's last row (D2); 0 when it all shows.
    let hiddenRows: Int
    /// Columns of the device's viewport right of the terminal (issue 32: an iPad at 80 columns).
    let cutColumns: Int
    /// The row that says so.
    let hiddenNotice: Rect?

    /// What the frame is made from: the world's view (`ViewGeometry(world:)`, FrameModel.swift).
    struct ViewGeometry {
        let hasDevice: Bool
        /// The world's width in columns (the demo narrows it).
        let cols: Int
        /// The device column's columns and its viewport's rows (D2).
        let viewCols: Int
        let viewRows: Int
        let insetTopRows: Int
        let insetBottomRows: Int

        /// Rows of the device's viewport a terminal of `screenRows` rows cannot show (D2).
        func hiddenRows(screenRows: Int) -> Int { max(0, viewRows - screenRows) }

        /// The column the device's column starts at: centred (D2, D5), 0 without a device.
        func left(screenCols: Int) -> Int { hasDevice ? max(0, (screenCols - viewCols) / 2) : 0 }
    }

    init(_ view: ViewGeometry, screen full: Rect) {
        left = view.left(screenCols: full.width)
        let width = view.hasDevice ? min(full.width, view.viewCols) : min(full.width, view.cols)
        let rows = view.hasDevice ? min(full.height, view.viewRows) : full.height
        cutColumns = view.hasDevice ? max(0, view.viewCols - full.width) : 0
        let tall = view.hasDevice && view.hiddenRows(screenRows: full.height) > 0
        let (navArea, belowNav) = Rect(row: full.row, col: full.col, width: full.width, height: rows)
            .splitTop(view.insetTopRows)
        nav = navArea
        let (rest, bar) = belowNav.splitBottom(view.insetBottomRows)
        toolbar = bar
        if !tall, cutColumns > 0, full.height > rows {
            // Only too wide, with a terminal row to spare below the device: the notice there.
            list = Rect(row: rest.row, col: left, width: width, height: rest.height)
            hiddenNotice = Rect(row: rows, col: 0, width: full.width, height: 1)
            hiddenRows = 0
        } else if tall || cutColumns > 0 {
            // The notice sits above the toolbar, so the jump's status stays in view (issue 32);
            // the viewport's rows from the notice's down to its toolbar are not shown.
            let (above, notice) = rest.splitBottom(1)
            list = Rect(row: above.row, col: left, width: width, height: above.height)
            hiddenNotice = notice
            hiddenRows = tall ? max(0, view.viewRows - view.insetBottomRows - notice.row) : 0
        } else {
            list = Rect(row: rest.row, col: left, width: width, height: rest.height)
            hiddenNotice = nil
            hiddenRows = 0
        }
    }

    /// R3: the bar the "N new posts" pill sits in: the toolbar (the row saying what is hidden
    /// when there is no toolbar).
    var pillBar: Rect { toolbar.height > 0 ? toolbar : (hiddenNotice ?? toolbar) }

    /// D2: "▼ 12 rows (190 pt) of the iphone-15's 759 pt viewport are below the terminal"; issue 32:
    /// "▶ 22 columns (176 pt) of the ipad's 820 pt width are cut at the right", or both, short.
    func drawHiddenNotice(_ hidden: HiddenViewport?, pill: NewPostsPill?, on s: Screen, _ t: Theme) {
        guard let area = hiddenNotice, let d = hidden else { return }
        // The viewport's height less its bottom inset (the toolbar shows) and the rows above the notice.
        let rowsPt = Int((d.viewportHeight - Double(toolbar.height + area.row) * d.line).rounded())
        let colsPt = Int((Double(cutColumns) * d.cellWidth).rounded())
        let width = Int((Double(d.viewCols) * d.cellWidth).rounded())
        let down = "▼ \(hiddenRows) rows (\(rowsPt) pt)", right = "▶ \(cutColumns) columns (\(colsPt) pt)"
        let text: String
        switch (hiddenRows > 0, cutColumns > 0) {
        case (true, true):
            text = "\(down) below · \(right) right · \(d.deviceName) \(width)×\(Int(d.viewportHeight)) pt"
        case (false, true): text = "\(right) of the \(d.deviceName)'s \(width) pt width are cut at the right"
        default:
            text = "\(down) of the \(d.deviceName)'s \(Int(d.viewportHeight)) pt viewport are below the "
                + "terminal"
        }
        s.fill(row: area.row, col: area.col, width: area.width, " ", t.toolbar)
        let room = area.width - 2 - (pill?.reserved(in: area) ?? 0)
        s.put(row: area.row, col: area.col + 1, t.ascii(truncate(text, room, t)), t.toolbarHot)
        pill?.draw(on: s, t, in: area)
    }
}

/// The screen as the page's column sees it: column 0 is the device column's left edge, and
/// nothing is drawn right of its width (D2).
final class ColumnScreen: Screen {
    let base: any Screen
    let left: Int
    let width: Int
    init(_ base: any Screen, left: Int, width: Int) {
        self.base = base
        self.left = left
        self.width = width
    }
    var cols: Int { width }
    var rows: Int { base.rows }
    var capabilities: TerminalCapabilities { base.capabilities }
    func erase() {}
    func present() {}

    @discardableResult
    func put(row: Int, col: Int, _ text: String, _ style: Style) -> Int {
        guard col < width else { return 0 }
        let room = width - max(0, col)
        let fitted = TextWidth.width(text) <= room ? text : truncateCells(text, room)
        let drawn = base.put(row: row, col: left + col, fitted, style)
        return fitted == text ? drawn : TextWidth.width(text)
    }

    func fill(row: Int, col: Int, width w: Int, _ ch: Character, _ style: Style) {
        let start = max(0, col), end = min(width, col + w)
        guard end > start else { return }
        base.fill(row: row, col: left + start, width: end - start, ch, style)
    }

    func placeImage(_ request: PixelImageRequest, pixels: RGBAImage, clip: Range<Int>) {
        var r = request
        r.col += left
        base.placeImage(r, pixels: pixels, clip: clip)
    }

    func link(_ span: LinkSpan) {
        var s = span
        s.col += left
        base.link(s)
    }
}
