import BrowserEngine
import EngineProcess
import Foundation
import ImageDecoding
import LiveblogModel

/// X14: WebKit's pixels for the terminal's tiles. The web view paints its window only (the
/// document's height up to `maxWindowHeight`, a self-scrolling view's viewport) at the page's
/// scroll, and `webkit_web_view_get_snapshot` takes no rectangle (it renders the whole window
/// again). So the helper reads the page's scroll and draws just the band from the web view
/// itself (`gtk_widget_draw` clipped to it: the page's last painted frame at the device's
/// scale, scaled by cairo to the cell's pixels), and writes its raw rows into the helper's
/// profile folder (no PNG made and read again: the helper's main loop, which runs the page's
/// commands too, is busy for as short a time as can be); the reply names only its size.
/// Nothing is scrolled for a capture: the page's own scroll and what it sees of its viewport
/// stay as they are, and a band outside the window is not asked for (`capturable`). The helper
/// answers asynchronously; the frame polls its pipe and the rows are converted off its thread.
extension WebKitPage: PagePixels {
    public func askPixels(x: Double, y: Double, width: Double, height: Double, pixelsPerPoint: Double) throws -> Int {
        let doing = "capturing the page's pixels"
        // A lost capture's file, written after it was given up (the next is asked for later).
        for path in lostSnapshots { unlink(path) }
        lostSnapshots = []
        snapshotSerial += 1
        let path = helper.runDirectory + "/profile/tile-\(snapshotSerial).argb"
        let id = try guarded(doing) {
            try helper.send("snapshot", [("path", .string(path)), ("x", .number(x)), ("y", .number(y)),
                                         ("width", .number(width)), ("height", .number(height)),
                                         ("scale", .number(pixelsPerPoint)), ("document", .int(1)),
                                         ("source", .string(WebKitPage.tileSource)), ("format", .string("raw"))],
                            doing: doing)
        }
        snapshotPaths[id] = path
        return id
    }

    public func pollPixels(_ ticket: Int) throws -> PixelReply {
        let doing = "capturing the page's pixels"
        try guarded(doing) { try helper.pump(timeout: 0, doing: doing) }
        guard let reply = helper.takeReply(ticket) else { return .pending }
        let path = snapshotPaths.removeValue(forKey: ticket) ?? ""
        guard case .success(let value) = reply, let w = value["width"]?.intValue, let h = value["height"]?.intValue,
              let stride = value["stride"]?.intValue else {
            unlink(path)
            return .refused
        }
        if let busy = value["busyMs"]?.doubleValue { captureBusy = Array((captureBusy + [busy]).suffix(256)) }
        return .came {
            defer { unlink(path) }
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            return WebKitPage.rgba(argb32: [UInt8](data), width: w, height: h, stride: stride).map { ($0, data.count) }
        }
    }

    public func dropPixels(_ ticket: Int) {
        helper.discardReply(ticket)
        if let path = snapshotPaths.removeValue(forKey: ticket) {
            unlink(path)
            lostSnapshots.append(path)
        }
    }

    /// All of it while the window holds the document (a content-sized view up to `maxWindowHeight`;
    /// a self-scrolling view's rows are its viewport's, `EngineWebPage.prepareToDraw`); a taller
    /// document: the window's reach from its scroll (input below the window moves it there).
    public var capturable: Range<Double>? {
        guard viewportHeight > WebKitPage.maxWindowHeight else { return nil }
        return windowScrollY..<(windowScrollY + WebKitPage.maxWindowHeight)
    }

    public var capturesKeepScroll: Bool { true }

    /// A document taller than the window: the window is moved over it (the page scrolled in it, as
    /// input below the window does) so that the reader's screen is in its middle, whenever the
    /// screen leaves it. Only `view` draws tiles, so `simulate`'s protocol never sees this.
    public func reach(from y0: Double, to y1: Double) throws {
        guard let r = capturable, y0 < r.lowerBound || y1 > r.upperBound else { return }
        let target = max(0, (y0 + y1 - WebKitPage.maxWindowHeight) / 2)
        let doing = "moving the WebKit window over the document"
        try guarded(doing) {
            windowScrollY = try evaluate("(window.scrollTo(0, \(ProtocolJSON.number(target))), window.scrollY)",
                                         doing: doing).doubleValue ?? 0
            geometryCache = nil
        }
    }

    /// Where the helper takes a tile's pixels from: "view" (drawn from the web view, only the band)
    /// or, with `LIVEBLOG_WEBKIT_TILES=snapshot`, "snapshot" (WebKit's snapshot of the whole
    /// window, cropped: a new rendering, about 4 times slower on a tall window).
    static var tileSource: String {
        ProcessInfo.processInfo.environment["LIVEBLOG_WEBKIT_TILES"] == "snapshot" ? "snapshot" : "view"
    }

    /// cairo's ARGB32 rows (premultiplied, native-endian: B, G, R, A in memory here) as RGBA.
    static func rgba(argb32 data: [UInt8], width: Int, height: Int, stride: Int) -> RGBAImage? {
        guard width > 0, height > 0, stride >= width * 4, data.count >= stride * height else { return nil }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        data.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    var i = y * stride, o = y * width * 4
                    for _ in 0..<width {
                        let a = Int(src[i + 3])
                        let (r, g, b) = (Int(src[i + 2]), Int(src[i + 1]), Int(src[i]))
                        if a == 255 || a == 0 {
                            (dst[o], dst[o + 1], dst[o + 2]) = (UInt8(r), UInt8(g), UInt8(b))
                        } else {
                            (dst[o], dst[o + 1], dst[o + 2]) = (UInt8(min(255, r * 255 / a)), UInt8(min(255, g * 255 / a)),
                                                                UInt8(min(255, b * 255 / a)))
                        }
                        dst[o + 3] = UInt8(a)
                        i += 4
                        o += 4
                    }
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }
}
