import Foundation
import XCTest

/// F6 end to end: `liveblog compare` in tmux, two panes fed one input stream.
extension EndToEndTests {
    /// Left and right pane of a 161-column capture (80 columns each, a separator between).
    func panes(_ line: String) -> (String, String) {
        let chars = Array(line)
        let left = String(chars.prefix(80))
        let right = chars.count > 81 ? String(chars[81...]) : ""
        return (left, right)
    }

    /// F6: a jump typed once (`/` id Enter) is shown landing in both panes in the same capture,
    /// each pane with its own platform badge and jump status; a wheel notch over the left pane
    /// scrolls both alike; p does not switch a pane's platform; q quits and restores the terminal.
    func testF6_compareShowsTheSameJumpLandingInBothPanes() throws {
        try start(cols: 161, rows: 30, args: "compare --platforms ios,android --network instant")
        waitFor("two panes") { s in
            let top = self.panes(self.lines(s)[0])
            return top.0.contains("[ios]") && top.1.contains("[android]")
        }
        keys("/")
        waitFor("the prompt in both panes") { s in s.components(separatedBy: "jump to id: ").count >= 3 }
        literal("ev-019")
        keys("Enter")
        let landed = waitFor("the jump landing in both panes at once") { s in
            let ls = self.lines(s)
            guard ls.count >= 30 else { return false }
            let bar = self.panes(ls[29]), target = self.panes(ls[2])
            return [bar.0, bar.1].allSatisfy { $0.contains("jump #1") && $0.contains("ev-019") && $0.contains(" y 0") }
                && target.0.contains("jump target") && target.1.contains("jump target")
        }
        let badges = panes(lines(landed)[1])
        XCTAssertTrue(badges.0.contains(" ios ") && !badges.0.contains("android"), badges.0)
        XCTAssertTrue(badges.1.contains(" android "), badges.1)

        // One wheel notch down over the left pane: both panes scroll three rows (48 pt).
        literal("\u{1b}[<65;20;15M")
        waitFor("both panes scrolled by the notch") { s in
            let bar = self.panes(self.lines(s)[29])
            return bar.0.contains("y -48") && bar.1.contains("y -48")
        }

        // p is not a platform switch here.
        keys("p")
        usleep(300_000)
        let after = panes(lines(capture())[1])
        XCTAssertTrue(after.0.contains(" ios ") && after.1.contains(" android "), "\(after)")

        keys("q")
        XCTAssertEqual(waitForExit(), "EXIT=0")
        assertTerminalRestored()
    }
}
