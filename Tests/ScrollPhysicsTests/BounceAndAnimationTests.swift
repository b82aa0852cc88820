import XCTest
import VirtualTime
@testable import ScrollPhysics

/// P3, H4, P5, P6, P7.
final class BounceAndAnimationTests: XCTestCase {

    // P3: the seed's formula, and never past max + 150.
    func testP3_overscrollNeverPast150() {
        let maxY = 1000.0
        // The seed's numbers: from the bound, a 20 pt step moves 20 · (150/150 · 0.3) = 6 pt.
        XCTAssertEqual(RubberBand.damped(newOffset: 1020, oldOffset: 1000, maxOffset: maxY), 1006, accuracy: 1e-12)
        // Below the bound nothing is damped.
        XCTAssertEqual(RubberBand.damped(newOffset: 990, oldOffset: 980, maxOffset: maxY), 990)
        // Drag on and on: never past 1150.
        var y = maxY
        for _ in 0..<10_000 {
            y = RubberBand.damped(newOffset: y + 50, oldOffset: y, maxOffset: maxY)
            XCTAssertLessThanOrEqual(y, maxY + 150)
        }
        XCTAssertGreaterThan(y, maxY + 149)
        // A huge step, and an old offset already past the limit, are clamped.
        XCTAssertEqual(RubberBand.damped(newOffset: maxY + 100_000, oldOffset: maxY, maxOffset: maxY), maxY + 150)
        XCTAssertLessThanOrEqual(RubberBand.damped(newOffset: maxY + 400, oldOffset: maxY + 200, maxOffset: maxY), maxY + 150)
        XCTAssertEqual(PhysicsConstants.overscrollLimit, 150)
    }

    // P3: the further past the bound, the slower.
    func testP3_dampingSlowsWithDistance() {
        var y = 1000.0
        var moves: [Double] = []
        for _ in 0..<5 {
            let next = RubberBand.damped(newOffset: y + 20, oldOffset: y, maxOffset: 1000)
            moves.append(next - y)
            y = next
        }
        let expected = [6.0, 5.76, 5.5296, 5.308416, 5.09607936]
        for (m, e) in zip(moves, expected) { XCTAssertEqual(m, e, accuracy: 1e-9) }
        XCTAssertEqual(y, 1027.69409536, accuracy: 1e-9)
    }

    // P3: on release the offset animates back to the bound (the seed's animated setContentOffset).
    func testP3_springBackReachesBound() {
        let back = ScrollAnimation.springBack(from: 1100, to: 1000)
        XCTAssertEqual(back.duration, 0.3)
        XCTAssertEqual(back.value(at: 0), 1100)
        XCTAssertEqual(back.value(at: 0.15), 1050, accuracy: 1e-9)
        XCTAssertEqual(back.value(at: 0.3), 1000)
        XCTAssertEqual(back.value(at: 5), 1000)
        XCTAssertTrue(back.isFinished(at: 0.3))
        XCTAssertFalse(back.isFinished(at: 0.29))
        var previous = 1100.0
        for i in 1...30 {
            let v = back.value(at: Double(i) / 100)
            XCTAssertLessThanOrEqual(v, previous)
            previous = v
        }
    }

    // H4: iOS setContentOffset animates with ease-in-out (0.42, 0, 0.58, 1) over 0.3 s.
    func testH4_iosEaseInOut03s() {
        let a = ScrollAnimation.iosSetContentOffset(from: 0, to: 1000)
        XCTAssertEqual(a.duration, 0.3)
        XCTAssertEqual(a.curve, .easeInOut)
        XCTAssertEqual(a.value(at: 0.15), 500, accuracy: 1e-9)
        // x = 0.25 → y = 0.1291619310473198 (bisection to 1e-16 in a reference script).
        XCTAssertEqual(a.value(at: 0.075), 129.1619310473198, accuracy: 1e-7)
        XCTAssertEqual(UnitCurve.easeInOut(0.1), 0.019722453548311196, accuracy: 1e-10)
        XCTAssertEqual(UnitCurve.easeInOut(0.75), 1 - 0.1291619310473198, accuracy: 1e-10)
        XCTAssertEqual(a.value(at: 0.3), 1000)
        XCTAssertEqual(a.value(at: -1), 0)
    }

