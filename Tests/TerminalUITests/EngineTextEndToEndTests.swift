import Foundation
import XCTest
import TestSupport

/// X9 in text mode: `view --engine chromium` draws the page's own text where the engine laid it
/// out (line boxes read from its DOM, in cells by their position), in tmux. The browser ends
/// with liveblog (q, then its process group is checked empty).
extension EndToEndTests {
    /// The page's rows of a screen: below the two bars, above the status line (the last one
    /// that is not blank).
    private func pageRows(_ screen: String) -> [String] {
        var l = lines(screen)
        while let last = l.last, last.trimmingCharacters(in: .whitespaces).isEmpty { l.removeLast() }
        return l.count > 3 ? Array(l[2..<(l.count - 1)]) : []
    }

    /// The "y N" of each jump status on the screen's status row, left to right.
    private func statusYs(_ screen: String) -> [Int] {
        guard let row = lines(screen).last(where: { $0.contains("jump #1") }) else { return [] }
        return row.components(separatedBy: "│").compactMap { pane in
            guard let r = pane.range(of: "  y ") else { return nil }
            return Int(pane[r.upperBound...].prefix { $0 == "-" || $0.isNumber })
        }
    }

    /// Quits and checks that no engine process is left.
    private func quitEngineView() {
        let browser = tmux.programPid().flatMap { RealEngineCommandTests.children(of: $0).first }
        keys("q")
        XCTAssertEqual(waitForExit(timeout: 20), "EXIT=0")
        assertTerminalRestored()
        if let browser { XCTAssertEqual(EngineProcesses.waitUntilGone(browser), [], "no engine process outlives it") }
    }

    func testX9_textModeShowsTheEnginesTextWithThePostUnderTheBarAfterAJumpAndNothingStaleAfterScrolling() throws {
        try Requirement.browserEngine()
        try start(cols: 70, rows: 60, args: "view --engine chromium --device pixel-8 --event ev-019")
        waitFor("the jump in the real engine", timeout: 30) { $0.contains("jump #1 → ev-019") }
        // The post under the bar: its first rows are the reference embed's own text (its badge
        // reads "Highlight"; the emulated page's reads "★ HIGHLIGHT"), as the engine broke it.
        let landed = waitFor("the jump's post under the bar, in the engine's text", timeout: 20) { s in
            let rows = self.pageRows(s)
            return rows.prefix(2).contains { $0.contains("15:23 Highlight") }
                && rows.prefix(5).contains { $0.contains("Goal 23' — Mensah") }
        }
        XCTAssertFalse(landed.contains("HIGHLIGHT"), "the emulated page's rendering: \(landed)")
        XCTAssertTrue(landed.contains("Mensah scores! Costa's cross"), landed)
        waitFor("the jump's hold to end", timeout: 20) { !$0.contains("s left") }
        // A line down at a time (16 pt each): every row of the page moves up one row, and the
        // row that comes in is the page's next one; nothing of the earlier screen stays.
        var before = pageRows(capture())
        var after = ""
        for step in 1...3 {
            keys("j")
            let expected = before
            after = waitFor("the page a row further (step \(step))", timeout: 10) { s in
                let rows = self.pageRows(s)
                return rows.count == expected.count && rows.dropLast() == expected.dropFirst()
            }
            XCTAssertEqual(Array(pageRows(after).dropLast()), Array(expected.dropFirst()), "after step \(step):\n\(after)")
            before = pageRows(after)
        }
        XCTAssertFalse(before.prefix(2).contains { $0.contains("15:23 Highlight") }, after)
        quitEngineView()
    }

    /// T2 on the engine's page: Tab focuses a link the page itself has (read from its DOM with
    /// its target), Enter clicks it in the engine; the reference embed hands a link to another
    /// origin to the app, which says so.
    func testX9_tabAndEnterFollowThePagesOwnLinks() throws {
        try Requirement.browserEngine()
        try start(cols: 70, rows: 40, args: "view --engine chromium --event ev-019")
        waitFor("the jump's post and its link, settled", timeout: 30) { s in
            s.contains("15:23 Highlight") && s.contains("https://twitter.com/northvaleutd/status/")
                && !s.contains("s left")
        }
        keys("Tab")
        keys("Enter")
        waitFor("the link handed to the app", timeout: 10) {
            $0.contains("external link: https://twitter.com/northvaleutd/status/")
        }
        quitEngineView()
    }

