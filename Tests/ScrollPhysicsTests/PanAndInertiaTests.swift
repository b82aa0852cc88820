import XCTest
@testable import ScrollPhysics

/// P1, P2: velocity tracking and the inertia item.
final class PanAndInertiaTests: XCTestCase {

    // P1: the slope over the last 100 ms, not the whole gesture.
    func testP1_velocityFromLast100ms() {
        var tracker = VelocityTracker()
        // 60 Hz samples: 100 pt/s until t = 0.5 s, then 800 pt/s until 0.7 s.
        func position(_ t: Double) -> Double { 100 * min(t, 0.5) + 800 * max(0, t - 0.5) }
        for i in 0...42 {
            let t = Double(i) / 60
            tracker.add(time: t, position: position(t))
        }
        XCTAssertEqual(tracker.velocity(at: 42.0 / 60), 800, accuracy: 1e-6)
        // Only the window is kept: 0.6 … 0.7 s → 7 samples.
        XCTAssertEqual(tracker.samples.count, 7)
        // Least squares, not end points: alternate ±1 pt jitter on a 500 pt/s line.
        var jitter = VelocityTracker()
        for i in 0...6 {
            let t = Double(i) / 60
            jitter.add(time: t, position: 500 * t + (i % 2 == 0 ? 1 : -1))
        }
        // Σ(t−t̄)·e / Σ(t−t̄)² with e = +1,−1,…,+1 at i = 0…6: slope = 500 + 0 (symmetric).
        XCTAssertEqual(jitter.velocity(at: 0.1), 500, accuracy: 1e-6)
        // Fewer than two samples → 0.
        var one = VelocityTracker()
        one.add(time: 1, position: 10)
        XCTAssertEqual(one.velocity(at: 1), 0)
        one.reset()
        XCTAssertEqual(one.velocity(at: 1), 0)
    }

    // P1: a pause over 40 ms before release gives no fling.
    func testP1_pauseOver40msGivesNoFling() {
        var tracker = VelocityTracker()
        for i in 0...24 {                       // 1000 pt/s at 120 Hz until t = 0.2 s
            let t = Double(i) / 120
            tracker.add(time: t, position: 1000 * t)
        }
        XCTAssertEqual(tracker.velocity(at: 0.2 + 0.039), 1000, accuracy: 1e-6)
        XCTAssertEqual(tracker.velocity(at: 0.2 + 0.041), 0)
        XCTAssertNil(DynamicItem.fling(releaseVelocity: tracker.velocity(at: 0.241)))
        // A sample 50 ms after the previous one drops the history.
        tracker.add(time: 0.25, position: 200)
        XCTAssertEqual(tracker.samples.count, 1)
        XCTAssertEqual(tracker.velocity(at: 0.25), 0)
        tracker.add(time: 0.26, position: 203)
        XCTAssertEqual(tracker.velocity(at: 0.26), 300, accuracy: 1e-6)
    }

    // P2: 180 pt/s is the threshold.
    func testP2_threshold179NoInertia181Inertia() {
        XCTAssertEqual(DynamicItem.threshold, 180)
        XCTAssertNil(DynamicItem.fling(releaseVelocity: 179))
        XCTAssertNil(DynamicItem.fling(releaseVelocity: -179))
        XCTAssertNotNil(DynamicItem.fling(releaseVelocity: 181))
        XCTAssertNotNil(DynamicItem.fling(releaseVelocity: -181))
        XCTAssertNotNil(DynamicItem.fling(releaseVelocity: 180))   // seed: abs(v) >= 180
        XCTAssertEqual(DynamicItem.fling(releaseVelocity: 181)?.velocity, 181)
        XCTAssertEqual(DynamicItem.fling(releaseVelocity: 181)?.resistance, 2.0)
    }

    // P2: v ← v / (1 + 2 · 1/120) per 1/120 s step, step displacement = v · dt.
    func testP2_decayLaw() {
        let v0 = 1000.0
        let q = 1 + 2.0 / 120
        var item = DynamicItem(velocity: v0)
        let first = item.step()
        XCTAssertEqual(first, v0 / q / 120, accuracy: 1e-12)          // 8.196721… pt
        XCTAssertEqual(first, 8.19672131147541, accuracy: 1e-12)
        for _ in 2...120 { _ = item.step() }
        XCTAssertEqual(item.steps, 120)
        XCTAssertEqual(item.velocity, v0 / pow(q, 120), accuracy: 1e-9)  // after 1 s
        XCTAssertEqual(item.velocity, 137.5846, accuracy: 1e-4)
        XCTAssertEqual(DynamicItem.velocity(afterSteps: 120, initial: v0), item.velocity, accuracy: 1e-9)
        XCTAssertEqual(item.position, DynamicItem.displacement(afterSteps: 120, velocity: v0), accuracy: 1e-9)
        XCTAssertEqual(item.position, 500 * (1 - pow(q, -120)), accuracy: 1e-9)
        // The geometric series sums to v0 / resistance.
        XCTAssertEqual(DynamicItem.limitDistance(velocity: v0), 500)
    }

    // P2: inertia ends with the first step that moves less than 0.02 pt.
    func testP2_stopsBelow002() {
        var item = DynamicItem(velocity: -1000)
        var last = 0.0, previous = 0.0, total = 0.0
        while !item.isResting {
            previous = last
            last = item.step()
            total += last
        }
        XCTAssertLessThan(abs(last), 0.02)
        XCTAssertGreaterThanOrEqual(abs(previous), 0.02)
        XCTAssertEqual(item.steps, 365)                               // ≈ 3.04 s
        XCTAssertEqual(DynamicItem.stepsUntilRest(velocity: -1000), 365)
        XCTAssertEqual(total, -498.80108990941, accuracy: 1e-6)
        XCTAssertEqual(DynamicItem.travelDistance(velocity: -1000), total, accuracy: 1e-9)
        XCTAssertEqual(item.step(), 0)                                // resting stays put
        // The closed forms agree with stepping.
        XCTAssertEqual(DynamicItem.displacement(afterSteps: 365, velocity: -1000), total, accuracy: 1e-9)
        XCTAssertEqual(DynamicItem.displacement(afterSteps: 120, velocity: -1000),
                       -500 * (1 - pow(1 + 2.0 / 120, -120)), accuracy: 1e-9)
        // stop() rests at once.
        var stopped = DynamicItem(velocity: 2000)
        stopped.stop()
        XCTAssertTrue(stopped.isResting)
        XCTAssertEqual(stopped.step(), 0)
    }
}
