import Foundation
import XCTest
import LiveblogModel
import Embed
import Simulation
import TerminalKit
@testable import TerminalUI

/// Issue 32, placeholders that cost one line: a broken image's one-line card names its domain and
/// reason; a line break in a highlight's text reads as a space in the panel, not ␊; the console
/// shows whole messages.
final class PlaceholderTests: XCTestCase {
    func testI3_brokenImageCardNamesTheReasonAndTheDomain() throws {
        let lb = try LiveblogLoader.load(path: Fixture.repoRoot + "/Tests/RealSourcesTests/Fixtures/tickaroo.json")
        for (c, r) in [(80, 24), (200, 60), (40, 12)] {
            let w = World(liveblog: lb, config: Fixture.config(cols: c, rows: r))
            w.advance(to: 0)
            w.advance(to: 60)
            if r < 24 { for _ in 0..<6 { w.key("j") } }
            w.advance(to: 240)
            var ui = UIState()
            ui.nativeRows = .source
            let g = Fixture.draw(w, ui)
            assertGolden("broken-image-\(c)x\(r)", g)
            assertLightGolden("broken-image-\(c)x\(r)", w, ui)
            let row = try XCTUnwrap((0..<r).first { g.rowText($0).contains("broken image") }, g.text())
            if c >= 80 {
                XCTAssertTrue(g.rowText(row).contains("(not a PNG)"), g.rowText(row))
                XCTAssertTrue(g.rowText(row).contains("· quadrants.jpg"), "its file: \(g.rowText(row))")
            }
            XCTAssertFalse(g.rowText(row + 1).contains("broken"), "one line")
        }
    }

    func testL7_highlightWithALineBreakReadsAsOneLine() {
        let post = Post(id: "h1", createdAt: 1716052800, highlight: .sticky,
                        blocks: [.text(RichText(plain: "The goals\n23' Mensah"))])
        let lb = Liveblog(id: "x", title: "X", posts: [post])
        let label = PanelOverlay.entries(.highlights, lb).first?.label ?? ""
        XCTAssertTrue(label.hasSuffix("The goals 23' Mensah"), label)
        XCTAssertFalse(label.contains("␊") || label.contains("\n"))
    }

    func testT4_consoleShowsAWholeLongMessageWrapped() throws {
        let w = try Fixture.world(cols: 80, rows: 24)
        w.advance(to: 60)
        let long = "live update failed: http://127.0.0.1:9/very/long/path/that/goes/on/feed.json: "
            + "could not connect to the server (connection refused); the page keeps what it has and tries again"
        w.page.log("warn", long)
        var ui = UIState()
        ui.overlay = ConsoleOverlay()
        let text = Fixture.draw(w, ui).text()
        for word in ["refused);", "keeps", "tries", "again"] { XCTAssertTrue(text.contains(word), "\(word)\n\(text)") }
    }
}
