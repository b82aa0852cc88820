@testable import BrowserEngine
@testable import Chromium
import Embed
import LiveblogModel
import XCTest

/// E11, E12 in the real engine: every way a hold ends, in virtual time (a 10 s hold takes about
/// a second of real time).
final class HoldEndTests: EngineTestCase {
    private func heldPage(hook: EngineHook? = .shim) throws -> EnginePage {
        let page = try open(engineFixture(), page: pageConfig(network: .offline), hook: hook)
        try page.navigate(to: "p10", topOffset: nil)
        _ = take(page)
        return page
    }

    private func assertEnded(_ events: [EngineEvent], _ reason: HoldEndReason, jumpId: Int = 1,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(events.holdEnds.map(\.1), [reason], file: file, line: line)
        XCTAssertEqual(events.holdEnds.first?.0, jumpId, file: file, line: line)
        XCTAssertTrue(events.consoles.contains("[info] jump \(jumpId) to p10: hold ended (\(reason.rawValue))"),
                      "\(events.consoles)", file: file, line: line)
    }

    /// Runs a held page `seconds`; the one hold end's reason and how many ticks after the jump.
    private func holdEnd(_ page: EnginePage, within seconds: Double) throws -> (HoldEndReason, Int) {
        let start = page.tick
        let events = try timed(page, seconds: seconds)
        XCTAssertEqual(events.map(\.event).holdEnds.count, 1)
        for e in events { if case let .page(.holdEnd(_, reason)) = e.event { return (reason, e.tick - start) } }
        XCTFail("no hold end")
        return (.timeout, -1)
    }

    func testE11_holdEndsAfter10s() throws {
        let (reason, after) = try holdEnd(try heldPage(), within: 10.2)
        XCTAssertEqual(reason, .timeout)
        XCTAssertEqual(after, 1200, "at 10 s, in the frame at 10 s as in the emulated page")
    }

    func testE11_newJumpEndsTheHold() throws {
        let page = try heldPage()
        try page.navigate(to: "p12", topOffset: nil)
        let events = take(page)
        XCTAssertEqual(events.holdEnds.map(\.1), [.newJump])
        XCTAssertEqual(events.hooks.map(\.jumpId), [2], "no call for the old jumpId after the new one's first")
    }

    func testX6_aTapDispatchedIntoThePageEndsItsHold() throws {
        let page = try heldPage()
        try page.tap(x: 100, y: 300)
        let events = try run(page, seconds: 0.05)
        assertEnded(events, .input)
        XCTAssertEqual(events.notes, [], "the touch reached the page in the frame it was sent for")
    }

    /// Q19: a drag's down that the list hands to the page (Android) ends the reference embed's
    /// hold at its touchstart; the list's cancel reaches the page too (no note says it went
    /// missing) and ends nothing more; the next tap is a whole touch again.
    func testQ19_aTouchHandedToThePageEndsItsHoldAndItsCancelArrives() throws {
        let page = try heldPage()
        try page.touchStart(x: 100, y: 300)
        assertEnded(try run(page, seconds: 0.05), .input)
        try page.touchCancel()
        let cancelled = try run(page, seconds: 0.05)
        XCTAssertEqual(cancelled.notes, [], "the touchcancel reached the page in its frame")
        XCTAssertEqual(cancelled.holdEnds.count, 0)
        try page.tap(x: 100, y: 300)
        XCTAssertEqual(try run(page, seconds: 0.05).notes, [], "a tap after a cancelled touch starts and ends")
    }

    func testX6_aWheelTurnDispatchedIntoThePageEndsItsHold() throws {
        let page = try heldPage()
        try page.wheel(x: 100, y: 300, deltaY: 40)
        assertEnded(try run(page, seconds: 0.05), .input)
    }

    func testX6_aKeyDispatchedIntoThePageEndsItsHold() throws {
        let page = try heldPage()
        try page.key("ArrowDown")
        assertEnded(take(page), .input)
    }

    func testE11_removalEndsTheHold() throws {
        let page = try heldPage()
        try page.remove()
        let events = take(page)
        assertEnded(events, .removed)
        XCTAssertEqual(events.layouts.last?.1, "removed")
        XCTAssertEqual(try page.postIds(), [], "the posts are gone")
    }

    func testE11_oneParameterHookIdlesAfter1s() throws {
        let (reason, after) = try holdEnd(try heldPage(hook: .custom("function (top) {}", forwardToApp: true)), within: 1.2)
        XCTAssertEqual(reason, .idle)
        XCTAssertEqual(after, 120, "1 s after its last call")
    }

    func testE11_removingTheHookEndsTheHold() throws {
        let page = try heldPage()
        try page.setHook(nil)
        assertEnded(try run(page, seconds: 0.05), .hookRemoved)
    }

    func testE12_withoutAHookTheLaterHookGetsANewJump() throws {
        let page = try heldPage(hook: nil)
        XCTAssertEqual(page.outbox.count, 0)
        try page.setHook(.shim)
        let events = try run(page, seconds: 0.05)
        XCTAssertEqual(events.holdEnds.map(\.1), [.newJump])
        XCTAssertEqual(events.hooks.map(\.jumpId), [2], "received as a new jump with a new jumpId")
        XCTAssertEqual(events.hooks.map(\.correction), [false])
    }

    func testE11_nothingIsReportedAfterTheHold() throws {
        let page = try heldPage()
        try page.key("x")
        _ = take(page)
        try page.evaluate("document.querySelector('[data-post-id=p0]').style.paddingTop = '80px'", doing: "test")
        XCTAssertEqual(try run(page, seconds: 0.2).hooks.count, 0)
    }
}
