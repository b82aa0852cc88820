import XCTest
import LiveblogModel
@testable import Simulation
import Embed
import Host
import ScrollPhysics

/// The pan and inertia engine through the World (P1–P7) and the three modes (M1–M4).
final class PanModesTests: XCTestCase {
    /// The seed's law is pinned (F2 gives ios the uikit law in M1; these tests prove P1–P7, the
    /// seed's numbers; PlatformScrollingTests proves each platform's own).
    func world(_ mode: Mode = .content, hook: String? = "function (top, info) {}", rows: Int = 24) -> World {
        var c = config(network: .instant, hook: hook, rows: rows)
        c.mode = mode
        c.physics = .uidynamic
        let w = World(liveblog: fixture(60), config: c)
        w.advance(to: 30) // instant loads done and the row grown
        return w
    }

    /// A drag of `dy` over `seconds`, one sample a tick, like the scenario's `drag`.
    func drag(_ w: World, dy: Double, seconds: Double, row: Double = 12, pauseTicks: Int = 0) {
        let y0 = row * 16 + 8
        let n = max(1, VirtualClock.ticks(seconds))
        w.send(.pointer(phase: .down, x: 324, y: y0))
        for k in 1...n {
            w.advance(to: w.tick + 1)
            w.send(.pointer(phase: .move, x: 324, y: y0 + dy * Double(k) / Double(n)))
        }
        w.advance(to: w.tick + pauseTicks)
        w.send(.pointer(phase: .up, x: 324, y: y0 + dy))
    }

    /// P1: pause before release gives no fling
    func testP1_pauseBeforeReleaseGivesNoFling() {
        let w = world()
        drag(w, dy: -300, seconds: 0.2, pauseTicks: 6) // 50 ms still before release
        let o = w.scrollView.offset
        w.advance(to: w.tick + 120)
        XCTAssertEqual(w.scrollView.offset, o, "no inertia after a pause over 40 ms")
        XCTAssertNil(w.pan.item)
    }

    /// P2: threshold179 no inertia181 inertia
    func testP2_threshold179NoInertia181Inertia() {
        let slow = world()
        drag(slow, dy: -179, seconds: 1.0)
        let o1 = slow.scrollView.offset
        slow.advance(to: slow.tick + 60)
        XCTAssertEqual(slow.scrollView.offset, o1, "179 pt/s: no inertia")

        let fast = world()
        drag(fast, dy: -181, seconds: 1.0)
        let o2 = fast.scrollView.offset
        fast.advance(to: fast.tick + 60)
        XCTAssertGreaterThan(fast.scrollView.offset, o2 + 10, "181 pt/s: inertia carries the list on")
    }

    /// P2: decay law and stop
    func testP2_decayLawAndStop() {
        var sv = ScrollView(viewportHeight: 384, insetTop: 32, insetBottom: 16)
        sv.contentHeight = 1_000_000
        var list = NativeList(headerRows: 0, footerRows: 0, webRowHeight: 0, scrollView: sv)
        list.scrollView.contentHeight = 1_000_000
        let pan = PanEngine(target: ListPanTarget())
        func apply(_ effects: [ScrollEffect], _ t: Int) {
            var web = WebScroll()
            for e in effects { list.apply(e, web: &web, now: t) }
            sv = list.scrollView
        }
        apply(pan.fling(contentVelocity: 1000, now: 0, in: ListScene(list: list, tick: 0)), 0)
        var last = sv.offset
        var steps: [Double] = []
        var t = 0
        while pan.item != nil && t < 2000 {
            t += 1
            apply(pan.step(now: t, in: ListScene(list: list, tick: t)), t)
            steps.append(sv.offset - last)
            last = sv.offset
        }
        // v ← v / (1 + 2·dt) each 1/120 s step: consecutive step distances have that ratio.
        let q = 1 + 2.0 / 120
        XCTAssertEqual(steps[1] / steps[0], 1 / q, accuracy: 1e-9)
        XCTAssertEqual(steps[100] / steps[99], 1 / q, accuracy: 1e-9)
        XCTAssertEqual(steps[0], 1000 / q / 120, accuracy: 1e-9)
        // It ends on the first step that moves less than 0.02 pt, and the total is below v/r = 500 pt.
        XCTAssertLessThan(abs(steps.last!), 0.02)
        XCTAssertGreaterThanOrEqual(abs(steps[steps.count - 2]), 0.02)
        XCTAssertLessThan(sv.offset - (-32), 500)
        XCTAssertGreaterThan(sv.offset - (-32), 495)
    }

