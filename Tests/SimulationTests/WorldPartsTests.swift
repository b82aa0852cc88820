import XCTest
import LiveblogModel
import Embed
import Host
import VirtualTime
@testable import Simulation

/// Issue 39, the World in parts: the sequencer orders a step without a World, the scroll side
/// applies effects without a page, the page side drains its page without a list.
final class SequencerTests: XCTestCase {
    func testAStepWithoutAFrameThenOneWithIt() {
        var s = Sequencer()
        XCTAssertTrue(s.begin(), "the first advance starts the page")
        XCTAssertFalse(s.begin(), "once")
        XCTAssertEqual(s.next(upTo: 2), [.delayedTouch, .panStep, .listStep, .settle, .indicator, .gestures])
        XCTAssertEqual(s.tick, 1)
        XCTAssertEqual(s.next(upTo: 2), [.delayedTouch, .panStep, .listStep, .settle, .indicator,
                                         .bridgeCalls, .hostWork, .pageFrame, .liveFeed, .pill, .resizes,
                                         .anchorIntoRange, .webViewport, .lazyMedia, .frameLine, .gestures],
                       "the frame after the step's own phases, the drags' samples after the frame")
        XCTAssertEqual(s.tick, 2)
        XCTAssertNil(s.next(upTo: 2), "the target reached, time stops")
        XCTAssertEqual(s.tick, 2)
    }

    func testAFrameStepRunsEveryPhaseOnce() {
        let phases = Sequencer.phases(at: VirtualClock.ticksPerFrame)
        XCTAssertEqual(phases.count, Sequencer.Phase.allCases.count)
        XCTAssertEqual(Set(phases.map { "\($0)" }), Set(Sequencer.Phase.allCases.map { "\($0)" }))
        XCTAssertEqual(Sequencer.phases(at: VirtualClock.ticksPerFrame + 1), Sequencer.step)
    }

    func testTheWorldWritesAFrameLineEveryFrameTick() {
        let w = World(liveblog: fixture(10), config: config())
        var frames: [Int] = []
        w.sink = { if case .frame = $0.event { frames.append($0.tick) } }
        w.advance(to: 9)
        XCTAssertEqual(w.tick, 9)
        XCTAssertEqual(frames, [2, 4, 6, 8])
    }
}

final class ScrollSideTests: XCTestCase {
    private func side(_ platform: Platform = .ios) -> (ScrollSide, WorldConfig) {
        var c = WorldConfig()
        c.platform = platform
        return (ScrollSide(config: c), c)
    }

    func testEffectsReachTheListWithoutAPage() {
        let (s, c) = side()
        s.apply(.setWebRowHeight(5000), webOffset: 0, now: 1, fromHost: true, config: c)
        s.apply(.setOffset(120), webOffset: 0, now: 1, fromHost: true, config: c)
        XCTAssertEqual(s.list.webRowHeight, 5000)
        XCTAssertEqual(s.list.scrollView.offset, 120)
        s.apply(.setWebOffset(300), webOffset: 0, now: 1, fromHost: true, config: c)
        XCTAssertEqual(s.list.scrollView.offset, 120, "the web view's offset is the page side's, not the list's")
        s.apply(.post, webOffset: 0, now: 1, fromHost: true, config: c)
        XCTAssertTrue(s.takePostedWork())
        XCTAssertFalse(s.takePostedWork(), "the posted work is taken once")
    }

    func testReaderSettlingAndIdle() {
        let (s, c) = side()
        s.apply(.readerSettling, webOffset: 0, now: 1, fromHost: false, config: c)
        XCTAssertEqual(s.list.scrollView.state, .settling)
        s.apply(.readerIdle, webOffset: 0, now: 2, fromHost: false, config: c)
        XCTAssertEqual(s.list.scrollView.state, .idle)
        // F4: Android never enters SETTLING for a wheel notch under the platform's rule.
        let (a, ac) = side(.android)
        a.lastScrollInput = .wheel
        a.apply(.readerSettling, webOffset: 0, now: 1, fromHost: false, config: ac)
        XCTAssertEqual(a.list.scrollView.state, .idle)
    }

    func testReaderDragAndAPressThatBeganIt() {
        let (s, c) = side(.android)
        XCTAssertEqual(s.readerScrolled(.touch, tick: 5, config: c), true)
        XCTAssertEqual(s.lastReaderDrag, 5)
        XCTAssertEqual(s.list.scrollView.state, .dragging)
        XCTAssertEqual(s.readerScrolled(.pressWhileSettling, tick: 8, config: c), true)
        XCTAssertNil(s.readerScrolled(.touch, tick: 9, config: c), "the press began this drag already")
        XCTAssertEqual(s.lastReaderDrag, 8)
        XCTAssertEqual(s.readerScrolled(.wheel, tick: 10, config: c), false)
    }

