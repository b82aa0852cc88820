import Foundation
import TestSupport
import XCTest

/// C8, C11: the one tmux smoke test of `liveblog demo` (every frame and control is tested in
/// process, `DemoTourTests`): at 100 × 30 the tour starts on the phone with its caption band, space
/// pauses it and says so, → goes to the next step, another key shows the keys, q ends it and
/// the terminal is given back.
final class DemoEndToEndTests: XCTestCase {
    var tmux: Tmux?

    override func setUpWithError() throws {
        _ = try Requirement.liveblogBinary()
    }

    override func tearDown() {
        tmux?.kill()
        tmux = nil
    }

    func testC8_demoInTmuxPausesStepsShowsTheKeysAndEndsOnQ() throws {
        let t = try Tmux(name: "lbdemo100")
        tmux = t
        t.launch("'\(Fixture.binary)' demo --step 1", cols: 100, rows: 30)
        t.waitFor("step 1 on the phone with its caption band", timeout: 15) {
            $0.contains("Demo 1/9 · iOS: a link to one post") && $0.contains("iphone-15")
                && $0.contains("space pause · ←/→ step · r replay · s slow motion · q end")
        }
        t.keys("Space")
        t.waitFor("the pause said on screen") { $0.contains("Paused · space resumes") }
        t.keys("Right")
        t.waitFor("step 2 on the Pixel 8") { $0.contains("Demo 2/9 · Android") && $0.contains("pixel-8") }
        XCTAssertTrue(t.capture().contains("Paused"), "a step keeps the pause")
        t.keys("x")
        t.waitFor("the keys' hint") { $0.contains("Paused · keys: space pause") }
        t.keys("q")
        XCTAssertEqual(t.exitStatus(timeout: 10), "EXIT=0")
    }
}