    // H4, F9: Android smoothScrollBy: (|d|/height + 1) · 300 ms, ≤ 2000 ms, quintic in float, whole
    // px at whole-ms frame times, Java's Math.round; over on the frame it reaches the target.
    func testH4_androidDurationAndQuintic() {
        let a = ScrollAnimation.androidSmoothScroll(fromPx: 100, by: 600, height: 480, startTick: 0, density: 1)
        XCTAssertEqual(a.androidScroll?.durationMs, 675)            // (1.25 + 1) · 300 ms
        XCTAssertEqual(a.curve, .androidQuintic)
        XCTAssertEqual(UnitCurve.androidQuintic(0.5), 0.96875)
        XCTAssertEqual(AndroidSmoothScroll.quintic(0.5), 0.96875)
        // 270 ms of 675: q = 1 − 0.6^5 = 0.92224; 600 · q = 553.344 → 553 px.
        let s = AndroidSmoothScroll(dy: 600, height: 480, startMs: 0)
        XCTAssertEqual(s.position(atMs: 270), 553)
        XCTAssertEqual(AndroidSmoothScroll(dy: -600, height: 480, startMs: 0).position(atMs: 270), -553)
        XCTAssertEqual(s.position(atMs: 675), 600)
        // Done once (1 − t)^5 ≤ ½ / 600, t ≥ 0.758: the first 120 Hz frame past 511 ms (516 ms).
        let done = (1...120).first { s.isDone(atMs: AndroidClock.millis(tick: $0)) }
        XCTAssertEqual(done, 62)
        XCTAssertEqual(a.duration, VirtualClock.seconds(62))
        XCTAssertEqual(a.value(at: a.duration), 700)
        XCTAssertEqual(a.value(at: 9), 700)
        for tick in 0...62 {
            let v = a.value(at: VirtualClock.seconds(tick))
            XCTAssertEqual(v, v.rounded(), "whole pixels at tick \(tick)")
        }
        // Capped at 2000 ms: (5000/480 + 1) · 300 = 3425 ms.
        XCTAssertEqual(AndroidSmoothScroll.computeScrollDuration(dy: 5000, height: 480), 2000)
        // Whole milliseconds like Android's int: (100/480 + 1) · 300 = 362.5 → 362 ms.
        XCTAssertEqual(AndroidSmoothScroll.computeScrollDuration(dy: 100, height: 480), 362)
        XCTAssertEqual(ScrollAnimation.androidSmoothScroll(fromPx: 0, by: 0, height: 480, startTick: 0, density: 1).duration, 0)
        // Java's Math.round: negative halves round up.
        XCTAssertEqual(Java.round(-2.5), -2)
        XCTAssertEqual(Java.round(Float(-0.5)), 0)
        XCTAssertEqual(Java.round(2.5), 3)
        XCTAssertEqual(Java.int(-2.9), -2)
    }

    // P5: a line or page key scrolls with ease-out (0, 0, 0.58, 1) over 0.15 s.
    func testP5_keyScrollEaseOut015() {
        let line = ScrollAnimation.keyScroll(from: 0, to: 16)
        XCTAssertEqual(line.duration, 0.15)
        XCTAssertEqual(line.curve, .easeOut)
        // x = 0.5 → y = 0.6846431874274606.
        XCTAssertEqual(line.value(at: 0.075), 16 * 0.6846431874274606, accuracy: 1e-8)
        XCTAssertEqual(UnitCurve.easeOut(0.25), 0.37813813082510966, accuracy: 1e-10)
        XCTAssertEqual(line.value(at: 0.15), 16)
        let page = ScrollAnimation.keyScroll(from: 400, to: 0)
        XCTAssertEqual(page.duration, 0.15)
        XCTAssertEqual(page.value(at: 0.075), 400 - 400 * 0.6846431874274606, accuracy: 1e-8)
        XCTAssertEqual(UnitCurve.easeOutCubic(0.5), 0.875)
    }

    // P5: home/end over min(√d, 42)/60 s.
    func testP5_homeEndDuration() {
        XCTAssertEqual(ScrollAnimation.homeEnd(from: 0, to: 10_000).duration, 42.0 / 60, accuracy: 1e-12)
        XCTAssertEqual(ScrollAnimation.homeEnd(from: 10_000, to: 0).duration, 0.7, accuracy: 1e-12)
        XCTAssertEqual(ScrollAnimation.homeEnd(from: 50, to: 150).duration, 10.0 / 60, accuracy: 1e-12)
        XCTAssertEqual(ScrollAnimation.homeEnd(from: 0, to: 1764).duration, 0.7, accuracy: 1e-12)
        let none = ScrollAnimation.homeEnd(from: 30, to: 30)
        XCTAssertEqual(none.duration, 0)
        XCTAssertEqual(none.value(at: 0), 30)
        XCTAssertTrue(none.isFinished(at: 0))
        XCTAssertEqual(ScrollAnimation.homeEnd(from: 0, to: 100).curve, .easeOut)
    }

