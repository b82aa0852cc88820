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
}
