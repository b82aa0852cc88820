import XCTest
@testable import ScrollPhysics

/// SPEC F1 `android`: OverScroller's spline fling (AOSP OverScroller.java), ViewConfiguration's
/// minimum and maximum fling velocity, RecyclerView's stop at the bound with EdgeEffect.onAbsorb.
/// F2: 2000 pt/s travels about 647 pt, and no overscroll is ever shown.
final class AndroidLawTests: XCTestCase {
    let law = AndroidFlingLaw()
    let wide = ScrollBounds(min: 0, max: 1_000_000, viewport: 600)

    /// The spline formulas in Double, written out independently of the code under test.
    func splineDistance(_ v: Double) -> Double {
        let coeff = 9.80665 * 39.37 * 160 * 0.84
        let rate = log(0.78) / log(0.9)
        let l = log(0.35 * v / (0.015 * coeff))
        return 0.015 * coeff * exp(rate / (rate - 1) * l)
    }
    func splineDuration(_ v: Double) -> Double {
        let coeff = 9.80665 * 39.37 * 160 * 0.84
        let rate = log(0.78) / log(0.9)
        return exp(log(0.35 * v / (0.015 * coeff)) / (rate - 1))
    }

    // F2: a J fling (2000 pt/s) travels about 647 pt on android (within 2 %).
    func testF2_androidFling2000Travels647() {
        XCTAssertEqual(splineDistance(2000), 647.4, accuracy: 0.1)
        let m = law.motion(from: 0, velocity: 2000, bounds: wide)
        XCTAssertEqual(m.value(at: m.duration), 647, accuracy: 647 * 0.02)
        XCTAssertEqual(m.value(at: m.duration), 647)                    // (int) 647.39, whole px
        XCTAssertEqual(m.splineDurationMs, 924)
        XCTAssertEqual(m.duration, 0.924)
        XCTAssertNil(m.impact)
        // The spline starts at the release velocity (getCurrVelocity at 0 ms: 1998 px/s).
        XCTAssertEqual(m.velocity(at: 0), 2000, accuracy: 2000 * 0.01)
        XCTAssertEqual(m.velocity(at: m.duration), 0)
    }

    // F1: distance and duration follow the spline at several velocities; 12000 is capped at 8000.
    func testF1_androidDurationsAndDistancesFromTheSpline() {
        for (v, capped) in [(500.0, 500.0), (2000, 2000), (8000, 8000), (12000, 8000), (-2000, -2000)] {
            let m = law.motion(from: 100_000, velocity: v, bounds: wide)
            XCTAssertEqual(Double(m.flingVelocity), capped)
            XCTAssertEqual(Double(abs(m.splineDistance)), splineDistance(abs(capped)), accuracy: 1.0,
                           "v \(v)")
            XCTAssertEqual(Double(m.splineDurationMs) / 1000, splineDuration(abs(capped)), accuracy: 0.002)
            XCTAssertEqual(m.value(at: m.duration), 100_000 + Double(m.splineDistance))
            // Monotonic, whole pixels, along the spline table.
            var previous = 100_000.0
            for tick in 1...Int(m.duration * 120) {
                let y = m.value(at: Double(tick) / 120)
                XCTAssertEqual(y, y.rounded())
                XCTAssertGreaterThanOrEqual((y - previous) * (capped > 0 ? 1 : -1), 0)
                previous = y
            }
        }
        XCTAssertEqual(law.motion(from: 0, velocity: 8000, bounds: wide).splineDistance, 7187, accuracy: 2)
    }

    // F1: the spline's shape: SPLINE_POSITION from INFLEXION 0.35 and the tensions 0.5 / 1.0.
    func testF1_androidSplineTable() {
        let table = AndroidSpline.splinePosition
        XCTAssertEqual(table.count, 101)
        XCTAssertEqual(table[0], 0, accuracy: 1e-4)                      // bisection to 1E-5, as Android
        XCTAssertEqual(table[100], 1)
        for i in 1..<100 { XCTAssertGreaterThan(table[i], table[i - 1]) }
        // Independent: for alpha, x solves 3x(1−x)((1−x)·0.175 + x·0.35) + x³ = alpha, and the
        // position is 3x(1−x)((1−x)·0.5 + x) + x³.
        for i in [10, 35, 50, 90] {
            let alpha = Double(i) / 100
            var lo = 0.0, hi = 1.0, x = 0.5
            for _ in 0..<60 {
                x = (lo + hi) / 2
                let tx = 3 * x * (1 - x) * ((1 - x) * 0.175 + x * 0.35) + x * x * x
                if tx > alpha { hi = x } else { lo = x }
            }
            let position = 3 * x * (1 - x) * ((1 - x) * 0.5 + x) + x * x * x
            XCTAssertEqual(Double(table[i]), position, accuracy: 1e-4)
        }
        // Half the time covers more than three quarters of the distance (the spline decelerates).
        let m = law.motion(from: 0, velocity: 2000, bounds: wide)
        XCTAssertGreaterThan(m.value(at: m.duration / 2), 0.75 * 647)
    }

