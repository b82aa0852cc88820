import Foundation
import TestSupport
import XCTest

/// Bracketed paste in tmux (T2; issue 15): the program turns mode 2004 on, so tmux's
/// `paste-buffer -p` brackets the text: in the `/` prompt it is text, elsewhere it does nothing.
extension EndToEndTests {
    func testT2_bracketedPasteIsTextInThePromptAndIgnoredElsewhere() throws {
        try start()
        waitFor("the sample") { $0.contains("Coastal Cup Final") && $0.contains("j/k scroll") }
        // Outside the prompt: a pasted "q?" neither quits nor opens the help.
        tmux.run(["set-buffer", "q?"])
        tmux.run(["paste-buffer", "-p"])
        usleep(300_000)
        let after = capture()
        XCTAssertFalse(tmux.hasExited, "a paste is not a q")
        XCTAssertFalse(after.contains("key closes"), "a paste is not a ?")
        // In the prompt: the text arrives whole.
        keys("/")
        waitFor("the prompt") { $0.contains("jump to id:") }
        tmux.run(["set-buffer", "ev-01"])
        tmux.run(["paste-buffer", "-p"])
        waitFor("the pasted id in the prompt") { $0.contains("jump to id: ev-01") }
        keys("Escape")
        keys("q")
        XCTAssertEqual(waitForExit(), "EXIT=0")
        assertTerminalRestored()
    }
}
