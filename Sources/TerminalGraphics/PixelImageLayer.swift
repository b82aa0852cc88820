import ImageDecoding
import TerminalCaps

/// One image the renderer wants shown in pixels this frame, in screen cells.
public struct PixelImageRequest: Hashable, Sendable {
    /// A stable key of the image (the same picture keeps its key while it scrolls).
    public var key: Int
    /// The screen row of the image's first cell row (may lie above or below the list area).
    public var top: Int
    public var col: Int
    public var rows: Int
    public var cols: Int
    /// Where `PreparedImages` may hold the image's bytes, encoded off the drawing thread.
    public var source: String?

    public init(key: Int, top: Int, col: Int, rows: Int, cols: Int, source: String? = nil) {
        self.key = key
        self.top = top
        self.col = col
        self.rows = rows
        self.cols = cols
        self.source = source
    }
}

/// What a frame must do for its pixel images.
public struct PixelFrame: Hashable, Sendable {
    /// Screen rows whose text must be repainted before this frame's `doupdate` (ncurses
    /// `wredrawln`): pixels of an image that moved or went away lie there (G1: no stale pixels).
    public var staleRows: [Int] = []
    /// Bytes written before ncurses' output: the cells the pixels left, overwritten with spaces.
    /// ncurses believes those cells blank and need not write them; a written space (or an erase,
    /// EL, EL1, ED, in xterm 379) clears the pixels under it. ncurses then repaints the rows' text.
    public var blank: [UInt8] = []
    /// Bytes written after `doupdate`: images placed, moved, clipped or deleted. The cursor is
    /// saved and restored around them (DECSC/DECRC) so ncurses' idea of it stays true.
    public var bytes: [UInt8] = []
}

/// Keeps pixel images in step with the text (G1): each frame, the images the renderer asks for
/// are clipped to the list area between the bars; unchanged ones cost nothing, moved ones are
/// re-placed (kitty: `a=p` moves the placement of the image transmitted once) or re-drawn
/// (sixel, iTerm2: the visible rows are encoded again and the rows they left are repainted).
public final class PixelImageLayer {
    public let proto: GraphicsProtocol
    public let cell: CellPixelSize
    public let passthrough: Bool

    struct Shown: Hashable {
        var request: PixelImageRequest
        var visible: Range<Int>
    }

    private var shown: [Int: Shown] = [:]
    /// Kitty: image key → (cols, rows, pixel width, pixel height) transmitted, oldest first in
    /// `transmittedOrder`. Past `maxTransmitted` the oldest not on screen are freed in the
    /// terminal (an engine page's row tiles are new pictures with each capture, X9).
    private var transmitted: [Int: [Int]] = [:]
    private var transmittedOrder: [Int] = []
    public static let maxTransmitted = 256
    private var cache = EncodedCache()
    private var screenRows: Int?

    public init(proto: GraphicsProtocol, cell: CellPixelSize, passthrough: Bool = false) {
        precondition(proto.isPixels, "pixel protocols only")
        self.proto = proto
        self.cell = cell
        self.passthrough = passthrough
    }

    /// The frame's work for `requests` inside `area` (screen rows between the bars).
    /// `pixels` gives an image's RGBA by key (nil: not decoded, nothing shown). `written` is told
    /// the rows the pixels left (`staleRows`) and answers every screen row the text layer writes
    /// this frame, those included (sixel and iTerm2 only; the default: just those).
    /// `screenRows`: the screen's height, when known (V1: no picture on its last row; a sixel image
    /// on the area's last row is not padded).
    public func frame(_ requests: [PixelImageRequest], area: Range<Int>,
                      written: ([Int]) -> Set<Int> = { Set($0) }, screenRows: Int? = nil,
                      pixels: (Int) -> RGBAImage?) -> PixelFrame {
        self.screenRows = screenRows
        // V1: pixels only in whole cell rows of the list's area, and never on the screen's last
        // row (a terminal that draws a picture there moves its cursor below it and scrolls).
        let area = area.lowerBound..<max(area.lowerBound, min(area.upperBound, (screenRows ?? .max) - 1))
        var out = PixelFrame()
        var next: [Int: Shown] = [:]
        var stale: [Shown] = []
        var visible: [(shown: Shown, image: RGBAImage, moved: Bool)] = []
        for r in requests {
            let lo = max(r.top, area.lowerBound), hi = min(r.top + r.rows, area.upperBound)
            guard lo < hi, r.cols > 0, let img = pixels(r.key) else { continue }
            let now = Shown(request: r, visible: lo..<hi)
            next[r.key] = now
            let moved = shown[r.key] != now
            if moved, let old = shown[r.key], proto != .kitty { stale.append(old) }
            visible.append((now, img, moved))
        }
        var gone = ""
        for (key, old) in shown where next[key] == nil {
            if proto == .kitty {
                gone += wrap(KittyCommands.deletePlacements(id: Self.kittyID(key)))
            } else {
                stale.append(old)
            }
        }
        shown = next
        out.staleRows = Array(Set(stale.flatMap { Array($0.visible) })).sorted()
        out.blank = Self.blanking(stale)
        // Issue 32: sixel and iTerm2 pixels live in the cells, and a terminal clears them under any
        // text or erase (EL, EL1, ED) written over them; kitty placements are not in the cells.
        // An image that did not move is drawn again when the text layer writes one of its rows.
        let touched = proto == .kitty ? [] : written(out.staleRows)
        var body = ""
        for v in visible where v.moved || !touched.isDisjoint(with: v.shown.visible) {
            body += draw(v.shown, v.image)
        }
        body += gone + freeOldest()
        if !body.isEmpty { out.bytes = Array(("\u{1B}7" + body + "\u{1B}8").utf8) }
        return out
    }

