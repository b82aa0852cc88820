import XCTest
import VirtualTime
@testable import ScrollPhysics

/// F9: Android's scrolling arithmetic frame by frame against the AOSP/AndroidX tables
/// (AOSPTables): every px, every idle frame, at 60 and 120 Hz, at densities 1, 2.625 and 2.8125.
final class AndroidTableTests: XCTestCase {
    func ms(_ k: Int, _ rate: Int) -> Int { AndroidClock.frameMillis(k, rate: rate) }

    /// A list with an unbounded layout, or one ending `lo`/`hi` px from where it starts.
    struct Layout {
        var pos = 0
        var lo = Int.min / 2, hi = Int.max / 2
        mutating func step(_ dy: Int) -> Int {
            let target = min(max(pos + dy, lo), hi)
            defer { pos = target }
            return target - pos
        }
    }

    /// One Choreographer frame: ViewFlinger.run (while it flings), then the effects' draw.
    func frame(_ f: inout AndroidFlinger, _ layout: inout Layout, atMs t: Int) -> AndroidFlinger.Frame? {
        var out: AndroidFlinger.Frame?
        if f.isFlinging { out = f.run(atMs: t) { layout.step($0) } }
        f.edges.draw(atMs: t)
        return out
    }

    /// F9: fling position per frame at 60 and 120 Hz for densities 1 2.625 2.8125 from the minimum
    /// to past the maximum velocity, and its idle frame
    func testF9_flingPerFrameAtEveryDensityAndRateFromMinimumToPastMaximum() {
        let cases = AOSPTables.load("android-fling.json")
        XCTAssertEqual(cases.count, 192)
        for c in cases {
            let rate = c.int("rate"), k0 = c.int("startFrame"), label = "\(c)".prefix(90)
            var f = AndroidFlinger(density: c.double("density"), height: 2000)
            var layout = Layout()
            XCTAssertEqual(f.fling(c.int("velocity"), atMs: ms(k0, rate)), c.bool("flung"), "\(label)")
            if c.bool("flung") {
                XCTAssertEqual(f.scroller?.splineDistance, c.int("splineDistance"), "\(label)")
                XCTAssertEqual(f.scroller?.durationMs, c.int("durationMs"), "\(label)")
            }
            _ = frame(&f, &layout, atMs: ms(k0, rate))
            var positions: [Int] = [], idle = f.isFlinging ? -1 : 0
            var k = k0
            while f.isFlinging, k - k0 < 2000 {
                k += 1
                _ = frame(&f, &layout, atMs: ms(k, rate))
                positions.append(layout.pos)
                if !f.isFlinging { idle = k - k0 }
            }
            XCTAssertEqual(positions, c.ints("positions"), "\(label)")
            XCTAssertEqual(idle, c.int("idleFrame"), "\(label)")
        }
    }

    /// F9: getCurrVelocity per frame of the spline is the table's (float for float)
    func testF9_flingVelocityPerFrameIsOverScrollersFloat() {
        for c in AOSPTables.load("android-fling.json") where c.bool("flung") {
            let rate = c.int("rate"), k0 = c.int("startFrame")
            var s = AndroidScroller(fling: c.int("velocity") > 0 ? min(c.int("velocity"), maxFling(c))
                                        : max(c.int("velocity"), -maxFling(c)),
                                    atMs: ms(k0, rate), density: c.double("density"))
            var got: [Float] = []
            for i in 1...c.floats("velocities").count {
                s.computeScrollOffset(atMs: ms(k0 + i, rate))
                got.append(s.currVelocity)
            }
            XCTAssertEqual(got, c.floats("velocities"), "\(c["velocity"]!) @ \(c["density"]!) \(rate) Hz")
        }
    }

    func maxFling(_ c: [String: Any]) -> Int { AndroidPixels.size(dp: 8000, density: c.double("density")) }