    /// A page whose posts exist only once its script has run (what w3m shows as "Loading the live
    /// blog…"), opened by URL from the test's own loopback server: its text readable in tmux.
    func testX9_aPageRenderedOnlyByJavaScriptIsReadableInTextMode() throws {
        try Requirement.browserEngine()
        let dir = NSTemporaryDirectory() + "x9-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.scriptOnlyPage.write(toFile: dir + "/js.html", atomically: true, encoding: .utf8)
        let server = try LoopbackServer(serving: [dir])
        defer { server.stop() }
        let url = server.origin + "/files/js.html?type=text/html"
        try start(cols: 80, rows: 60, args: "view --engine chromium --device pixel-8 --page-url '\(url)'")
        let screen = waitFor("the script's posts in the terminal", timeout: 30) { s in
            s.contains("Kick-off at the harbour") && s.contains("Second half under way")
        }
        XCTAssertFalse(screen.contains("Loading the live blog"), screen)
        XCTAssertTrue(screen.contains("The visitors press high from the first whistle."), screen)
        quitEngineView()
    }

    /// `compare --engines emulated,chromium` at 160×40: both engines on one input stream, each
    /// pane's caption naming its engine and its toolbar its jump; the chromium pane draws the
    /// engine's text (its badge "Highlight"), the emulated one its own ("★ HIGHLIGHT").
    func testX9_compareEnginesShowsBothEnginesSideBySideWithBothJumpStatuses() throws {
        try Requirement.browserEngine()
        try start(cols: 160, rows: 40, args: "compare --engines emulated,chromium --event ev-019", env: "TZ=UTC")
        let screen = waitFor("both panes' jump status", timeout: 30) { s in
            self.lines(s).contains { $0.components(separatedBy: "jump #1 → ev-019").count == 3 }
        }
        let rows = lines(screen)
        XCTAssertTrue(rows[0].contains("[ios emulated]") && rows[0].contains("[ios chromium]"), screen)
        guard let bar = rows[0].firstIndex(of: "│") else { return XCTFail("no separator: \(screen)") }
        let mid = rows[0].distance(from: rows[0].startIndex, to: bar)
        // Each pane's post under its bar: the emulated page's time in the reader's zone (UTC here) and
        // its badge ("★ HIGHLIGHT") on the left,
        // the engine's own text ("Highlight") on the right.
        let landed = waitFor("both posts under their bars", timeout: 20) { s in
            let top = self.lines(s).prefix(6)
            return top.contains { $0.prefix(mid).contains("15:23 UTC  ★ HIGHLIGHT") }
                && top.contains { $0.dropFirst(mid + 1).contains("15:23 Highlight") }
        }
        let right = lines(landed).map { String($0.dropFirst(mid + 1)) }.joined(separator: "\n")
        XCTAssertFalse(right.contains("★ HIGHLIGHT"), right)
        // One input stream: a line down moves both panes' posts 16 pt up (their status's y).
        let settled = waitFor("both holds to end", timeout: 20) { s in
            self.statusYs(s).count == 2 && !s.contains("s left")
        }
        let ys = statusYs(settled)
        keys("j")
        waitFor("both panes a line further", timeout: 10) { s in self.statusYs(s) == ys.map { $0 - 16 } }
        quitEngineView()
    }

    func testX9_compareEnginesRefusesAnUnknownEngineWithUsage() throws {
        let r = spawn(Fixture.binary, ["compare", "--engines", "emulated,gecko"])
        XCTAssertEqual(r.code, 64, r.out + r.err)
        XCTAssertTrue(r.err.contains("--engines: name the two engines, e.g. emulated,chromium"), r.err)
    }

