import XCTest
import Embed
import VirtualTime
import Host
import LiveblogModel
@testable import Simulation

/// Q19 in the World: a drag that starts on the web row reaches the page (a double that records
/// its input) as each platform delivers it (WorldTouches.swift).
final class PageTouchWorldTests: XCTestCase {
    private typealias Fake = WebPageDoubleTests

    /// The page's input from a drag at row 10 after the page has loaded; `jumpFirst`: a jump
    /// just before, so the list is still scrolling to it when the finger goes down.
    private func inputs(_ platform: Platform, dy: Double, duration: Double, jumpFirst: Bool = false)
        -> (inputs: [PageInput], downTick: Int, touchTick: Int?) {
        let (w, page) = Fake.world(platform: platform)
        w.advance(to: 2)
        if jumpFirst {
            w.send(.jump(id: "p4", topOffset: nil))
            w.advance(to: w.tick + 10)
        }
        let down = w.tick
        var touchTick: Int?
        w.send(.drag(dy: dy, duration: duration, row: 10, col: 5))
        if !page.inputs.isEmpty { touchTick = w.tick }
        while w.tick < down + VirtualClock.ticks(duration) + 4 {
            w.advance(to: w.tick + 1)
            if touchTick == nil, !page.inputs.isEmpty { touchTick = w.tick }
        }
        return (page.inputs, down, touchTick)
    }

    private func isStart(_ i: PageInput?) -> Bool {
        if case .touchStart? = i { return true } else { return false }
    }

    /// Android: RecyclerView hands the down to the web view, then cancels it when it intercepts.
    func testQ19_androidTouchStartAtTheDownThenTouchCancel() {
        let r = inputs(.android, dy: -200, duration: 0.3)
        XCTAssertEqual(r.inputs.count, 2, "\(r.inputs)")
        XCTAssertTrue(isStart(r.inputs.first), "\(r.inputs)")
        XCTAssertEqual(r.touchTick, r.downTick, "at the down")
        XCTAssertEqual(r.inputs.last, .touchCancel)
    }

    /// Android: a down on a SETTLING list (the jump's smooth scroll) is intercepted at once.
    func testQ19_androidPressOnASettlingListNeverReachesThePage() {
        XCTAssertEqual(inputs(.android, dy: -200, duration: 0.3, jumpFirst: true).inputs, [])
    }

    /// iOS: a quick drag passes the slop before the content-touch delay: nothing reaches the page.
    func testQ19_iosQuickDragNeverReachesThePage() {
        XCTAssertEqual(inputs(.ios, dy: -200, duration: 0.3).inputs, [])
        XCTAssertEqual(inputs(.naive, dy: -200, duration: 0.3).inputs, [], "the naive host's list is UIKit's")
    }

    /// iOS: a press held inside the slop past 150 ms reaches the page; the pan cancels it.
    func testQ19_iosPressHeldPastTheDelayReachesThePageThenIsCancelled() {
        let r = inputs(.ios, dy: -20, duration: 1.0)
        XCTAssertEqual(r.inputs.count, 2, "\(r.inputs)")
        XCTAssertTrue(isStart(r.inputs.first), "\(r.inputs)")
        XCTAssertEqual(r.touchTick, r.downTick + VirtualClock.ticks(0.15))
        XCTAssertEqual(r.inputs.last, .touchCancel)
    }

    /// A scenario's tap stays one tap on the page, on both platforms (its touch start and end).
    func testQ19_aTapIsStillOneTap() {
        for platform in [Platform.android, .ios] {
            let (w, page) = Fake.world(platform: platform)
            w.advance(to: 2)
            w.send(.tap(row: 10, col: 5))
            w.advance(to: 40)
            XCTAssertEqual(page.inputs.count, 1, "\(platform): \(page.inputs)")
            if case .tap? = page.inputs.first {} else { XCTFail("\(platform): \(page.inputs)") }
        }
    }
}
