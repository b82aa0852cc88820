import Foundation
import XCTest
@testable import ImageDecoding

/// The fixtures of make_fixtures.py and helpers to craft headers (R7: known pixels).
enum Fixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// The four quadrant colours of every fixture (make_fixtures.py), alpha as in PNG/WebP.
    static let quadrants: [(x: Int, y: Int, rgba: [Int])] = [
        (4, 4, [255, 0, 0, 255]), (12, 4, [0, 255, 0, 255]),
        (4, 12, [0, 0, 255, 255]), (12, 12, [255, 255, 255, 128]),
    ]

    /// Writes `value` big-endian into `bytes` at `offset` over `count` bytes.
    static func putBigEndian(_ bytes: inout [UInt8], _ offset: Int, _ count: Int, _ value: Int) {
        for i in 0..<count { bytes[offset + i] = UInt8((value >> (8 * (count - 1 - i))) & 0xFF) }
    }

    static func putLittleEndian(_ bytes: inout [UInt8], _ offset: Int, _ count: Int, _ value: Int) {
        for i in 0..<count { bytes[offset + i] = UInt8((value >> (8 * i)) & 0xFF) }
    }

    /// CRC-32 (ISO-HDLC, as PNG chunks use).
    static func crc32<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}

extension XCTestCase {
    /// The decoded image, or a test failure naming the error.
    func decoded(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> RGBAImage? {
        switch ImageDecoder.decode(data: bytes) {
        case let .success(image): return image
        case let .failure(error):
            XCTFail("decode failed: \(error)", file: file, line: line)
            return nil
        }
    }

    /// The error of a decode that must fail.
    func decodeError(_ bytes: [UInt8], limits: DecodeLimits = .standard,
                     file: StaticString = #filePath, line: UInt = #line) -> ImageError? {
        switch ImageDecoder.decode(data: bytes, limits: limits) {
        case let .success(image):
            XCTFail("decoded \(image.width)×\(image.height) but must fail", file: file, line: line)
            return nil
        case let .failure(error): return error
        }
    }

    /// Checks the quadrant pixels within `tolerance` per channel; `alpha` false ignores alpha.
    /// `opaqueOnly` skips the fourth (translucent white) quadrant, transparent in GIF.
    func assertQuadrants(_ image: RGBAImage, tolerance: Int = 0, alpha: Bool = true, opaqueOnly: Bool = false,
                         file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(image.width, 16, file: file, line: line)
        XCTAssertEqual(image.height, 16, file: file, line: line)
        guard image.width == 16, image.height == 16 else { return }
        for q in Fixture.quadrants.prefix(opaqueOnly ? 3 : 4) {
            let p = image.pixel(x: q.x, y: q.y)
            let got = [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
            let channels = alpha ? 4 : 3
            for c in 0..<channels where abs(got[c] - q.rgba[c]) > tolerance {
                XCTFail("pixel (\(q.x),\(q.y)) is \(got), expected \(q.rgba) ±\(tolerance)",
                        file: file, line: line)
                break
            }
        }
    }
}
