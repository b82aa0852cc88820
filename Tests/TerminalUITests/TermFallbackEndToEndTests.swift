import Foundation
import XCTest
import TerminalKit

/// Issue 15 in tmux, with the harness of `EndToEndTests`: an unknown TERM opens the sample on a
/// fallback entry and restores the terminal on q, with a note after exit; TERM=dumb reads linearly.
extension EndToEndTests {
    func openAndQuit(term: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try start(env: "TERM=\(term)")
        waitFor("the sample on TERM=\(term)") {
            $0.contains("Coastal Cup Final") && $0.contains("j/k scroll")
        }
        XCTAssertEqual(format("#{alternate_on}"), "1", "the screen is open", file: file, line: line)
        keys("q")
        XCTAssertEqual(waitForExit(), "EXIT=0", file: file, line: line)
        assertTerminalRestored(file: file, line: line)
        let screen = capture()
        if TermFallback.probe(term) == .missing {
            let note = "liveblog: note: no usable terminfo entry for TERM=\(term); used xterm-256color"
            XCTAssertTrue(screen.contains(note),
                          "the note after exit:\n\(screen)", file: file, line: line)
        }
        XCTAssertFalse(screen.contains("cannot open the terminal"), file: file, line: line)
    }

    func testT6_kittyWithoutTerminfoFallsBackAndRestores() throws {
        try openAndQuit(term: "xterm-kitty")
    }

    func testT6_nonsenseTermFallsBackAndRestores() throws {
        try openAndQuit(term: "nonsense")
    }

    func testT2_dumbTermReadsPostsAsLines() throws {
        try start(cols: 80, rows: 30, env: "TERM=dumb TZ=UTC")
        var screen = waitFor("the first post as lines") {
            $0.contains("2024-05-18 17:20 UTC (id ev-068)") && $0.contains("Keys:")
        }
        XCTAssertTrue(screen.contains("report and reaction on our site[1]."), screen)
        XCTAssertEqual(format("#{alternate_on}"), "0", "no alternate screen")
        keys("j")
        screen = waitFor("the next post") { $0.contains("2024-05-18 17:15 UTC (id ev-067)") }
        // The cursor is on the last line of the post being read.
        let rows = lines(screen)
        let cursorRow = Int(format("#{cursor_y}")) ?? -1
        let rowText = cursorRow >= 0 && cursorRow < rows.count ? rows[cursorRow] : ""
        XCTAssertTrue(rowText.contains("#tickaroo_event_id=ev-035"),
                      "cursor row \(cursorRow):\n\(screen)")
        keys("k")
        waitFor("the first post again") { $0.components(separatedBy: "(id ev-068)").count == 3 }
        keys("q")
        XCTAssertEqual(waitForExit(), "EXIT=0")
        assertTerminalRestored()
    }
}
