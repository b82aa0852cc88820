import XCTest
@testable import ImageDecoding

/// R2: each image type decoded by its library, pixels checked.
final class ImageDecodingTests: XCTestCase {
    func testR2_PNGDecodedWithPixelsAndAlpha() throws {
        let image = try XCTUnwrap(decoded(try Fixture.bytes("quadrants.png")))
        assertQuadrants(image)
    }

    func testR2_JPEGDecodedWithinTolerance() throws {
        let image = try XCTUnwrap(decoded(try Fixture.bytes("quadrants.jpg")))
        assertQuadrants(image, tolerance: 12, alpha: false)
        XCTAssertEqual(image.pixel(x: 12, y: 12).a, 255, "JPEG has no alpha: opaque")
    }

    /// A CMYK JPEG (Adobe, inverted) as print workflows and some CMSs publish them.
    func testR2_CMYKJPEGDecodedToRGB() throws {
        let image = try XCTUnwrap(decoded(try Fixture.bytes("quadrants-cmyk.jpg")))
        assertQuadrants(image, tolerance: 12, opaqueOnly: true)
        // Black ink alone at 75% (K 191) is a dark grey, opaque.
        let grey = image.pixel(x: 12, y: 12)
        for channel in [grey.r, grey.g, grey.b] { XCTAssertEqual(Int(channel), 64, accuracy: 12) }
        XCTAssertEqual(grey.a, 255)
    }

    func testR2_WebPLosslessDecodedExactly() throws {
        let image = try XCTUnwrap(decoded(try Fixture.bytes("quadrants.webp")))
        assertQuadrants(image)
    }

    func testR2_WebPLossyDecodedWithinTolerance() throws {
        let image = try XCTUnwrap(decoded(try Fixture.bytes("quadrants-lossy.webp")))
        assertQuadrants(image, tolerance: 24, alpha: false)
    }

    func testR2_GIFInterlacedDecodedWithTransparency() throws {
        let image = try XCTUnwrap(decoded(try Fixture.bytes("quadrants.gif")))
        assertQuadrants(image, opaqueOnly: true)
        XCTAssertEqual(image.pixel(x: 4, y: 4).a, 255)
        XCTAssertEqual(image.pixel(x: 12, y: 12).a, 0, "index 3 is transparent")
        // Every row of the interlaced file lands where it belongs (not only the sampled ones).
        for y in 0..<16 {
            XCTAssertEqual(image.pixel(x: 1, y: y).b, y < 8 ? 0 : 255, "row \(y)")
        }
    }

    func testR2_GIFAnimationGivesItsFirstFrame() throws {
        let image = try XCTUnwrap(decoded(try Fixture.bytes("animated.gif")))
        assertQuadrants(image, opaqueOnly: true)
        XCTAssertEqual(image.pixel(x: 12, y: 12).a, 0, "the second frame (all blue) is not drawn")
    }

    func testR2_TypeSniffedFromBytesNotNames() throws {
        XCTAssertEqual(ImageFormat.sniff(try Fixture.bytes("quadrants.png")), .png)
        XCTAssertEqual(ImageFormat.sniff(try Fixture.bytes("quadrants.jpg")), .jpeg)
        XCTAssertEqual(ImageFormat.sniff(try Fixture.bytes("quadrants.webp")), .webp)
        XCTAssertEqual(ImageFormat.sniff(try Fixture.bytes("quadrants.gif")), .gif)
        XCTAssertNil(ImageFormat.sniff(Array("<!DOCTYPE html>".utf8)))
        XCTAssertNil(ImageFormat.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8)))
    }

    func testR2_ProbeReadsTheHeaderOfEachType() throws {
        for name in ["quadrants.png", "quadrants.jpg", "quadrants.webp", "quadrants.gif"] {
            let info = try ImageDecoder.probe(data: try Fixture.bytes(name)).get()
            XCTAssertEqual([info.width, info.height], [16, 16], name)
        }
    }
}
