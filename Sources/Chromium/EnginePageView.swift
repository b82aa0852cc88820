import BrowserEngine
import EngineProcess
import Foundation
import LiveblogModel

/// What the terminal reads of the page (X9): engine-view.js, injected at document start into
/// every document of the page, answers what the engine laid out where. One evaluation a frame at
/// most: the answer covers the range asked for and is kept until the page's next frame or
/// action (when the geometry is read again too).
extension EnginePage {
    /// The text runs and images the engine laid out between page y `y0` and `y1` and `margin`
    /// either side (one round trip, kept for the frame); nil: the document has no view (a page
    /// that replaced it). In real time the answer is kept while the page says nothing changed and
    /// it covers `y0 ..< y1` (the margin is read ahead, so a scroll asks again only a screen later:
    /// a round trip while the engine paints a capture can take 10–30 ms).
    public func layout(from y0: Double, to y1: Double, margin: Double = 0) throws -> PageLayoutSnapshot? {
        if !isVirtual, !layoutChanged, let held = layoutHeld, held.covers(y0, y1) {
            layoutCache = held
            return held
        }
        return try layout(from: y0 - margin, to: y1 + margin)
    }

    func layout(from y0: Double, to y1: Double) throws -> PageLayoutSnapshot? {
        if let s = layoutCache, s.covers(y0, y1) { return s }
        // Real time: a range on a grid of 256 pt, so the frames of a scroll ask the page for the same
        // one. Virtual time (simulate) asks for the range as it is and parses every answer, as before.
        let (lo, hi) = isVirtual ? (y0, y1) : ((y0 / 256).rounded(.down) * 256, (y1 / 256).rounded(.up) * 256)
        let held = isVirtual ? nil : layoutHeld.flatMap { $0.covers(lo, hi) ? $0 : nil }
        layoutChanged = false
        let doing = "reading the page's layout"
        let have = held.map { String($0.version) } ?? "null"
        let call = "(v => v ? v.layout(\(ProtocolJSON.number(lo)), \(ProtocolJSON.number(hi)), \(have)) : null)"
        let value = try guarded(doing) { try evaluate(call + "(window.__liveblogView)", doing: doing) }
        if case .null = value { return nil }
        let s = value.stringValue == "same" && held != nil ? held! : try PageLayoutSnapshot.parse(value, from: lo, to: hi)
        layoutCache = s
        layoutHeld = s
        return s
    }
}