    /// F9 H4: smoothScrollBy per frame for short and long distances on both phones, and the frame it
    /// goes idle (the position reaches the target before the duration ends)
    func testF9_smoothScrollByPerFrameOnBothPhonesAndItsIdleFrame() {
        let cases = AOSPTables.load("android-smooth-scroll.json")
        XCTAssertEqual(cases.count, 120)
        for c in cases {
            let rate = c.int("rate"), k0 = c.int("startFrame"), dy = c.int("dy"), label = "\(c)".prefix(90)
            let s = AndroidSmoothScroll(dy: dy, height: c.int("height"), startMs: ms(k0, rate))
            XCTAssertEqual(s.durationMs, c.int("durationMs"), "\(label)")
            var positions: [Int] = [], k = k0
            repeat {
                k += 1
                positions.append(s.position(atMs: ms(k, rate)))
            } while !s.isDone(atMs: ms(k, rate))
            XCTAssertEqual(positions, c.ints("positions"), "\(label)")
            XCTAssertEqual(k - k0, c.int("idleFrame"), "\(label)")
            XCTAssertLessThanOrEqual(Double(k - k0) / Double(rate), Double(s.durationMs) / 1000 + 1.0 / Double(rate))
            guard rate == VirtualClock.ticksPerSecond else { continue }
            // The world's motion (ticks are the 120 Hz frames): the same px, over until the idle frame.
            let d = c.double("density")
            let m = ScrollAnimation.androidSmoothScroll(fromPx: 1000, by: dy, height: c.int("height"), startTick: k0,
                                                        density: d)
            XCTAssertEqual(m.duration, VirtualClock.seconds(c.int("idleFrame")), "\(label)")
            let world = (1...positions.count).map { Java.round(m.value(at: VirtualClock.seconds($0)) * d) - 1000 }
            XCTAssertEqual(world, positions, "\(label)")
        }
    }

    /// F9: an edge absorb and recede: a fling into either end stops there on the idle frame and its
    /// velocity goes into the stretch, stepped at the frame rate with whole-ms steps
    func testF9_edgeAbsorbAndRecedePerFrame() {
        let cases = AOSPTables.load("android-edge.json").filter { $0.string("case") == "impact" }
        XCTAssertEqual(cases.count, 18)
        for c in cases {
            let rate = c.int("rate"), k0 = c.int("startFrame"), bottom = c.string("edge") == "bottom"
            let label = "\(c)".prefix(100)
            var f = AndroidFlinger(density: c.double("density"), height: c.int("height"))
            var layout = Layout()
            if bottom { layout.hi = c.int("gap") } else { layout.lo = -c.int("gap") }
            XCTAssertTrue(f.fling(bottom ? c.int("velocity") : -c.int("velocity"), atMs: ms(k0, rate)))
            _ = frame(&f, &layout, atMs: ms(k0, rate))
            var positions: [Int] = [], glow: [Float] = [], idle = -1, absorbed = 0
            for k in (k0 + 1)...(k0 + c.ints("positions").count) {
                let s = frame(&f, &layout, atMs: ms(k, rate))
                positions.append(layout.pos)
                glow.append(bottom ? f.edges.bottom.distance : f.edges.top.distance)
                if let s, s.done {
                    idle = k - k0
                    absorbed = abs(s.absorbed)
                }
            }
            XCTAssertEqual(positions, c.ints("positions"), "\(label)")
            XCTAssertEqual(idle, c.int("idleFrame"), "\(label)")
            XCTAssertEqual(absorbed, c.int("absorbed"), "\(label)")
            // The stretch per frame (getDistance(), a float) bit for bit: EdgeEffect's double spring
            // goes through pow, cos and sin, and glibc's agree with the JDK's on every frame here.
            XCTAssertEqual(glow, c.floats("glow"), "\(label)")
            XCTAssertTrue(f.edges.isFinished, "\(label)")
        }
    }

