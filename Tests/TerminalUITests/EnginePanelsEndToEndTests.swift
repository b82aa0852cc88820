import Foundation
import XCTest
import TestSupport

/// L7 on a real engine, in tmux: a page of one's own (X4), served by the test on 127.0.0.1, whose
/// highlights, chapters and goals are marked in its own DOM in its own way; the h, c and s panels
/// list what `--highlight-selector`, `--chapter-selector` and `--scorer-selector` find there.
extension EndToEndTests {
    static let markedPage = """
        <!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
        <body style="margin:0;font:16px 'DejaVu Sans'"><h1>Harbour derby</h1><tickaroo-liveblog>
        <section class="entry" data-entry="n4"><time datetime="2026-05-01T19:52:00Z">19:52</time>
          <p class="goal">Goal: Okafor heads in, 2–1</p></section>
        <section class="entry featured" data-entry="n3"><time datetime="2026-05-01T19:15:00Z">19:15</time>
          <h3 class="chapter">Second half</h3><p>The teams are back out.</p></section>
        <section class="entry" data-entry="n2"><time datetime="2026-05-01T18:47:00Z">18:47</time>
          <p>A quiet spell in midfield.</p></section>
        <section class="entry featured" data-entry="n1"><time datetime="2026-05-01T18:31:00Z">18:31</time>
          <p>Red card for the visitors' captain.</p></section>
        </tickaroo-liveblog><script>
        let nextJump = 1;
        document.querySelector("tickaroo-liveblog").navigateToEventId = function (id) {
          const el = document.querySelector('[data-entry="' + id + '"]');
          if (!el) return Promise.resolve(false);
          window.tickarooLiveblogScrollTo(el.getBoundingClientRect().top + scrollY, { jumpId: nextJump++, correction: false });
          return Promise.resolve(true);
        };
        </script></body></html>
        """

    func testL7_aPageOfOnesOwnListsItsPanelsByTheSelectorOptions() throws {
        try Requirement.browserEngine()
        let dir = NSTemporaryDirectory() + "l7-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.markedPage.write(toFile: dir + "/derby.html", atomically: true, encoding: .utf8)
        let server = try LoopbackServer(serving: [dir])
        defer { server.stop() }
        let url = server.origin + "/files/derby.html?type=text/html"
        try start(cols: 100, rows: 30, args: "view --engine chromium --page-url '\(url)' --post-selector .entry "
                  + "--post-id-attribute data-entry --highlight-selector .featured "
                  + "--chapter-selector '.featured h3.chapter' --scorer-selector .goal", env: "TZ=UTC")
        waitFor("the page", timeout: 30) { $0.contains("Harbour derby") && $0.contains("A quiet spell") }
        // Each panel is waited for with its entries, not its title alone: a panel draws the
        // liveblog of each frame, whose marks are read from the page's DOM with its geometry, so a
        // panel opened before they are read is drawn with its title and "(none)" for a frame or
        // more; reading the first screen with the title raced with that reading.
        keys("h")
        var panel = waitFor("the highlights panel") { $0.contains("Highlights") && $0.contains("1  19:15 UTC  Second half") }
        XCTAssertTrue(panel.contains("1  19:15 UTC  Second half"), panel)
        XCTAssertTrue(panel.contains("2  18:31 UTC  Red card for the visitors' captain."), panel)
        let highlights = panel.split(separator: "\n").filter { $0.contains("│") }.joined(separator: "\n")
        XCTAssertFalse(highlights.contains("quiet spell"), "not a highlight: \(panel)")
        keys("Escape", "c")
        panel = waitFor("the chapters panel") { $0.contains("Chapters") && $0.contains("1  19:15 UTC  Second half") }
        XCTAssertTrue(panel.contains("1  19:15 UTC  Second half"), panel)
        // The panel's own rows (the page beside and below it may show the red card's post).
        let box = panel.split(separator: "\n").filter { $0.contains("│") }.joined(separator: "\n")
        XCTAssertFalse(box.isEmpty, panel)
        XCTAssertFalse(box.contains("Red card"), panel)
        keys("Escape", "s")
        panel = waitFor("the scorers panel") { $0.contains("Scorers") && $0.contains("1  19:52 UTC  Goal") }
        XCTAssertTrue(panel.contains("1  19:52 UTC  Goal: Okafor heads in, 2–1"), panel)
        // Enter jumps to the goal's post on the page.
        keys("Enter")
        waitFor("the jump to the goal", timeout: 20) { $0.contains("jump #1 → n4") }
        keys("q")
        XCTAssertEqual(waitForExit(timeout: 20), "EXIT=0")
        assertTerminalRestored()
    }
}