    /// V5 in tmux: the engine's sample reads in whole rows: the closing post's paragraph on
    /// consecutive rows (wrapped at a word, no letter cut at the edge).
    private func assertFullReportOnConsecutiveRows(cols: Int, rows: Int) throws {
        try Requirement.browserEngine()
        try start(cols: cols, rows: rows, args: "view --engine chromium")
        let screen = waitFor("the closing post in the engine's text at \(cols)×\(rows)", timeout: 30) { s in
            s.contains("That is all from us today.") && s.contains("on our site.")
        }
        let page = lines(screen).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = page.firstIndex(where: { $0.hasPrefix("That is all from us today.") }) else {
            return XCTFail(screen)
        }
        // The paragraph's rows follow each other and end with its last words.
        var text = page[first]
        var next = first + 1
        while next < page.count, !page[next].isEmpty, !text.hasSuffix("on our site.") {
            text += " " + page[next]
            next += 1
        }
        XCTAssertTrue(text.hasSuffix("Full report and reaction on our site."), "\(cols)×\(rows):\n\(screen)")
        XCTAssertFalse(lines(screen).contains { $0.hasSuffix("Full report an") || $0.hasSuffix(" Fu") }, screen)
        quitEngineView()
    }

    func testV5_theEnginesSampleReadsFullReportAndReactionOnConsecutiveRowsAt100x30() throws {
        try assertFullReportOnConsecutiveRows(cols: 100, rows: 30)
    }

    func testV5_theEnginesSampleReadsFullReportAndReactionOnConsecutiveRowsAt80x24() throws {
        try assertFullReportOnConsecutiveRows(cols: 80, rows: 24)
    }

    /// V4: `--page-url` names the page of one's own by its own title and site, with its own
    /// count of posts, not the bundled sample's.
    func testV4_aPageOfOnesOwnIsNamedByItsOwnTitleAndSiteWithItsOwnCounts() throws {
        try Requirement.browserEngine()
        let dir = NSTemporaryDirectory() + "v4-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.marathonPage.write(toFile: dir + "/own.html", atomically: true, encoding: .utf8)
        let server = try LoopbackServer(serving: [dir])
        defer { server.stop() }
        let url = server.origin + "/files/own.html?type=text/html"
        try start(cols: 100, rows: 30, args: "view --engine chromium --page-url '\(url)'")
        let screen = waitFor("the page's posts and its own title in the bar", timeout: 30) { s in
            s.contains("The runners are away from the harbour front.") && s.contains("Harbour Marathon — live")
        }
        let rows = lines(screen)
        XCTAssertTrue(rows[0].contains("Harbour Marathon — live"), screen)
        XCTAssertTrue(rows[1].contains("127.0.0.1"), screen)
        XCTAssertFalse(screen.contains("Coastal Cup Final"), screen)
        XCTAssertFalse(screen.contains("www.example.com"), screen)
        XCTAssertFalse(screen.contains("updates"), "the bundled host app's count: \(screen)")
        XCTAssertTrue(screen.contains("3 posts"), screen)
        XCTAssertTrue(rows.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.contains("post 1/3") ?? false, screen)
        quitEngineView()
    }

    static let marathonPage = """
        <!doctype html><html><head><meta charset="utf-8"><title>Harbour Marathon — live</title>
        <meta name="viewport" content="width=device-width">
        <style>body{margin:0;font:16px "DejaVu Sans"} .post{padding:8px 16px}</style></head>
        <body><h1>Harbour Marathon</h1>
        <article class="post" data-post-id="m3"><p>The winner crosses the line in 2:08:14.</p></article>
        <article class="post" data-post-id="m2"><p>Halfway: the lead group is down to six.</p></article>
        <article class="post" data-post-id="m1"><p>The runners are away from the harbour front.</p></article>
        </body></html>
        """

    static let scriptOnlyPage = """
        <!doctype html><html><head><meta name="viewport" content="width=device-width">
        <style>body{margin:0;font:16px "DejaVu Sans"} .post{padding:8px 16px}</style></head>
        <body><div id="blog">Loading the live blog…</div><script>
        const posts = [["p2", "Second half under way", "Both sides unchanged after the break."],
                       ["p1", "Kick-off at the harbour", "The visitors press high from the first whistle."]];
        const blog = document.getElementById("blog");
        blog.textContent = "";
        for (const [id, title, text] of posts) {
          const a = document.createElement("article");
          a.className = "post"; a.dataset.postId = id;
          const h = document.createElement("h2"); h.textContent = title;
          const p = document.createElement("p"); p.textContent = text;
          a.append(h, p); blog.appendChild(a);
        }
        </script></body></html>
        """
}