    /// P3: bounce never past150 and back
    func testP3_bounceNeverPast150AndBack() {
        let w = world()
        w.send(.key(.char("G")))
        w.advance(to: w.tick + 240)
        let maxY = w.scrollView.maxOffset
        XCTAssertEqual(w.scrollView.offset, maxY, accuracy: 0.001)
        var worst = 0.0
        let y0 = 20 * 16 + 8.0
        w.send(.pointer(phase: .down, x: 324, y: y0))
        for k in 1...120 {
            w.advance(to: w.tick + 1)
            w.send(.pointer(phase: .move, x: 324, y: y0 - Double(k) * 10))
            worst = max(worst, w.scrollView.offset - maxY)
        }
        XCTAssertGreaterThan(worst, 50, "the drag overscrolls")
        XCTAssertLessThanOrEqual(worst, 150, "never past 150 pt")
        w.advance(to: w.tick + 20)
        w.send(.pointer(phase: .up, x: 324, y: y0 - 1200))
        w.advance(to: w.tick + 60)
        XCTAssertEqual(w.scrollView.offset, maxY, accuracy: 0.001, "springs back to the bound")
    }

    /// P4: a press during inertia stops it and is not a tap
    func testP4_pressDuringInertiaStopsItAndIsNotATap() {
        let w = world()
        var taps = 0
        let old = w.sink
        w.sink = { r in if case .input(.tap, _, _) = r.event { taps += 1 }; old(r) }
        w.send(.key(.char("J")))
        w.advance(to: w.tick + 30)
        XCTAssertTrue(w.pan.interactionLocked)
        w.send(.pointer(phase: .down, x: 324, y: 200))
        let o = w.scrollView.offset
        w.advance(to: w.tick + 2)
        w.send(.pointer(phase: .up, x: 324, y: 200))
        w.advance(to: w.tick + 30)
        XCTAssertEqual(w.scrollView.offset, o, "the press stopped the inertia")
        XCTAssertEqual(taps, 0, "a press that stops inertia is not a tap")
        // Once at rest, the same press is a tap.
        w.send(.pointer(phase: .down, x: 324, y: 200))
        w.send(.pointer(phase: .up, x: 324, y: 200))
        XCTAssertEqual(taps, 1)
    }

    /// P5: j moves exactly16 and kflings
    func testP5_jMovesExactly16AndKFlings() {
        let w = world()
        let o = w.scrollView.offset
        w.send(.key(.char("j")))
        w.advance(to: w.tick + 9) // 75 ms: mid-ease
        XCTAssertGreaterThan(w.scrollView.offset, o)
        XCTAssertLessThan(w.scrollView.offset, o + 16)
        w.advance(to: w.tick + 60)
        XCTAssertEqual(w.scrollView.offset, o + 16, accuracy: 1e-9)
        w.send(.key(.char("J")))
        let before = w.scrollView.offset
        w.advance(to: w.tick + 1)
        XCTAssertEqual(w.scrollView.offset - before, 2000 / (1 + 2.0 / 120) / 120, accuracy: 1e-6, "J: a 2000 pt/s fling")
    }

    /// P5: home end and page
    func testP5_homeEndAndPage() {
        let w = world()
        w.send(.key(.char("G")))
        w.advance(to: w.tick + 300)
        XCTAssertEqual(w.scrollView.offset, w.scrollView.maxOffset, accuracy: 1e-6)
        w.send(.key(.char("g")))
        w.advance(to: w.tick + 300)
        XCTAssertEqual(w.scrollView.offset, w.scrollView.minOffset, accuracy: 1e-6)
        w.send(.key(.space))
        w.advance(to: w.tick + 60)
        XCTAssertEqual(w.scrollView.offset, w.scrollView.minOffset + w.visibleHeight - 16, accuracy: 1e-6)
    }

    /// P5: key repeats form astream that carries into inertia
    func testP5_keyRepeatsFormAStreamThatCarriesIntoInertia() {
        let w = world()
        for _ in 0..<8 { w.send(.key(.char("j"))); w.advance(to: w.tick + 4) } // every 33 ms
        let o = w.scrollView.offset
        w.advance(to: w.tick + 30)
        XCTAssertGreaterThan(w.scrollView.offset, o + 16 * 1.5, "the stream's speed carries on after the last repeat")
    }

