import XCTest
@testable import TerminalCaps

/// Issue 32, light terminals: OSC 11 asks for the background (before DA1, so within the probe's
/// wait), its reply is parsed, and a light one picks the light palette.
final class BackgroundProbeTests: XCTestCase {
    let ctx = CapabilityDecision.Context(unicode: true, richColor: true, cols: 120, rows: 40)

    func testG1_backgroundQueryGoesBeforeTheSentinel() {
        let all = CapabilityQueries.all()
        XCTAssertTrue(all.contains("\u{1B}]11;?\u{1B}\\\u{1B}[c"), "OSC 11 just before DA1")
    }

    func testG1_osc11ReplyParsesWithEitherTerminator() {
        let white = ReplyParser.parse(Array("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?62;4c".utf8))
        XCTAssertEqual(white.background, [1, 1, 1])
        XCTAssertEqual(white.da1, [62, 4])
        let dark = ReplyParser.parse(Array("\u{1B}]11;rgb:00/2b/36\u{07}".utf8))
        XCTAssertEqual(dark.background?.count, 3)
        XCTAssertEqual(dark.background?[2] ?? 0, Double(0x36) / 255, accuracy: 1e-9)
        XCTAssertNil(ReplyParser.parse(Array("\u{1B}]11;rgb:zz/00/00\u{07}".utf8)).background)
        XCTAssertNil(ReplyParser.parse(Array("\u{1B}]10;rgb:ffff/ffff/ffff\u{07}".utf8)).background, "OSC 10 is the foreground")
    }

    func testG1_lightBackgroundPicksTheLightPalette() {
        func features(_ s: String) -> TerminalFeatures {
            CapabilityDecision.decide(ReplyParser.parse(Array(s.utf8)), ctx)
        }
        XCTAssertTrue(features("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?62c").lightBackground)
        XCTAssertTrue(features("\u{1B}]11;rgb:fdfd/f6f6/e3e3\u{1B}\\\u{1B}[?62c").lightBackground, "solarized light")
        XCTAssertFalse(features("\u{1B}]11;rgb:0000/2b2b/3636\u{1B}\\\u{1B}[?62c").lightBackground, "solarized dark")
        XCTAssertFalse(features("\u{1B}[?62c").lightBackground, "no answer: the dark palette")
    }
}
