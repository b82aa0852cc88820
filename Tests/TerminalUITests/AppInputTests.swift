import Foundation
import XCTest
import LiveblogModel
import Embed
import Host
import Simulation
import TerminalKit
@testable import TerminalUI

/// The App maps terminal input to world inputs (T2, T3, P5, P6): fed InputEvents, the world moves.
final class AppInputTests: XCTestCase {
    func makeApp(cols: Int = 80, rows: Int = 24, network: NetworkProfile = .instant) throws -> App {
        let w = try Fixture.world(cols: cols, rows: rows, network: network)
        w.advance(to: 12)
        return App(world: w)
    }

    func key(_ app: App, _ k: Key) { app.handle(.key(k)) }
    func char(_ app: App, _ s: String) { for c in s { app.handle(.key(.char(c))) } }
    func mouse(_ app: App, _ kind: MouseEvent.Kind, row: Int, col: Int = 40) {
        app.handle(.mouse(MouseEvent(kind: kind, row: row, col: col)))
    }
    func advance(_ app: App, seconds: Double) { app.world.advance(to: app.world.tick + Int((seconds * 120).rounded())) }

    func testP5_jScrollsOneLineAfterTheEase() throws {
        let app = try makeApp()
        let before = app.world.scrollView.offset
        char(app, "j")
        advance(app, seconds: 0.05)
        XCTAssertGreaterThan(app.world.scrollView.offset, before)
        XCTAssertLessThan(app.world.scrollView.offset, before + 16, "still easing at 50 ms")
        advance(app, seconds: 0.3)
        XCTAssertEqual(app.world.scrollView.offset - before, 16, accuracy: 0.01)
        key(app, .down)
        advance(app, seconds: 0.3)
        XCTAssertEqual(app.world.scrollView.offset - before, 32, accuracy: 0.01)
        char(app, "k")
        advance(app, seconds: 0.3)
        XCTAssertEqual(app.world.scrollView.offset - before, 16, accuracy: 0.01)
    }

    func testP6_wheelNotchScrolls48() throws {
        let app = try makeApp()
        let before = app.world.scrollView.offset
        mouse(app, .wheelDown, row: 10)
        advance(app, seconds: 0.5)
        XCTAssertEqual(app.world.scrollView.offset - before, 48, accuracy: 0.01)
        mouse(app, .wheelUp, row: 10)
        advance(app, seconds: 0.5)
        XCTAssertEqual(app.world.scrollView.offset - before, 0, accuracy: 0.01)
    }

    /// P6, P2: a fast drag moves the content with the finger and flings on release.
    func testP6_dragPansAndFlingsAfterRelease() throws {
        let app = try makeApp()
        let start = app.world.scrollView.offset
        mouse(app, .press(button: 1), row: 20)
        for (i, row) in [18, 16, 14, 12, 10, 8].enumerated() {
            advance(app, seconds: 1.0 / 60)
            mouse(app, .drag, row: row)
            _ = i
        }
        // The finger moved 12 rows = 192 pt; the content followed it.
        XCTAssertEqual(app.world.scrollView.offset - start, 192, accuracy: 0.5)
        mouse(app, .release, row: 8)
        let atRelease = app.world.scrollView.offset
        XCTAssertTrue(app.world.pan.isMoving, "a fast release flings")
        advance(app, seconds: 0.25)
        let later = app.world.scrollView.offset
        XCTAssertGreaterThan(later - atRelease, 100, "content keeps moving after the release")
        advance(app, seconds: 6)
        XCTAssertFalse(app.world.pan.isMoving, "inertia ends")
    }

    /// P1: a slow drag with a pause before release gives no fling.
    func testP1_pauseBeforeReleaseNoFling() throws {
        let app = try makeApp()
        mouse(app, .press(button: 1), row: 20)
        for row in [18, 16, 14] { advance(app, seconds: 1.0 / 60); mouse(app, .drag, row: row) }
        advance(app, seconds: 0.1)
        mouse(app, .release, row: 14)
        let at = app.world.scrollView.offset
        advance(app, seconds: 0.5)
        XCTAssertEqual(app.world.scrollView.offset, at, accuracy: 0.01)
    }

