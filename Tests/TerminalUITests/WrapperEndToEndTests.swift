import Foundation
import TestSupport
import XCTest

/// W2 in a real terminal (tmux): three jumps, then back (Backspace), back (H), forward (L) and
/// the mouse's back button bring back the screens the reader left; the recorded session, replayed,
/// shows the exact list offsets (within 0.5 pt).
extension EndToEndTests {
    /// The list's rows of text (under the navigation bar, above the toolbar), with their row
    /// numbers, without the scroll indicator's column or the jump target's mark; image rows
    /// (drawn as they decode) left out.
    func listRows(_ screen: String, cols: Int = 100, rows: Int = 30) -> [String] {
        let all = lines(screen)
        return (2..<min(all.count, rows - 1)).compactMap { r in
            // capture-pane trims trailing blanks: the indicator's column is the screen's last, or
            // the device column's (D2, D5: the row ends in its thumb while it shows, which depends
            // on when the capture fell, not on the position).
            // The jump's own post is marked; the mark follows the jump, not the position.
            var row = String(all[r].prefix(cols - 1)).replacingOccurrences(of: "  → jump target", with: "")
            if row.hasSuffix("┃") { row.removeLast() }
            while row.hasSuffix(" ") { row.removeLast() }
            return row.contains(where: { $0.isLetter || $0.isNumber }) ? "\(r): \(row)" : nil
        }
    }

    /// The list's rows once they stop changing (a loaded machine draws late; the toolbar's
    /// countdown of a held jump always changes).
    func settledRows() -> [String] {
        var last = listRows(capture())
        for _ in 0..<25 {
            usleep(300_000)
            let now = listRows(capture())
            if now == last { return now }
            last = now
        }
        return last
    }

    func testW2_backBackForwardAndMouseBackInTmux() throws {
        let rec = workDir + "/history.json", trace = workDir + "/history.jsonl"
        try start(args: "--network instant --record '\(rec)'")
        waitFor("the sample") { $0.contains("Coastal Cup Final") }
        for _ in 0..<3 { keys("j") }
        usleep(600_000)
        var left: [[String]] = []
        for (n, id) in ["ev-030", "ev-010", "ev-040"].enumerated() {
            left.append(settledRows())
            literal("/" + id)
            keys("Enter")
            waitFor("jump \(n + 1)") { $0.contains("jump #\(n + 1) → \(id)") }
            usleep(1_500_000)
            if n == 0 { keys("j", "j") }
            usleep(600_000)
        }
        XCTAssertTrue(capture().contains("◀ H"), "canGoBack shows")
        func back(_ key: () -> Void, to expected: [String], _ what: String) {
            key()
            let got = waitFor(what, timeout: 10) { self.listRows($0) == expected }
            XCTAssertEqual(listRows(got), expected, what)
        }
        back({ keys("BSpace") }, to: left[2], "Backspace: the screen left at the third jump")
        back({ keys("H") }, to: left[1], "H: the screen left at the second jump")
        XCTAssertTrue(capture().contains("L ▶"), "canGoForward shows")
        back({ keys("L") }, to: left[2], "L: forward again")
        back({ literal("\u{1b}[<128;10;10M") }, to: left[1], "the mouse's back button")
        keys("q")
        XCTAssertEqual(waitForExit(), "EXIT=0")
        assertTerminalRestored()
        // The recording replays: its three jumps and four history keys are in the trace.
        let sim = spawn(Fixture.binary, ["simulate", rec, "--trace", trace])
        XCTAssertEqual(sim.code, 0, sim.out)
        let tl = ((try? String(contentsOfFile: trace, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        XCTAssertEqual(tl.filter { $0.contains("\"ev\":\"nav\"") }.count, 3)
        let historyKeys = tl.filter { line in
            line.contains("\"kind\":\"key\"") && ["Backspace", "H", "L"].contains { line.contains("\"\($0)\"") }
        }
        XCTAssertEqual(historyKeys.count, 4, "Backspace, H, L and the mouse button (recorded as Backspace)")
    }
}
