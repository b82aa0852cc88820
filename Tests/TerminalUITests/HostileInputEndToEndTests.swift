import Foundation
import TestSupport
import XCTest

/// Issue 18 in a real terminal: hostile input bytes and grapheme clusters through the binary.
extension EndToEndTests {
    /// T3: an OSC string with "l" in it added a live post, a DCS string with "q" quit, and the
    /// tail of a 40+ byte CSI jumped to highlight 1. Now nothing of them acts: the screen stays.
    func testT3_hostileSequencesDoNothingInTheRealBinary() throws {
        try start(cols: 100, rows: 30, args: "view")
        waitFor("the sample's title") { $0.contains("Coastal Cup Final") && $0.contains("j/k scroll") }
        // The page loaded: no progress bar (W1) changes the screen while the sequences go in.
        waitFor("the page loaded") { !$0.contains("▔") }
        usleep(300_000)
        let before = capture()
        let longCSI = "\u{1B}[" + String(repeating: "1;", count: 30) + "1~"
        for seq in ["\u{1B}]0;title l l l\u{07}", "\u{1B}P1$r q q\u{1B}\\", longCSI, "\u{1B}_l q 1\u{1B}\\"] {
            tmux.bytes(Array(seq.utf8))
        }
        usleep(800_000)
        XCTAssertFalse(tmux.hasExited, "still running (a DCS 'q' quit)")
        XCTAssertEqual(capture(), before, "no live post, no jump")
        keys("q")
        XCTAssertEqual(waitForExit(), "EXIT=0")
    }

    /// T8: flags, skin tones, ZWJ sequences and keycaps reach the terminal whole.
    func testT8_graphemeClustersReachTheTerminalWhole() throws {
        let path = workDir + "/emoji.json"
        let text = "Flags 🇩🇪 🇫🇷 thumbs 👍🏽 fam 👩‍👩‍👧 dev 👩🏽‍💻 pride 🏳️‍🌈 key 1️⃣ end"
        let json = """
        {"game": {"local_id": "e", "meta_info": {"title": "Emoji"}}, "events": [{"local_id": "a",
         "created_at": 1716052800, "contents": [{"_type": "Tik::ApiModel::Text::RichTextContentBlock",
         "text": "\(text)"}]}]}
        """
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        try start(cols: 100, rows: 30, args: "view '\(path)'", env: "LANG=C.UTF-8")
        let screen = waitFor("the emoji post") { $0.contains("Flags") && $0.contains("end") }
        for cluster in ["🇩🇪", "🇫🇷", "👍🏽", "👩‍👩‍👧", "👩🏽‍💻", "🏳️‍🌈", "1️⃣"] {
            XCTAssertTrue(screen.contains(cluster), "\(cluster) whole on screen:\n\(screen)")
        }
        XCTAssertFalse(screen.contains("🏳\u{200D}") && !screen.contains("🏳️‍🌈"), "no stray joiner")
        keys("q")
        XCTAssertEqual(waitForExit(), "EXIT=0")
    }
}
