import XCTest
@testable import ScrollPhysics

/// F1 `uidynamic` (P2, P3): the seed's law behind the common protocol, with the numbers of
/// `DynamicItem` unchanged, and F2's choice of law per platform and mode.
final class UIDynamicLawTests: XCTestCase {
    let law = UIDynamicLaw()
    let wide = ScrollBounds(min: 0, max: 1_000_000, viewport: 600)

    // F1/P2: the existing numbers hold: 1000 pt/s rests after 365 steps, 498.801… pt away.
    func testF1_uidynamicKeepsTheSeedNumbers() {
        let m = law.motion(from: 0, velocity: 1000, bounds: wide)
        XCTAssertEqual(m.offsets.count, 365)
        XCTAssertEqual(DynamicItem.stepsUntilRest(velocity: -1000), 365)
        XCTAssertEqual(m.value(at: m.duration), 498.80108990941, accuracy: 1e-6)
        XCTAssertEqual(m.duration, 365.0 / 120, accuracy: 1e-12)
        // After one second: 500 · (1 − q^−120), q = 1 + 2/120; velocity v0 / q^120.
        XCTAssertEqual(m.value(at: 1), 500 * (1 - pow(1 + 2.0 / 120, -120)), accuracy: 1e-9)
        XCTAssertEqual(m.velocity(at: 1), 137.5846, accuracy: 1e-4)
        // Downwards the same, mirrored; the threshold is 180 pt/s.
        let down = law.motion(from: 1000, velocity: -1000, bounds: wide)
        XCTAssertEqual(down.value(at: 10), 501.19891009059, accuracy: 1e-6)
        XCTAssertFalse(law.startsFling(velocity: 179))
        XCTAssertTrue(law.startsFling(velocity: -180))
        XCTAssertEqual(law.motion(from: 40, velocity: 179, bounds: wide).duration, 0)
        XCTAssertEqual(law.motion(from: 40, velocity: 179, bounds: wide).value(at: 1), 40)
        // F2 before: a 2000 pt/s fling travelled about 999 pt on both platforms under this law.
        let j = law.motion(from: 0, velocity: 2000, bounds: wide)
        XCTAssertEqual(j.value(at: 10), 998.80, accuracy: 0.01)
    }

    // P2/P3: step for step what the stepped engine does in M1 (DynamicItem + the list's edge rule):
    // damped past the bottom, stopped there, then the seed's 0.3 s spring back; clamped at the top.
    func testF1_uidynamicEdgesAsTheSteppedEngine() {
        let b = ScrollBounds(min: -20, max: 300, viewport: 600)
        for (start, v) in [(100.0, 2000.0), (200.0, -2000.0)] {
            let m = law.motion(from: start, velocity: v, bounds: b)
            // The stepped engine, written out: item in the finger's sense, offset −= step.
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
                XCTAssertEqual(m.value(at: Double(n) / 120), y, "step \(n)")
                if (d < 0 && y >= b.max) || (d > 0 && y <= b.min) || abs(d) < 0.02 { break }
            }
            XCTAssertEqual(m.offsets.count, n)
            XCTAssertEqual(m.impact?.edge, v > 0 ? .bottom : .top)
            if v > 0 {
                XCTAssertGreaterThan(y, b.max)                        // the seed's bounce shows
                XCTAssertEqual(m.springBack, .springBack(from: y, to: b.max))
                XCTAssertEqual(m.value(at: m.inertiaDuration + 0.15), (y + b.max) / 2, accuracy: 1e-9)
                XCTAssertEqual(m.value(at: m.duration), b.max)
            } else {
                XCTAssertEqual(y, b.min)                              // a hard stop at the top
                XCTAssertNil(m.springBack)
            }
            XCTAssertEqual(m.edgeEffect(at: 1), 0)
        }
        // The seed's drag: damped past the bottom (20 pt → 6 pt), clamped at the top.
        XCTAssertEqual(law.dragged(from: 300, by: 20, bounds: b), 306, accuracy: 1e-12)
        XCTAssertEqual(law.dragged(from: -10, by: -50, bounds: b), -20)
    }

    // F2: which law each platform's list uses, and the override.
    func testF2_lawPerPlatformAndMode() {
        XCTAssertEqual(PhysicsModel.selected(platform: "ios", list: .contentSizedRow), .uikit)
        XCTAssertEqual(PhysicsModel.selected(platform: "android", list: .contentSizedRow), .android)
        XCTAssertEqual(PhysicsModel.selected(platform: "naive", list: .contentSizedRow), .uikit)
        XCTAssertEqual(PhysicsModel.selected(platform: "ios", list: .selfScrollingWebView), .uidynamic)
        XCTAssertEqual(PhysicsModel.selected(platform: "android", list: .selfScrollingWebView), .android)
        let m1 = PhysicsModel.ListKind.contentSizedRow
        XCTAssertEqual(PhysicsModel.selected(platform: "ios", list: m1, override: .uidynamic), .uidynamic)
        XCTAssertEqual(PhysicsModel.selected(platform: "android", list: m1, override: .uikit), .uikit)
        XCTAssertNil(PhysicsModel.selected(platform: "web", list: .contentSizedRow))
        XCTAssertEqual(PhysicsModel(rawValue: "android"), .android)
        XCTAssertEqual(PhysicsModel.allCases.map(\.law.model), PhysicsModel.allCases)
        // One release, three laws (F2's numbers side by side).
        let wide = ScrollBounds(min: 0, max: 100_000, viewport: 600)
        let travel = PhysicsModel.allCases.map { model -> Double in
            let m = model.law.motion(from: 0, velocity: 2000, bounds: wide)
            return m.value(at: m.duration)
        }
        XCTAssertEqual(travel[0], 998.8, accuracy: 0.1)       // uidynamic
        XCTAssertEqual(travel[1], 998.5, accuracy: 0.1)       // uikit
        XCTAssertEqual(travel[2], 647)                        // android
    }
}
