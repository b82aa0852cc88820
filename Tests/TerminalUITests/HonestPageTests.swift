import Foundation
import XCTest
import LiveblogModel
import Simulation
import TerminalKit
@testable import TerminalUI

/// Issue 32, honest pages (H1): a real source's native rows show only what it has, and at the top
/// of the page the title and the score each show once.
final class HonestPageTests: XCTestCase {
    static let sizes = [(80, 24), (200, 60), (40, 12)]
    static let invented = ["LIVE", "Follow every moment", "Comments (24)", "Related articles", "More live coverage"]

    private func realSource() throws -> Liveblog {
        try LiveblogLoader.load(path: Fixture.repoRoot + "/Tests/RealSourcesTests/Fixtures/tickaroo.json")
    }

    private func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    func testH1_realSourcePageShowsNoInventedRows() throws {
        let lb = try realSource()
        for (c, r) in Self.sizes {
            let w = World(liveblog: lb, config: Fixture.config(cols: c, rows: r))
            w.advance(to: 0)
            w.advance(to: 60)
            var ui = UIState()
            ui.nativeRows = .source
            let top = Fixture.draw(w, ui)
            assertGolden("real-source-\(c)x\(r)", top)
            assertLightGolden("real-source-\(c)x\(r)", w, ui)
            w.key("G")
            w.advance(to: 600)
            let bottom = Fixture.draw(w, ui).text()
            for word in Self.invented {
                XCTAssertFalse(top.text().contains(word), "\(word) at the top at \(c)x\(r)")
                XCTAssertFalse(bottom.contains(word), "\(word) at the bottom at \(c)x\(r)\n\(bottom)")
            }
            XCTAssertTrue(top.text().contains("2 posts"), top.text())
            XCTAssertEqual(count(lb.title, in: top.text()), 1, "the title once at \(c)x\(r)\n\(top.text())")
        }
    }

    /// At 80×24 on the sample: the title once and the score once before the first post; the bar
    /// shows the title when the page's has scrolled away.
    func testH1_titleAndScoreOnceAtTheTop() throws {
        let w = try Fixture.world(cols: 80, rows: 24)
        w.advance(to: 60)
        let text = Fixture.draw(w).text()
        let title = "Coastal Cup Final: Harbour City FC vs Northvale United"
        XCTAssertEqual(count(title, in: text), 1, text)
        XCTAssertEqual(count("3 – 2", in: text), 1, text)
        for _ in 0..<12 { w.key("j") }
        w.advance(to: 240)
        let g = Fixture.draw(w)
        XCTAssertTrue(g.rowText(0).contains("Coastal Cup Final"), "the bar's title once the page's is gone")
        XCTAssertEqual(count(title, in: g.text()), 1, g.text())
    }
}