    // P5: notches closer than 80 ms form one stream whose speed carries into inertia.
    func testP5_wheelStreamCarriesSpeed() {
        var stream = WheelStream()
        XCTAssertFalse(stream.add(at: 1.00, delta: 48))               // starts
        for i in 1...4 { XCTAssertTrue(stream.add(at: 1.00 + 0.05 * Double(i), delta: 48)) }
        XCTAssertEqual(stream.count, 5)
        XCTAssertEqual(stream.distance, 240)
        XCTAssertEqual(stream.speed, 960, accuracy: 1e-9)              // 4 · 48 pt / 0.2 s
        XCTAssertTrue(stream.isActive(at: 1.20 + 0.079))
        XCTAssertNil(stream.endedVelocity(at: 1.20 + 0.079))
        XCTAssertEqual(stream.endedVelocity(at: 1.20 + 0.080) ?? 0, 960, accuracy: 1e-9)
        let item = DynamicItem.fling(releaseVelocity: stream.endedVelocity(at: 1.3) ?? 0)
        XCTAssertEqual(item?.velocity ?? 0, 960, accuracy: 1e-9)
        XCTAssertEqual(stream.takeEndedVelocity(at: 1.3) ?? 0, 960, accuracy: 1e-9)
        XCTAssertNil(stream.takeEndedVelocity(at: 1.4))               // reported once
        // 100 ms apart: two streams; a reversal starts a new one too.
        XCTAssertFalse(stream.add(at: 2.0, delta: -16))
        XCTAssertFalse(stream.add(at: 2.1, delta: -16))
        XCTAssertTrue(stream.add(at: 2.133, delta: -16))
        XCTAssertEqual(stream.speed, -16 / 0.033, accuracy: 1e-6)
        XCTAssertFalse(stream.add(at: 2.15, delta: 16))
        XCTAssertEqual(stream.speed, 0)                                // one event: no speed
        XCTAssertEqual(PhysicsConstants.streamGap, 0.080)
    }

    // P6: a wheel notch is 3 lines of 16 pt.
    func testP6_notchIs48() {
        XCTAssertEqual(PhysicsConstants.wheelNotch, 48)
        XCTAssertEqual(PhysicsConstants.lineHeight, 16)
        XCTAssertEqual(PhysicsConstants.wheelNotch, 3 * PhysicsConstants.lineHeight)
        XCTAssertEqual(PhysicsConstants.flingKeyVelocity, 2000)
    }

    // P7: shown while scrolling, hidden 0.5 s after the last movement; thumb geometry.
    func testP7_indicatorHidesAfterHalfSecond() {
        var indicator = ScrollIndicator()
        XCTAssertFalse(indicator.isVisible(at: 0))
        indicator.noteMovement(at: 1.0)
        XCTAssertTrue(indicator.isVisible(at: 1.0))
        XCTAssertTrue(indicator.isVisible(at: 1.49))
        XCTAssertFalse(indicator.isVisible(at: 1.5))
        indicator.noteMovement(at: 1.3)
        XCTAssertTrue(indicator.isVisible(at: 1.79))
        XCTAssertFalse(indicator.isVisible(at: 1.8))
        XCTAssertEqual(indicator.hideTime ?? 0, 1.8, accuracy: 1e-12)
        indicator.hide()
        XCTAssertFalse(indicator.isVisible(at: 1.31))

        // 1600 pt of content in a 400 pt viewport on a 20-row track: 5-row thumb.
        func thumb(_ offset: Double, min: Double = 0) -> ScrollIndicator.Thumb? {
            ScrollIndicator.thumb(contentLength: 1600, viewportLength: 400, offset: offset,
                                  minOffset: min, trackRows: 20)
        }
        XCTAssertEqual(thumb(0), .init(start: 0, length: 5))
        XCTAssertEqual(thumb(1200), .init(start: 15, length: 5))
        XCTAssertEqual(thumb(600), .init(start: 8, length: 5))          // 7.5 → 8
        XCTAssertEqual(thumb(-32, min: -32), .init(start: 0, length: 5))  // top inset
        XCTAssertEqual(thumb(1350), .init(start: 17, length: 3))         // 150 pt overscroll: 20·250/1600 → 3 rows, pinned
        XCTAssertEqual(ScrollIndicator.thumb(contentLength: 100_000, viewportLength: 400, offset: 0,
                                             trackRows: 20)?.length, 1)  // at least one row
        XCTAssertNil(ScrollIndicator.thumb(contentLength: 300, viewportLength: 400, offset: 0, trackRows: 20))
    }
}
