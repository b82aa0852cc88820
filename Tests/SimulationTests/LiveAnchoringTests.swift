import XCTest
import LiveblogModel
@testable import Simulation
import Embed

/// R3, L8 (issue 32): `view --live N`'s generated posts go through the polled source's anchoring
/// and pill path, so the line being read keeps its row.
final class LiveAnchoringTests: XCTestCase {
    private func world() -> World {
        let w = World(liveblog: fixture(40), config: config(network: .instant))
        w.advance(to: 0)
        w.advance(to: 60)
        return w
    }

    /// A world scrolled 30 lines down, its reading anchor's post and that post's y.
    private func scrolledWithAnchor() throws -> (World, String, Double) {
        let w = world()
        w.send(.listOffset(w.scrollView.clamp(w.scrollView.minOffset + 30 * 16)))
        w.advance(to: w.tick + 2)
        let anchor = try XCTUnwrap(w.readingAnchor())
        let id = w.page.liveblog.posts[anchor.postIndex].id
        return (w, id, try XCTUnwrap(w.postY(id)))
    }

    func testR3_generatedLivePostsKeepTheAnchoredPostOnItsRowAndCountForThePill() throws {
        let (w, id, before) = try scrolledWithAnchor()
        for k in 1...3 {
            w.send(.live(1))
            w.advance(to: w.tick + 120)
            XCTAssertEqual(try XCTUnwrap(w.postY(id)), before, accuracy: 0.01, "post \(id) keeps its row after \(k)")
            XCTAssertEqual(w.newPostsAbove, k, "the pill counts \(k)")
        }
        XCTAssertEqual(w.page.liveblog.posts.first?.id.hasPrefix("live-"), true, "the posts arrived at the top")
        w.send(.newest)
        w.advance(to: w.tick + 240)
        XCTAssertEqual(w.newPostsAbove, 0)
        XCTAssertEqual(w.scrollView.offset, w.scrollView.minOffset, accuracy: 0.5)
    }

    /// The scenario event `live` (what a `view --live` recording writes) and the `l` key take the
    /// same path, so a recorded session replays with the reader's line where it was (issue 32).
    func testR3_theScenarioLiveEventAndTheLKeyKeepTheReadLineToo() throws {
        for via in ["live event", "l key"] {
            let (w, id, before) = try scrolledWithAnchor()
            if via == "live event" { w.send(.live(2)) } else { w.send(.key(.char("l"))); w.send(.key(.char("l"))) }
            w.advance(to: w.tick + 120)
            XCTAssertEqual(try XCTUnwrap(w.postY(id)), before, accuracy: 0.01, "\(via): post \(id) keeps its row")
            XCTAssertEqual(w.newPostsAbove, 2, "\(via): the pill counts both")
        }
    }
}
