import Foundation
import ImageDecoding
import TerminalKit

/// Decoded images, scaled per size, made off the drawing path (I3): a miss queues the decode on a
/// background queue and the frame draws a placeholder; the run loop redraws when `generation` moves.
// @unchecked Sendable: entries, decoded pictures and counters are under `lock`; `synchronous` is set before use.
final class ImageCache: @unchecked Sendable {
    struct Key: Hashable {
        var path: String
        var cols: Int
        var halfRows: Int
        var mode: ColorMode
        var unicode: Bool
        /// libchafa's symbols (G1, G2) instead of half blocks.
        var symbols: Bool
    }
    enum Entry { case pending, ready([[Cell]]), failed(String) }

    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]
    private var decoded: [String: Result<RGBAImage, ImageError>] = [:]
    private var order: [Key] = []
    private let queue = DispatchQueue(label: "liveblog.images", qos: .userInitiated)
    private(set) var generation = 0
    /// Decodes queued and not finished yet (the run loop wakes for them; T7).
    private var inProgress = 0
    /// Synchronous decoding, for tests and bench (deterministic output).
    var synchronous = false

    func cells(path: String, cols: Int, halfRows: Int, mode: ColorMode, unicode: Bool,
               symbols: Bool = false) -> Entry {
        let key = Key(path: path, cols: cols, halfRows: halfRows, mode: mode, unicode: unicode,
                      symbols: symbols)
        lock.lock()
        if let e = entries[key] {
            lock.unlock()
            return e
        }
        entries[key] = .pending
        order.append(key)
        if order.count > 256 { entries[order.removeFirst()] = nil }
        lock.unlock()
        let work: @Sendable () -> Void = { [self] in
            lock.lock()
            let cached = decoded[path]
            lock.unlock()
            // A real source's pixels (R2) first, else the image file at the path (I3).
            let img = cached ?? SuppliedImages.shared.image(for: path).map { .success($0) }
                ?? ImageDecoder.decode(file: path)
            let entry: Entry
            switch img {
            case .success(let i):
                // Cells of two half-rows each; a half-row is 8 pt of the item's height.
                let rows = (halfRows + 1) / 2
                entry = .ready(symbols
                    ? Self.symbolCells(i, cols: cols, rows: rows)
                    : ImageRaster.render(i, cols: cols, rows: rows, mode: mode, unicode: unicode))
            case .failure(let e):
                entry = .failed(e.description)
            }
            lock.lock()
            if cached == nil {
                decoded[path] = img
                if decoded.count > 64 { decoded.removeAll() }
            }
            entries[key] = entry
            generation += 1
            if !synchronous { inProgress -= 1 }
            lock.unlock()
        }
        if synchronous {
            work()
            return cells(path: path, cols: cols, halfRows: halfRows, mode: mode, unicode: unicode,
                         symbols: symbols)
        }
        lock.withLock { inProgress += 1 }
        queue.async { work() }
        return .pending
    }

    /// The decoded picture of `path`, once a `cells` call has decoded it (pixel protocols, G1).
    func pixels(path: String) -> RGBAImage? {
        guard case .success(let i)? = lock.withLock({ decoded[path] }) else { return nil }
        return i
    }

    /// The symbols rung through libchafa: each cell a glyph with its colours (G1, G2).
    static func symbolCells(_ i: RGBAImage, cols: Int, rows: Int) -> [[Cell]] {
        ChafaEncoder.symbols(i, cols: cols, rows: rows).map { line in
            line.map { c in
                Cell(text: String(c.glyph), style: Style(fg: c.fg.map { .rgb($0.r, $0.g, $0.b) } ?? .default,
                                                         bg: c.bg.map { .rgb($0.r, $0.g, $0.b) } ?? .default))
            }
        }
    }

    var currentGeneration: Int { lock.withLock { generation } }
    var hasPending: Bool { lock.withLock { inProgress > 0 } }
}