    func testTheBridgeQueueDeliversDueCallsInOrder() {
        let (s, _) = side()
        let calls = (1...3).map { BridgeCall(top: Double($0), correction: $0 > 1, jumpId: 1) }
        s.enqueue(calls[0], due: 4)
        s.enqueue(calls[1], due: 4)
        s.enqueue(calls[2], due: 6)
        XCTAssertNil(s.nextDueCall(now: 3))
        XCTAssertEqual(s.nextDueCall(now: 4), calls[0])
        XCTAssertEqual(s.nextDueCall(now: 4), calls[1])
        XCTAssertNil(s.nextDueCall(now: 5))
        XCTAssertEqual(s.nextDueCall(now: 6), calls[2])
        XCTAssertTrue(s.bridgeQueue.isEmpty)
    }

    func testADragIsSampledEvenlyThenReleased() {
        let (s, _) = side()
        s.addGesture(now: 10, steps: 4, x: 20, y0: 100, dy: -40)
        XCTAssertEqual(s.gestureSamples(now: 10), [])
        let ys = (11...13).flatMap { s.gestureSamples(now: $0) }
        XCTAssertEqual(ys, [90, 80, 70].map { .pointer(phase: .move, x: 20, y: $0) })
        XCTAssertEqual(s.gestureSamples(now: 14), [.pointer(phase: .move, x: 20, y: 60), .pointer(phase: .up, x: 20, y: 60)])
        XCTAssertTrue(s.gestures.isEmpty, "the drag ended")
    }

    func testADelayedTouchComesDueOnce() {
        let (s, _) = side()
        s.pageTouch = .delayed(due: 18, x: 3, y: 40)
        XCTAssertNil(s.takeDueDelayedTouch(now: 17))
        let t = s.takeDueDelayedTouch(now: 18)
        XCTAssertEqual(t?.x, 3)
        XCTAssertEqual(t?.y, 40)
        XCTAssertEqual(s.pageTouch, .delivered)
        XCTAssertNil(s.takeDueDelayedTouch(now: 19))
    }

    func testAnAnchorPastTheBottomWaitsForTheResize() {
        let (s, c) = side()
        s.apply(.setWebRowHeight(1000), webOffset: 0, now: 1, fromHost: true, config: c)
        let max = s.list.scrollView.maxOffset
        s.list.scrollView.offset = max
        s.shift(by: 200, resizeComing: true)
        XCTAssertEqual(s.list.scrollView.offset, max + 200, "past the bottom while the row waits for its height")
        XCTAssertTrue(s.anchorPastBottom)
        s.bringAnchorIntoRange()
        XCTAssertEqual(s.list.scrollView.offset, max)
        XCTAssertFalse(s.anchorPastBottom)
        s.shift(by: 200, resizeComing: false)
        XCTAssertEqual(s.list.scrollView.offset, max, "no resize coming: the range holds at once")
    }
}

final class PageSideTests: XCTestCase {
    private func side() -> PageSide {
        let blog = fixture(12)
        return PageSide(source: blog, request: PageRequest(liveblog: blog, config: PageConfig(), width: 640),
                        makePage: World.makeEmulatedPage, loader: nil)
    }

    func testACallDrainsTheOutboxInOrder() {
        let s = side()
        var messages: [String] = []
        s.call({ page in
            page.log("info", "first")
            page.log("warn", "second")
        }, handle: { if case let .console(_, m) = $0 { messages.append(m) } })
        XCTAssertEqual(messages.filter { $0 == "first" || $0 == "second" }, ["first", "second"])
        XCTAssertTrue(s.page.outbox.isEmpty)
        XCTAssertTrue(s.call({ $0.outbox.isEmpty }, handle: { _ in XCTFail("nothing left") }))
    }

    func testResizesComeDueInOrder() {
        let s = side()
        s.scheduleResize(to: 500, due: 4)
        s.scheduleResize(to: 600, due: 6)
        XCTAssertNil(s.nextDueResize(now: 3))
        XCTAssertEqual(s.nextDueResize(now: 4), 500)
        XCTAssertNil(s.nextDueResize(now: 5))
        XCTAssertEqual(s.nextDueResize(now: 6), 600)
        XCTAssertTrue(s.pendingResizes.isEmpty)
    }

    func testHandoffsSinceACount() {
        let s = side()
        s.externalLinks.append("https://a.example")
        let before = s.handoffCount
        s.mediaHandoffs.append("https://youtu.be/x")
        s.externalLinks.append("https://b.example")
        XCTAssertEqual(s.handoffs(since: before), [.link("https://b.example"), .media("https://youtu.be/x")])
    }

    func testThePagesShapePerMode() {
        let s = side()
        XCTAssertEqual(s.shape(for: .nested, visibleHeight: 300), 300)
        XCTAssertTrue(s.page.selfScrolling)
        XCTAssertEqual(s.webScroll(visibleHeight: 300)?.visibleHeight, 300)
        XCTAssertEqual(s.shape(for: .content, visibleHeight: 300), s.page.contentHeight)
        XCTAssertFalse(s.page.selfScrolling)
        XCTAssertNil(s.webScroll(visibleHeight: 300), "M1: nothing reads a web view that never scrolls")
    }
}