    /// Kitty: frees the oldest transmitted images not on screen beyond `maxTransmitted`.
    private func freeOldest() -> String {
        guard proto == .kitty, transmitted.count > Self.maxTransmitted else { return "" }
        var out = "", kept: [Int] = []
        var excess = transmitted.count - Self.maxTransmitted
        for key in transmittedOrder {
            if excess > 0, shown[key] == nil {
                transmitted[key] = nil
                out += wrap(KittyCommands.deleteImage(id: Self.kittyID(key)))
                excess -= 1
            } else {
                kept.append(key)
            }
        }
        transmittedOrder = kept
        return out
    }

    /// Forgets what is on screen (after a full repaint or resize): the next frame draws all again.
    public func invalidate() { shown.removeAll() }

    /// At exit: kitty placements removed (sixel and iTerm2 pixels go with the alternate screen).
    public func teardown() -> [UInt8] {
        shown.removeAll()
        return proto == .kitty ? Array(wrap(KittyCommands.deleteAll).utf8) : []
    }

    static func kittyID(_ key: Int) -> UInt32 { UInt32(truncatingIfNeeded: key & 0x7FFF_FFFF) + 1 }

    func wrap(_ s: String) -> String { passthrough ? TmuxPassthrough.wrap(s) : s }

    /// Spaces over the cells of images that moved or went (cursor and attributes kept).
    static func blanking(_ stale: [Shown]) -> [UInt8] {
        guard !stale.isEmpty else { return [] }
        var s = "\u{1B}7\u{1B}[0m"
        for old in stale {
            for row in old.visible {
                s += moveTo(row: row, col: old.request.col) + String(repeating: " ", count: old.request.cols)
            }
        }
        return Array((s + "\u{1B}8").utf8)
    }

    static func moveTo(row: Int, col: Int) -> String { "\u{1B}[\(row + 1);\(col + 1)H" }

    private func draw(_ s: Shown, _ img: RGBAImage) -> String {
        let r = s.request
        let first = s.visible.lowerBound - r.top, count = s.visible.count
        if proto == .kitty {
            var out = ""
            let size = [r.cols, r.rows]
            if transmitted[r.key]?.prefix(2).elementsEqual(size) != true {
                let bytes = ChafaEncoder.encode(img, proto: .kitty, cols: r.cols, rows: r.rows, cell: cell,
                                                kittyID: Self.kittyID(r.key))
                let (w, h) = Self.kittySize(bytes) ?? (r.cols * cell.width, r.rows * cell.height)
                if transmitted[r.key] == nil { transmittedOrder.append(r.key) }
                transmitted[r.key] = size + [w, h]
                out += wrap(String(decoding: bytes, as: UTF8.self))
            }
            let t = transmitted[r.key]!
            let (w, h) = (t[2], t[3])
            let y0 = first * h / r.rows, y1 = (first + count) * h / r.rows
            out += Self.moveTo(row: s.visible.lowerBound, col: r.col)
            out += wrap(KittyCommands.place(id: Self.kittyID(r.key), x: 0, y: y0, w: w, h: y1 - y0,
                                            cols: r.cols, rows: count))
            return out
        }
        // An image encoded whole off the drawing thread (an engine page's row tile, X9: libchafa's
        // sixel palette costs about 6 ms an image, however small) is sent as it is.
        // V1: padded to whole bands (transparent rows, nothing painted) only while the padding
        // cannot reach the screen's last row: xterm's cursor goes below the last band, and past
        // the last row it scrolls the screen (a 13-px row above the toolbar rounded up to 18 px
        // did). There the image is rounded down to whole bands instead.
        let pad = s.visible.upperBound < (screenRows ?? .max) - 1
        let prepared = first == 0 && count == r.rows && pad
            ? r.source.flatMap { PreparedImages.shared.bytes($0, proto: proto, cols: r.cols, rows: r.rows, cell: cell) } : nil
        let bytes = prepared ?? cache.get(key: [r.key, r.cols, r.rows, first, count, pad ? 1 : 0]) {
            let y0 = first * img.height / r.rows, y1 = (first + count) * img.height / r.rows
            return ChafaEncoder.encode(img.rows(y0, y1), proto: proto, cols: r.cols, rows: count, cell: cell,
                                       padToBands: pad)
        }
        let image = wrap(String(decoding: bytes, as: UTF8.self))
        return Self.moveTo(row: s.visible.lowerBound, col: r.col) + image
    }

    /// The pixel size `s=…,v=…` chafa chose for a kitty transmission.
    static func kittySize(_ bytes: [UInt8]) -> (Int, Int)? {
        let head = String(decoding: bytes.prefix(120), as: UTF8.self)
        guard let command = head.split(separator: "\u{1B}").first,
              let keys = command.split(separator: ";").first else { return nil }
        var w: Int?, h: Int?
        for kv in keys.dropFirst(2).split(separator: ",") {
            if kv.hasPrefix("s=") { w = Int(kv.dropFirst(2)) }
            if kv.hasPrefix("v=") { h = Int(kv.dropFirst(2)) }
        }
        guard let w, let h else { return nil }
        return (w, h)
    }
}

/// Encoded sixel/iTerm2 bytes by (key, size, clip): a fling shows the same clips again and again.
struct EncodedCache {
    private var entries: [[Int]: [UInt8]] = [:]
    private var bytes = 0
    static let maxBytes = 32 << 20

    mutating func get(key: [Int], _ make: () -> [UInt8]) -> [UInt8] {
        if let v = entries[key] { return v }
        let v = make()
        if bytes + v.count > Self.maxBytes {
            entries.removeAll()
            bytes = 0
        }
        entries[key] = v
        bytes += v.count
        return v
    }
}
