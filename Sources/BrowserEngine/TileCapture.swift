import Foundation
import ImageDecoding
import LiveblogModel

/// One capture of `PageTiles` (X9, X14): asked of the engine (`PagePixels`), its reply taken in
/// by the drawing thread's polls without waiting, then made into pixels (Chromium's PNG decoded
/// with libpng, WebKit's raw rows converted), split into row tiles and prepared for the terminal on a queue of its own; the rows become
/// ready one by one.
// @unchecked Sendable: the decoding flag, the ready tiles and the end are under `lock`; the rest is `let`.
final class TileCapture: @unchecked Sendable {
    enum End: Sendable {
        case done(bytes: Int)
        /// The engine refused it or its reply held no picture.
        case refused
        /// No reply within the time allowed.
        case lost
    }

    let id: Int
    let rows: Range<Int>
    /// The rows to make tiles of (the others have theirs of this version already).
    let keep: Set<Int>
    let version: Int
    let width: Double
    /// The columns its rows are drawn in (what the terminal's encoding of them fills).
    let columns: Int
    let keyPrefix: String
    let started = Date()
    private var decoding = false
    private let lock = NSLock()
    private var ready: [(row: Int, tile: PageTiles.Tile)] = []
    private var end: End?

    private init(id: Int, rows: Range<Int>, keep: Set<Int>, version: Int, width: Double, columns: Int,
                 keyPrefix: String) {
        self.id = id
        self.rows = rows
        self.keep = keep
        self.version = version
        self.width = width
        self.columns = columns
        self.keyPrefix = keyPrefix
    }

    /// Asks the engine for `rows`' pixels at the cell's height in pixels a row (`PagePixels`:
    /// Chromium's screenshot with a clip, WebKit's snapshot cropped). Does not wait.
    static func ask(_ engine: any PagePixels, rows: Range<Int>, keep: Set<Int>, version: Int, width: Double,
                    columns: Int, spec: TileSpec, rowHeight: Double, keyPrefix: String) throws -> TileCapture {
        let id = try engine.askPixels(x: 0, y: Double(rows.lowerBound) * rowHeight, width: width,
                                      height: Double(rows.count) * rowHeight,
                                      pixelsPerPoint: Double(spec.cellPixelHeight) / rowHeight)
        return TileCapture(id: id, rows: rows, keep: keep, version: version, width: width, columns: columns,
                           keyPrefix: keyPrefix)
    }

    var ended: End? { lock.withLock { end } }

    /// The rows prepared since the last call.
    func takeReady() -> [(row: Int, tile: PageTiles.Tile)] {
        lock.withLock {
            defer { ready = [] }
            return ready
        }
    }

    /// Takes the reply in if it has come (the frame never waits), and starts its decoding.
    func poll(_ engine: any PagePixels, timeout: Double, prepare: (@Sendable (String, RGBAImage, Int) -> Void)?) throws {
        guard !decoding, ended == nil else { return }
        switch try engine.pollPixels(id) {
        case .pending:
            if Date().timeIntervalSince(started) > timeout {
                engine.dropPixels(id)
                finish(.lost)
            }
        case .refused: finish(.refused)
        case let .came(picture):
            decoding = true
            TileWorker.shared.run { self.decode(picture, prepare: prepare) }
        }
    }

    /// Off the drawing thread: the answer made into pixels (none: a refusal), the picture split
    /// into one tile a row (row i: pixel rows i·h/n ..< (i+1)·h/n), each prepared before it is ready.
    private func decode(_ picture: @Sendable () -> (image: RGBAImage, bytes: Int)?,
                        prepare: (@Sendable (String, RGBAImage, Int) -> Void)?) {
        guard let (image, bytes) = picture(), image.height >= rows.count else { return finish(.refused) }
        let n = rows.count
        for (i, row) in rows.enumerated() where keep.contains(row) {
            let key = "\(keyPrefix):\(row)"
            let tile = image.rows(i * image.height / n, (i + 1) * image.height / n)
            prepare?(key, tile, columns)
            let t = PageTiles.Tile(version: version, width: width, key: key, image: tile)
            lock.withLock { ready.append((row, t)) }
        }
        finish(.done(bytes: bytes))
    }

    private func finish(_ e: End) { lock.withLock { end = e } }
}

/// The thread the tiles' pictures are decoded and encoded on, at nice +10: when the two cores are
/// busy, the drawing thread and the engine come first (the frame's p99, X9). A thread of its own,
/// not a dispatch queue: a queue's pool threads run other work too, and a thread cannot lower its
/// nice again without privilege.
// @unchecked Sendable: its queue of work is under `lock`; its one thread takes from it.
final class TileWorker: @unchecked Sendable {
    static let shared = TileWorker()
    private let lock = NSLock()
    private var jobs: [@Sendable () -> Void] = []
    private let waiting = DispatchSemaphore(value: 0)

    private init() {
        let thread = Thread { [self] in
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            while true {
                waiting.wait()
                let job = lock.withLock { jobs.removeFirst() }
                job()
            }
        }
        thread.name = "liveblog.engine-tiles"
        thread.start()
    }

    func run(_ job: @escaping @Sendable () -> Void) {
        lock.withLock { jobs.append(job) }
        waiting.signal()
    }
}
