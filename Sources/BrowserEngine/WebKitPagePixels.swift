import DevTools
import Foundation
import LiveblogModel

/// X14: WebKit's pixels for the terminal's tiles. `webkit_web_view_get_snapshot` takes no
/// rectangle and paints the visible region: the web view's window (the document's height up to
/// `maxWindowHeight`, a self-scrolling view's viewport) at the page's scroll. So the helper reads
/// the page's scroll, snapshots the window and crops the band out of it, scaled in C to the cell's
/// pixels (cairo, from the device-scale rendering), and writes the PNG into the helper's profile
/// folder; the reply names only its size. Nothing is scrolled for a capture: the page's own
/// scroll and what it sees of its viewport stay as they are, and a band outside the window is
/// not asked for (`capturable`). The helper answers asynchronously; the frame polls its pipe.
extension WebKitPage: PagePixels {
    public func askPixels(x: Double, y: Double, width: Double, height: Double, pixelsPerPoint: Double) throws -> Int {
        let doing = "capturing the page's pixels"
        snapshotSerial += 1
        let path = helper.runDirectory + "/profile/tile-\(snapshotSerial).png"
        let id = try guarded(doing) {
            try helper.send("snapshot", [("path", .string(path)), ("x", .number(x)), ("y", .number(y)),
                                         ("width", .number(width)), ("height", .number(height)),
                                         ("scale", .number(pixelsPerPoint)), ("document", .int(1))], doing: doing)
        }
        snapshotPaths[id] = path
        return id
    }

    public func pollPixels(_ ticket: Int) throws -> PixelReply {
        let doing = "capturing the page's pixels"
        try guarded(doing) { try helper.pump(timeout: 0, doing: doing) }
        guard let reply = helper.takeReply(ticket) else { return .pending }
        let path = snapshotPaths.removeValue(forKey: ticket) ?? ""
        guard case .success = reply else {
            unlink(path)
            return .refused
        }
        return .came {
            defer { unlink(path) }
            return FileManager.default.contents(atPath: path).map { [UInt8]($0) }
        }
    }

    public func dropPixels(_ ticket: Int) {
        helper.discardReply(ticket)
        if let path = snapshotPaths.removeValue(forKey: ticket) { unlink(path) }
    }

    /// All of it while the window holds the document (a content-sized view up to `maxWindowHeight`;
    /// a self-scrolling view's rows are its viewport's, `EngineWebPage.prepareToDraw`); a taller
    /// document: the window's reach from its scroll (input below the window moves it there).
    public var capturable: Range<Double>? {
        guard viewportHeight > WebKitPage.maxWindowHeight else { return nil }
        return windowScrollY..<(windowScrollY + WebKitPage.maxWindowHeight)
    }
    public var capturesKeepScroll: Bool { true }
}
