import Foundation
import TestSupport
import XCTest

/// R2, R3, R7 end to end: the real binary in tmux reads a liveblog from a loopback HTTP server the
/// test starts (`LoopbackServer`), shows its JPEG as an image, and applies a live poll without
/// moving the text under the reader. Skips without tmux, python3 or the binary (fails under CI).
final class RealSourceEndToEndTests: XCTestCase {
    var tmux: Tmux!
    var server: LoopbackServer!
    var workDir: String { tmux.directory }

    override func setUpWithError() throws {
        _ = try Requirement.liveblogBinary()
        tmux = try Tmux(name: "lbreal")
        server = try LoopbackServer(serving: [TestPaths.root + "/Tests/RealSourcesTests/Fixtures"])
    }

    override func tearDown() {
        tmux?.kill()
        server?.stop()
        tmux = nil
        server = nil
    }

    func start(_ args: String) {
        tmux.launch("XDG_STATE_HOME='\(workDir)/state' '\(Fixture.binary)' \(args)", cols: 90, rows: 30)
    }

    func capture() -> [String] { tmux.lines() }

    @discardableResult
    func waitFor(_ what: String, timeout: Double = 15, _ ok: ([String]) -> Bool) -> [String] {
        lines(tmux.waitFor(what, timeout: timeout) { ok(lines($0)) })
    }

    func lines(_ screen: String) -> [String] { screen.components(separatedBy: "\n") }

    static func isImageRow(_ line: String) -> Bool {
        let shades = Set("░▒▓█")
        let used = Set(line.filter { shades.contains($0) })
        return line.contains("▀▀▀▀▀▀▀▀") || used.count >= 2
    }

    func testR2_ViewURLShowsAJPEGAsAnImage() {
        start("view '\(server.origin)/files/tickaroo.json?type=application/json'")
        // Half blocks in colour; shades of the quadrants without colour (the pending placeholder
        // is one even shade with a label).
        let screen = waitFor("the JPEG drawn as an image") { $0.filter(Self.isImageRow).count >= 4 }
        XCTAssertTrue(screen.contains { $0.contains("Second post") })
        // V4: a URL's network is real, the default: no badge says so; the bar names the host.
        XCTAssertTrue(screen.contains { $0.contains("liveblog · 127.0.0.1") }, "the bar names the source")
        tmux.keys("q")
    }

    func testR3_LivePostArrivesWithoutMovingTheTextUnderTheReader() throws {
        start("view '\(server.origin)/live/live' --poll 1")
        waitFor("the liveblog") { $0.contains { $0.contains("Post 12.") } }
        // One line at a time (keys 120 ms apart, not a stream that flings) until post 8 is the
        // post at the top of the view (or post 9 above it): every change of the poll (post 13 new,
        // 12 and 10 deleted, 11 edited) is above.
        // Rows 4-6: under the bar (rows 0-1) and the pill's row (2).
        let marker = " Post 8. Words"
        var settled = capture()
        var presses = 0
        func markerPlaced() -> Bool {
            (4...6).contains { settled.indices.contains($0) && settled[$0].hasPrefix(marker) }
        }
        while presses < 120, !markerPlaced() {
            tmux.keys("j")
            presses += 1
            usleep(120_000)
            settled = capture()
        }
        // The scroll has settled when two captures 300 ms apart agree.
        for _ in 0..<20 {
            usleep(300_000)
            let next = capture()
            if next == settled { break }
            settled = next
        }
        let row = try XCTUnwrap(settled.firstIndex { $0.hasPrefix(marker) },
                                "post 8 not in view:\n\(settled.joined(separator: "\n"))")
        let line = settled[row]
        try server.setLiveStep(1)
        let after = waitFor("the new-posts pill") { $0.contains { $0.contains("1 new post") } }
        XCTAssertEqual(after.firstIndex(of: line), row, "the text under the reader did not move")
        tmux.keys("0")
        waitFor("the newest post at the top") { $0.contains { $0.contains("Post 13 arrives live") } }
        tmux.keys("q")
    }
}
