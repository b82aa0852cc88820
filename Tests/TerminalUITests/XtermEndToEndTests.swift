import Foundation
import TestSupport
import XCTest

/// G7 in a real terminal: liveblog in xterm (VT340 mode, under Xvfb) finds sixel by asking the
/// terminal, draws the sample's scoreboard PNG as sixel pixels, and once the reader scrolls it
/// away (g: to the top, through the frames between) no pixel of it is left on the screen.
final class XtermEndToEndTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// Colours of Assets/images/scoreboard.png that nothing else on the screen uses.
    static let blue = (20, 90, 200), orange = (255, 170, 30), slate = (40, 40, 48)

    func testG7_xtermShowsTheScoreboardAsSixelAndLeavesNoStalePixels() throws {
        let bin = try liveblogBinary()
        let x = try XvfbXterm()
        defer { x.stop() }
        let fifo = x.dir.appendingPathComponent("keys").path
        guard mkfifo(fifo, 0o600) == 0 else { throw XCTSkip("mkfifo failed") }
        let relay = Self.root.appendingPathComponent("Tests/TerminalUITests/pty_relay.py").path
        let sample = Self.root.appendingPathComponent("Assets/liveblogs/sample.json").path
        try x.run("""
            export LANG=C.UTF-8 LC_ALL=C.UTF-8
            python3 \(relay) \(fifo) \(bin) view \(sample) --network instant --event ev-063
            sleep 30
            """, cols: 100, rows: 40)
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
        let keys = open(fifo, O_WRONLY | O_NONBLOCK)
        defer { close(keys) }
        _ = "g".withCString { write(keys, $0, 1) }
        let after = try x.waitFor("after", seconds: 20) { s in
            s.count(x: 0..<w, y: 0..<h, near: Self.blue, tol: 30) == 0
        }
        XCTAssertEqual(after.count(x: 0..<w, y: 0..<h, near: Self.blue, tol: 30), 0, "no stale blue pixels")
        XCTAssertEqual(after.count(x: 0..<w, y: 0..<h, near: Self.orange, tol: 30), 0, "no stale orange pixels")
        // Once the scroll has settled, not even the scoreboard's dark slate is left anywhere.
        usleep(1_500_000)
        let settled = try x.screenshot("settled")
        XCTAssertEqual(settled.count(x: 0..<w, y: 0..<h, near: Self.slate, tol: 6), 0, "no stale slate pixels")
        _ = "q".withCString { write(keys, $0, 1) }
    }
}
