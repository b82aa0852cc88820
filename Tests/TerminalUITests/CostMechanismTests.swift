import TestSupport
import XCTest
import Foundation
import LiveblogModel
import Embed
@testable import QA
@testable import Simulation
import TerminalKit
@testable import TerminalUI

/// Section 10 is measured by `liveblog bench`, never by timed tests. These check the mechanisms
/// the figures rest on, with counts, not clocks.
final class CostMechanismTests: XCTestCase {
    /// B1: a frame touches only the visible rows: at 10 000 posts, drawing the middle of the page
    /// builds the items of the few posts on screen, not of every post.
    func testB1_aFrameBuildsOnlyTheVisiblePosts() {
        var cfg = WorldConfig()
        cfg.cols = 200
        cfg.rows = 60
        cfg.page.networkProfile = .offline
        let world = World(liveblog: LiveblogGenerator.generate(posts: 10_000, seed: 5), config: cfg)
        world.advance(to: 2)
        world.setListOffset((world.scrollView.minOffset + world.scrollView.maxOffset) / 2)
        let grid = CellGrid(cols: 200, rows: 60)
        Renderer().draw(world, UIState(), on: grid)
        let built = world.emulatedPage!.cachedPostLayouts
        XCTAssertGreaterThan(built, 0)
        XCTAssertLessThanOrEqual(built, 60, "a 60-row screen shows at most 60 posts; \(built) were built")
        let drawnRows = grid.text().split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        XCTAssertGreaterThan(drawnRows.count, 40, "the middle of the page is drawn")
    }

    /// B4: `simulate` runs in virtual time: ten minutes of scenario are 72 000 ticks and 36 000
    /// frames, whatever the wall clock does (nothing sleeps or reads it).
    func testB4_simulateRunsInVirtualTime() {
        let lb = LiveblogGenerator.generate(posts: 200, seed: 2)
        var cfg = WorldConfig()
        cfg.page.networkProfile = .threeG
        let s = Scenario(liveblog: lb, config: cfg, duration: 600, events: [.init(at: 1, event: .jump(id: lb.posts[150].id, topOffset: nil))],
                         expectations: [], name: "ten minutes")
        let r = ScenarioRunner(scenario: s)
        var frames = 0
        r.traceLine = { if $0.contains("\"ev\":\"frame\"") { frames += 1 } }
        r.keepRecords = false
        r.run()
        XCTAssertEqual(r.world.tick, 600 * 120)
        XCTAssertEqual(frames, 600 * 60)
    }

    /// B5: ncurses scrolls lines: one row scrolled costs a small part of a full frame, on a real
    /// pseudo-terminal (`liveblog bench` counts the bytes ncurses writes).
    func testB5_oneRowScrolledCostsAboutOneRow() throws {
        let r = Subprocess.output(try Requirement.liveblogBinary(), ["bench", "--json", "--posts", "2000"])
        XCTAssertEqual(r.code, 0, r.err)
        let v = try JSONParser.parse(bytes: r.bytes)
        let perRow = try XCTUnwrap(v["bytes_per_row_scrolled"]?.doubleValue)
        let full = try XCTUnwrap(v["bytes_full_frame"]?.doubleValue)
        XCTAssertGreaterThan(perRow, 0)
        XCTAssertLessThan(perRow * 10, full, "a one-row scroll (\(perRow) B) is far less than a full frame (\(full) B)")
        XCTAssertLessThan(perRow, 3 * 200 * 4, "about one 200-column row of text (\(perRow) B)")
    }
}
