import XCTest
import ScrollPhysics
@testable import Host

/// F8 on the android host: it clamps with LinearLayoutManager's estimate (`.estimated`) or the
/// exact range (`.exact`), and the list stops at its real end whatever the estimate said.
///
/// The Rig of HostSpecTests: 6 header rows, a 2000 pt web row, 20 footer rows; viewport 384,
/// insets 32/16: UIKit offsets −32…2048 (Android 0…2080).
final class AndroidRangeTests: XCTestCase {
    typealias Rig = HostSpecTests.Rig

    /// Runs `ticks` ticks, noting each tick's offset and state.
    typealias Log = [(tick: Int, y: Double, state: ScrollView.State)]

    private func record(_ r: Rig, _ ticks: Int, host: JumpHost) -> Log {
        var out: Log = []
        for _ in 0..<ticks {
            r.run(1, host: host)
            out.append((r.tick, r.sv.offset, r.sv.state))
        }
        return out
    }

    /// The jump near the end: the post at page y 2050 of a web row that has 2000 pt yet; the row
    /// grows to 2300 pt at 1.2 s (tick 144), while an exactly clamped scroll is still moving.
    private func jumpNearTheEnd(_ mode: AndroidRangeMode) -> (Rig, AndroidJumpHost, Log) {
        let r = Rig()
        let h = r.attach(AndroidJumpHost(rangeMode: mode))
        r.scrollRequest(h, top: 2050, correction: false, jumpId: 1, now: 0)
        var log = record(r, 144, host: h)
        r.webRowResized(h, to: 2300, now: r.tick)
        log += record(r, 400, host: h)
        return (r, h, log)
    }

    /// F8: estimated: the first scroll runs out of room and settle after the row grows finishes it
    func testF8_estimated_firstScrollStopsShort_settleAfterGrowthFinishesTheLanding() {
        let (r, h, log) = jumpNearTheEnd(.estimated)
        // requested = 128 + 2050 − 32 = 2146 against an estimated maximum of 7748: not clamped.
        let estimate = AndroidScrollRange(mode: .estimated, offset: 0, extent: 336, range: 8084)
        XCTAssertEqual(r.actions.first, HostAction(jumpId: 1, kind: .scroll, target: 2114, animated: true,
                                                   clamped: false, range: estimate))
        // smoothScrollBy(2146) runs out of room at the real end (2048) and the list goes IDLE
        // there, well before its 1.976 s would have ended, short of the post.
        let stop = log.first { $0.state == .idle }!
        XCTAssertEqual(stop.y, 2048)
        XCTAssertLessThan(stop.tick, 125)
        let waiting = log.filter { $0.tick >= stop.tick && $0.tick <= 144 }
        XCTAssertTrue(waiting.allSatisfy { $0.y == 2048 && $0.state == .idle },
                      "stopped short until the row grows")
        XCTAssertEqual(r.list.webRowY + 2050 - stop.y - r.sv.insetTop, 66, "the post 66 pt under the bar")
        // The row grows; settle() on the next frame: the list is IDLE, so an instant scrollBy of the
        // 66 px still missing, read from the estimate at the end (offset 6648 of 20988 − 336).
        XCTAssertEqual(r.actions.count, 2)
        let atEnd = AndroidScrollRange(mode: .estimated, offset: 6648, extent: 336, range: 20988)
        XCTAssertEqual(r.actions[1], HostAction(jumpId: 1, kind: .settle, target: 2114, animated: false,
                                                clamped: false, range: atEnd))
        XCTAssertEqual(log.first { $0.y == 2114 }?.tick, 146,
                       "the second movement, one frame after the growth")
        XCTAssertEqual(r.sv.offset, 2114)
        XCTAssertEqual(r.postY(2050), 0, "landed just under the top bar")
        XCTAssertEqual(h.pendingTop, 2050)
    }

