import XCTest
import VirtualTime
@testable import ScrollPhysics

/// RecyclerView's fling as the pan engine runs it (PanEngineAndroid): `AndroidFlinger.fling` at
/// the release, then each 120 Hz frame (whole-ms frame times) one `ViewFlinger.run`, the list
/// consuming what its range allows, and the edge effects' draw, until the list is IDLE and the
/// edge effects rest. Offsets pt, velocities pt/s.
struct AndroidFling {
    let start: Double
    let density: Double
    /// The flinger after the release (its scroller: the spline's distance and duration).
    let released: AndroidFlinger
    let flung: Bool
    /// After each frame: offset, getCurrVelocity (0 once IDLE), the edge effect's distance.
    private(set) var offsets: [Double] = []
    private(set) var velocities: [Double] = []
    private(set) var glows: [Double] = []
    /// Frames until IDLE.
    private(set) var moving = 0
    /// The edge met: which, after how many seconds, and absorbGlows' velocity (pt/s).
    private(set) var impact: (edge: ScrollEdge, time: Double, velocity: Double)?

    init(from start: Double, velocity: Double, bounds: ScrollBounds, density: Double = 1) {
        self.start = start
        self.density = density
        var flinger = AndroidFlinger(density: density, height: AndroidPixels.size(dp: bounds.viewport, density: density))
        let law = AndroidFlingLaw(density: density)
        flung = law.startsFling(velocity: velocity) && flinger.fling(law.pixelVelocity(velocity), atMs: 0)
        released = flinger
        let far = 1 << 40
        let lo = bounds.min < -1e12 ? -far : min(0, Java.round((bounds.min - start) * density))
        let hi = bounds.max > 1e12 ? far : max(0, Java.round((bounds.max - start) * density))
        var pos = 0, running = flung, tick = 0
        while (running || !flinger.edges.isFinished) && tick < 10 * VirtualClock.ticksPerSecond {
            tick += 1
            let ms = AndroidClock.millis(tick: tick)
            if running {
                let f = flinger.run(atMs: ms) { dy in
                    let target = min(max(pos + dy, lo), hi)
                    defer { pos = target }
                    return target - pos
                }
                if f.done { running = false; moving = tick }
                if f.absorbed != 0 {
                    impact = (f.absorbed > 0 ? .bottom : .top, VirtualClock.seconds(tick), Double(f.absorbed) / density)
                }
            }
            flinger.edges.draw(atMs: ms)
            offsets.append(start + Double(pos) / density)
            velocities.append(running ? Double(flinger.scroller?.currVelocity ?? 0) / density : 0)
            glows.append(Double(flinger.edges.showing?.distance ?? 0))
        }
    }

    /// The int px/s the flinger took (after RecyclerView's clamp), its spline's distance (px) and
    /// duration (ms).
    var flingVelocity: Int { flung ? (released.scroller?.velocity ?? 0) : 0 }
    var splineDistance: Int { released.scroller?.splineDistance ?? 0 }
    var splineDurationMs: Int { released.scroller?.durationMs ?? 0 }
    var duration: Double { VirtualClock.seconds(moving) }

    private func frame(_ t: Double) -> Int { t <= 0 ? 0 : VirtualClock.ticks(t) }
    func value(at t: Double) -> Double {
        let k = frame(t)
        return k == 0 || offsets.isEmpty ? start : offsets[min(k, offsets.count) - 1]
    }
    func velocity(at t: Double) -> Double {
        let k = frame(t)
        if k >= moving { return 0 }
        return k == 0 ? Double(flingVelocity) / density : velocities[k - 1]
    }
    func edgeEffect(at t: Double) -> Double {
        let k = frame(t)
        return k > 0 && k <= glows.count ? glows[k - 1] : 0
    }
}

