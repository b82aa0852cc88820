import Foundation
import ImageDecoding
import TerminalCaps
@testable import TerminalGraphics
import XCTest

/// G2: libchafa encodes every pixel protocol and the symbols rung; G7: the output is checked
/// against each protocol's documented form and by the pixels it draws.
final class ChafaEncoderTests: XCTestCase {
    /// Top half red, bottom half blue, `w` × `h`.
    static func split(_ w: Int, _ h: Int) -> RGBAImage {
        var b: [UInt8] = []
        for y in 0..<h {
            for _ in 0..<w { b += y < h / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        }
        return RGBAImage(width: w, height: h, pixels: b)
    }

    func testG2_kittyOutputIsTheDocumentedChunkedForm() throws {
        let cell = CellPixelSize(width: 10, height: 20)
        let out = String(decoding: ChafaEncoder.encode(Self.split(40, 40), proto: .kitty, cols: 4, rows: 2,
                                                       cell: cell, kittyID: 7), as: UTF8.self)
        // kitty docs: the first chunk carries the keys and m=1, the middle ones only m=1, the
        // last m=0; each chunk's payload is base64 of at most 4096 bytes; a=t/T with f=32 or 24.
        let chunks = out.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
        XCTAssertGreaterThanOrEqual(chunks.count, 2)
        XCTAssertTrue(chunks.allSatisfy { $0.hasPrefix("\u{1B}_G") }, "every chunk is an APC G command")
        let first = chunks[0].dropFirst(3)
        let keys = Dictionary(uniqueKeysWithValues: first.split(separator: ";")[0].split(separator: ",").map {
            let kv = $0.split(separator: "=")
            return (String(kv[0]), String(kv[1]))
        })
        XCTAssertEqual(keys["a"], "t", "transmit only; a=p places it")
        XCTAssertEqual(keys["i"], "7")
        XCTAssertEqual(keys["q"], "2", "no reply into the input")
        XCTAssertEqual(keys["m"], "1")
        let f = try XCTUnwrap(keys["f"].flatMap { Int($0) })
        XCTAssertTrue(f == 32 || f == 24)
        let w = try XCTUnwrap(keys["s"].flatMap { Int($0) }), h = try XCTUnwrap(keys["v"].flatMap { Int($0) })
        // Each chunk's payload is whole base64 (kitty decodes chunk by chunk).
        var data = Data()
        for c in chunks.dropFirst().dropLast() {
            let parts = c.dropFirst(3).split(separator: ";", maxSplits: 1)
            XCTAssertEqual(parts.count, 2)
            XCTAssertEqual(parts[0], "m=1", "later chunks carry only m")
            XCTAssertLessThanOrEqual(parts[1].count, 4096)
            data += try XCTUnwrap(Data(base64Encoded: String(parts[1])))
        }
        XCTAssertEqual(chunks.last, "\u{1B}_Gm=0", "the last chunk ends the transfer")
        XCTAssertEqual(data.count, w * h * f / 8)
        // Top row red, bottom row blue.
        let bpp = f / 8
        XCTAssertEqual(Array(data[0..<3]), [255, 0, 0])
        XCTAssertEqual(Array(data[((h - 1) * w) * bpp..<((h - 1) * w) * bpp + 3]), [0, 0, 255])
    }

    func testG2_sixelOutputDrawsTheImage() throws {
        let cell = CellPixelSize(width: 10, height: 20)
        let bytes = ChafaEncoder.encode(Self.split(40, 40), proto: .sixel, cols: 4, rows: 2, cell: cell)
        XCTAssertEqual(Array(bytes.prefix(2)), [0x1B, 0x50], "DCS")
        XCTAssertEqual(Array(bytes.suffix(2)), [0x1B, 0x5C], "ST")
        let img = try XCTUnwrap(SixelImage.decode(bytes))
        XCTAssertEqual(img.width, 40)
        // chafa would trim a sixel image to whole six-pixel bands (40 → 36 px, the last 4 pixel
        // rows of its cells left as they were); it is padded to whole bands instead (42 px), the
        // two rows below its cells transparent: sixel leaves pixels it does not set alone (X9).
        XCTAssertEqual(img.height, 42)
        XCTAssertNotNil(img.at(20, 39), "its last pixel row is drawn")
        XCTAssertNil(img.at(20, 40), "nothing drawn below its cells")
        XCTAssertNil(img.at(20, 41))
        let top = try XCTUnwrap(img.at(20, 5)), bottom = try XCTUnwrap(img.at(20, 38))
        XCTAssertGreaterThan(top.0, 200)
        XCTAssertLessThan(top.2, 50)
        XCTAssertGreaterThan(bottom.2, 200)
        XCTAssertLessThan(bottom.0, 50)
    }

    func testG2_iterm2OutputIsAnInlineFile() throws {
        let cell = CellPixelSize(width: 10, height: 20)
        let out = String(decoding: ChafaEncoder.encode(Self.split(40, 40), proto: .iterm2, cols: 4, rows: 2,
                                                       cell: cell), as: UTF8.self)
        let prefix = "\u{1B}]1337;File=inline=1;width=4;height=2;preserveAspectRatio=0:"
        XCTAssertTrue(out.hasPrefix(prefix), out.prefix(80).debugDescription)
        XCTAssertTrue(out.hasSuffix("\u{07}"))
        let b64 = out.dropFirst(prefix.count).dropLast()
        XCTAssertNotNil(Data(base64Encoded: String(b64)), "the file is base64")
    }

    func testG1_symbolsRungGivesCellsInColour() {
        let cells = ChafaEncoder.symbols(Self.split(16, 32), cols: 1, rows: 1)
        XCTAssertEqual(cells.count, 1)
        let c = cells[0][0]
        // Red over blue in one cell: an upper half block red on blue, or a lower one blue on red.
        let red = (UInt8(255), UInt8(0), UInt8(0)), blue = (UInt8(0), UInt8(0), UInt8(255))
        if c.glyph == "▀" {
            XCTAssertTrue(c.fg! == red && c.bg! == blue, "\(c)")
        } else {
            XCTAssertEqual(c.glyph, "▄")
            XCTAssertTrue(c.fg! == blue && c.bg! == red, "\(c)")
        }
    }

    func testG2_nothingForEmptyImagesOrCellRungs() {
        let cell = CellPixelSize(width: 10, height: 20)
        XCTAssertEqual(ChafaEncoder.encode(Self.split(4, 4), proto: .symbols, cols: 1, rows: 1, cell: cell), [])
        XCTAssertEqual(ChafaEncoder.encode(Self.split(4, 4), proto: .kitty, cols: 0, rows: 1, cell: cell), [])
    }
}