    /// P6: wheel notch is48 and drag follows finger
    func testP6_wheelNotchIs48AndDragFollowsFinger() {
        let w = world()
        let o = w.scrollView.offset
        w.send(.wheel(notches: 1, row: (200 - 8) / 16, col: (324 - 4) / 8))
        w.advance(to: w.tick + 60)
        XCTAssertEqual(w.scrollView.offset, o + 48, accuracy: 1e-9)
        let o2 = w.scrollView.offset
        drag(w, dy: -32, seconds: 1.0)
        XCTAssertEqual(w.scrollView.offset, o2 + 32, accuracy: 1e-9, "content follows the finger (from where it went down)")
    }

    /// P7: indicator shows while scrolling hides after half second
    func testP7_indicatorShowsWhileScrollingHidesAfterHalfSecond() {
        let w = world()
        XCTAssertFalse(w.indicator.isVisible(at: w.seconds))
        let start = w.tick
        w.send(.key(.char("j")))
        w.advance(to: w.tick + 6)
        XCTAssertTrue(w.indicator.isVisible(at: w.seconds))
        w.advance(to: start + 18 + 59) // the ease ends at 0.15 s (18 ticks); 0.49 s later still visible
        XCTAssertTrue(w.indicator.isVisible(at: w.seconds))
        w.advance(to: w.tick + 2)
        XCTAssertFalse(w.indicator.isVisible(at: w.seconds))
        // Over the whole content: thumb length ∝ visible/content.
        let ind = w.panIndicator
        XCTAssertEqual(ind.viewport, w.visibleHeight)
        XCTAssertEqual(ind.content, w.scrollView.contentHeight)
    }

    /// H5, F4: under the old rule (`dragRule: every-scroll`) every reader scroll is a drag for hosts
    func testH5_F4_everyScrollRuleMakesEveryReaderScrollADrag() {
        var c = config(platform: .android, network: .instant)
        c.mode = .content
        c.dragRule = .everyScroll
        let w = World(liveblog: fixture(60), config: c)
        w.advance(to: 2)
        let host = w.host as! AndroidJumpHost
        w.send(.key(.char("j")))
        XCTAssertEqual(host.dragCount, 1)
        // Every notch and key is the reader scrolling, even inside a running stream: a jump may
        // have started between two notches, and the notch after it must stop its corrections.
        w.send(.wheel(notches: 1, row: (200 - 8) / 16, col: (10 - 4) / 8))
        XCTAssertEqual(host.dragCount, 2)
        w.advance(to: w.tick + 60)
        w.send(.wheel(notches: 1, row: (200 - 8) / 16, col: (10 - 4) / 8))
        XCTAssertEqual(host.dragCount, 3)
        w.advance(to: w.tick + 60)
        drag(w, dy: -100, seconds: 0.5)
        XCTAssertEqual(host.dragCount, 4)
        // A tap is not a drag.
        w.advance(to: w.tick + 240)
        w.send(.pointer(phase: .down, x: 10, y: 200)); w.send(.pointer(phase: .up, x: 10, y: 200))
        XCTAssertEqual(host.dragCount, 4)
    }

    // MARK: Modes

    /// M1: content mode drag scrolls the list
    func testM1_contentModeDragScrollsTheList() {
        let w = world(.content)
        drag(w, dy: -64, seconds: 1.0)
        XCTAssertEqual(w.scrollView.offset, -32 + 64, accuracy: 1e-9)
        XCTAssertEqual(w.page.scrollY, 0, "a content-sized web view never scrolls")
    }

    /// M2: hand over both ways
    func testM2_handOverBothWays() {
        let w = world(.nested)
        let webMax = w.page.maxScrollY
        XCTAssertGreaterThan(webMax, 200)
        // Content up: the web view first.
        w.page.scrollY = webMax - 50
        drag(w, dy: -100, seconds: 1.0)
        XCTAssertEqual(w.page.scrollY, webMax, accuracy: 1e-9, "the web view reaches its bottom")
        XCTAssertEqual(w.scrollView.offset, -32 + 50, accuracy: 1e-9, "then the list takes the rest")
        // Content down: the list first, to its top, then the web view.
        drag(w, dy: 80, seconds: 1.0)
        XCTAssertEqual(w.scrollView.offset, -32, accuracy: 1e-9)
        XCTAssertEqual(w.page.scrollY, webMax - 30, accuracy: 1e-9)
    }

    /// M2: inertia crosses from web view into list
    func testM2_inertiaCrossesFromWebViewIntoList() {
        let w = world(.nested)
        w.page.scrollY = w.page.maxScrollY - 40
        w.send(.key(.char("J")))
        w.advance(to: w.tick + 240)
        XCTAssertEqual(w.page.scrollY, w.page.maxScrollY, accuracy: 1e-9)
        XCTAssertGreaterThan(w.scrollView.offset, 0, "the fling carried on into the list")
    }

