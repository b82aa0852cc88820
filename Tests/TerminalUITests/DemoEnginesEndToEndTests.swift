import Foundation
import XCTest
import TestSupport

/// C3, X9 in tmux: `liveblog demo --engines` plays the demo's last step alone, the emulated page
/// and Chromium side by side on one input stream, each pane's caption naming its engine and its
/// toolbar its jump; without Chromium its caption says it is skipped and why, and it still runs.
extension EndToEndTests {
    func testX9_theDemosEnginesStepShowsBothEnginesSideBySide() throws {
        try Requirement.browserEngine()
        try start(cols: 160, rows: 40, args: "demo --engines", env: "TZ=UTC")
        let screen = waitFor("both panes' jump status", timeout: 30) { s in
            self.lines(s).contains { $0.components(separatedBy: "jump #1 → ev-019").count == 3 }
        }
        let top = lines(screen)[0]
        XCTAssertTrue(top.contains("Demo 9/9 · emulated") && top.contains("Demo 9/9 · chromium"), screen)
        XCTAssertTrue(top.contains("│"), "two panes: \(screen)")
        let browser = tmux.programPid().flatMap { RealEngineCommandTests.children(of: $0).first }
        XCTAssertNotNil(browser, "Chromium runs under liveblog")
        waitFor("the tour's end", timeout: 30) { $0.components(separatedBy: "Demo over — q ends it").count == 3 }
        keys("x")
        waitFor("a key that does not end it says so") { $0.contains("Chromium runs in real time: no pause here") }
        keys("q")
        XCTAssertEqual(waitForExit(timeout: 20), "EXIT=0")
        assertTerminalRestored()
        if let browser { XCTAssertEqual(EngineProcesses.waitUntilGone(browser), [], "no engine process outlives it") }
    }

    func testX9_theDemosEnginesStepIsSkippedWithItsReasonWithoutChromium() throws {
        try start(cols: 100, rows: 30, args: "demo --engines", env: "LIVEBLOG_CHROMIUM=/nonexistent/chromium")
        // The demo runs (the sample's page under its bars) with the step's caption saying why.
        waitFor("the skipped step's caption over the sample", timeout: 15) {
            $0.contains("Demo 9/9 · skipped: no Chromium (apt-get install chromium-headless-shell)")
                && $0.contains("liveblog · www.example.com") && $0.contains("Mensah")
        }
        waitFor("the demo's end", timeout: 15) { $0.contains("Demo over — q ends it") }
        keys("q")
        XCTAssertEqual(waitForExit(timeout: 10), "EXIT=0")
        assertTerminalRestored()
    }
}
