import XCTest
import LiveblogModel
import Simulation
import TerminalKit
@testable import TerminalUI

/// V2: the default key map is a reader's (less/vim habits); the keys that add posts or change
/// the emulation are the lab's, behind `x` or with `--lab`.
final class ReaderKeysTests: XCTestCase {
    func makeApp(cols: Int = 80, rows: Int = 24) throws -> App {
        let w = try Fixture.world(cols: cols, rows: rows)
        w.advance(to: 12)
        return App(world: w)
    }

    func press(_ app: App, _ s: String) {
        for c in s {
            app.handle(.key(.char(c)))
            app.world.advance(to: app.world.tick + 60)
        }
    }

    /// What a reader reads and what the emulation is: the posts, the settings.
    func reading(_ app: App) -> String {
        let w = app.world, c = w.config
        return "\(w.page.liveblog.posts.map(\.id)) \(c.mode) \(c.platform) \(w.page.networkProfile) "
            + "\(c.device.map { "\($0)" } ?? "-") \(c.insetTopRows),\(c.insetBottomRows) \(c.hook.map { "\($0)" } ?? "-")"
    }

    /// No key of the reader's map adds posts or changes the emulation; every lab action is the lab's.
    func testV2_noReaderKeyIsALabAction() {
        let labActions = Set(KeyMap.lab.bindings.flatMap(\.keys).map(\.action))
        for b in KeyMap.reader.bindings {
            for (k, a) in b.keys { XCTAssertFalse(labActions.contains(a), "\(k.name) is a lab action in the reader's map") }
        }
        for a: WorldKeyAction in [.cycleMode, .cyclePlatform, .cycleHook, .cycleNetwork, .cycleDevice, .toggleInsets,
                                   .livePost] {
            XCTAssertNotNil(KeyMap.lab.keys(where: { $0 == .world(a) }).first, "\(a) has a lab key")
            XCTAssertNotNil(KeyMap.worldKey(for: a), "\(a) has a World key")
        }
    }

    /// The issue's keys: `l d n m p o i u` change nothing a reader reads (posts, emulation).
    func testV2_habitKeysChangeNothingReadByDefault() throws {
        let app = try makeApp()
        let before = reading(app)
        press(app, "ldnmpoiu")
        XCTAssertEqual(reading(app), before)
        XCTAssertTrue(app.running)
    }

    /// `x` then a lab key does what the key did before; with `--lab` the key alone does.
    func testV2_labKeysByPrefixAndByFlag() throws {
        let app = try makeApp()
        let posts = app.world.page.liveblog.posts.count
        press(app, "x")
        XCTAssertTrue(app.ui.message?.text.hasPrefix("lab: m p o n d i l") == true, app.ui.message?.text ?? "-")
        press(app, "l")
        XCTAssertEqual(app.world.page.liveblog.posts.count, posts + 1, "x l: a live post")
        press(app, "xm")
        XCTAssertEqual(app.world.config.mode, .nested, "x m: the mode")
        press(app, "l")
        XCTAssertEqual(app.world.page.liveblog.posts.count, posts + 1, "l alone again: nothing")
        press(app, "xz")
        XCTAssertEqual(app.ui.message?.text, "x z: not a lab key · x then m p o n d i l · ? help")

        let lab = try makeApp()
        lab.lab = true
        press(lab, "l")
        XCTAssertEqual(lab.world.page.liveblog.posts.count, posts + 1, "--lab: l is a live post")
        press(lab, "d")
        XCTAssertNotNil(lab.world.config.device, "--lab: d is the device")
    }

    /// `d` and `u` (and Ctrl-D, Ctrl-U) scroll half the list; `f` a page as space does.
    func testV2_halfPagesAndPages() throws {
        let app = try makeApp()
        func offset() -> Double { app.world.value(.offset) }
        let line = app.world.line, rows = Double(app.world.visibleHeight / line)
        let start = offset()
        press(app, "d")
        app.world.advance(to: app.world.tick + 120)
        XCTAssertEqual(offset() - start, (rows / 2).rounded(.down) * line, accuracy: 0.5)
        press(app, "u")
        app.world.advance(to: app.world.tick + 120)
        XCTAssertEqual(offset(), start, accuracy: 0.5)
        app.handle(.key(.ctrl("d")))
        app.world.advance(to: app.world.tick + 120)
        XCTAssertEqual(offset() - start, (rows / 2).rounded(.down) * line, accuracy: 0.5)
        let half = offset()
        press(app, "f")
        app.world.advance(to: app.world.tick + 120)
        XCTAssertGreaterThan(offset() - half, (rows / 2) * line)
    }

    /// A key that does nothing here says so in the toolbar, for a moment.
    func testV2_anUnboundKeySaysSo() throws {
        let app = try makeApp()
        press(app, "w")
        XCTAssertEqual(app.ui.message?.text, "w: not a key here · ? help")
        let g = Fixture.draw(app.world, app.ui)
        XCTAssertTrue(g.rowText(g.rows - 1).contains("w: not a key here"))
        app.world.advance(to: app.world.tick + 3 * 120)
        XCTAssertFalse(Fixture.draw(app.world, app.ui).rowText(g.rows - 1).contains("not a key"))
    }

    /// `n` and `N` search only: without a search they say so.
    func testV2_nAndNOutsideASearchSaySo() throws {
        let app = try makeApp()
        let before = reading(app)
        press(app, "n")
        XCTAssertEqual(app.ui.message?.text, "n: no search · / searches")
        press(app, "N")
        XCTAssertEqual(app.ui.message?.text, "N: no search · / searches")
        XCTAssertEqual(reading(app), before)
    }

    /// `q` in a panel, the console or the timeline closes it only; the app runs on.
    func testV2_qClosesAPanelNotTheApp() throws {
        for open in ["h", "c", "s", "~", "t", "?"] {
            let app = try makeApp()
            press(app, open)
            XCTAssertNotNil(app.ui.overlay, open)
            press(app, "q")
            XCTAssertNil(app.ui.overlay, "\(open) then q closes it")
            XCTAssertTrue(app.running, "\(open) then q: the app runs on")
            press(app, "j")
            XCTAssertTrue(app.running)
        }
    }

    /// The help lists the lab's keys under their own heading, after the reader's.
    func testV2_helpListsTheLabKeysUnderTheirHeading() {
        let lines = HelpOverlay.lines
        guard let heading = lines.firstIndex(of: HelpOverlay.labHeading) else { return XCTFail("no lab heading") }
        for b in KeyMap.lab.bindings {
            let under = lines[(heading + 1)...].contains { ($0.hasPrefix(b.label + " ") || $0.contains("  \(b.label)  ")) && $0.contains(b.help) }
            XCTAssertTrue(under, "\(b.label) is under the lab's heading")
        }
        XCTAssertTrue(HelpOverlay.labHeading.contains("x then"))
    }
}