    /// L7, T2: h opens the highlights panel, a digit jumps to that entry.
    func testL7_panelsJump() throws {
        let app = try makeApp()
        char(app, "h")
        guard (app.ui.overlay as? PanelOverlay)?.kind == .highlights else { return XCTFail("highlights panel open") }
        char(app, "2")
        XCTAssertNil(app.ui.overlay)
        let target = app.world.page.liveblog.highlights[1].id
        XCTAssertEqual(app.world.jumpStatus?.postId, target)
        advance(app, seconds: 1)
        XCTAssertEqual(app.world.postY(target) ?? .nan, 0, accuracy: 1)

        // Scorers: j moves the selection, Enter jumps.
        char(app, "s")
        char(app, "j")
        key(app, .enter)
        let scorer = app.world.page.liveblog.scorers[1].id
        XCTAssertEqual(app.world.jumpStatus?.postId, scorer)
        advance(app, seconds: 1)
        XCTAssertEqual(app.world.postY(scorer) ?? .nan, 0, accuracy: 1)

        // Chapters: a click on the third entry jumps to it.
        char(app, "c")
        let chapters = app.world.page.liveblog.chapters
        let panel = PanelGeometry(.chapters, app.world.page.liveblog, selected: 0,
                                  in: Rect(row: 0, col: 0, width: 80, height: 24))
        mouse(app, .press(button: 1), row: panel.box.inner.row + 2)
        XCTAssertEqual(app.world.jumpStatus?.postId, chapters[2].id)
        XCTAssertNil(app.ui.overlay)
    }

    /// T2: `/` opens the prompt; Tab completes an unambiguous id; Enter jumps.
    func testT2_promptTabCompletesAndJumps() throws {
        let app = try makeApp()
        char(app, "/")
        char(app, "049")
        key(app, .tab)
        XCTAssertEqual(app.ui.overlay as? PromptOverlay, PromptOverlay(text: "ev-049", selected: 0))
        key(app, .enter)
        XCTAssertNil(app.ui.overlay)
        XCTAssertEqual(app.world.jumpStatus?.postId, "ev-049")
        advance(app, seconds: 1)
        XCTAssertEqual(app.world.postY("ev-049") ?? .nan, 0, accuracy: 1)

        // Backspace and Escape.
        char(app, "/")
        char(app, "ev-9")
        key(app, .backspace)
        XCTAssertEqual(app.ui.overlay as? PromptOverlay, PromptOverlay(text: "ev-", selected: 0))
        key(app, .escape)
        XCTAssertNil(app.ui.overlay)

        // An unknown id that no post's text has either says so (issue 32: `/` searches too).
        char(app, "/")
        char(app, "nope")
        key(app, .enter)
        XCTAssertEqual(app.ui.message?.text, "no post has “nope”")
    }

    /// T2: Tab focuses the links in view; Enter follows a fragment link to its post.
    func testT2_tabFocusesLinkAndEnterFollows() throws {
        let app = try makeApp()
        key(app, .tab)
        XCTAssertEqual(app.world.focusedLink?.href, "https://www.example.com/coastal-cup")
        key(app, .tab)
        XCTAssertEqual(app.world.focusedLink?.href, "#tickaroo_event_id=ev-035")
        let g = Fixture.draw(app.world, app.ui)
        XCTAssertTrue(g.rowText(23).contains("link: #tickaroo_event_id=ev-035"), g.rowText(23))
        key(app, .enter)
        XCTAssertEqual(app.world.jumpStatus?.postId, "ev-035")
        advance(app, seconds: 1)
        XCTAssertEqual(app.world.postY("ev-035") ?? .nan, 0, accuracy: 1)
        key(app, .escape)
        XCTAssertNil(app.world.focusedLink)
    }

    /// T2: ? shows help and any key closes it; q quits.
    func testT2_helpAndQuit() throws {
        let app = try makeApp()
        char(app, "?")
        XCTAssertTrue(app.ui.overlay is HelpOverlay)
        char(app, "x")
        XCTAssertNil(app.ui.overlay)
        XCTAssertTrue(app.running)
        char(app, "q")
        XCTAssertFalse(app.running)
    }

