import Foundation
import ImageDecoding
import LiveblogModel

/// X9, X14: what `PageTiles` asks of an engine's page for the terminal's pixel tiles, the same of
/// either engine: a rectangle of the document at the cell's pixels a point, asked without waiting
/// and its answer polled once a frame (`TileCapture`); the PNG is made of the answer off the
/// drawing thread. Chromium: `Page.captureScreenshot` with a clip (`EnginePagePixels.swift`);
/// WebKit: the helper's `snapshot`, the visible window cropped and scaled (`WebKitPagePixels.swift`).
public protocol PagePixels: AnyObject {
    /// Asks for the document rectangle `x, y, width, height` (pt) at `pixelsPerPoint` pixels a
    /// point; a ticket for `pollPixels`. Never waits for the picture.
    func askPixels(x: Double, y: Double, width: Double, height: Double, pixelsPerPoint: Double) throws -> Int
    /// The answer, if it has come (never waits).
    func pollPixels(_ ticket: Int) throws -> PixelReply
    /// Nobody waits for the ticket any more (its answer is dropped when it comes).
    func dropPixels(_ ticket: Int)
    /// The document's range (pt) the engine can capture now, nil: all of it (WebKit paints its
    /// window only).
    var capturable: Range<Double>? { get }
    /// The reader's screen is `y0 ..< y1` of a content-sized web view: what it shows is brought
    /// within `capturable` if it is not (WebKit's window is moved over a taller document).
    func reach(from y0: Double, to y1: Double) throws
    /// A capture leaves the page's scroll alone, so tiles may follow a self-scrolling page's own
    /// scroll (Chromium's capture moved it: PageTilesTests, `EngineWebPage.followPageScroll`).
    var capturesKeepScroll: Bool { get }
}

/// A capture's answer (`PagePixels.pollPixels`).
public enum PixelReply: Sendable {
    case pending
    /// It came: `picture` makes its pixels, off the drawing thread (nil: there was no picture in
    /// it), with the bytes they came in (PNG or raw).
    case came(picture: @Sendable () -> (image: RGBAImage, bytes: Int)?)
    /// The engine refused it.
    case refused
}