    /// F9: a fling while the stretch shows is absorbed when it cannot get past it (or goes into it),
    /// and otherwise first consumes the stretch (shouldAbsorb, consumeFlingInVerticalStretch)
    func testF9_flingIntoAShowingStretchIsAbsorbedOrConsumesItFirst() {
        let cases = AOSPTables.load("android-edge.json").filter { $0.string("case") == "pullThenFling" }
        XCTAssertEqual(cases.count, 24)
        for c in cases {
            let rate = c.int("rate"), label = "\(c)".prefix(100)
            var f = AndroidFlinger(density: c.double("density"), height: c.int("height"))
            var layout = Layout()
            layout.hi = 0
            var k = c.int("pullStartFrame"), held: [Float] = []
            for p in c.ints("pulls") {
                k += 1
                f.edges.pull(overscroll: p, atMs: ms(k, rate))
                _ = frame(&f, &layout, atMs: ms(k, rate))
                held.append(f.edges.bottom.distance)
            }
            XCTAssertEqual(held, c.floats("held"), "\(label)")
            let kr = k
            XCTAssertEqual(f.fling(c.int("velocity"), atMs: ms(kr, rate)), c.bool("flung"), "\(label)")
            f.edges.releaseAll(atMs: ms(kr, rate))
            var positions: [Int] = [], glow: [Float] = [], idle = c.bool("flung") ? -1 : 0
            for _ in c.ints("positions") {
                k += 1
                let s = frame(&f, &layout, atMs: ms(k, rate))
                positions.append(layout.pos)
                glow.append(f.edges.bottom.distance)
                if let s, s.done { idle = k - kr }
            }
            XCTAssertEqual(positions, c.ints("positions"), "\(label)")
            XCTAssertEqual(idle, c.int("idleFrame"), "\(label)")
            // The stretch per frame (getDistance(), a float) bit for bit: EdgeEffect's double spring
            // goes through pow, cos and sin, and glibc's agree with the JDK's on every frame here.
            XCTAssertEqual(glow, c.floats("glow"), "\(label)")
        }
    }

    /// F9: the flywheel: a fling in the same direction while one runs adds the running velocity
    /// (past the maximum too); the opposite direction does not
    func testF9_flywheelAddsTheRunningVelocityInTheSameDirection() {
        let cases = AOSPTables.load("android-edge.json").filter { $0.string("case") == "flywheel" }
        XCTAssertEqual(cases.count, 24)
        for c in cases {
            let rate = c.int("rate"), j = c.int("secondFrame"), label = "\(c)".prefix(100)
            var f = AndroidFlinger(density: c.double("density"), height: 2000)
            var layout = Layout()
            XCTAssertTrue(f.fling(c.int("first"), atMs: ms(0, rate)))
            _ = frame(&f, &layout, atMs: ms(0, rate))
            var positions: [Int] = [], k = 0, idle = -1
            while f.isFlinging, k < 4000 {
                k += 1
                if k == j {
                    XCTAssertEqual(f.scroller?.currVelocity, Float(c.double("carried")), "\(label)")
                    XCTAssertTrue(f.fling(c.int("second"), atMs: ms(k, rate)))
                    XCTAssertEqual(f.scroller?.velocity, c.int("secondVelocity"), "\(label)")
                    XCTAssertEqual(f.scroller?.splineDistance, c.int("secondSplineDistance"), "\(label)")
                }
                _ = frame(&f, &layout, atMs: ms(k, rate))
                positions.append(layout.pos)
                if !f.isFlinging { idle = k }
            }
            XCTAssertEqual(positions, c.ints("positions"), "\(label)")
            XCTAssertEqual(idle, c.int("idleFrame"), "\(label)")
        }
    }

    /// F9 P1: the finger's velocity is VelocityTracker's LSQ2 (least squares of degree 2 over the
    /// last 100 ms, float), px/s, clamped to the maximum fling velocity
    func testF9_velocityIsAndroidsLeastSquaresOfDegree2() {
        let cases = AOSPTables.load("android-velocity-lsq2.json")
        XCTAssertEqual(cases.count, 42)
        for c in cases {
            let d = c.double("density")
            var t = AndroidVelocityTracker()
            let samples = (c["samples"] as? [[NSNumber]]) ?? []
            for (i, s) in samples.enumerated() {
                let nanos = AndroidClock.nanos(tick: s[0].intValue), p = Float(s[1].doubleValue * d)
                if i == 0 { t.down(nanos: nanos, position: p) } else { t.move(nanos: nanos, position: p) }
            }
            let v = t.velocity(upNanos: AndroidClock.nanos(tick: c.int("upTick")), maxVelocity: Float(c.double("maxVelocity")))
            XCTAssertEqual(v, Float(c.double("velocity")), "\(c.string("name")) @ \(d)")
        }
    }
}