    /// F8: exact: the same jump lands in one movement
    func testF8_exact_sameJumpLandsInOneMovement() {
        let (r, _, log) = jumpNearTheEnd(.exact)
        // Clamped to the exact maximum 2080 (UIKit 2048): a scroll still moving at 1.2 s.
        let exact = AndroidScrollRange(mode: .exact, offset: 0, extent: 384, range: 2464)
        XCTAssertEqual(r.actions.first, HostAction(jumpId: 1, kind: .scroll, target: 2048, animated: true,
                                                   clamped: true, range: exact))
        // settle() finds it SETTLING and re-aims the smooth scroll: one movement, never IDLE on the way.
        XCTAssertEqual(r.actions.map(\.kind), [.scroll, .settle])
        XCTAssertEqual(r.actions[1].animated, true)
        XCTAssertEqual(r.actions[1].target, 2114)
        let landed = log.firstIndex { $0.state == .idle }!
        XCTAssertEqual(log[landed].y, 2114)
        XCTAssertTrue(log[..<landed].allSatisfy { $0.state == .settling })
        let ys = log.map(\.y)
        XCTAssertTrue(zip(ys, ys.dropFirst()).allSatisfy { $0 <= $1 }, "no stop and start: always onward")
        XCTAssertEqual(r.postY(2050), 0)
    }

    /// F8: smoothScrollBy that asks for more than there is consumes less and goes idle at the end
    func testF8_estimated_smoothScrollByConsumesOnlyWhatThereIs() {
        let r = Rig()
        let h = r.attach(AndroidJumpHost(rangeMode: .estimated))
        r.sv.offset = 1900
        // Estimated offset 2924 of a maximum of 4560 (the tall web row inflates the average row):
        // requested = (96 − 1900) + 2100 − 32 = 264 fits; the list has 148 left.
        r.scrollRequest(h, top: 2100, correction: false, jumpId: 1, now: 0)
        XCTAssertEqual(r.actions.last?.target, 2164)
        XCTAssertEqual(r.actions.last?.clamped, false)
        XCTAssertEqual(r.sv.animation?.motion.androidScroll?.durationMs, 506, "timed for 264 px")
        r.run(20, host: h)
        XCTAssertEqual(r.sv.offset, 2048, "consumed 148 of 264")
        XCTAssertEqual(r.sv.state, .idle, "IDLE at the end, long before 0.506 s")
        XCTAssertLessThanOrEqual(r.sv.offset, r.sv.maxOffset)
    }

    /// F8: an instant scrollBy consumes only what there is
    func testF8_estimated_instantScrollByConsumesOnlyWhatThereIs() {
        let r = Rig()
        let h = r.attach(AndroidJumpHost(rangeMode: .estimated))
        h.adopt(jumpId: 1, now: 0)
        r.sv.offset = 1900
        r.scrollRequest(h, top: 2100, correction: true, jumpId: 1, now: 0)
        XCTAssertEqual(r.actions.last?.animated, false, "a correction while idle")
        XCTAssertEqual(r.actions.last?.target, 2164)
        XCTAssertEqual(r.sv.offset, 2048)
        // The same correction with the exact range is clamped instead, to the same place.
        let e = Rig()
        let x = e.attach(AndroidJumpHost(rangeMode: .exact))
        x.adopt(jumpId: 1, now: 0)
        e.sv.offset = 1900
        e.scrollRequest(x, top: 2100, correction: true, jumpId: 1, now: 0)
        XCTAssertEqual(e.core.last,
                       HostAction(jumpId: 1, kind: .scroll, target: 2048, animated: false, clamped: true))
        XCTAssertEqual(e.sv.offset, 2048)
    }

    /// F8: the estimate can also clamp a reachable target short
    func testF8_estimated_clampAgainstAnUnderestimate() {
        // At the real end the estimate's maximum is one pixel under its offset (round vs.
        // truncate): a correction for a post below the end scrolls back by that pixel, clamped.
        let r = Rig()
        let h = r.attach(AndroidJumpHost(rangeMode: .estimated))
        h.adopt(jumpId: 1, now: 0)
        r.sv.offset = 2048
        r.scrollRequest(h, top: 2100, correction: true, jumpId: 1, now: 0)
        XCTAssertEqual(r.actions.last?.range,
                       AndroidScrollRange(mode: .estimated, offset: 2647, extent: 336, range: 2982))
        XCTAssertEqual(r.actions.last?.clamped, true)
        XCTAssertEqual(r.sv.offset, 2047)
        XCTAssertEqual(h.lastRange?.maxOffset, 2646)
    }

    /// F8: the default of the option is estimated; the host made without one keeps exact for now
    func testF8_rangeModeDefaults() {
        XCTAssertEqual(AndroidRangeMode.default, .estimated)
        XCTAssertEqual(AndroidRangeMode(rawValue: "exact"), .exact)
        XCTAssertEqual(AndroidRangeMode(rawValue: "estimated"), .estimated)
        _ = Rig()
        XCTAssertEqual(AndroidJumpHost().rangeMode, .estimated)
    }
}
