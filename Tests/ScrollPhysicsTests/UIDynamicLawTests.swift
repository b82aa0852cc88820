import XCTest
@testable import ScrollPhysics

/// F1 `uidynamic` (P2, P3): the seed's law: its fling is `DynamicItem`, stepped as the pan
/// engine steps it, each step through the list's edge rule (`UIDynamicLaw.step`, which
/// `ListPanTarget` applies); F2's choice of law per platform and mode.
final class UIDynamicLawTests: XCTestCase {
    let law = UIDynamicLaw()
    let wide = ScrollBounds(min: 0, max: 1_000_000, viewport: 600)

    /// The offsets after each step of the seed's fling released at `v` (content pt/s) from
    /// `start`, as the pan engine runs it: the item moves like the finger (−v), each step goes
    /// through the edge rule, inertia ends at a bound or when a step moves less than 0.02 pt.
    static func seedFling(from start: Double, velocity v: Double, bounds: ScrollBounds) -> [Double] {
        guard var item = DynamicItem.fling(releaseVelocity: -v) else { return [] }
        var y = start, out: [Double] = []
        while true {
            let d = item.step()
            let step = UIDynamicLaw.step(from: y, finger: d, bounds: bounds, bounces: true)
            y = step.offset
            out.append(y)
            if step.atBound || abs(d) < DynamicItem.stopDisplacement { return out }
        }
    }

    // F1/P2: the existing numbers hold: 1000 pt/s rests after 365 steps, 498.801… pt away.
    func testF1_uidynamicKeepsTheSeedNumbers() {
        let m = UIDynamicLawTests.seedFling(from: 0, velocity: 1000, bounds: wide)
        XCTAssertEqual(m.count, 365)
        XCTAssertEqual(DynamicItem.stepsUntilRest(velocity: -1000), 365)
        XCTAssertEqual(m.last!, 498.80108990941, accuracy: 1e-6)
        XCTAssertEqual(Double(m.count) * DynamicItem.stepInterval, 365.0 / 120, accuracy: 1e-12)
        // After one second: 500 · (1 − q^−120), q = 1 + 2/120; velocity v0 / q^120.
        XCTAssertEqual(m[119], 500 * (1 - pow(1 + 2.0 / 120, -120)), accuracy: 1e-9)
        XCTAssertEqual(DynamicItem.velocity(afterSteps: 120, initial: 1000), 137.5846, accuracy: 1e-4)
        // Downwards the same, mirrored; the threshold is 180 pt/s.
        let down = UIDynamicLawTests.seedFling(from: 1000, velocity: -1000, bounds: wide)
        XCTAssertEqual(down.last!, 501.19891009059, accuracy: 1e-6)
        XCTAssertFalse(law.startsFling(velocity: 179))
        XCTAssertTrue(law.startsFling(velocity: -180))
        XCTAssertEqual(UIDynamicLawTests.seedFling(from: 40, velocity: 179, bounds: wide), [])
        // F2 before: a 2000 pt/s fling travelled about 999 pt on both platforms under this law.
        XCTAssertEqual(UIDynamicLawTests.seedFling(from: 0, velocity: 2000, bounds: wide).last!, 998.80, accuracy: 0.01)
        XCTAssertEqual(DynamicItem.travelDistance(velocity: 2000), 998.80, accuracy: 0.01)
    }

    // P2/P3: the edge rule step for step as the seed writes it (DynamicItem + setScrollOffsetY):
    // damped past the bottom, stopped there, then the seed's 0.3 s spring back; clamped at the top.
    func testF1_uidynamicEdgesAsTheSeedWritesThem() {
        let b = ScrollBounds(min: -20, max: 300, viewport: 600)
        for (start, v) in [(100.0, 2000.0), (200.0, -2000.0)] {
            let m = UIDynamicLawTests.seedFling(from: start, velocity: v, bounds: b)
            // The seed, written out: item in the finger's sense, offset −= step.
            var item = DynamicItem(velocity: -v)
            var y = start, n = 0
            while true {
                let d = item.step()
                let old = y
                y = old - d
                if y < b.min { y = b.min }
                if y >= b.max && d < 0 {
                    y = RubberBand.damped(newOffset: y, oldOffset: old, maxOffset: b.max)
                }
                n += 1
                XCTAssertEqual(m[n - 1], y, "step \(n)")
                if (d < 0 && y >= b.max) || (d > 0 && y <= b.min) || abs(d) < 0.02 { break }
            }
            XCTAssertEqual(m.count, n)
            if v > 0 {
                XCTAssertGreaterThan(y, b.max)                        // the seed's bounce shows
                let back = ScrollAnimation.springBack(from: y, to: b.max)
                XCTAssertEqual(back.value(at: 0.15), (y + b.max) / 2, accuracy: 1e-9)
                XCTAssertEqual(back.value(at: back.duration), b.max)
            } else {
                XCTAssertEqual(y, b.min)                              // a hard stop at the top
            }
        }
        // Without the bounce (an ease, a glide) the bottom is a stop too.
        XCTAssertEqual(UIDynamicLaw.step(from: 299, finger: -5, bounds: b, bounces: false).offset, 300)
        XCTAssertTrue(UIDynamicLaw.step(from: 299, finger: -5, bounds: b, bounces: false).atBound)
        // The seed's drag: damped past the bottom (20 pt → 6 pt), clamped at the top.
        XCTAssertEqual(law.dragged(from: 300, by: 20, bounds: b), 306, accuracy: 1e-12)
        XCTAssertEqual(law.dragged(from: -10, by: -50, bounds: b), -20)
    }

    // F2: each model has its law (which platform uses which: HostTests.testF2_lawPerPlatformAndMode).
    func testF2_eachModelsLaw() {
        XCTAssertEqual(PhysicsModel(rawValue: "android"), .android)
        XCTAssertEqual(PhysicsModel.allCases.map(\.law.model), PhysicsModel.allCases)
        // One release, three laws (F2's numbers side by side), each model's own engine.
        let wide = ScrollBounds(min: 0, max: 100_000, viewport: 600)
        let uikit = UIKitDecelerationLaw().motion(from: 0, velocity: 2000, bounds: wide)
        XCTAssertEqual(UIDynamicLawTests.seedFling(from: 0, velocity: 2000, bounds: wide).last!, 998.8, accuracy: 0.1)
        XCTAssertEqual(uikit.value(at: uikit.duration), 998.5, accuracy: 0.1)
        XCTAssertEqual(AndroidFling(from: 0, velocity: 2000, bounds: wide).offsets.last, 647)
    }
}
