import Foundation
import XCTest
import LiveblogModel
import Embed
import Host
import Simulation
import TerminalKit
@testable import TerminalUI

/// C3, issue 32: the demo's aids over a frame of the demo's own world (an iPhone 15, images capped
/// at 40 % of what the terminal shows): the phone's outline, the web row's edges, the finger of a
/// drag, the jump target's tag; and none of it without the aids (`view` without `--explain`).
final class DemoAidsScreenTests: XCTestCase {
    static func demoApp(cols: Int, rows: Int) throws -> App {
        var c = Fixture.config(cols: cols, rows: rows, network: .threeG)
        c.device = DemoScript.device(screenCols: cols)
        c.imageCapShare = DemoScript.imageCapShare
        let w = World(liveblog: try Fixture.sample(), config: c)
        w.advance(to: 0)
        let app = App(world: w)
        app.ui.aids = DemoAids()
        return app
    }

    static func text(_ app: App, aids: Bool = true) -> [String] {
        var ui = app.ui
        if !aids { ui.aids = nil }
        return Fixture.draw(app.world, ui).text().components(separatedBy: "\n")
    }

    /// The text of a cell (wide characters take two).
    static func cell(_ app: App, _ row: Int, _ col: Int, aids: Bool = true) -> String {
        var ui = app.ui
        if !aids { ui.aids = nil }
        return Fixture.draw(app.world, ui).cell(row: row, col: col).text
    }

    func testC3_demoRunsOnAPhoneWhereItFitsAndCapsImages() throws {
        XCTAssertEqual(DemoScript.device(screenCols: 80)?.name, "iphone-15")
        XCTAssertEqual(DemoScript.device(screenCols: 51)?.name, "iphone-15", "49 columns and the two rails")
        XCTAssertNil(DemoScript.device(screenCols: 50))
        XCTAssertNil(DemoScript.device(screenCols: 40))
        let app = try Self.demoApp(cols: 100, rows: 30)
        // 40 % of what the terminal shows of the 759 pt viewport: 30 rows of 16 pt.
        XCTAssertEqual(app.world.config.page.maxImageHeight, (0.4 * 480).rounded(.down))
        let tall = try Self.demoApp(cols: 200, rows: 60)
        XCTAssertEqual(tall.world.config.page.maxImageHeight, (0.4 * 759).rounded(.down))
    }

