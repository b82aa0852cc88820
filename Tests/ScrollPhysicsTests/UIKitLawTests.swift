import XCTest
@testable import ScrollPhysics

/// F1 `uikit`: UIScrollView's deceleration (0.998 per ms), the rubber band at both ends and
/// the spring back (super-ultra/ScrollMechanics). F2: 2000 pt/s travels about 999 pt.
final class UIKitLawTests: XCTestCase {
    let law = UIKitDecelerationLaw()
    let wide = ScrollBounds(min: 0, max: 1_000_000, viewport: 600)
    /// |1000 · ln 0.998|, written out independently of the code under test.
    let k = -1000 * log(0.998)

    // F2: a J fling (2000 pt/s) travels about 999 pt on ios (within 2 %).
    func testF2_uikitFling2000Travels999() {
        let m = law.motion(from: 0, velocity: 2000, bounds: wide)
        XCTAssertEqual(2000 / k, 999.0, accuracy: 0.01)                  // the destination
        XCTAssertEqual(m.value(at: m.duration), 999, accuracy: 999 * 0.02)
        // It stops with half a point of motion left (ScrollMechanics `duration`).
        XCTAssertEqual(m.value(at: m.duration), 2000 / k - 0.5, accuracy: 1e-9)
        XCTAssertEqual(m.value(at: 100), m.value(at: m.duration))
        XCTAssertEqual(m.duration, log(2000 / (0.5 * k)) / k, accuracy: 1e-12)   // ≈ 3.80 s
        XCTAssertEqual(m.duration, 3.796, accuracy: 0.001)
        XCTAssertNil(m.impact)
    }

    // F1: duration and curve follow v(t) = v0 · 0.998^(1000 t) at several velocities (no cap).
    func testF1_uikitDurationsAndCurves() {
        for v0 in [500.0, 2000, 8000, 12000, -2000] {
            let m = law.motion(from: 100_000, velocity: v0, bounds: wide)
            XCTAssertEqual(m.duration, log(abs(v0) / (0.5 * k)) / k, accuracy: 1e-9, "v0 \(v0)")
            for t in [0.01, 0.1, 0.5, 1, 2] where t < m.duration {
                let x = 100_000 + v0 / k * (1 - pow(0.998, 1000 * t))
                XCTAssertEqual(m.value(at: t), x, accuracy: 1e-9, "v0 \(v0) t \(t)")
                XCTAssertEqual(m.velocity(at: t), v0 * pow(0.998, 1000 * t), accuracy: 1e-9)
            }
            // What remains at the end is half a point.
            XCTAssertEqual(abs(100_000 + v0 / k - m.value(at: m.duration)), 0.5, accuracy: 1e-9)
        }
        // 12000 pt/s is not capped on iOS: 5994 pt.
        let fast = law.motion(from: 0, velocity: 12000, bounds: wide)
        XCTAssertEqual(fast.rest, 12000 / k - 0.5, accuracy: 1e-9)
        // Under about 1 pt/s nothing moves.
        XCTAssertFalse(law.startsFling(velocity: 1.0))
        XCTAssertTrue(law.startsFling(velocity: 1.1))
    }

    // F1: the rubber band at the top and at the bottom: (1 − 1/(x · 0.55 / d + 1)) · d.
    func testF1_uikitRubberBandBothEnds() {
        let b = ScrollBounds(min: -20, max: 1000, viewport: 600)
        let shown = (1 - 1 / (100 * 0.55 / 600 + 1)) * 600                 // 50.38 pt for 100 pt
        XCTAssertEqual(shown, 50.382, accuracy: 0.001)
        XCTAssertEqual(law.dragged(from: 1000, by: 100, bounds: b), 1000 + shown, accuracy: 1e-9)
        XCTAssertEqual(law.dragged(from: -20, by: -100, bounds: b), -20 - shown, accuracy: 1e-9)
        // Ten steps of 10 pt show what one of 100 pt shows (the band is of the whole pull).
        var y = 990.0
        for _ in 0..<11 { y = law.dragged(from: y, by: 10, bounds: b) }
        XCTAssertEqual(y, 1000 + shown, accuracy: 1e-9)
        var top = -10.0
        for _ in 0..<11 { top = law.dragged(from: top, by: -10, bounds: b) }
        XCTAssertEqual(top, -20 - shown, accuracy: 1e-9)
        // Back inside, one to one; never as far as d.
        XCTAssertEqual(law.dragged(from: 1000 + shown, by: -100, bounds: b), 1000, accuracy: 1e-9)
        XCTAssertEqual(law.dragged(from: 500, by: 30, bounds: b), 530)
        XCTAssertLessThan(law.dragged(from: 1000, by: 1e9, bounds: b), 1600)
    }

    // F1: released past either end, the content springs back (critically damped, mass 1,
    // stiffness 100) and rests exactly on the bound.
    func testF1_uikitSpringBackBothEnds() {
        let b = ScrollBounds(min: -20, max: 1000, viewport: 600)
        for (start, bound) in [(1050.0, 1000.0), (-70.0, -20.0)] {
            let m = law.motion(from: start, velocity: 0, bounds: b)
            let x0 = start - bound
            // duration = max(1/β ln(2|x0|/0.5), 2/β ln(4|β x0|/(e β 0.5))) with β = 10.
            let expected = max(0.1 * log(2 * abs(x0) / 0.5), 0.2 * log(4 * abs(10 * x0) / (M_E * 10 * 0.5)))
            XCTAssertEqual(m.duration, expected, accuracy: 1e-12)
            XCTAssertEqual(m.value(at: 0), start)
            XCTAssertEqual(m.value(at: 0.1), bound + exp(-1) * (x0 + 10 * x0 * 0.1), accuracy: 1e-9)
            var previous = abs(x0)
            for i in 1...100 {
                let d = abs(m.value(at: Double(i) / 100) - bound)
                XCTAssertLessThanOrEqual(d, previous + 1e-12)          // no overshoot
                previous = d
            }
            XCTAssertEqual(m.value(at: m.duration), bound)
        }
    }

    // F1, F2: a fling into the bottom (and the top) goes past it and springs back.
    func testF2_uikitFlingIntoEitherEndRubberBandsAndSpringsBack() {
        let b = ScrollBounds(min: 0, max: 500, viewport: 600)
        for (start, v0, bound) in [(0.0, 2000.0, 500.0), (500.0, -2000.0, 0.0)] {
            let m = law.motion(from: start, velocity: v0, bounds: b)
            guard let hit = m.impact else { return XCTFail("no impact") }
            XCTAssertEqual(hit.edge, v0 > 0 ? .bottom : .top)
            // The deceleration reaches the bound at ln(1 − k·500/2000)/(−k) with v0 · 0.998^(1000 t).
            XCTAssertEqual(hit.time, log(1 - k * 500 / 2000) / -k, accuracy: 1e-12)
            XCTAssertEqual(hit.velocity, v0 * pow(0.998, 1000 * hit.time), accuracy: 1e-9)
            let ticks = (0...Int(m.duration * 120) + 1).map { Double($0) / 120 }
            let most = ticks.map { abs(m.overscroll(at: $0)) }.max() ?? 0
            // The spring from 0 at velocity w peaks at w / (β e) after 1/β.
            XCTAssertEqual(most, abs(hit.velocity) / (10 * M_E), accuracy: 0.5)
            XCTAssertGreaterThan(most, 20)
            XCTAssertEqual(m.value(at: m.duration), bound)
            XCTAssertEqual(m.overscroll(at: m.duration + 1), 0)
        }
    }
}
