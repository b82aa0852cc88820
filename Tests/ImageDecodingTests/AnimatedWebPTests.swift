import XCTest
@testable import ImageDecoding

/// Issue 31, R2: an animated WebP shows its first frame (as an animated GIF does), not
/// "corrupt WebP". The animation is built here from the lossless quadrants fixture: a VP8X
/// header with the animation flag, an ANIM chunk and two ANMF frames (the quadrants, then the
/// same bitstream again), as the WebP container specification lays them out.
final class AnimatedWebPTests: XCTestCase {
    static func chunk(_ tag: String, _ payload: [UInt8]) -> [UInt8] {
        var size = [UInt8](repeating: 0, count: 4)
        Fixture.putLittleEndian(&size, 0, 4, payload.count)
        return Array(tag.utf8) + size + payload + (payload.count % 2 == 1 ? [0] : [])
    }

    static func animatedQuadrants() throws -> [UInt8] {
        let still = try Fixture.bytes("quadrants.webp")
        let vp8l = Array(still[12...])  // the VP8L chunk, header and all
        var vp8x = [UInt8](repeating: 0, count: 10)
        vp8x[0] = 0x02 | 0x10  // animation, alpha
        Fixture.putLittleEndian(&vp8x, 4, 3, 15)
        Fixture.putLittleEndian(&vp8x, 7, 3, 15)
        let anim: [UInt8] = [0, 0, 0, 0, 0, 0]  // background, loop count
        var frameHeader = [UInt8](repeating: 0, count: 16)
        Fixture.putLittleEndian(&frameHeader, 6, 3, 15)
        Fixture.putLittleEndian(&frameHeader, 9, 3, 15)
        Fixture.putLittleEndian(&frameHeader, 12, 3, 100)  // 100 ms
        let frame = chunk("ANMF", frameHeader + vp8l)
        let body = Array("WEBP".utf8) + chunk("VP8X", vp8x) + chunk("ANIM", anim) + frame + frame
        var size = [UInt8](repeating: 0, count: 4)
        Fixture.putLittleEndian(&size, 0, 4, body.count)
        return Array("RIFF".utf8) + size + body
    }

    func testR2_animatedWebPGivesItsFirstFrame() throws {
        let bytes = try Self.animatedQuadrants()
        XCTAssertTrue(WebPDecoder.isAnimated(bytes))
        XCTAssertFalse(WebPDecoder.isAnimated(try Fixture.bytes("quadrants.webp")))
        let image = try XCTUnwrap(decoded(bytes))
        assertQuadrants(image)
    }

    func testR2_animatedWebPWithABrokenFrameIsCorruptNotACrash() throws {
        var bytes = try Self.animatedQuadrants()
        for i in 60..<min(90, bytes.count) { bytes[i] = 0xFF }
        if case .success = ImageDecoder.decode(data: bytes) { XCTFail("a broken frame decodes") }
    }
}