    /// The outline's rails beside the column on every list row, the device's name, the web view's
    /// top edge on the native row above it; without the aids none of them.
    func testC3_outlineAndTheWebRowsTopEdge() throws {
        let app = try Self.demoApp(cols: 100, rows: 30)
        app.world.advance(to: 30)
        let lines = Self.text(app)
        let left = (100 - 49) / 2
        for r in 2..<27 {
            XCTAssertEqual(Self.cell(app, r, left - 1), "│", "row \(r): \(lines[r])")
            XCTAssertEqual(Self.cell(app, r, left + 49), "│", "row \(r): \(lines[r])")
        }
        XCTAssertTrue(lines[2].contains("iphone-15 │"), lines[2])
        XCTAssertTrue(lines[3].contains("393×852 pt │"), lines[3])
        let edge = try XCTUnwrap(lines.firstIndex { $0.contains("┄ web view ▼ ┄") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines[..<edge].contains { $0.contains("68 updates") }, "the native rows above it stay whole")
        let plain = Self.text(app, aids: false)
        XCTAssertFalse(plain.contains { $0.contains("web view") || $0.contains("iphone-15 │") })
        XCTAssertNotEqual(Self.cell(app, 10, left - 1, aids: false), "│")
    }

    /// The scripted drag's finger: `●` at the pointer's cell while it is down, `○` just after it
    /// lifts, gone 0.3 s later.
    func testC3_fingerShowsWhileDownAndFadesAfterUp() throws {
        let app = try Self.demoApp(cols: 100, rows: 30)
        app.world.advance(to: 30)
        let left = (100 - 49) / 2
        app.send(.pointer(phase: .down, x: 200, y: 160))
        app.send(.pointer(phase: .move, x: 200, y: 200))
        XCTAssertEqual(Self.cell(app, 12, left + 25), "●")
        XCTAssertFalse(Self.text(app, aids: false).joined().contains("●"))
        app.send(.pointer(phase: .up, x: 200, y: 200))
        XCTAssertEqual(Self.cell(app, 12, left + 25), "○")
        app.world.advance(to: app.world.tick + 40)
        XCTAssertFalse(Self.text(app).joined().contains("○"))
    }

    /// The jump's target tagged in the right margin at its row while the jump holds, and named by
    /// its own mark; pinned to the list's edge while it is below; the web row's bottom edge at the
    /// end of the page.
    func testC3_targetTagFollowsThePostAndTheWebRowsBottomEdge() throws {
        let app = try Self.demoApp(cols: 100, rows: 30)
        app.world.advance(to: 12)
        app.send(.jump(id: "ev-019", topOffset: nil))
        app.world.advance(to: 12 + 2 * 120)
        var lines = Self.text(app)
        let tag = try XCTUnwrap(lines.firstIndex { $0.contains("│ ◂ target ev-019") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines[tag...].prefix(2).contains { $0.contains("→ target ev-019") }, lines.joined(separator: "\n"))
        XCTAssertFalse(Self.text(app, aids: false).joined().contains("target ev-019"))
        // Scrolled away while the jump holds: the tag is pinned to the last row the list shows.
        app.world.advance(to: app.world.tick + 120)
        app.send(.key(.char("g")))
        app.world.advance(to: app.world.tick + 12)
        lines = Self.text(app)
        if let pinned = lines.firstIndex(where: { $0.contains("target ev-019") && ($0.contains("▾") || $0.contains("◂")) }) {
            XCTAssertGreaterThan(pinned, 1)
        } else {
            XCTFail("the tag went with the post: \(lines.joined(separator: "\n"))")
        }
        let end = try Self.demoApp(cols: 100, rows: 30)
        end.world.advance(to: 12)
        end.send(.jump(id: "ev-001", topOffset: nil))
        end.world.advance(to: 12 + 3 * 120)
        lines = Self.text(end)
        XCTAssertTrue(lines.contains { $0.contains("┄ web view ▲ ┄") }, lines.joined(separator: "\n"))
    }

    /// The y(t) strip at the foot of the left margin, from the App's samples.
    func testC3_stripInTheLeftMargin() throws {
        let app = try Self.demoApp(cols: 100, rows: 30)
        app.world.advance(to: 12)
        app.send(.jump(id: "ev-019", topOffset: nil))
        for k in 1...240 {
            app.world.advance(to: 12 + k)
            app.sampleStrip()
        }
        let lines = Self.text(app)
        let title = try XCTUnwrap(lines.firstIndex { $0.hasPrefix(" y(t) ev-019") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines[title + 3].contains("-4s") && lines[title + 3].contains("now"), lines[title + 3])
        XCTAssertTrue(lines[title + 3].contains(" pt"), "the scale: \(lines[title + 3])")
        let strip = lines[(title + 1)...(title + 2)].map { String($0.prefix(24)) }
        XCTAssertFalse(DemoAidsTests.dots(strip).allSatisfy(\.isEmpty), strip.joined(separator: "\n"))
    }

    /// Outside a UTF-8 locale (T6) every aid is ASCII: rails, edges, finger, tag, strip and scale.
    func testC3_aidsInASCII() throws {
        let app = try Self.demoApp(cols: 100, rows: 30)
        app.world.advance(to: 12)
        app.send(.jump(id: "ev-019", topOffset: nil))
        for k in 1...240 {
            app.world.advance(to: 12 + k)
            app.sampleStrip()
        }
        app.send(.pointer(phase: .down, x: 200, y: 160))
        let g = Fixture.draw(app.world, app.ui, capabilities: TerminalCapabilities(colorMode: .none, unicode: false))
        let text = g.text()
        XCTAssertTrue(text.unicodeScalars.allSatisfy(\.isASCII), text)
        for aid in ["iphone-15 |", "< target ev-019", "y(t) ev-019", "-4s", "~200 pt", "@"] {
            XCTAssertTrue(text.contains(aid), "\(aid):\n\(text)")
        }
    }
}
