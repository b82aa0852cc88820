import Foundation
import XCTest
import TestSupport

/// `view --engine chromium` in tmux (X1, X7: the engine in real time; X2: a browser that dies
/// ends the session with its message and the terminal restored). The browser ends with liveblog.
extension EndToEndTests {
    /// Starts `view` on the real engine and waits for its jump; the browser's pid (the child of
    /// liveblog: Debian's chromium-headless-shell script, leading the engine's process group).
    func startEngineView() throws -> Int32 {
        try Requirement.browserEngine()
        try start(args: "view --engine chromium --network 3g --event ev-019")
        waitFor("the jump in the real engine", timeout: 30) { $0.contains("jump #1 → ev-019") }
        guard let pid = tmux.programPid(), let browser = RealEngineCommandTests.children(of: pid).first else {
            XCTFail("no browser process under liveblog")
            return -1
        }
        return browser
    }

    func testX7_viewRunsTheEngineInRealTimeAndQuitsCleanly() throws {
        let browser = try startEngineView()
        // The jump lands: the post's own text at the box the engine laid it out in.
        waitFor("the jump's post under the bar", timeout: 20) { $0.contains("Goal 23' — Mensah") }
        keys("q")
        XCTAssertEqual(waitForExit(timeout: 20), "EXIT=0")
        assertTerminalRestored()
        XCTAssertEqual(EngineProcesses.waitUntilGone(browser), [], "no engine process outlives the session")
    }

    func testX2_viewEndsWithTheMessageWhenTheBrowserDies() throws {
        let browser = try startEngineView()
        kill(RealEngineCommandTests.children(of: browser).first ?? browser, SIGKILL)
        XCTAssertEqual(waitForExit(timeout: 20), "EXIT=70")
        assertTerminalRestored()
        let screen = capture()
        XCTAssertTrue(screen.contains("the browser engine ended"), screen)
        XCTAssertEqual(EngineProcesses.waitUntilGone(browser), [], "no engine process outlives the session")
    }

    /// P5 on the real engine: three `j` sent at once (one write) scroll three lines (48 pt, three
    /// rows), as one press scrolls one; before, each key of the burst was read after the one before
    /// it had been handled (a real engine's page takes more than a tick), so they formed a
    /// key-repeat stream whose speed carried into inertia (about 335 pt).
    func testP5_threeKeysAtOnceOnAnEnginePageScrollThreeLines() throws {
        try Requirement.browserEngine()
        try start(args: "view --engine chromium --network instant")
        waitFor("the engine's page", timeout: 30) { $0.contains("Coastal Cup Final") && $0.contains("j/k scroll") }
        let before = settled()
        keys("j", "j", "j")
        XCTAssertTrue(Wait.until(timeout: 20) { Array(self.lines(self.capture()).dropFirst(3).dropLast(3)) != before }, "j j j scrolls")
        let after = settled()
        XCTAssertEqual(shift(from: before, to: after), 3, "before:\n\(before.joined(separator: "\n"))\n"
                       + "after:\n\(after.joined(separator: "\n"))")
        keys("k", "k", "k")
        XCTAssertTrue(Wait.until(timeout: 20) { Array(self.lines(self.capture()).dropFirst(3).dropLast(3)) != after }, "k k k scrolls")
        XCTAssertEqual(shift(from: after, to: settled()), -3, "k k k goes back the three lines")
        keys("q")
        XCTAssertEqual(waitForExit(timeout: 20), "EXIT=0")
    }

    /// The list's rows once the screen has stopped changing (the bars left out).
    private func settled() -> [String] {
        var last = lines(capture())
        for _ in 0..<40 {
            Thread.sleep(forTimeInterval: 0.25)
            let now = lines(capture())
            if now == last { break }
            last = now
        }
        return Array(last.dropFirst(3).dropLast(3))
    }

    /// By how many rows the content moved up from `a` to `b` (the shift that matches most rows).
    private func shift(from a: [String], to b: [String]) -> Int? {
        let n = a.count
        let candidates = (-(n / 2)...(n / 2)).map { s -> (Int, Int) in
            let matches = (0..<n).filter { i in
                let j = i + s
                return j >= 0 && j < n && !a[j].trimmingCharacters(in: .whitespaces).isEmpty && a[j] == b[i]
            }.count
            return (s, matches)
        }
        guard let best = candidates.max(by: { $0.1 < $1.1 }), best.1 >= n / 3 else { return nil }
        return best.0
    }
}
