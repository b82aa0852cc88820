import Embed
import Host
import VirtualTime

/// The world's geometry from its device (docs/emulation.md): the page's width (D2, D5), the viewport's
/// height (D2), the image cap (D5), the pixel grid (D3) and the bridge's delay (D4). Without a
/// device (`config.device == nil`) everything is as before D1: the terminal's width and height.
public enum DeviceLayout {
    /// D5: the `terminal` device's reading column, in text columns.
    public static let defaultColumn = 90
    /// `--column` and the scenario's `"column"`: from 20 to 1000 text columns.
    public static let minColumn = 20
    public static let maxColumn = 1000
    /// D5: an image is never taller than this share of the viewport.
    public static let imageCapShare = 0.6

    /// The page's width in pt: the device's (D2), or the terminal's, capped to the reading column
    /// and its one-column padding each side for the `terminal` device (D5).
    public static func webWidth(_ c: WorldConfig) -> Double {
        let cell = c.page.cell.width
        guard let d = c.device else { return Double(c.cols) * cell }
        if d.isTerminal { return Double(min(c.cols, c.column + 2)) * cell }
        return d.width
    }

    /// The list's viewport in pt: the device's safe area (D2; headless too), or the terminal's rows.
    public static func viewportHeight(_ c: WorldConfig) -> Double {
        guard let d = c.device, !d.isTerminal else { return Double(c.rows) * c.page.cell.height }
        return d.viewportHeight
    }

    /// D5: the `terminal` device caps images at 60 % of the viewport; no cap otherwise. Issue 32:
    /// the demo's share of what the terminal shows of the viewport, on any device.
    public static func imageCap(_ c: WorldConfig) -> Double? {
        if let share = c.imageCapShare {
            let shown = min(viewportHeight(c), Double(c.rows) * c.page.cell.height)
            return (share * shown).rounded(.down)
        }
        guard c.device?.isTerminal == true else { return nil }
        return (imageCapShare * viewportHeight(c)).rounded(.down)
    }

    /// D3: device pixels per pt where offsets snap to the screen's pixels; nil for the terminal.
    public static func pixelScale(_ c: WorldConfig) -> Double? {
        guard let d = c.device, !d.isTerminal else { return nil }
        return d.density
    }

    /// D4: frames from the page's call to the app's handler.
    public static func bridgeFrames(_ c: WorldConfig) -> Int {
        if let n = c.bridgeDelay { return n }
        guard let d = c.device, !d.isTerminal else { return 0 }
        return BridgeDelivery.frames(for: c.platform)
    }
}

extension World {
    /// Rows of the world's viewport: the device's (its last row may be partly filled), or the
    /// terminal's (D2).
    public var viewRows: Int {
        guard let d = config.device, !d.isTerminal else { return config.rows }
        return Int((viewportHeight / line).rounded(.up))
    }

    /// Columns of the page's column (D2, D5): what the renderer centres in the terminal.
    public var viewCols: Int { max(1, Int(webWidth / config.page.cell.width)) }

    /// Rows of the device's viewport a terminal of `screenRows` rows cannot show (D2).
    public func hiddenRows(screenRows: Int) -> Int { max(0, viewRows - screenRows) }

    /// D1: another device at run time (the `d` key). The page lays out at its width, the list
    /// takes its viewport, the host its density and platform; the reading position stays (T5).
    func setDevice(_ d: DeviceProfile) {
        let anchor = readingAnchor()
        config.device = d
        if !d.isTerminal { config.platform = d.platform }
        config.page.maxImageHeight = DeviceLayout.imageCap(config)
        pageCall { page in
            page.setGeometry(width: webWidth, imageCap: config.page.maxImageHeight)
            scrollSide.list.scrollView.pixelScale = DeviceLayout.pixelScale(config)
            configureMode(keepAnchor: anchor)
        }
        emit(.setting(name: "device", value: d.name))
    }
}