    // F1: below 50 pt/s (ViewConfiguration MINIMUM_FLING_VELOCITY) there is no fling.
    func testF1_androidNoFlingBelow50() {
        XCTAssertFalse(law.startsFling(velocity: 49.9))
        XCTAssertFalse(law.startsFling(velocity: -49))
        XCTAssertTrue(law.startsFling(velocity: 50))
        XCTAssertTrue(law.startsFling(velocity: -50))
        let none = law.motion(from: 300, velocity: 49, bounds: wide)
        XCTAssertEqual(none.duration, 0)
        XCTAssertEqual(none.value(at: 1), 300)
        XCTAssertEqual(AndroidFlingLaw.flingVelocity(1e12), 8000)
        XCTAssertNil(AndroidFlingLaw.flingVelocity(.nan))
    }

    // F2: flung into the top or the bottom, the list stops on the bound (0 overscroll at every
    // tick) and the edge effect shows, then recedes to 0.
    func testF2_androidNoOverscrollAtEitherEndButEdgeEffect() {
        let b = ScrollBounds(min: -20, max: 300, viewport: 600)
        for (start, v, bound) in [(100.0, 2000.0, 300.0), (200.0, -2000.0, -20.0)] {
            let m = law.motion(from: start, velocity: v, bounds: b)
            guard let hit = m.impact else { return XCTFail("no impact") }
            XCTAssertEqual(hit.edge, v > 0 ? .bottom : .top)
            var peak = 0.0
            for tick in 0...240 {
                let t = Double(tick) / 120
                XCTAssertEqual(m.overscroll(at: t), 0, "t \(t)")
                XCTAssertTrue(b.contains(m.value(at: t)))
                peak = max(peak, m.edgeEffect(at: t))
            }
            XCTAssertEqual(m.value(at: hit.time), bound)
            XCTAssertEqual(m.duration, hit.time)
            // Impact at the first tick past the bound, with getCurrVelocity of that moment.
            XCTAssertEqual(hit.time * 120, (hit.time * 120).rounded(), accuracy: 1e-9)
            XCTAssertGreaterThan(abs(hit.velocity), 500)
            XCTAssertLessThan(abs(hit.velocity), 2000)
            XCTAssertEqual(hit.velocity.sign, v.sign)
            XCTAssertEqual(m.edgeEffect(at: hit.time - 1.0 / 120), 0)
            XCTAssertGreaterThan(m.edgeEffect(at: hit.time + 1.0 / 60), 0)
            XCTAssertGreaterThan(peak, 0.05)
            XCTAssertLessThanOrEqual(peak, 1)
            XCTAssertEqual(m.edgeEffect(at: hit.time + 3), 0)
        }
    }

    // F1: EdgeEffect's stretch spring (NATURAL_FREQUENCY 24.657, DAMPING_RATIO 0.98), absorb ×13.
    func testF1_androidEdgeEffectRecedes() {
        let e = AndroidEdgeEffect.absorbed(velocity: 1000, height: 600)
        XCTAssertEqual(e.value(at: 0), 0)
        // One frame (1/60 s) of the underdamped spring from x = 0, v = 13000 px/s.
        let w = 24.657, z = 0.98, wd = w * (1 - z * z).squareRoot(), dt = 1.0 / 60
        let x1 = exp(-z * w * dt) * (13000 / wd) * sin(wd * dt)
        XCTAssertEqual(e.value(at: dt), x1 / 600, accuracy: 1e-12)
        XCTAssertGreaterThan(e.peak, 0.1)
        XCTAssertLessThan(e.duration, 1.5)
        XCTAssertEqual(e.value(at: e.duration), 0)
        // A big impact on a short list is capped at 1 (the whole height).
        XCTAssertEqual(AndroidEdgeEffect.absorbed(velocity: 8000, height: 100).peak, 1)
        // A released pull recedes from where it was, without overshooting below 0.
        let r = AndroidEdgeEffect.released(distance: 0.3, height: 600)
        XCTAssertEqual(r.value(at: 0), 0.3)
        XCTAssertTrue(r.distances.allSatisfy { $0 >= 0 && $0 <= 0.3 })
        XCTAssertEqual(r.value(at: r.duration), 0)
        // A drag past the end pulls the effect by overscroll / height (EdgeEffect.onPull), capped at 1.
        XCTAssertEqual(AndroidEdgeEffect.pulled(distance: 0, by: 60, height: 600), 0.1, accuracy: 1e-12)
        XCTAssertEqual(AndroidEdgeEffect.pulled(distance: 0.95, by: 60, height: 600), 1)
        XCTAssertEqual(AndroidEdgeEffect.pulled(distance: 0.05, by: -60, height: 600), 0)
        let list = ScrollBounds(min: 0, max: 300, viewport: 600)
        XCTAssertEqual(law.dragged(from: 290, by: 50, bounds: list), 300)
        XCTAssertEqual(law.dragged(from: 10, by: -50, bounds: list), 0)
    }
}
