import XCTest
import ImageDecoding
import LiveblogModel
@testable import TerminalKit

/// PNGs for these tests come from the library's writer (libpng, issue 10); `file` puts them on disk.
extension PNGWriter {
    static func file(_ bytes: [UInt8], name: String) -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("terminalkit-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: url.path, contents: Data(bytes))
        return url.path
    }
}

final class ImageTests: XCTestCase {
    /// 2×2: red, green / blue, white.
    private func quad() -> [UInt8] {
        [255, 0, 0, 255, 0, 255, 0, 255,
         0, 0, 255, 255, 255, 255, 255, 255]
    }

    private func decode(_ bytes: [UInt8], _ name: String) -> Result<RGBAImage, ImageError> {
        ImageDecoder.decode(file: PNGWriter.file(bytes, name: name))
    }

    /// I3: decode pngand half blocks
    func testI3_decodePNGAndHalfBlocks() throws {
        let img = try decode(PNGWriter.write(width: 2, height: 2, rgba: quad()), "quad.png").get()
        XCTAssertEqual(img.width, 2)
        XCTAssertEqual(img.height, 2)
        XCTAssertEqual(img.pixels, quad())

        // Direct colour: one row of half blocks, fg = top pixel, bg = bottom pixel.
        let direct = ImageRaster.render(img, cols: 2, rows: 1, mode: .direct)
        XCTAssertEqual(direct.count, 1)
        XCTAssertEqual(direct[0].count, 2)
        XCTAssertEqual(direct[0][0], Cell(text: "▀", style: Style(fg: .rgb(255, 0, 0), bg: .rgb(0, 0, 255))))
        XCTAssertEqual(direct[0][1], Cell(text: "▀", style: Style(fg: .rgb(0, 255, 0), bg: .rgb(255, 255, 255))))

        // 256 colours: the nearest cube colours.
        let p256 = ImageRaster.render(img, cols: 2, rows: 1, mode: .palette256)
        XCTAssertEqual(p256[0][0].style, Style(fg: .indexed(196), bg: .indexed(21)))
        XCTAssertEqual(p256[0][1].style, Style(fg: .indexed(46), bg: .indexed(231)))

        // Box filter down to one cell: top row mean (127,127,0), bottom row mean (127,127,255).
        let one = ImageRaster.render(img, cols: 1, rows: 1, mode: .direct)
        XCTAssertEqual(one[0][0].style, Style(fg: .rgb(128, 128, 0), bg: .rgb(128, 128, 255)))

        // Upscaling repeats pixels: 4×2 cells of a 2×2 image.
        let big = ImageRaster.render(img, cols: 4, rows: 2, mode: .direct)
        XCTAssertEqual(big.count, 2)
        XCTAssertEqual(big[0][0].style, Style(fg: .rgb(255, 0, 0), bg: .rgb(255, 0, 0)))
        XCTAssertEqual(big[1][3].style, Style(fg: .rgb(255, 255, 255), bg: .rgb(255, 255, 255)))

        // Grey and ASCII fallbacks draw characters by luminance, never a half block.
        let grey = ImageRaster.render(img, cols: 2, rows: 1, mode: .basic8, unicode: true)
        XCTAssertTrue(ImageRaster.shadeRamp.map(String.init).contains(grey[0][0].text))
        XCTAssertEqual(grey[0][1].text, "▓") // green+white is bright
        let ascii = ImageRaster.render(img, cols: 2, rows: 1, mode: .none, unicode: false)
        for c in ascii[0] { XCTAssertTrue(c.text.allSatisfy(\.isASCII)) }
        XCTAssertEqual(ascii[0][1].style, .plain)
        // Colour without Unicode: a space on the mean colour.
        let spaces = ImageRaster.render(img, cols: 2, rows: 1, mode: .direct, unicode: false)
        XCTAssertEqual(spaces[0][0], Cell(text: " ", style: Style(bg: .rgb(128, 0, 128))))
    }

