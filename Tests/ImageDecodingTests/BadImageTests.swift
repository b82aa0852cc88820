import XCTest
@testable import ImageDecoding

/// R6: bytes that are not their type, truncated files and image bombs give a clear error,
/// never a crash; a bomb is refused from its header before its pixels are allocated.
final class BadImageTests: XCTestCase {
    static let all = ["quadrants.png", "quadrants.jpg", "quadrants.webp", "quadrants.gif"]

    func testR6_HTMLServedAsAnImageIsNotAnImage() {
        let error = decodeError(Array("<!DOCTYPE html><html>404</html>".utf8))
        XCTAssertEqual(error, .notAnImage(prefix: "<!DOCTYPE html><"))
        XCTAssertEqual(error?.description,
                       "not an image (PNG, JPEG, WebP or GIF): starts with \"<!DOCTYPE html><\"")
        XCTAssertEqual(decodeError([]), .empty)
    }

    func testR6_BytesNotOfTheAnnouncedType() throws {
        let png = try Fixture.bytes("quadrants.png")
        XCTAssertEqual(ImageDecoder.decode(data: png, expecting: .jpeg),
                       .failure(.wrongType(expected: .jpeg, found: .png)))
        XCTAssertNoThrow(try ImageDecoder.decode(data: png, expecting: .png).get())
    }

    func testR6_RightMagicWrongBodyIsCorrupt() throws {
        for name in Self.all {
            var bytes = try Fixture.bytes(name)
            let magic = name.hasSuffix("webp") ? 16 : 8
            for i in magic..<bytes.count { bytes[i] = UInt8(truncatingIfNeeded: i &* 37) }
            let error = decodeError(bytes)
            XCTAssertNotNil(error, name)
        }
    }

    func testR6_TruncatedFileOfEachTypeFailsClearly() throws {
        for name in Self.all {
            let bytes = try Fixture.bytes(name)
            let format = try XCTUnwrap(ImageFormat.sniff(bytes))
            for cut in [bytes.count / 4, bytes.count / 2, bytes.count * 3 / 4] {
                let error = decodeError(Array(bytes.prefix(cut)))
                XCTAssertNotNil(error, "\(name) cut at \(cut)")
                if let error {
                    XCTAssertTrue(error.description.contains(format.rawValue), "\(error)")
                }
                // Cut after the header: the library saw the file end early.
                if cut >= bytes.count / 2 {
                    guard case .truncated(format, _)? = error else {
                        XCTFail("\(name) cut at \(cut): \(String(describing: error)) is not 'truncated'")
                        continue
                    }
                }
            }
        }
    }

    func testR6_LimitsApplyToRealImages() throws {
        for name in Self.all {
            let bytes = try Fixture.bytes(name)
            let format = try XCTUnwrap(ImageFormat.sniff(bytes))
            XCTAssertEqual(decodeError(bytes, limits: DecodeLimits(maxPixels: 255)),
                           .tooManyPixels(format: format, width: 16, height: 16, limit: 255), name)
            XCTAssertEqual(decodeError(bytes, limits: DecodeLimits(maxDecodedBytes: 1023)),
                           .overByteCap(format: format, bytes: 1024, limit: 1023), name)
        }
    }

    /// R6: a PNG header claiming 100000×100000 (10 Gpx, 40 GB of RGBA) with a valid IHDR CRC.
    func testR6_PNGBombRefusedFromItsHeader() throws {
        var bytes = try Fixture.bytes("quadrants.png")
        Fixture.putBigEndian(&bytes, 16, 4, 100_000)
        Fixture.putBigEndian(&bytes, 20, 4, 100_000)
        Fixture.putBigEndian(&bytes, 29, 4, Int(Fixture.crc32(bytes[12..<29])))
        try assertBomb(bytes, .png, 100_000, 100_000)
    }

