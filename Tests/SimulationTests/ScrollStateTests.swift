import XCTest
import LiveblogModel
@testable import Simulation
import Embed
@testable import Host
import ScrollPhysics
import VirtualTime

/// F10 (and F9 through the whole World): every frame line carries the list's scroll state.
final class ScrollStateTests: XCTestCase {
    final class Recorder {
        var states: [String] = []
        var lines: [String] = []
    }

    func world(_ platform: Platform, device: DeviceProfile? = nil) -> (World, Recorder) {
        var c = config(platform: platform, network: .instant)
        c.device = device
        let w = World(liveblog: fixture(60), config: c)
        let rec = Recorder()
        w.sink = { r in
            guard case let .frame(_, _, _, state) = r.event else { return }
            rec.states.append(state ?? "none")
            rec.lines.append(r.json)
        }
        w.advance(to: 30)
        return (w, rec)
    }

    func drag(_ w: World, dy: Double, ticks: Int) {
        let y0 = 12.0 * 16 + 8
        w.send(.pointer(phase: .down, x: 324, y: y0))
        for k in 1...ticks {
            w.advance(to: w.tick + 1)
            w.send(.pointer(phase: .move, x: 324, y: y0 + dy * Double(k) / Double(ticks)))
        }
        w.send(.pointer(phase: .up, x: 324, y: y0 + dy))
    }

    /// Collapses runs: ["idle", "idle", "settling"] → ["idle", "settling"].
    func runs(_ s: [String]) -> [String] {
        s.reduce(into: []) { out, x in if out.last != x { out.append(x) } }
    }

    /// F10: frame lines carry the lists scroll state
    func testF10_frameLinesCarryTheListsScrollState() {
        let expected: [(Platform, [String])] = [
            (.android, ["idle", "settling", "idle", "dragging", "settling", "idle"]),   // SCROLL_STATE_*
            (.ios, ["idle", "animating", "idle", "dragging", "decelerating", "idle"]),  // UIScrollView
        ]
        for (platform, states) in expected {
            let (w, rec) = world(platform)
            XCTAssertTrue(rec.lines.allSatisfy { $0.contains(#""scrollState":"idle""#) })
            w.send(.jump(id: "p30", topOffset: nil))
            w.advance(to: w.tick + 240)
            drag(w, dy: -200, ticks: 12)
            w.advance(to: w.tick + 600)
            XCTAssertEqual(runs(rec.states), states, "\(platform)")
            XCTAssertTrue(rec.lines.contains { $0.contains(#""scrollState":"\#(states[4])""#) })
        }
    }

    /// F9: on a Pixel 8 the jump's smooth scroll goes IDLE on the frame its position reaches the
    /// target, well before computeScrollDuration ends, and a release's fling runs in device px
    func testF9_onAPixel8TheJumpGoesIdleWhenItsPositionReachesTheTarget() {
        let (w, rec) = world(.android, device: .pixel8)
        w.send(.jump(id: "p30", topOffset: nil))
        var motion: ScrollAnimation?
        var startTick = 0
        for _ in 0..<240 {
            w.advance(to: w.tick + 1)
            if motion == nil, let m = w.scrollView.animation?.motion {
                motion = m
                startTick = w.scrollView.animation?.startTick ?? 0
            }
        }
        guard let m = motion, let scroll = m.androidScroll else { return XCTFail("no smooth scroll") }
        XCTAssertLessThan(m.duration, Double(scroll.durationMs) / 1000, "IDLE before the duration")
        XCTAssertTrue(scroll.isDone(atMs: AndroidClock.millis(tick: startTick + VirtualClock.ticks(m.duration))))
        XCTAssertFalse(scroll.isDone(atMs: AndroidClock.millis(tick: startTick + VirtualClock.ticks(m.duration) - 1)))
        XCTAssertEqual(runs(rec.states), ["idle", "settling", "idle"])
        // A drag's release flings in px: getScaledMaximumFlingVelocity is 21000 px/s here.
        drag(w, dy: -300, ticks: 6)
        XCTAssertEqual(w.pan.android?.maximumVelocity, 21000)
        XCTAssertTrue(w.pan.android?.isFlinging == true)
        XCTAssertEqual(w.pan.android?.edges.height, AndroidPixels.size(dp: w.viewportHeight, density: 2.625))
    }
}