    /// P5, issue 32: the calm reader is a setting in the help too: `R` there turns it on (the
    /// help stays open and says so), a held `j` then stops at its last press, `R` again turns it off.
    func testP5_theHelpsSettingTurnsTheCalmReaderOnAndOff() throws {
        let app = try makeApp()
        char(app, "?")
        let off = Fixture.draw(app.world, app.ui).text()
        XCTAssertTrue(off.contains("calm reader off"), off)
        char(app, "R")
        XCTAssertTrue(app.world.calmKeys)
        let help = try XCTUnwrap(app.ui.overlay as? HelpOverlay, "the help stays open")
        XCTAssertTrue(help.calm)
        XCTAssertTrue(Fixture.draw(app.world, app.ui).text().contains("calm reader on: a held key stops at its last press"))
        char(app, "x")
        XCTAssertNil(app.ui.overlay)
        let start = app.world.scrollView.offset
        for _ in 0..<20 { char(app, "j"); app.world.advance(to: app.world.tick + 4) }
        advance(app, seconds: 5)
        XCTAssertEqual(app.world.scrollView.offset - start, 20 * app.world.line, accuracy: 0.5, "twenty lines, no fling")
        char(app, "?")
        XCTAssertTrue((app.ui.overlay as? HelpOverlay)?.calm ?? false, "the help opens with the setting as it is")
        char(app, "R")
        XCTAssertFalse(app.world.calmKeys)
    }

    /// P5: a `--record` session cannot turn the calm reader on from the help (simulate could not
    /// replay it, as `--record --reading` is refused).
    func testP5_theCalmSettingIsRefusedWhileRecording() throws {
        let app = try makeApp()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("calm-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        app.recorder = Recorder(config: app.world.config, liveblogPath: Fixture.samplePath,
                                outputPath: dir.appendingPathComponent("s.json").path)
        char(app, "?")
        char(app, "R")
        XCTAssertFalse(app.world.calmKeys)
        XCTAssertTrue(Fixture.draw(app.world, app.ui).text().contains("not while recording"))
    }

    /// T2, V2: with the lab's keys (`--lab`), m, p, n cycle the mode, platform and network;
    /// badges follow.
    func testT2_modePlatformNetworkKeys() throws {
        let app = try makeApp()
        app.lab = true
        char(app, "m"); XCTAssertEqual(app.world.config.mode, .nested)
        char(app, "m"); XCTAssertEqual(app.world.config.mode, .header)
        char(app, "m"); XCTAssertEqual(app.world.config.mode, .content)
        char(app, "p"); XCTAssertEqual(app.world.config.platform, .android)
        char(app, "n"); XCTAssertEqual(app.world.page.networkProfile, .fast)
        let g = Fixture.draw(app.world, app.ui)
        XCTAssertTrue(g.rowText(1).contains("android"))
        XCTAssertTrue(g.rowText(1).contains("fast"))
    }

    /// T5: a resize event re-lays the world at the new size.
    func testT5_resizeEvent() throws {
        let app = try makeApp(cols: 100, rows: 30)
        app.handle(.resize(cols: 80, rows: 24))
        XCTAssertEqual(app.world.config.cols, 80)
        XCTAssertEqual(app.world.config.rows, 24)
        XCTAssertEqual(app.world.webWidth, 640)
    }

    /// Issue 18: a count says "1 highlight", not "1 highlights" (the 1–9 keys past the last one).
    func testL7_oneHighlightIsSingular() throws {
        var lb = try Fixture.sample()
        let first = try XCTUnwrap(lb.posts.firstIndex { $0.highlight.isHighlight })
        for i in lb.posts.indices where i != first && lb.posts[i].highlight.isHighlight { lb.posts[i].highlight = .none }
        let w = World(liveblog: lb, config: Fixture.config(cols: 80, rows: 24))
        w.advance(to: 12)
        let app = App(world: w)
        XCTAssertEqual(lb.highlights.count, 1)
        char(app, "2")
        XCTAssertEqual(app.ui.message?.text, "there is 1 highlight")
        XCTAssertEqual(Plural.count(1, "update"), "1 update")
        XCTAssertEqual(Plural.count(3, "update"), "3 updates")
    }

    /// Issue 18: a liveblog of one post says "1 update" under its title, not "1 updates".
    func testL1_onePostIsOneUpdate() throws {
        var lb = try Fixture.sample()
        lb.posts = [lb.posts[0]]
        lb.scoreboard = nil
        let w = World(liveblog: lb, config: Fixture.config(cols: 80, rows: 24))
        w.advance(to: 12)
        let text = Fixture.draw(w).text()
        XCTAssertTrue(text.contains(" 1 update\n") || text.contains(" 1 update "), text)
        XCTAssertFalse(text.contains("1 updates"), text)
    }
}
