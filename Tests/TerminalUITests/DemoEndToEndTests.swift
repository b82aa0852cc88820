import Foundation
import TestSupport
import XCTest

/// C3, issue 32: `liveblog demo` in tmux, captured every 2 s through the tour, explains itself:
/// the phone's outline, the web row's edges, the finger during the scripted drag, the jump
/// target's tag while it moves and the y(t) strip, at 100 × 30 (the whole tour, then a key ends
/// it) and at 200 × 60 (its first 26 s, the jumps and the drag) side by side.
final class DemoEndToEndTests: XCTestCase {
    var tmuxes: [Tmux] = []

    override func setUpWithError() throws {
        _ = try Requirement.liveblogBinary()
    }

    override func tearDown() {
        for t in tmuxes { t.kill() }
        tmuxes = []
    }

    /// What the captures of one size showed.
    struct Seen {
        let cols: Int
        var outline = false, finger = false, topEdge = false, bottomEdge = false, strip = false, target = false
        var captions: Set<String> = []

        /// One capture: the rails beside the 49-column phone at its left and right edges.
        mutating func look(_ screen: String) {
            let left = (cols - 49) / 2
            let lines = screen.components(separatedBy: "\n")
            func cell(_ line: String, _ col: Int) -> Character? {
                let a = Array(line)
                return col < a.count ? a[col] : nil
            }
            let railed = lines.filter { cell($0, left - 1) == "│" && $0.contains("│ ") }.count
            if railed >= 10 && screen.contains("iphone-15") && screen.contains("393×852 pt") { outline = true }
            // The finger inside the column: not in the nav bar's badges (rec) nor the margins.
            if lines.dropFirst(2).contains(where: { l in
                let a = Array(l)
                return a.indices.contains { (a[$0] == "●" || a[$0] == "○") && $0 > left - 1 && $0 < left + 49 }
            }) { finger = true }
            if screen.contains("┄ web view ▼ ┄") { topEdge = true }
            if screen.contains("┄ web view ▲ ┄") { bottomEdge = true }
            if lines.contains(where: { $0.contains(" y(t) ev-") || $0.contains(" y(t) offset") }),
               lines.contains(where: { $0.contains(" -4s ") && $0.contains(" pt") && $0.contains("now │") }),
               screen.unicodeScalars.contains(where: { (0x2801...0x28FF).contains($0.value) }) { strip = true }
            if screen.range(of: "[◂▴▾] target ev-[0-9]+", options: .regularExpression) != nil { target = true }
            for l in lines where l.hasPrefix(" Demo ") { captions.insert(String(l.prefix(9))) }
        }
    }

    func testC3_demoInTmuxShowsOutlineFingerWebEdgesTargetAndStrip() throws {
        let sizes = [(100, 30, 56.0), (200, 60, 26.0)]
        var seen: [Seen] = []
        for (c, r, _) in sizes {
            let t = try Tmux(name: "lbdemo\(c)")
            tmuxes.append(t)
            t.launch("'\(Fixture.binary)' demo", cols: c, rows: r)
            seen.append(Seen(cols: c))
        }
        // The first capture once the screen is up (0.5 s), then every 2 s.
        let start = Date().addingTimeInterval(0.5)
        Thread.sleep(until: start)
        var shots = 0
        while Date().timeIntervalSince(start) < sizes.map(\.2).max()! {
            for (i, (_, _, until)) in sizes.enumerated() where Date().timeIntervalSince(start) < until {
                seen[i].look(tmuxes[i].capture())
            }
            shots += 1
            Thread.sleep(until: start.addingTimeInterval(Double(shots) * 2))
        }
        for s in seen {
            XCTAssertTrue(s.outline, "\(s.cols) columns: the phone's outline")
            XCTAssertTrue(s.finger, "\(s.cols) columns: the finger during the scripted drag")
            XCTAssertTrue(s.topEdge, "\(s.cols) columns: the web row's top edge")
            XCTAssertTrue(s.bottomEdge, "\(s.cols) columns: the web row's bottom edge")
            XCTAssertTrue(s.strip, "\(s.cols) columns: the y(t) strip")
            XCTAssertTrue(s.target, "\(s.cols) columns: the jump target's tag")
        }
        XCTAssertTrue(seen[0].captions.isSuperset(of: (1...8).map { " Demo \($0)/8" }), "\(seen[0].captions)")
        XCTAssertTrue(tmuxes[0].capture().contains("Demo over"), tmuxes[0].capture())
        tmuxes[0].keys("x")
        XCTAssertEqual(tmuxes[0].exitStatus(timeout: 10), "EXIT=0")
    }
}
