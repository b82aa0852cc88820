import DevTools
import Foundation
import ImageDecoding
import LiveblogModel

/// The terminal's cell in pixels and how the engine's pixels reach it (X9).
public struct TileSpec: Sendable, Equatable {
    public var cellPixelWidth: Int
    public var cellPixelHeight: Int
    /// Rows one capture takes at most (one screenshot, split into row tiles).
    public var maxBandRows = 48

    public init(cellPixelWidth: Int, cellPixelHeight: Int) {
        self.cellPixelWidth = max(1, cellPixelWidth)
        self.cellPixelHeight = max(1, cellPixelHeight)
    }
}

/// X9 on a terminal with pixel graphics: the web row as the engine painted it, in tiles of one
/// cell row each. A row tile is always whole on screen (the list moves by rows), so a terminal
/// that redraws pixels when they move (sixel, iTerm2) re-sends a tile's bytes, encoded once,
/// and never re-encodes a tile cut by a bar. The engine paints a band of rows per capture
/// (`Page.captureScreenshot` with a clip at the terminal's cell size; the engine renders at the
/// device's density first); one capture is in flight at a time and the frame never waits for
/// it: the terminal draws the tiles it has (an older one until its row is captured again) and,
/// where a row has none yet, the engine's text layout. Kept: the rows on screen and a screen's
/// worth either side; the others' pixels are dropped.
public final class PageTiles {
    public struct Tile: Sendable {
        /// The page's version it shows (`PageLayoutSnapshot.version`): stale once the page's is newer.
        public let version: Int
        /// The page width it shows, from the left edge (pt).
        public let width: Double
        /// Where the terminal finds its pixels (`deliver`): new with each capture, so a row
        /// captured again is drawn again.
        public let key: String
        public let image: RGBAImage
    }

    /// One finished capture (bench, B11; X9): rows, seconds from asking to having the pixels, PNG bytes.
    public struct Measure: Sendable {
        public let rows: Int
        public let seconds: Double
        public let bytes: Int
    }

    struct Capture {
        let id: Int
        let rows: Range<Int>
        let version: Int
        let width: Double
        let started: Date
    }

    public let spec: TileSpec
    /// Page height of a row (the cell's height in pt).
    let rowHeight: Double
    public private(set) var tiles: [Int: Tile] = [:]
    private var inFlight: Capture?
    private var serial = 0
    private let name: String
    nonisolated(unsafe) private static var made = 0
    /// Puts a tile's pixels where the terminal finds them by key, or drops them (nil).
    public var deliver: (String, RGBAImage?) -> Void
    public private(set) var measures: [Measure] = []
    /// Captures the engine refused or gave no picture for.
    public private(set) var refused = 0
    /// Seconds a capture may take before it is given up (and asked for again).
    public var captureTimeout = 5.0

    public init(spec: TileSpec, rowHeight: Double = 16, deliver: @escaping (String, RGBAImage?) -> Void) {
        self.spec = spec
        self.rowHeight = rowHeight
        self.deliver = deliver
        PageTiles.made += 1
        name = "engine-tile:\(PageTiles.made)"
    }

    deinit { for t in tiles.values { deliver(t.key, nil) } }

    public var isCapturing: Bool { inFlight != nil }

    /// The rows a page range falls in.
    func rows(from y0: Double, to y1: Double) -> Range<Int> {
        let lo = max(0, Int((y0 / rowHeight).rounded(.down)))
        return lo..<max(lo, Int((y1 / rowHeight).rounded(.up)))
    }

    /// One drawn frame: a finished capture taken in, the next one asked for (the visible rows
    /// that have no tile of `version` first, then the screen below, then the one above), and
    /// tiles far from `visible` dropped.
    func update(_ engine: EnginePage, visible: Range<Int>, version: Int, width: Double, contentHeight: Double) throws {
        try takeIn(engine)
        let last = Int((contentHeight / rowHeight).rounded(.up))
        let lo = min(visible.lowerBound, last), hi = min(visible.upperBound, last)
        let n = max(1, hi - lo)
        for (row, t) in tiles where row < lo - n - 2 || row >= hi + n + 2 {
            deliver(t.key, nil)
            tiles[row] = nil
        }
        guard inFlight == nil, width >= 1 else { return }
        let wanted = [lo..<hi, hi..<min(last, hi + n), max(0, lo - n)..<lo]
        for range in wanted {
            let need = range.filter { tiles[$0].map { $0.version != version || $0.width != width } ?? true }
            guard let a = need.first, let b = need.last else { continue }
            let band = range == wanted[2] ? max(a, b + 1 - spec.maxBandRows)..<(b + 1)
                : a..<min(b + 1, a + spec.maxBandRows)
            try ask(engine, band, version: version, width: width)
            return
        }
    }

    private func ask(_ engine: EnginePage, _ band: Range<Int>, version: Int, width: Double) throws {
        // The engine renders at the device's density; the clip's scale brings a row to the cell's pixels.
        let scale = Double(spec.cellPixelHeight) / rowHeight / max(engine.config.device.density, 0.1)
        let clip = JSONValue.obj(("x", .number(0)), ("y", .number(Double(band.lowerBound) * rowHeight)),
                                 ("width", .number(width)), ("height", .number(Double(band.count) * rowHeight)),
                                 ("scale", .number(scale)))
        let id = try engine.guarded("capturing the page's pixels") {
            try engine.session.send("Page.captureScreenshot", .obj(
                ("format", .string("png")), ("clip", clip), ("fromSurface", .bool(true)),
                ("optimizeForSpeed", .bool(true))), doing: "capturing the page's pixels")
        }
        inFlight = Capture(id: id, rows: band, version: version, width: width, started: Date())
    }

    /// The capture in flight, if its picture has come: split into its rows' tiles.
    private func takeIn(_ engine: EnginePage) throws {
        guard let c = inFlight else { return }
        let doing = "capturing the page's pixels"
        try engine.guarded(doing) { try engine.client.readAvailable(doing: doing) }
        guard engine.client.hasReply(c.id) else {
            if Date().timeIntervalSince(c.started) > captureTimeout {
                engine.client.discardReply(c.id)
                inFlight = nil
                refused += 1
            }
            return
        }
        inFlight = nil
        let reply: JSONValue
        do {
            reply = try engine.guarded(doing) { try engine.client.reply(to: c.id, doing: doing) }
        } catch DevToolsError.commandFailed {
            refused += 1
            return
        }
        guard let text = reply["data"]?.stringValue, let data = Data(base64Encoded: text),
              case .success(let image) = ImageDecoder.decode(data: [UInt8](data)), image.height >= c.rows.count else {
            refused += 1
            return
        }
        measures.append(Measure(rows: c.rows.count, seconds: Date().timeIntervalSince(c.started), bytes: data.count))
        if measures.count > 512 { measures.removeFirst(256) }
        store(image, rows: c.rows, version: c.version, width: c.width)
    }

    /// A band's picture as one tile per row (row i: pixel rows i·h/n ..< (i+1)·h/n).
    func store(_ image: RGBAImage, rows: Range<Int>, version: Int, width: Double) {
        let n = rows.count
        for (i, row) in rows.enumerated() {
            if let old = tiles[row] { deliver(old.key, nil) }
            serial += 1
            let key = "\(name):\(serial)"
            let tile = image.rows(i * image.height / n, (i + 1) * image.height / n)
            deliver(key, tile)
            tiles[row] = Tile(version: version, width: width, key: key, image: tile)
        }
    }
}
