import Foundation
import ImageDecoding
import LiveblogModel

/// The terminal's cell in pixels and how the engine's pixels reach it (X9).
public struct TileSpec: Sendable, Equatable {
    /// A row's height in pixels (libchafa fits a tile's width to the row's columns).
    public var cellPixelHeight: Int
    /// Rows one capture takes at most (one screenshot, split into row tiles).
    public var maxBandRows = 48
    /// Captured rows that become tiles in one frame at most.
    public var deliverPerFrame = 8

    public init(cellPixelHeight: Int) {
        self.cellPixelHeight = max(1, cellPixelHeight)
    }
}

/// X9 on a terminal with pixel graphics: the web row as the engine painted it, in tiles of one
/// cell row each. A row tile is always whole on screen (the list moves by rows), so a terminal
/// that redraws pixels when they move (sixel, iTerm2) re-sends a tile's bytes, encoded once,
/// and never re-encodes a tile cut by a bar. The engine paints a band of rows per capture
/// (`PagePixels`: Chromium's `Page.captureScreenshot` with a clip at the terminal's cell size,
/// WebKit's snapshot of its window cropped and scaled to it, X14); one capture is in flight at a time and the frame never waits for
/// it: its picture is decoded, split and prepared for the terminal off the drawing thread
/// (`TileCapture`), and the terminal draws the tiles it has (an older one until its row is
/// captured again) and, where a row has none yet, the engine's text layout. Kept: the rows on
/// screen and a screen's worth either side; the others' pixels are dropped.
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

    /// One finished capture (X9, bench): rows, seconds from asking to having the pixels, PNG bytes.
    public struct Measure: Sendable {
        public let rows: Int
        public let seconds: Double
        public let bytes: Int
    }

    public let spec: TileSpec
    /// Page height of a row (the cell's height in pt), and the width of a column.
    let rowHeight: Double
    let columnWidth: Double
    public private(set) var tiles: [Int: Tile] = [:]
    private var inFlight: TileCapture?
    private var arrived: [Int: Tile] = [:]
    private var serial = 0
    private let name: String
    // nonisolated(unsafe): pages are made on the run loop's thread only (a name's serial).
    nonisolated(unsafe) private static var made = 0
    /// Puts a tile's pixels where the terminal finds them by key, or drops them (nil).
    public var deliver: (String, RGBAImage?) -> Void
    /// Run off the drawing thread for each captured row before it is delivered (key, pixels, the
    /// columns it is drawn in): the terminal's encoding of it (`PreparedImages`).
    public var prepare: (@Sendable (String, RGBAImage, Int) -> Void)?
    public private(set) var measures: [Measure] = []
    /// Seconds a capture may take before it is given up (and asked for again, after a pause).
    public var captureTimeout = 5.0
    /// After a refused or lost capture the next waits: 0.25 s, doubling to 4 s while they fail;
    /// a lost one also doubles the time the next may take (the engine may just be slow).
    private var retryAt = Date.distantPast
    private var failuresInARow = 0
    static let storeCapacity = 512

    public init(spec: TileSpec, rowHeight: Double = 16, columnWidth: Double = 8,
                deliver: @escaping (String, RGBAImage?) -> Void) {
        self.spec = spec
        self.rowHeight = rowHeight
        self.columnWidth = columnWidth
        self.deliver = deliver
        PageTiles.made += 1
        name = "engine-tile:\(PageTiles.made)"
    }

    deinit { for t in Array(tiles.values) + Array(arrived.values) { deliver(t.key, nil) } }

    public var isCapturing: Bool { inFlight != nil }

    /// The rows a page range falls in.
    func rows(from y0: Double, to y1: Double) -> Range<Int> {
        let lo = max(0, Int((y0 / rowHeight).rounded(.down)))
        return lo..<max(lo, Int((y1 / rowHeight).rounded(.up)))
    }

    /// One drawn frame: a finished capture taken in, the next one asked for (the visible rows
    /// that have no tile of `version` first, then the screen below, then the one above), and
    /// tiles far from `visible` dropped. `within`: the rows the engine paints (a self-scrolling
    /// web view's viewport; nil: all).
    func update(_ engine: any PagePixels, visible: Range<Int>, version: Int, width: Double, contentHeight: Double,
                within: Range<Int>? = nil) throws {
        try takeIn(engine)
        deliverArrived(visible: visible)
        // The rows the engine paints: `within`, and those it can capture now (WebKit's window).
        let reach = engine.capturable.map { Int(($0.lowerBound / rowHeight).rounded(.up))..<Int(($0.upperBound / rowHeight).rounded(.down)) }
        let first = max(within?.lowerBound ?? 0, reach?.lowerBound ?? 0)
        let last = max(first, min(Int((contentHeight / rowHeight).rounded(.up)), within?.upperBound ?? .max,
                                  reach?.upperBound ?? .max))
        let lo = min(max(visible.lowerBound, first), last), hi = max(lo, min(visible.upperBound, last))
        // A screen either side, fewer on a tall screen: the kept rows and a band in flight stay
        // within what the terminal's image stores hold (SuppliedImages, PreparedImages: 512).
        let n = max(1, min(hi - lo, (PageTiles.storeCapacity - spec.maxBandRows - (hi - lo) - 4) / 2))
        let kept = (lo - n - 2)..<(hi + n + 2)
        for (row, t) in tiles where !kept.contains(row) {
            deliver(t.key, nil)
            tiles[row] = nil
        }
        for (row, t) in arrived where !kept.contains(row) {
            deliver(t.key, nil)
            arrived[row] = nil
        }
        guard inFlight == nil, width >= 1, Date() >= retryAt else { return }
        func needed(_ row: Int) -> Bool {
            let have = arrived[row] ?? tiles[row]
            return have.map { $0.version != version || $0.width != width } ?? true
        }
        let wanted = [lo..<hi, hi..<min(last, hi + n), max(first, lo - n)..<lo]
        for (i, range) in wanted.enumerated() {
            let need = range.filter(needed)
            guard let a = need.first, let b = need.last else { continue }
            // A capture costs about the same for one row as for a band (the engine paints and
            // encodes once): a band of `maxBandRows` from the first row needed, away from the screen.
            let band = i == 2 ? max(first, b + 1 - spec.maxBandRows)..<(b + 1) : a..<min(last, a + spec.maxBandRows)
            serial += 1
            let keep = Set(band.filter { kept.contains($0) && needed($0) })
            inFlight = try TileCapture.ask(engine, rows: band, keep: keep, version: version,
                                           width: width, columns: Int((width / columnWidth).rounded()),
                                           spec: spec, rowHeight: rowHeight, keyPrefix: "\(name):\(serial)")
            return
        }
    }

    /// The capture in flight: its rows prepared so far become arrivals; once it has ended, the
    /// next one may be asked for.
    private func takeIn(_ engine: any PagePixels) throws {
        guard let c = inFlight else { return }
        try c.poll(engine, timeout: captureTimeout, prepare: prepare)
        let end = c.ended   // read first: once it is set, every row it made is ready
        for t in c.takeReady() {
            if let old = arrived[t.row] { deliver(old.key, nil) }
            deliver(t.tile.key, t.tile.image)
            arrived[t.row] = t.tile
        }
        guard let end else { return }
        inFlight = nil
        switch end {
        case .refused, .lost:
            failuresInARow += 1
            retryAt = Date().addingTimeInterval(min(4, 0.25 * Double(1 << min(failuresInARow - 1, 4))))
            if case .lost = end { captureTimeout = min(60, captureTimeout * 2) }
        case let .done(bytes):
            failuresInARow = 0
            measures.append(Measure(rows: c.rows.count, seconds: Date().timeIntervalSince(c.started), bytes: bytes))
            if measures.count > 512 { measures.removeFirst(256) }
        }
    }

    /// Up to `deliverPerFrame` of the rows that arrived, those on screen first, become tiles
    /// (a kitty terminal is sent each new picture in the frame that first draws it).
    private func deliverArrived(visible: Range<Int>) {
        guard !arrived.isEmpty else { return }
        let order = arrived.keys.sorted { a, b in
            let da = visible.contains(a) ? 0 : 1, db = visible.contains(b) ? 0 : 1
            return da != db ? da < db : a < b
        }
        for row in order.prefix(spec.deliverPerFrame) {
            guard let t = arrived.removeValue(forKey: row) else { continue }
            if let old = tiles[row] { deliver(old.key, nil) }
            tiles[row] = t
        }
    }
}
