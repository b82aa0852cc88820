import BrowserEngine
import EngineProcess
import Foundation
import ImageDecoding
import LiveblogModel

/// Chromium's capture: `Page.captureScreenshot` with a clip at the terminal's cell size (the
/// engine renders at the device's density first, so the clip's scale divides by it), its raw
/// reply parsed off the drawing thread.
extension EnginePage: PagePixels {
    public func askPixels(x: Double, y: Double, width: Double, height: Double, pixelsPerPoint: Double) throws -> Int {
        let scale = pixelsPerPoint / max(config.device.density, 0.1)
        let clip = JSONValue.obj(("x", .number(x)), ("y", .number(y)), ("width", .number(width)),
                                 ("height", .number(height)), ("scale", .number(scale)))
        let doing = "capturing the page's pixels"
        return try guarded(doing) {
            try finishBeginFrame(doing: doing)
            return try session.sendRaw("Page.captureScreenshot", .obj(
                ("format", .string("png")), ("clip", clip), ("fromSurface", .bool(true)),
                ("optimizeForSpeed", .bool(true))), doing: doing)
        }
    }

    public func pollPixels(_ ticket: Int) throws -> PixelReply {
        let doing = "capturing the page's pixels"
        try guarded(doing) { try client.readAvailable(doing: doing) }
        guard client.hasReply(ticket) else { return .pending }
        guard let raw = client.takeRawReply(ticket) else {
            client.discardReply(ticket)   // parsed after all (not in the engine's usual shape)
            return .refused
        }
        return .came {
            guard let reply = try? JSONParser.parse(bytes: raw), reply["error"] == nil,
                  let text = reply["result"]?["data"]?.stringValue, let data = Data(base64Encoded: text),
                  case .success(let image) = ImageDecoder.decode(data: [UInt8](data)) else { return nil }
            return (image, data.count)
        }
    }

    public func dropPixels(_ ticket: Int) { client.discardReply(ticket) }
    public var capturable: Range<Double>? { nil }
    public func reach(from y0: Double, to y1: Double) throws {}
    public var capturesKeepScroll: Bool { false }
}

/// The seam (`PageDriver`): Chromium's page, and the browser behind it, which is the run's and
/// outlives each page (a scenario of a suite ends it with `closeEngine`).
extension EnginePage: PageDriver, InjectedCalls {
    public var engineProcessID: Int32? { browser.pid }
    public func closeEngine() { browser.close() }
    /// Virtual time (X7), touch events (`Input.dispatchTouchEvent`, Q19), captures (X9).
    public var capabilities: EngineCapabilities { [.virtualTime, .touchEvents, .pixels] }
}
