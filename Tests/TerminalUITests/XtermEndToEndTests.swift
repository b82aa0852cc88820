import Foundation
import TestSupport
import XCTest

/// G7 in a real terminal: liveblog in xterm (VT340 mode, under Xvfb) finds sixel by asking the
/// terminal, draws the sample's scoreboard PNG as sixel pixels, and once the reader scrolls it
/// away (g: to the top, through the frames between) no pixel of it is left on the screen.
final class XtermEndToEndTests: XCTestCase {
    /// Colours of Assets/images/scoreboard.png that nothing else on the screen uses.
    static let blue = (20, 90, 200), orange = (255, 170, 30), slate = (40, 40, 48)

    func testG7_xtermShowsTheScoreboardAsSixelAndLeavesNoStalePixels() throws {
        let bin = try Requirement.liveblogBinary()
        let x = try XvfbXterm()
        defer { x.stop() }
        try x.runTyping([bin, "view", TestPaths.sample, "--network", "instant", "--event", "ev-063"],
                        setup: "export LANG=C.UTF-8 LC_ALL=C.UTF-8", cols: 100, rows: 40)
        let (w, h) = (600, 520)
        // Both colours: xterm paints a sixel image band by band, so a shot can catch it half drawn.
        let shown = try x.waitFor("shown", seconds: 30) { s in
            s.count(x: 0..<w, y: 0..<h, near: Self.blue, tol: 30) > 200
                && s.count(x: 0..<w, y: 0..<h, near: Self.orange, tol: 30) > 50
        }
        let blue = shown.count(x: 0..<w, y: 0..<h, near: Self.blue, tol: 30)
        let orange = shown.count(x: 0..<w, y: 0..<h, near: Self.orange, tol: 30)
        XCTAssertGreaterThan(blue, 200, "the scoreboard's blue as sixel pixels")
        XCTAssertGreaterThan(orange, 50, "the scoreboard's orange as sixel pixels")
        // To the top: the image scrolls up and out through the animation's frames.
        x.type("g")
        let after = try x.waitFor("after", seconds: 20) { s in
            s.count(x: 0..<w, y: 0..<h, near: Self.blue, tol: 30) == 0
        }
        XCTAssertEqual(after.count(x: 0..<w, y: 0..<h, near: Self.blue, tol: 30), 0, "no stale blue pixels")
        XCTAssertEqual(after.count(x: 0..<w, y: 0..<h, near: Self.orange, tol: 30), 0, "no stale orange pixels")
        // Once the scroll has settled, not even the scoreboard's dark slate is left anywhere.
        // (A stale pixel stays: waiting for none to be left fails when one is.)
        let settled = try x.waitFor("settled", seconds: 20) { s in
            s.count(x: 0..<w, y: 0..<h, near: Self.slate, tol: 6) == 0
        }
        XCTAssertEqual(settled.count(x: 0..<w, y: 0..<h, near: Self.slate, tol: 6), 0, "no stale slate pixels")
        x.type("q")
    }
}
