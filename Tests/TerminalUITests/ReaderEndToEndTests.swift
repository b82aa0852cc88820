import Foundation
import XCTest

/// V2, V3 end to end (issue 40): the reader's keys in tmux change nothing a reader reads, and `/`
/// finds a phrase with spaces, counted, with the reading position in the toolbar.
extension EndToEndTests {
    /// The list's rows (the bars' and the scroll indicator's column aside), settled.
    private func readRows(_ rows: Int) -> [String] {
        func read() -> [String] {
            lines(capture()).prefix(rows - 1).map { row in
                var r = row.replacingOccurrences(of: "┃", with: " ")
                while r.last == " " { r.removeLast() }
                return r
            }
        }
        var last = read()
        for _ in 0..<20 {
            usleep(250_000)
            let next = read()
            if next == last { break }
            last = next
        }
        return last
    }

    /// `l d n m p o i u`: no made-up post, no other device, network, mode, platform, hook or
    /// insets; `d` then `u` is back where it was; each says what it did or that it is no key here.
    func testV2_habitKeysChangeNothingAReaderReads() throws {
        try start(cols: 80, rows: 24)
        waitFor("the sample") { $0.contains("Coastal Cup Final") && $0.contains("/ search") }
        keys("j", "j", "j")
        let before = readRows(24)
        for k in ["l", "n", "m", "p", "o", "i"] {
            keys(k)
            let said = waitFor("\(k) says it is no key here") {
                self.lines($0)[23].contains("\(k): not a key here") || self.lines($0)[23].contains("\(k): no search")
            }
            XCTAssertFalse(said.contains("Corner kick swung in"), said)
        }
        XCTAssertEqual(readRows(24), before, "l n m p o i changed what is read")
        keys("d")
        waitFor("d: half a page down") { _ in self.readRows(24) != before }
        keys("u")
        waitFor("u: back") { _ in self.readRows(24) == before }
        keys("g")
        let top = waitFor("the top") { $0.contains("updates") }
        XCTAssertTrue(top.contains("68 updates"), top)
        XCTAssertFalse(lines(top)[1].contains("android") || top.contains("iPhone"), top)
        // The lab's keys are there behind x.
        keys("x")
        waitFor("the lab's prefix") { $0.contains("lab: m p o n d i l") }
        keys("l")
        keys("g")
        waitFor("x l: a live post") { $0.contains("69 updates") }
        keys("q")
        XCTAssertEqual(waitForExit(), "EXIT=0")
    }

    /// `/Half-time stats`: the space is typed, the post is found and counted, the phrase
    /// highlighted, and the toolbar reads the position.
    func testV3_aPhraseIsFoundWithItsCount() throws {
        try start(cols: 80, rows: 24)
        waitFor("the sample") { $0.contains("Coastal Cup Final") && $0.contains("/ search") }
        keys("/")
        literal("Half-time")
        keys("Space")
        literal("stats")
        waitFor("the phrase typed with its space") { $0.contains("Half-time stats") }
        keys("Enter")
        let found = waitFor("the post found and counted") { s in
            self.lines(s)[23].contains("/Half-time stats 1/1") && s.contains("shots 7")
        }
        XCTAssertTrue(lines(found)[23].contains("/Half-time stats 1/1"), found)
        // The jump ends: the toolbar reads the search and the position again.
        let settled = waitFor("the position", timeout: 15) { s in
            self.lines(s)[23].range(of: #"post \d+/68 · \d+ %"#, options: .regularExpression) != nil
        }
        XCTAssertTrue(lines(settled)[23].contains("/Half-time stats 1/1"), settled)
        keys("q")
        XCTAssertEqual(waitForExit(), "EXIT=0")
    }
}

extension EndToEndTests {
    /// V4: a feed by file: the bar names its own site, no default badges, one blank row at most
    /// before the first post, a remote image one line.
    func testV4_aFeedsBarNamesItsSiteAndItsImageIsOneLine() throws {
        let feed = workDir + "/council.json"
        try """
        {"version": "https://jsonfeed.org/version/1.1", "title": "Council budget hearings",
         "home_page_url": "https://news.example.net/council-budget", "items": [
         {"id": "c3", "content_text": "The budget passes, 31 votes to 17.", "date_published": "2026-03-03T18:10:00Z"},
         {"id": "c2", "content_text": "Day two: the libraries amendment is withdrawn.",
          "date_published": "2026-03-02T15:00:00Z", "image": "https://news.example.net/img/chamber.jpg"},
         {"id": "c1", "content_text": "Day one of the council's budget hearings.", "date_published": "2026-03-01T09:30:00Z"}]}
        """.write(toFile: feed, atomically: true, encoding: .utf8)
        try start(cols: 80, rows: 24, args: "view '\(feed)'", env: "TZ=UTC")
        let s = waitFor("the feed, its image settled") { $0.contains("The budget passes") && $0.contains("not fetched") }
        let rows = lines(s)
        let bar = try XCTUnwrap(rows.first { $0.contains("liveblog ·") }, s)
        XCTAssertTrue(bar.contains("liveblog · news.example.net"), s)
        for badge in ["content", "ios", "hook 2p", "fast", "terminal"] {
            XCTAssertFalse(bar.contains(badge), "a default badge '\(badge)': \(bar)")
        }
        XCTAssertTrue(s.contains("[image: image · not fetched]"), s)
        XCTAssertFalse(s.contains("· remote"), s)
        let count = try XCTUnwrap(rows.firstIndex { $0.contains("3 posts") }, s)
        let title = try XCTUnwrap(rows.firstIndex { $0.contains("Council budget hearings") }, s)
        XCTAssertLessThanOrEqual(title - count - 1, 1, "blank rows between the header and the page:\n\(s)")
        keys("q")
        XCTAssertEqual(waitForExit(), "EXIT=0")
    }
}