    /// JPEG sizes are 16-bit and libjpeg stops at 65500: 65500×65500 (4.3 Gpx) in the SOF segment.
    func testR6_JPEGBombRefusedFromItsHeader() throws {
        var bytes = try Fixture.bytes("quadrants.jpg")
        let sof = try XCTUnwrap((2..<bytes.count - 1).first {
            bytes[$0] == 0xFF && (0xC0...0xC2).contains(bytes[$0 + 1])
        })
        Fixture.putBigEndian(&bytes, sof + 5, 2, 65_500)
        Fixture.putBigEndian(&bytes, sof + 7, 2, 65_500)
        try assertBomb(bytes, .jpeg, 65_500, 65_500)
    }

    /// WebP lossless sizes are 14-bit: 16384×16384 (268 Mpx) in the VP8L header.
    func testR6_WebPBombRefusedFromItsHeader() throws {
        var bytes = try Fixture.bytes("quadrants.webp")
        XCTAssertEqual(Array(bytes[12..<16]), Array("VP8L".utf8))
        XCTAssertEqual(bytes[20], 0x2F)
        var bits = Int(bytes[21]) | Int(bytes[22]) << 8 | Int(bytes[23]) << 16 | Int(bytes[24]) << 24
        bits = (bits & ~0x0FFF_FFFF) | 16_383 | 16_383 << 14
        Fixture.putLittleEndian(&bytes, 21, 4, bits)
        try assertBomb(bytes, .webp, 16_384, 16_384)
    }

    /// An extended (VP8X) WebP header and nothing else: 10000×10000 (100 Mpx) is probed and
    /// refused by our limit; 100000×100000 is over libwebp's own limit (2^32 pixels), refused too.
    func testR6_WebPExtendedHeaderBombRefused() throws {
        try assertBomb(vp8x(width: 10_000, height: 10_000), .webp, 10_000, 10_000)
        guard case .corrupt(.webp, _)? = decodeError(vp8x(width: 100_000, height: 100_000)) else {
            return XCTFail("a 100000×100000 WebP must be refused")
        }
    }

    private func vp8x(width: Int, height: Int) -> [UInt8] {
        var bytes = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0]
        bytes += [0, 0, 0, 0] + [0, 0, 0, 0, 0, 0]
        Fixture.putLittleEndian(&bytes, 4, 4, bytes.count - 8)
        Fixture.putLittleEndian(&bytes, 24, 3, width - 1)
        Fixture.putLittleEndian(&bytes, 27, 3, height - 1)
        return bytes
    }

    /// GIF sizes are 16-bit: the logical screen at 65535×65535.
    func testR6_GIFScreenBombRefusedFromItsHeader() throws {
        var bytes = try Fixture.bytes("quadrants.gif")
        Fixture.putLittleEndian(&bytes, 6, 2, 65_535)
        Fixture.putLittleEndian(&bytes, 8, 2, 65_535)
        try assertBomb(bytes, .gif, 65_535, 65_535)
    }

    /// A small screen whose first frame claims 65535×65535: refused at the image descriptor.
    func testR6_GIFFrameBombUnderASmallScreenRefused() throws {
        var bytes = try Fixture.bytes("quadrants.gif")
        let desc = try XCTUnwrap(bytes.firstIndex(of: 0x2C))
        Fixture.putLittleEndian(&bytes, desc + 5, 2, 65_535)
        Fixture.putLittleEndian(&bytes, desc + 7, 2, 65_535)
        XCTAssertEqual(decodeError(bytes), .tooManyPixels(format: .gif, width: 65_535, height: 65_535,
                                                          limit: DecodeLimits.maxPixelsDefault))
    }

    /// The header is probed at its claimed size (only a header was read), and decoding refuses
    /// it with the size named: no 4 GB+ buffer is ever requested.
    private func assertBomb(_ bytes: [UInt8], _ format: ImageFormat, _ width: Int, _ height: Int,
                            file: StaticString = #filePath, line: UInt = #line) throws {
        let info = try ImageDecoder.probe(data: bytes).get()
        XCTAssertEqual(info, ImageInfo(format: format, width: width, height: height), file: file, line: line)
        let error = decodeError(bytes, file: file, line: line)
        XCTAssertEqual(error, .tooManyPixels(format: format, width: width, height: height,
                                             limit: DecodeLimits.maxPixelsDefault), file: file, line: line)
        XCTAssertEqual(error?.description.contains("over 50 Mpx"), true, file: file, line: line)
    }
}
