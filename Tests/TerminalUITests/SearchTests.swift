import Foundation
import XCTest
import LiveblogModel
import Simulation
import TerminalKit
@testable import TerminalUI

/// Issue 32, reader keys: `/` searches the posts' text less-style (n next, N previous, Esc ends),
/// the matches highlighted and counted in the toolbar; an exact post id still jumps (L6).
final class SearchTests: XCTestCase {
    private func type(_ app: App, _ text: String) {
        app.handle(.key(.char("/")))
        for c in text { app.handle(.key(.char(c))) }
        app.handle(.key(.enter))
    }

    func testT2_searchFindsHighlightsAndCountsMatches() throws {
        for (c, r) in [(80, 24), (200, 60), (40, 12)] {
            let w = try Fixture.world(cols: c, rows: r)
            w.advance(to: 60)
            let app = App(world: w)
            app.screenCols = c
            type(app, "mensah")
            let s = try XCTUnwrap(app.ui.search)
            let expected = SearchState.matches("mensah", in: w.page.liveblog)
            XCTAssertEqual(s.ids, expected)
            XCTAssertGreaterThan(s.ids.count, 2)
            XCTAssertEqual(w.jumpStatus?.postId, s.ids[0])
            w.advance(to: 600)
            let g = Fixture.draw(w, app.ui)
            assertGolden("search-\(c)x\(r)", g)
            assertLightGolden("search-\(c)x\(r)", w, app.ui)
            XCTAssertTrue(g.rowText(r - 1).contains("/mensah 1/\(s.ids.count)"), g.rowText(r - 1))
            // A highlighted match on screen: the word in the match style.
            let hit = (0..<r).flatMap { row in (0..<c).map { (row, $0) } }.first { row, col in
                g.styleAt(row: row, col: col) == Theme(caps: .testDefault).searchMatch
            }
            let (row, col) = try XCTUnwrap(hit, g.text())
            XCTAssertEqual(String(g.rowText(row).dropFirst(col).prefix(6)), "Mensah")
        }
    }

    func testT2_nNextNPreviousEscEnds() throws {
        let w = try Fixture.world(cols: 80, rows: 24)
        w.advance(to: 60)
        let app = App(world: w)
        type(app, "Mensah")
        let ids = try XCTUnwrap(app.ui.search).ids
        app.handle(.key(.char("n")))
        XCTAssertEqual(app.ui.search?.current, 1)
        XCTAssertEqual(w.jumpStatus?.postId, ids[1])
        app.handle(.key(.char("N")))
        XCTAssertEqual(w.jumpStatus?.postId, ids[0])
        app.handle(.key(.char("N")))
        XCTAssertEqual(w.jumpStatus?.postId, ids.last, "N from the first wraps to the last, as less does with wrapscan")
        let network = w.page.networkProfile
        app.handle(.key(.escape))
        XCTAssertNil(app.ui.search)
        app.handle(.key(.char("n")))
        XCTAssertEqual(w.page.networkProfile, network, "V2: after Esc, n is still the search's (no search)")
        XCTAssertEqual(app.ui.message?.text, "n: no search · / searches")
    }

    /// V3: a phrase with a space (the space bar types in the prompt), in any case, found with its
    /// count and highlighted; the toolbar shows the reading position.
    func testV3_aPhraseWithSpacesIsFoundCountedAndHighlighted() throws {
        let w = try Fixture.world(cols: 80, rows: 24)
        w.advance(to: 60)
        let app = App(world: w)
        type(app, "half-time STATS")
        let s = try XCTUnwrap(app.ui.search, app.ui.message?.text ?? "no search")
        XCTAssertEqual(s.query, "half-time STATS")
        XCTAssertEqual(s.ids, SearchState.matches("Half-time stats", in: w.page.liveblog))
        XCTAssertFalse(s.ids.isEmpty)
        w.advance(to: 2400)  // the jump's hold over: the search and the position
        let g = Fixture.draw(w, app.ui)
        let bar = g.rowText(23)
        XCTAssertTrue(bar.contains("/half-time STATS 1/\(s.ids.count)"), bar)
        let index = try XCTUnwrap(w.page.liveblog.index(ofPost: s.ids[0]))
        XCTAssertTrue(bar.contains("post \(index + 1)/\(w.page.liveblog.posts.count) · "), bar)
        let hit = (0..<24).flatMap { row in (0..<80).map { (row, $0) } }.first { row, col in
            g.styleAt(row: row, col: col) == Theme(caps: .testDefault).searchMatch
        }
        let (row, col) = try XCTUnwrap(hit, g.text())
        XCTAssertEqual(String(g.rowText(row).dropFirst(col).prefix(15)).lowercased(), "half-time stats")
        XCTAssertEqual(SearchState.fold("Half-time\n  Stats"), "half-time stats")
    }

    /// V3: the position reads the post at the top of the list of all and the percentage scrolled.
    func testV3_thePositionFollowsTheReader() throws {
        let w = try Fixture.world(cols: 80, rows: 24)
        w.advance(to: 60)
        let app = App(world: w)
        let n = w.page.liveblog.posts.count
        let top = Fixture.draw(w, app.ui).rowText(23).trimmingCharacters(in: .whitespaces)
        XCTAssertTrue(top.hasSuffix("post 1/\(n) · 0 %"), top)
        XCTAssertTrue(top.hasPrefix("j/k scroll · / search · h c s panels"), top)
        app.handle(.key(.char("G")))
        w.advance(to: w.tick + 600)
        let bar = Fixture.draw(w, app.ui).rowText(23).trimmingCharacters(in: .whitespaces)
        XCTAssertTrue(bar.hasSuffix("100 %"), bar)
        XCTAssertFalse(bar.contains("post 1/"), bar)
    }

    func testL6_exactPostIdStillJumps() throws {
        let w = try Fixture.world(cols: 80, rows: 24)
        w.advance(to: 60)
        let app = App(world: w)
        type(app, "ev-030")
        XCTAssertNil(app.ui.search)
        XCTAssertEqual(w.jumpStatus?.postId, "ev-030")
        type(app, "ev-01")
        XCTAssertNil(app.ui.search, "an id prefix no post's text has: the completion")
        XCTAssertEqual(w.jumpStatus?.postId?.hasPrefix("ev-01"), true)
        type(app, "zzzz-nothing")
        XCTAssertNil(app.ui.search)
        XCTAssertEqual(app.ui.message?.text, "no post has “zzzz-nothing”")
    }

    func testT2_matchColumnsIgnoreCaseAndCountWideCharacters() {
        XCTAssertEqual(SearchState.columns(of: "ab", in: "xAbyab").map(\.col), [1, 4])
        XCTAssertEqual(SearchState.columns(of: "goal", in: "⚽ GOAL").map(\.col), [3])
    }
}