    /// I3: transparent pixels composite over background
    func testI3_transparentPixelsCompositeOverBackground() throws {
        let rgba: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 255]   // 1×2: transparent over opaque red
        let img = try decode(PNGWriter.write(width: 1, height: 2, rgba: rgba), "alpha.png").get()
        let cells = ImageRaster.render(img, cols: 1, rows: 1, mode: .direct, background: (10, 20, 30))
        XCTAssertEqual(cells[0][0].style, Style(fg: .rgb(10, 20, 30), bg: .rgb(255, 0, 0)))
    }

    /// I3: corrupt pngis error
    func testI3_corruptPNGIsError() {
        // A valid header, then an IDAT that is not zlib data.
        let bad = PNGWriter.signature + PNGWriter.ihdr(width: 4, height: 4)
            + PNGWriter.chunk("IDAT", [1, 2, 3, 4, 5, 6, 7, 8]) + PNGWriter.chunk("IEND", [])
        guard case .failure(.corrupt(format: .png, let msg)) = decode(bad, "corrupt.png") else {
            return XCTFail("corrupt data must be an error")
        }
        XCTAssertFalse(msg.isEmpty)

        // Truncated in the middle of the image data.
        let good = PNGWriter.write(width: 8, height: 8, rgba: [UInt8](repeating: 200, count: 256))
        guard case .failure(.truncated(format: .png, _)) = decode(Array(good.prefix(good.count - 40)),
                                                                  "truncated.png") else {
            return XCTFail("truncated data must be an error")
        }

        // Not an image at all, an empty file, and a missing file.
        guard case .failure(.notAnImage) = decode(Array("not an image at all".utf8), "fake.png") else {
            return XCTFail("text is no image")
        }
        XCTAssertEqual(decode([], "empty.png"), .failure(.empty))
        guard case .failure(.unreadable) = ImageDecoder.decode(file: "/nonexistent/dir/none.png") else {
            return XCTFail("a missing file must be an error")
        }
    }

    /// I3: huge claimed dimensions refused
    func testI3_hugeClaimedDimensionsRefused() {
        // The header claims 20000 × 20000 = 400 megapixels; there is no data behind it.
        let huge = PNGWriter.signature + PNGWriter.ihdr(width: 20_000, height: 20_000)
            + PNGWriter.chunk("IDAT", [0x78, 0x01]) + PNGWriter.chunk("IEND", [])
        XCTAssertEqual(decode(huge, "huge.png"),
                       .failure(.tooManyPixels(format: .png, width: 20_000, height: 20_000, limit: 50_000_000)))
        // Just over the 50-megapixel limit.
        let over = PNGWriter.signature + PNGWriter.ihdr(width: 10_000, height: 5_001)
            + PNGWriter.chunk("IDAT", [0x78, 0x01]) + PNGWriter.chunk("IEND", [])
        XCTAssertEqual(decode(over, "over.png"),
                       .failure(.tooManyPixels(format: .png, width: 10_000, height: 5_001, limit: 50_000_000)))
        // The limit is a parameter.
        let small = PNGWriter.write(width: 4, height: 4, rgba: [UInt8](repeating: 9, count: 64))
        XCTAssertEqual(ImageDecoder.decode(file: PNGWriter.file(small, name: "small.png"),
                                           limits: DecodeLimits(maxPixels: 15)),
                       .failure(.tooManyPixels(format: .png, width: 4, height: 4, limit: 15)))
    }

    /// I3: xterm256 quantisation
    func testI3_xterm256Quantisation() {
        XCTAssertEqual(XtermPalette.nearest(0, 0, 0), 16)
        XCTAssertEqual(XtermPalette.nearest(255, 255, 255), 231)
        XCTAssertEqual(XtermPalette.nearest(255, 0, 0), 196)
        XCTAssertEqual(XtermPalette.nearest(0, 255, 0), 46)
        XCTAssertEqual(XtermPalette.nearest(0, 0, 255), 21)
        XCTAssertEqual(XtermPalette.nearest(128, 128, 128), 244)   // grey ramp 8 + 10·12
        XCTAssertEqual(XtermPalette.nearest(8, 8, 8), 232)
        XCTAssertEqual(XtermPalette.nearest(238, 238, 238), 255)
        XCTAssertEqual(XtermPalette.nearest(0, 95, 135), 24)       // exact cube colour
        XCTAssertEqual(XtermPalette.nearest(250, 130, 10), 208)    // orange → (255,135,0)
        // Every cube and grey entry maps to itself.
        for i in 16...255 {
            let (r, g, b) = XtermPalette.rgb(of: UInt8(i))
            XCTAssertEqual(Int(XtermPalette.nearest(r, g, b)), i, "index \(i)")
        }
        XCTAssertEqual(XtermPalette.nearestBasic8(200, 10, 10), 1)
        XCTAssertEqual(XtermPalette.nearestBasic8(240, 240, 240), 7)
        XCTAssertEqual(XtermPalette.nearestBasic8(10, 10, 10), 0)
    }
}
