import Foundation
import ImageDecoding
import TerminalCaps

/// Images encoded for the terminal before the frame that draws them (X9: an engine page's row
/// tiles, encoded on the thread that decoded them), by the source a `PixelImageRequest` names
/// and the protocol, size and cell they were encoded for. At most `capacity` sources, oldest out
/// first.
// @unchecked Sendable: the prepared encodings and their order are under `lock` only.
public final class PreparedImages: @unchecked Sendable {
    public static let shared = PreparedImages()
    public let capacity = 512

    struct Variant: Hashable {
        var proto: GraphicsProtocol
        var cols: Int
        var rows: Int
        var cellWidth: Int
        var cellHeight: Int
    }

    private let lock = NSLock()
    private var entries: [String: [Variant: [UInt8]]] = [:]
    private var order: [String] = []

    public init() {}

    /// Encodes `image` for `cols` × `rows` cells now (on the caller's thread) and keeps the bytes
    /// (sixel and iTerm2, whose bytes are drawn as they are; kitty's carry the image's id).
    public func prepare(_ image: RGBAImage, source: String, proto: GraphicsProtocol, cols: Int, rows: Int,
                        cell: CellPixelSize) {
        guard proto == .sixel || proto == .iterm2 else { return }
        let bytes = ChafaEncoder.encode(image, proto: proto, cols: cols, rows: rows, cell: cell)
        let v = Variant(proto: proto, cols: cols, rows: rows, cellWidth: cell.width, cellHeight: cell.height)
        lock.withLock {
            if entries[source] == nil { order.append(source) }
            entries[source, default: [:]][v] = bytes
            while order.count > capacity { entries[order.removeFirst()] = nil }
        }
    }

    public func bytes(_ source: String, proto: GraphicsProtocol, cols: Int, rows: Int, cell: CellPixelSize) -> [UInt8]? {
        let v = Variant(proto: proto, cols: cols, rows: rows, cellWidth: cell.width, cellHeight: cell.height)
        return lock.withLock { entries[source]?[v] }
    }

    /// Drops every encoding of `source`.
    public func remove(_ source: String) {
        lock.withLock {
            guard entries.removeValue(forKey: source) != nil else { return }
            order.removeAll { $0 == source }
        }
    }

    public var count: Int { lock.withLock { entries.count } }
}
