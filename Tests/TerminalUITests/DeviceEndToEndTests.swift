import Foundation
import TestSupport
import XCTest

/// D2 and D5 in a real terminal (tmux, 200×60): a phone is a centred column of its width; the
/// `terminal` device reads in a column of at most 90 text columns with images of at most 60 % of
/// the viewport; a terminal shorter than the phone says how much is hidden.
extension EndToEndTests {
    /// The first and last non-blank column of each list row (rows 2 ..< `last`).
    func columnSpans(_ screen: String, last: Int) -> [(first: Int, last: Int)] {
        let all = lines(screen)
        return (2..<min(all.count, last)).compactMap { r in
            let cells = Array(all[r])
            guard let a = cells.firstIndex(where: { $0 != " " }),
                  let b = cells.lastIndex(where: { $0 != " " }) else { return nil }
            return (a, b)
        }
    }

    /// Is this row an image row: most of its non-blank cells block or sextant symbols?
    func isImageRow(_ row: String) -> Bool {
        let cells = row.unicodeScalars.filter { $0 != " " }
        guard cells.count >= 10 else { return false }
        let blocks = cells.filter { (0x2580...0x259F).contains($0.value) || (0x1FB00...0x1FB3B).contains($0.value) }
        return blocks.count * 10 >= cells.count * 8
    }

    func testD2_iphone15IsACentredColumnOfItsWidthAndAShortTerminalSaysWhatIsHidden() throws {
        try start(cols: 200, rows: 60, args: "--device iphone-15 --network instant")
        let screen = waitFor("the sample") { $0.contains("Coastal Cup Final") && $0.contains("iphone-15") }
        // 393 pt = 49 columns, centred in 200: columns 75 ..< 124. The viewport is 759 pt (48 rows).
        let spans = columnSpans(screen, last: 47)
        XCTAssertGreaterThan(spans.count, 20)
        // Rows leave the column's first cell blank, as column 0 is without a device: text starts at 76
        // (the loading line that started at the edge is in the navigation bar now, issue 32).
        XCTAssertEqual(spans.map(\.first).min(), 76, "the column's left edge")
        XCTAssertLessThan(spans.map(\.last).max() ?? 999, 124, "nothing right of the column")
        XCTAssertGreaterThan(spans.map(\.last).max() ?? 0, 110, "the text fills the column")
        XCTAssertFalse(screen.contains("below the terminal"))
        tmux.resize(cols: 200, rows: 30)
        let short = waitFor("the hidden rows") { $0.contains("below the terminal") }
        XCTAssertTrue(short.contains("▼ 19 rows (295 pt) of the iphone-15's 759 pt viewport"), short)
        keys("q")
        XCTAssertEqual(waitForExit(), "EXIT=0")
    }

    func testD5_terminalDeviceReadsIn90ColumnsWithImagesUnder60PercentOfTheViewport() throws {
        try start(cols: 200, rows: 60, args: "--device terminal --network instant")
        // V4: the terminal is the default device, so the bar shows only the badge off the defaults.
        var screen = waitFor("the sample") { $0.contains("Coastal Cup Final") && $0.contains("instant") }
        var longestImage = 0
        for _ in 0..<12 {
            // 92 columns (90 of text and a column of padding each side), centred: 54 ..< 146.
            for s in columnSpans(screen, last: 59) {
                XCTAssertGreaterThanOrEqual(s.first, 54)
                XCTAssertLessThan(s.last, 146)
            }
            var run = 0
            for row in lines(screen).prefix(59).dropFirst(2) {
                run = isImageRow(row) ? run + 1 : 0
                longestImage = max(longestImage, run)
            }
            keys("Space")
            usleep(400_000)
            screen = capture()
        }
        XCTAssertGreaterThan(longestImage, 3, "an image was seen")
        // 60 % of 60 rows × 16 pt = 576 pt = 36 rows.
        XCTAssertLessThanOrEqual(longestImage, 36)
        keys("q")
        XCTAssertEqual(waitForExit(), "EXIT=0")
    }

    func testD1_F6_compareShowsTwoDevicesSideBySideEachAtItsWidth() throws {
        try start(cols: 200, rows: 50, args: "compare --devices iphone-15,pixel-8 --network instant --event ev-019")
        waitFor("both panes") { $0.contains("[ios iphone-15]") && $0.contains("[android pixel-8]") }
        // The same post wraps at 47 text columns on the iPhone and 49 on the Pixel.
        waitFor("the jump's post at each width") { screen in
            self.lines(screen).contains { $0.contains("volleys in at   ") && $0.contains("volleys in at the   ") }
        }
        keys("q")
        XCTAssertEqual(waitForExit(), "EXIT=0")
    }

    func testD1_unknownDeviceIsAnErrorWithASuggestion() throws {
        let r = spawn(Fixture.binary, ["simulate", Fixture.repoRoot + "/Assets/scenarios/ios-3g-landing.json",
                                       "--device", "iphone15"])
        XCTAssertEqual(r.code, 64)
        let dev = spawn("/bin/sh", ["-c", "'\(Fixture.binary)' simulate '\(Fixture.repoRoot)/Assets/scenarios/ios-3g-landing.json' --device iphone15 2>&1"])
        XCTAssertTrue(dev.out.contains("iphone-15"), dev.out)
    }
}
