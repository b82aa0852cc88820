import Foundation
import XCTest
import LiveblogModel
import Embed
import Simulation
import TerminalKit
@testable import TerminalUI

/// The web-view wrapper (docs/behaviours.md) on the screen: the progress bar (W1), the history badges and keys (W2), and video
/// handed to a player only after the reader says yes (W3).
final class WrapperScreenTests: XCTestCase {
    /// The navigation bar's bottom row (issue 32: the progress is the bar's edge): how many cells
    /// from the left are underlined.
    private func barCells(_ g: CellGrid, row: Int = 1) -> Int {
        (0..<g.cols).prefix { g.styleAt(row: row, col: $0).underline }.count
    }

    func testW1_progressBarOnTheNavBarsEdgeGrowsAndIsGoneAtOne() throws {
        let w = try Fixture.world(cols: 80, rows: 24, network: .slow)
        var last = 0
        var sawBar = false
        for t in stride(from: 12, through: 120 * 60, by: 30) {
            w.advance(to: t)
            let g = Fixture.draw(w)
            let n = barCells(g)
            let p = w.page.estimatedProgress
            if p < 1 {
                XCTAssertEqual(n, ProgressBar.filledColumns(p, width: 80), "at tick \(t)")
                XCTAssertGreaterThanOrEqual(n, last, "the bar only grows")
                XCTAssertGreaterThan(n, 0)
                sawBar = true
                last = n
            } else {
                XCTAssertEqual(n, 0, "no bar at 1 (tick \(t))")
            }
            XCTAssertEqual(barCells(g, row: 0), 0, "the title row is untouched")
            XCTAssertFalse(g.text().contains("▔"), "no bar over the list")
        }
        XCTAssertTrue(sawBar)
        XCTAssertEqual(w.page.estimatedProgress, 1)
    }

    func testW1_barFillsTheShareOfTheWidth() {
        XCTAssertEqual(ProgressBar.filledColumns(0, width: 80), 1, "a start shows")
        XCTAssertEqual(ProgressBar.filledColumns(0.5, width: 80), 40)
        XCTAssertEqual(ProgressBar.filledColumns(0.999, width: 80), 79)
        XCTAssertEqual(ProgressBar.filledColumns(1, width: 80), 0)
    }

    func testW2_badgesShowWhereHistoryCanGo() throws {
        let w = try Fixture.world(cols: 100, rows: 24)
        let app = App(world: w)
        w.advance(to: 12)
        XCTAssertFalse(Fixture.draw(w).rowText(1).contains("◀ H"))
        app.handle(.key(.char("/")))
        for c in "ev-030" { app.handle(.key(.char(c))) }
        app.handle(.key(.enter))
        w.advance(to: 240)
        XCTAssertTrue(Fixture.draw(w).rowText(1).contains("◀ H"), Fixture.draw(w).rowText(1))
        // The mouse's back button goes back.
        app.handle(.mouse(MouseEvent(kind: .press(button: 8), row: 10, col: 10)))
        w.advance(to: 260)
        let nav = Fixture.draw(w).rowText(1)
        XCTAssertTrue(nav.contains("L ▶") && !nav.contains("◀ H"), nav)
        app.handle(.mouse(MouseEvent(kind: .press(button: 9), row: 10, col: 10)))
        XCTAssertTrue(w.history.canGoBack)
    }

    // MARK: - W3

    /// A stand-in player: writes its arguments, one a line, to `out`.
    private func playerScript(_ dir: String, out: String) throws -> String {
        let path = dir + "/player.sh"
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(out)'\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    /// Clicks the card of the YouTube embed of post ev-064 (after jumping to it).
    private func clickVideo(_ app: App) {
        let w = app.world
        app.handle(.key(.char("/")))
        for c in "ev-064" { app.handle(.key(.char(c))) }
        app.handle(.key(.enter))
        w.advance(to: w.tick + 240)
        let items = w.emulatedPage!.postItems(index: w.emulatedPage!.loadedPostIndex("ev-064")!)
        let card = items.first { if case .embed = $0.kind { return true } else { return false } }!
        let row = Int(w.viewportY(pageY: card.y + 40) / w.line)
        app.handle(.mouse(MouseEvent(kind: .press(button: 1), row: row, col: 20)))
        app.handle(.mouse(MouseEvent(kind: .release, row: row, col: 20)))
    }

    private func waitForFile(_ path: String, seconds: Double) -> String? {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if let s = try? String(contentsOfFile: path, encoding: .utf8), s.hasSuffix("\n") { return s }
            usleep(20_000)
        }
        return nil
    }

    func testW3_videoOpensThePlayerOnlyAfterYes() throws {
        let dir = NSTemporaryDirectory() + "/w3-\(getpid())-yes"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/args"
        let app = App(world: try Fixture.world(cols: 100, rows: 30))
        app.environment = ["LIVEBLOG_PLAYER": try playerScript(dir, out: out) + " --fullscreen"]
        clickVideo(app)
        let url = "https://www.youtube.com/watch?v=coastal-cup-final-highlights"
        XCTAssertEqual(app.world.mediaHandoffs, [url])
        guard let cmd = (app.ui.overlay as? PlayerConfirmation)?.command else {
            return XCTFail("asks first: \(String(describing: app.ui.overlay))")
        }
        XCTAssertEqual(cmd.argv.last, url)
        let screen = Fixture.draw(app.world, app.ui).text()
        XCTAssertTrue(screen.contains("player.sh --fullscreen https://www.youtube.com"), screen)
        usleep(200_000)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing runs before the answer")
        app.handle(.key(.char("y")))
        XCTAssertNil(app.ui.overlay)
        XCTAssertEqual(waitForFile(out, seconds: 10), "--fullscreen\n\(url)\n")
    }

    func testW3_noRunsNothing() throws {
        let dir = NSTemporaryDirectory() + "/w3-\(getpid())-no"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/args"
        let app = App(world: try Fixture.world(cols: 100, rows: 30))
        app.environment = ["LIVEBLOG_PLAYER": try playerScript(dir, out: out)]
        clickVideo(app)
        guard app.ui.overlay is PlayerConfirmation else { return XCTFail("asks first") }
        app.handle(.key(.char("n")))
        XCTAssertNil(app.ui.overlay)
        XCTAssertNil(waitForFile(out, seconds: 1), "n runs nothing")
        XCTAssertTrue(app.ui.message?.text.hasPrefix("not opened") ?? false)
    }

    func testW3_withoutAPlayerItIsXdgOpen() {
        let c = PlayerCommand(url: "https://vimeo.com/1; rm -rf /", environment: [:])
        XCTAssertEqual(c.argv, ["xdg-open", "https://vimeo.com/1; rm -rf /"], "the URL is one argument, no shell")
    }
}