/// F1 `android`: OverScroller's spline fling (AOSP OverScroller.java), ViewConfiguration's
/// minimum and maximum fling velocity, RecyclerView's stop at the bound with EdgeEffect.onAbsorb,
/// on the flinger the pan engine runs (`AndroidFling`).
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
        let m = AndroidFling(from: 0, velocity: 2000, bounds: wide)
        XCTAssertEqual(m.value(at: m.duration), 647, accuracy: 647 * 0.02)
        XCTAssertEqual(m.value(at: m.duration), 647)                    // (int) 647.39, whole px
        XCTAssertEqual(m.splineDurationMs, 924)
        // F9: IDLE on the frame the position reaches mFinal, before the spline's 924 ms.
        XCTAssertLessThanOrEqual(m.duration, 0.924)
        XCTAssertEqual(m.value(at: m.duration - 1.0 / 120) < 647, true)
        XCTAssertNil(m.impact)
        // The spline starts at the release velocity (getCurrVelocity at 0 ms: 1998 px/s).
        XCTAssertEqual(m.velocity(at: 0), 2000, accuracy: 2000 * 0.01)
        XCTAssertEqual(m.velocity(at: m.duration), 0)
    }

    // F1: distance and duration follow the spline at several velocities; 12000 is capped at 8000.
    func testF1_androidDurationsAndDistancesFromTheSpline() {
        for (v, capped) in [(500.0, 500.0), (2000, 2000), (8000, 8000), (12000, 8000), (-2000, -2000)] {
            let m = AndroidFling(from: 100_000, velocity: v, bounds: wide)
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
        XCTAssertEqual(AndroidFling(from: 0, velocity: 8000, bounds: wide).splineDistance, 7187, accuracy: 2)
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
        let m = AndroidFling(from: 0, velocity: 2000, bounds: wide)
        XCTAssertGreaterThan(m.value(at: m.duration / 2), 0.75 * 647)
    }

    // F1: below 50 pt/s (ViewConfiguration MINIMUM_FLING_VELOCITY) there is no fling.
    func testF1_androidNoFlingBelow50() {
        XCTAssertFalse(law.startsFling(velocity: 49.9))
        XCTAssertFalse(law.startsFling(velocity: -49))
        XCTAssertTrue(law.startsFling(velocity: 50))
        XCTAssertTrue(law.startsFling(velocity: -50))
        let none = AndroidFling(from: 300, velocity: 49, bounds: wide)
        XCTAssertEqual(none.duration, 0)
        XCTAssertEqual(none.value(at: 1), 300)
        XCTAssertEqual(AndroidFling(from: 0, velocity: 1e12, bounds: wide).flingVelocity, 8000)
        XCTAssertFalse(law.startsFling(velocity: .nan))
        // F9: on a Pixel 8 (2.625) the minimum is getScaledMinimumFlingVelocity = (int) (131.25 + 0.5) px/s.
        let pixel = AndroidFlingLaw(density: 2.625)
        XCTAssertFalse(pixel.startsFling(velocity: 130.9 / 2.625))
        XCTAssertTrue(pixel.startsFling(velocity: 131.0 / 2.625))
        XCTAssertEqual(AndroidFling(from: 0, velocity: 1e6, bounds: wide, density: 2.625).flingVelocity, 21000)
    }

    // F2: flung into the top or the bottom, the list stops on the bound (0 overscroll at every
    // tick) and the edge effect shows, then recedes to 0.
    func testF2_androidNoOverscrollAtEitherEndButEdgeEffect() {
        let b = ScrollBounds(min: -20, max: 300, viewport: 600)
        for (start, v, bound) in [(100.0, 2000.0, 300.0), (200.0, -2000.0, -20.0)] {
            let m = AndroidFling(from: start, velocity: v, bounds: b)
            guard let hit = m.impact else { return XCTFail("no impact") }
            XCTAssertTrue(m.offsets.allSatisfy(b.contains))
            XCTAssertEqual(hit.edge, v > 0 ? .bottom : .top)
            var peak = 0.0
            for tick in 0...240 {
                let t = Double(tick) / 120
                XCTAssertTrue(b.contains(m.value(at: t)), "t \(t)")
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

    // F1, F9: EdgeEffect's stretch spring (NATURAL_FREQUENCY 24.657, DAMPING_RATIO 0.98), absorb ×13,
    // stepped once a frame on whole-ms frame times.
    func testF1_androidEdgeEffectRecedes() {
        var e = AndroidEdgeEffect(height: 600)
        e.absorb(1000, atMs: 0)
        e.draw(atMs: 0)
        XCTAssertEqual(e.distance, 0, "the frame that absorbed does not move (deltaT < 1 ms)")
        // One 60 Hz frame (16 ms) of the underdamped spring from x = 0, v = 13000 px/s.
        let w = 24.657, z = 0.98, wd = w * (1 - z * z).squareRoot(), dt = 0.016
        let x1 = exp(-z * w * dt) * (13000 / wd) * sin(wd * dt)
        e.draw(atMs: 16)
        XCTAssertEqual(Double(e.distance), x1 / 600, accuracy: 1e-6)
        var peak = e.distance, k = 1
        while !e.isFinished, k < 600 {
            k += 1
            e.draw(atMs: AndroidClock.frameMillis(k, rate: 60))
            peak = max(peak, e.distance)
        }
        XCTAssertGreaterThan(peak, 0.1)
        XCTAssertLessThan(Double(k) / 60, 1.5)
        XCTAssertEqual(e.distance, 0)
        // A big impact on a short list is capped at 1 (the whole height).
        var big = AndroidEdgeEffect(height: 100)
        big.absorb(8000, atMs: 0)
        var bigPeak: Float = 0
        for k in 1...120 { big.draw(atMs: AndroidClock.frameMillis(k, rate: 120)); bigPeak = max(bigPeak, big.distance) }
        XCTAssertEqual(bigPeak, 1)
        // A released pull recedes from where it was, without overshooting below 0.
        var r = AndroidEdgeEffect(height: 600)
        r.pullDistance(0.3, atMs: 0)
        XCTAssertFalse(r.isFinished, "a held pull is not finished")
        r.release(atMs: 0)
        for k in 1...240 {
            r.draw(atMs: AndroidClock.frameMillis(k, rate: 120))
            XCTAssertTrue(r.distance >= 0 && r.distance <= 0.3)
        }
        XCTAssertTrue(r.isFinished)
        // A drag past the end pulls by overscroll / height (onPullDistance), capped at 1, never below 0.
        var p = AndroidEdgeEffect(height: 600)
        XCTAssertEqual(p.pullDistance(0.1, atMs: 0), 0.1)
        p.pullDistance(0.95, atMs: 0)
        XCTAssertEqual(p.distance, 1)
        XCTAssertEqual(p.pullDistance(-2, atMs: 0), -1, "only what shows can be taken back")
        XCTAssertEqual(p.distance, 0)
        XCTAssertTrue(p.isFinished)
        let list = ScrollBounds(min: 0, max: 300, viewport: 600)
        XCTAssertEqual(law.dragged(from: 290, by: 50, bounds: list), 300)
        XCTAssertEqual(law.dragged(from: 10, by: -50, bounds: list), 0)
    }
}
