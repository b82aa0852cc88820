@_exported import TerminalCaps
@_exported import TerminalGraphics
import ImageDecoding

/// Link text the screen re-writes inside OSC 8 after ncurses' frame (G5).
public struct LinkSpan: Hashable, Sendable {
    public var row: Int
    public var col: Int
    public var text: String
    public var style: Style
    public var uri: String

    public init(row: Int, col: Int, text: String, style: Style, uri: String) {
        self.row = row
        self.col = col
        self.text = text
        self.style = style
        self.uri = uri
    }
}

/// What a terminal screen writes around ncurses' own frame output, from the probe's features:
/// synchronized output around the whole frame (G3), pixel images after it (G1), link text in
/// OSC 8 (G5). Pure: it returns bytes and rows; the screen writes them and tells ncurses.
public final class FrameDecorations {
    public let features: TerminalFeatures
    public let colorMode: ColorMode
    private let layer: PixelImageLayer?
    private var images: [PixelImageRequest] = []
    private var pixels: [Int: RGBAImage] = [:]
    private var area: Range<Int> = 0..<0
    private var links: [LinkSpan] = []
    /// The screen's height (a sixel image on its last row is not padded below it).
    public var screenRows: Int?

    public init(features: TerminalFeatures, colorMode: ColorMode) {
        self.features = features
        self.colorMode = colorMode
        if features.graphics.isPixels {
            let cell = features.cellPixels ?? CellPixelSize(width: 8, height: 16)
            layer = PixelImageLayer(proto: features.graphics, cell: cell,
                                    passthrough: features.tmuxPassthrough)
        } else {
            layer = nil
        }
    }

    /// Pixel images are drawn (kitty, sixel or iTerm2 chosen).
    public var drawsPixels: Bool { layer != nil }

    /// Asks for an image in this frame; `clip` is the list area between the bars.
    public func placeImage(_ r: PixelImageRequest, pixels p: RGBAImage, clip: Range<Int>) {
        guard layer != nil else { return }
        if !images.contains(where: { $0.key == r.key }) { images.append(r) }
        pixels[r.key] = p
        area = clip
    }

    /// Marks link text of this frame.
    public func link(_ span: LinkSpan) {
        guard features.hyperlinks, !span.text.isEmpty else { return }
        links.append(span)
    }

    /// The frame's plan: bytes before ncurses' output, rows ncurses must repaint, bytes after.
    public struct Plan: Hashable, Sendable {
        public var before: [UInt8] = []
        public var staleRows: [Int] = []
        public var after: [UInt8] = []
    }

    /// Ends the frame's requests and says what to write. Call once per frame, before `doupdate`;
    /// `written` as `PixelImageLayer.frame` takes it: told the stale rows, it answers the rows
    /// ncurses' output will write (an image on one of them is drawn again after it).
    public func plan(written: ([Int]) -> Set<Int> = { Set($0) }) -> Plan {
        var p = Plan()
        if features.synchronizedOutput { p.before = Array(TerminalSequences.syncBegin.utf8) }
        if let layer {
            let px = pixels
            let f = layer.frame(images, area: area, written: written, screenRows: screenRows) { px[$0] }
            p.staleRows = f.staleRows
            p.before += f.blank
            p.after += f.bytes
        }
        if !links.isEmpty { p.after += Array(linkBytes().utf8) }
        if features.synchronizedOutput { p.after += Array(TerminalSequences.syncEnd.utf8) }
        images.removeAll(keepingCapacity: true)
        pixels.removeAll(keepingCapacity: true)
        links.removeAll(keepingCapacity: true)
        return p
    }

    /// The link spans again, each inside OSC 8, in their style; DECSC/DECRC keep ncurses' cursor
    /// and attributes as they were.
    func linkBytes() -> String {
        var s = "\u{1B}7"
        for l in links {
            s += "\u{1B}[\(l.row + 1);\(l.col + 1)H" + SGR.sequence(l.style, mode: colorMode)
            s += TerminalSequences.hyperlink(l.uri, text: l.text)
        }
        return s + "\u{1B}[0m\u{1B}8"
    }

    /// After a resize or full repaint: every image is drawn again.
    public func invalidate() { layer?.invalidate() }

    /// Bytes for the exit (kitty placements removed).
    public func teardown() -> [UInt8] { layer?.teardown() ?? [] }
}
