import XCTest
import LiveblogModel
@testable import Embed
@testable import Simulation

/// B7: a frame in which thousands of loads complete (the heavy liveblog on an instant network)
/// hands its layout and console events to the world while it applies them
/// (`Page.drainPlainEvents`). The trace must be exactly the one of a world that handles them all
/// after the frame, as before, jump, hook calls and corrections included.
final class BurstDrainTests: XCTestCase {
    private func trace(drain: Bool, profile: NetworkProfile) -> (records: [TraceRecord], drains: Int) {
        var cfg = WorldConfig()
        cfg.page.networkProfile = profile
        let lb = HeavyProfile.generate(posts: 7000, seed: 9)
        let w = World(liveblog: lb, config: cfg)
        var drains = 0
        if drain {
            let hook = w.page.drainPlainEvents
            w.page.drainPlainEvents = {
                drains += 1
                hook?()
            }
        } else {
            w.page.drainPlainEvents = nil
        }
        var records: [TraceRecord] = []
        w.sink = { records.append($0) }
        // The jump first: its corrections come in the frame of the burst.
        w.send(.jump(id: lb.posts[lb.posts.count - 40].id, topOffset: nil))
        w.advance(to: VirtualClock.ticks(3))
        return (records, drains)
    }

    func testB7_drainingPlainEventsMidFrameKeepsTheTrace() {
        for profile in [NetworkProfile.instant, .fast] {
            let (drained, drains) = trace(drain: true, profile: profile)
            let (after, _) = trace(drain: false, profile: profile)
            XCTAssertEqual(drained, after, "\(profile)")
            guard profile == .instant else { continue }
            XCTAssertGreaterThan(drains, 0, "the burst was handed over mid-frame")
            let layouts = after.filter { if case .layout = $0.event { return true } else { return false } }
            XCTAssertGreaterThan(layouts.count, 2048, "the burst is larger than one drain")
        }
    }
}