    /// M2: jump with hook brings web view into view and scrolls it
    func testM2_jumpWithHookBringsWebViewIntoViewAndScrollsIt() {
        let w = world(.nested)
        w.send(.key(.char("G")))
        w.advance(to: w.tick + 300)
        XCTAssertGreaterThan(w.scrollView.offset, -32)
        w.send(.jump(id: "p20", topOffset: nil))
        XCTAssertEqual(w.scrollView.offset, -32, "the web view fully in view")
        XCTAssertEqual(w.page.scrollY, w.page.postTop(id: "p20")!, accuracy: 1e-9)
        XCTAssertEqual(w.postY("p20")!, 0, accuracy: 1e-9)
    }

    /// M2: jump without hook scrolls the web view itself
    func testM2_jumpWithoutHookScrollsTheWebViewItself() {
        let w = world(.nested, hook: nil)
        w.send(.jump(id: "p20", topOffset: nil))
        XCTAssertEqual(w.page.scrollY, w.page.postTop(id: "p20")!, accuracy: 1e-9)
        XCTAssertEqual(w.postY("p20")!, 0, accuracy: 1e-9)
    }

    /// M3: header offset and fade
    func testM3_headerOffsetAndFade() {
        let w = world(.header)
        let h = w.headerHeight
        XCTAssertEqual(h, 96)
        for (s, shift, fade) in [(0.0, 0.0, 1.0), (h / 2, h / 2, 0.5), (h, h, 0.0), (h * 3, h, 0.0)] {
            w.page.scrollY = s
            XCTAssertEqual(w.value(.headerShift), shift, "s = \(s)")
            XCTAssertEqual(w.headerFade, fade, accuracy: 1e-12, "s = \(s)")
            // The web view's frame grows by the same amount the header moved.
            XCTAssertEqual(w.webFrame.top, w.insetTop + h - shift)
            XCTAssertEqual(w.webFrame.height, w.viewportHeight - w.insetBottom - w.insetTop - h + shift)
        }
        w.page.scrollY = h / 2
        XCTAssertEqual(w.rowContent(2), .collapsingHeader(3, fade: 0.5), "the header's rows move up by min(s, h)")
    }

    /// M4: switching mode keeps reading position
    func testM4_switchingModeKeepsReadingPosition() {
        let w = world(.content)
        w.send(.jump(id: "p25", topOffset: nil))
        w.advance(to: w.tick + 60)
        let before = w.readingAnchor()!
        let row = (w.viewportY(pageY: w.page.postTop(index: before.postIndex)) / 16).rounded()
        for m in [Mode.nested, .header, .content] {
            w.send(.setMode(m))
            let a = w.readingAnchor()!
            XCTAssertEqual(a.postIndex, before.postIndex, "mode \(m)")
            XCTAssertEqual((w.viewportY(pageY: w.page.postTop(index: a.postIndex)) / 16).rounded(), row, "mode \(m)")
        }
    }

    /// H3: after a drag that bounces at the bottom, the Android list is SETTLING during the spring
    /// back and IDLE after it, so a later correction is an instant scrollBy again.
    /// (The seed's law pinned: under android's own law there is no bounce, F1.)
    func testH3_androidStateAfterBounceIsIdle() {
        var c = config(platform: .android, network: .instant)
        c.mode = .content
        c.physics = .uidynamic
        let w = World(liveblog: fixture(60), config: c)
        w.advance(to: 30)
        w.send(.key(.char("G")))
        w.advance(to: w.tick + 240)
        XCTAssertEqual(w.scrollView.state, .idle)
        drag(w, dy: -100, seconds: 1.0, row: 20)
        XCTAssertEqual(w.scrollView.state, .settling, "springing back")
        w.advance(to: w.tick + 60)
        XCTAssertEqual(w.scrollView.state, .idle)
    }

    /// H3: only the app's own animations end with scrollViewDidEndScrollingAnimation.
    func testH3_springBackIsNotAScrollingAnimationEnd() {
        var sv = ScrollView(viewportHeight: 384, insetTop: 32, insetBottom: 16)
        sv.contentHeight = 2000
        var ends = 0
        func count(_ n: ScrollView.Notice) { if n.contains(.endedScrollingAnimation) { ends += 1 } }
        count(sv.animate(.springBack(from: 1700, to: 1632), now: 0, programmatic: false))
        count(sv.step(now: 60).notice)
        XCTAssertEqual(ends, 0)
        count(sv.setContentOffset(100, animated: true, now: 60))
        count(sv.step(now: 120).notice)
        XCTAssertEqual(ends, 1)
    }
}
