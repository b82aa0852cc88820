import XCTest
@testable import Embed

/// E5–E13 on `JumpSession` alone: the step function answers with the events to emit.
final class JumpSessionTests: XCTestCase {
    private func session(_ hookSource: String?) -> JumpSession {
        var s = JumpSession(firstJumpId: 4)
        _ = s.setHook(hookSource.map(hook))
        return s
    }

    /// E7, E9, E10: a two-parameter hook gets the jump call, then a correction only past 5 pt.
    func testE10_frameSendsCorrectionOnlyWhenTopMovedMoreThan5() {
        var s = session(twoParam)
        let start = s.start(postId: "p3", topOffset: 10, postTop: 300, scrollY: 0, tick: 0)
        XCTAssertEqual(start, [.hook(jumpId: 4, top: 290, correction: false, args: 2, threw: false)])
        XCTAssertEqual(s.frame(tick: 2, postTop: 305), [], "exactly 5 pt: no call")
        XCTAssertEqual(s.frame(tick: 4, postTop: 306), [.hook(jumpId: 4, top: 296, correction: true, args: 2, threw: false)])
        XCTAssertEqual(s.nextJumpId, 5)
    }

    /// E11: the hold ends at 10 s, and when the post is gone; nothing is reported afterwards.
    func testE11_frameEndsHoldAtTimeoutAndWhenPostIsGone() {
        var s = session(twoParam)
        _ = s.start(postId: "p3", topOffset: 0, postTop: 100, scrollY: 0, tick: 0)
        let end = s.frame(tick: 10 * VirtualClock.ticksPerSecond, postTop: 900)
        XCTAssertEqual(end.first, .holdEnd(jumpId: 4, reason: .timeout))
        XCTAssertNil(s.held)
        XCTAssertEqual(s.frame(tick: 10 * VirtualClock.ticksPerSecond + 2, postTop: 1900), [])

        _ = s.start(postId: "p3", topOffset: 0, postTop: 100, scrollY: 0, tick: 0)
        XCTAssertEqual(s.frame(tick: 2, postTop: nil).first, .holdEnd(jumpId: 5, reason: .removed))
    }

    /// E8, E11: a one-parameter hook's call is skipped in place, and its hold ends 1 s after its last call.
    func testE8_oneParameterHookSkipsInPlaceAndIdlesOut() {
        var s = session(oneParam)
        XCTAssertEqual(s.start(postId: "p1", topOffset: 0, postTop: 4, scrollY: 0, tick: 0), [])
        XCTAssertNotNil(s.held)
        XCTAssertEqual(s.frame(tick: VirtualClock.ticksPerSecond, postTop: 4).first, .holdEnd(jumpId: 4, reason: .idle))
    }

    /// E12, E11: a hook defined during a hook-less hold restarts it; removing the hook ends a hold.
    func testE12_hookDefinedDuringHooklessHoldRestarts_removedHookEnds() {
        var s = session(nil)
        XCTAssertEqual(s.start(postId: "p2", topOffset: 0, postTop: 50, scrollY: 0, tick: 0), [])
        guard case .restart(let held) = s.setHook(hook(twoParam)) else { return XCTFail("expected a restart") }
        XCTAssertEqual(held.postId, "p2")
        _ = s.start(postId: "p2", topOffset: 0, postTop: 50, scrollY: 0, tick: 2)
        guard case .ended(let events) = s.setHook(nil) else { return XCTFail("expected the hold to end") }
        XCTAssertEqual(events.first, .holdEnd(jumpId: 5, reason: .hookRemoved))
    }

    /// E13: a throwing hook's call is reported with an error line in the console; the hold goes on.
    func testE13_throwingHookLogsAndHolds() {
        var s = session("function (top, info) { throw new Error(\"boom\") }")
        let events = s.start(postId: "p1", topOffset: 0, postTop: 100, scrollY: 0, tick: 0)
        XCTAssertEqual(events.count, 2)
        XCTAssertEqual(events.first, .hook(jumpId: 4, top: 100, correction: false, args: 2, threw: true))
        guard case .console("error", let message) = events[1] else { return XCTFail("\(events)") }
        XCTAssertTrue(message.contains("boom"), message)
        XCTAssertNotNil(s.held)
    }
}
