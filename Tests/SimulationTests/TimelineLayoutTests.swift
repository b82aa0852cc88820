import XCTest
import LiveblogModel
@testable import Simulation
import Embed
import Host

/// E15: the horizontal timeline layout scrolls its own strip; only the page position goes to the hook.
final class TimelineLayoutTests: XCTestCase {
    func world() -> World {
        var c = config(network: .instant)
        c.page.layout = .timeline
        let w = World(liveblog: fixture(40), config: c)
        w.advance(to: 30)
        return w
    }

    /// E15: jump scrolls the strip and reports only the page position
    func testE15_jumpScrollsTheStripAndReportsOnlyThePagePosition() {
        let w = world()
        var tops: [Double] = []
        w.sink = { if case .hook(_, let top, _, _, _) = $0.event { tops.append(top) } }
        let stripTop = w.emulatedPage!.headerHeight
        w.send(.jump(id: "p12", topOffset: nil))
        XCTAssertEqual(tops, [stripTop], "the hook gets the strip's page position, the same for every post")
        XCTAssertEqual(w.page.stripX, 12 * w.page.cardPitch, "the page scrolled its strip sideways to the card")
        w.send(.jump(id: "p30", topOffset: nil))
        XCTAssertEqual(tops, [stripTop, stripTop])
        XCTAssertEqual(w.emulatedPage!.stripX, min(30 * w.emulatedPage!.cardPitch, w.emulatedPage!.maxStripX))
        w.advance(to: w.tick + 120)
        XCTAssertEqual(w.postY("p30")!, 0, accuracy: 1, "the list brought the strip under the bar")
    }

    /// E15: strip keys reach the page
    func testE15_stripKeysReachThePage() {
        let w = world()
        w.send(.jump(id: "p3", topOffset: nil))
        XCTAssertNotNil(w.page.held)
        let x = w.page.stripX
        w.send(.key(.right))
        XCTAssertEqual(w.page.stripX, x + w.page.cardPitch)
        XCTAssertNil(w.page.held, "scrolling the strip is input inside the page (E16)")
        w.send(.key(.left)); w.send(.key(.left))
        XCTAssertEqual(w.page.stripX, x - w.page.cardPitch)
    }

    /// E15: strip is drawn as rows of the footer
    func testE15_stripIsDrawnAsRowsOfTheFooter() {
        let w = world()
        let top = w.emulatedPage!.headerHeight
        let rows = w.emulatedPage!.items(from: top, to: top + w.emulatedPage!.stripHeight).compactMap { item -> Int? in
            if case .stripRow(let r) = item.kind { return r } else { return nil }
        }
        XCTAssertEqual(rows, Array(0..<12))
        XCTAssertEqual(w.page.cardLines(0).first, Page.clock(w.page.liveblog.posts[0].createdAt))
        XCTAssertLessThanOrEqual(w.page.cardLines(0).count, 11)
    }
}
