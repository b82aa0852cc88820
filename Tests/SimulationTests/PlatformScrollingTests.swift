import XCTest
import LiveblogModel
@testable import Simulation
import Embed
@testable import Host
import ScrollPhysics

/// Platform-true scrolling through the whole World (F2–F5, docs/emulation.md).
final class PlatformScrollingTests: XCTestCase {
    func world(_ platform: Platform, _ mode: Mode = .content, physics: PhysicsModel? = nil,
               dragRule: ReaderDragRule = .platform, network: NetworkProfile = .instant) -> World {
        var c = config(platform: platform, network: network)
        c.mode = mode
        c.physics = physics
        c.dragRule = dragRule
        let w = World(liveblog: fixture(60), config: c)
        w.advance(to: 30)
        return w
    }

    /// Total content movement (list and web view together) of a J fling from the top.
    func jFlingTravel(_ w: World) -> Double {
        let start = w.scrollView.offset + w.page.scrollY
        w.send(.key(.char("J")))
        w.advance(to: w.tick + 6 * 120)
        XCTAssertFalse(w.pan.isMoving)
        return w.scrollView.offset + w.page.scrollY - start
    }

    /// A finger drag of `dy` pt at row `row` over `ticks` ticks, released after `pause` ticks.
    func drag(_ w: World, dy: Double, ticks: Int = 60, row: Double = 12, pause: Int = 0,
              sample: (() -> Void)? = nil) {
        let y0 = row * 16 + 8
        w.send(.pointer(phase: .down, x: 324, y: y0))
        for k in 1...ticks {
            w.advance(to: w.tick + 1)
            w.send(.pointer(phase: .move, x: 324, y: y0 + dy * Double(k) / Double(ticks)))
            sample?()
        }
        w.advance(to: w.tick + pause)
        w.send(.pointer(phase: .up, x: 324, y: y0 + dy))
    }

    // MARK: H3 with the platforms' laws

    /// H3, F2: the app's animated jump scroll takes the list from the reader's inertia, as
    /// `setContentOffset(animated:)` stops UIScrollView's deceleration and `smoothScrollBy`
    /// replaces RecyclerView's fling: a jump made while a J fling coasts lands under the bar.
    func testH3_aJumpScrollStopsTheReadersInertia() {
        for platform in [Platform.ios, .android] {
            let w = world(platform)
            w.send(.key(.char("J")))
            w.advance(to: w.tick + 12)
            XCTAssertTrue(w.pan.isMoving, "\(platform): the fling coasts")
            w.send(.jump(id: "p30", topOffset: nil))
            w.advance(to: w.tick + 3 * 120)
            XCTAssertFalse(w.pan.isMoving, "\(platform)")
            XCTAssertEqual(w.postY("p30") ?? .nan, 0, accuracy: 1, "\(platform): landed under the bar")
        }
    }

    // MARK: F2

    /// F2: a J fling (2000 pt/s) in M1 travels about 999 pt on ios and 647 pt on android (2 %)
    func testF2_jFlingInM1Travels999OnIosAnd647OnAndroid() {
        let ios = world(.ios)
        XCTAssertEqual(ios.physics, .uikit)
        XCTAssertEqual(jFlingTravel(ios), 999, accuracy: 999 * 0.02)
        let android = world(.android)
        XCTAssertEqual(android.physics, .android)
        XCTAssertEqual(jFlingTravel(android), 647, accuracy: 647 * 0.02)
        let naive = world(.naive)
        XCTAssertEqual(naive.physics, .uikit)
        XCTAssertEqual(jFlingTravel(naive), 999, accuracy: 999 * 0.02)
        // The closed forms, exactly: UIKit's −v0/c and OverScroller's whole-pixel spline distance.
        XCTAssertEqual(jFlingTravel(world(.ios)), UIKitDecelerationLaw.distance(velocity: 2000), accuracy: 0.5)
        XCTAssertEqual(jFlingTravel(world(.android)), Double(Int(AndroidSpline.flingDistance(velocity: 2000))))
    }

    /// F2: --physics / "physics" overrides every platform's law, in every mode
    func testF2_physicsOverride() {
        let w = world(.ios, physics: .android)
        XCTAssertEqual(w.physics, .android)
        XCTAssertEqual(jFlingTravel(w), 647, accuracy: 647 * 0.02)
        XCTAssertEqual(world(.android, .nested, physics: .uidynamic).physics, .uidynamic)
    }

    /// F2: the seed's law still governs M2 and M3 on ios (and naive); android keeps its own
    func testF2_seedLawStillGovernsM2AndM3OnIos() {
        // The seed's item released at 2000 pt/s, stepped to rest.
        var item = DynamicItem(velocity: -2000), travel = 0.0
        while !item.isResting { travel -= item.step() }
        for mode in [Mode.nested, .header] {
            let ios = world(.ios, mode)
            XCTAssertEqual(ios.physics, .uidynamic, "\(mode)")
            XCTAssertEqual(world(.naive, mode).physics, .uidynamic, "\(mode)")
            XCTAssertEqual(world(.android, mode).physics, .android, "\(mode)")
            XCTAssertEqual(jFlingTravel(ios), travel, accuracy: 1e-6, "\(mode)")
        }
    }

    /// F2: the android list's overscroll stays 0 at both ends while its edge effect shows
    func testF2_androidOverscrollStaysZeroAtBothEndsWhileEdgeEffectShows() {
        let w = world(.android)
        var worstOverscroll = 0.0, bottomEffect = 0.0, topEffect = 0.0
        let sample = {
            worstOverscroll = max(worstOverscroll, w.value(.overscroll))
            let e = w.value(.edgeEffect)
            if w.pan.edgeEffect?.edge == .bottom { bottomEffect = max(bottomEffect, e) } else { topEffect = max(topEffect, e) }
        }
        // A fling into the bottom: the list stops at the end, the velocity goes into the effect.
        w.send(.key(.char("G")))
        w.advance(to: w.tick + 240)
        w.send(.key(.char("b")))
        w.advance(to: w.tick + 60)
        w.send(.key(.char("J")))
        for _ in 0..<240 { w.advance(to: w.tick + 1); sample() }
        XCTAssertEqual(w.scrollView.offset, w.scrollView.maxOffset)
        XCTAssertGreaterThan(bottomEffect, 0.01, "the fling's impact shows the edge effect")
        XCTAssertEqual(w.value(.edgeEffect), 0, "and it recedes")
        // A drag past the bottom: no displacement, a pulled effect that recedes after release.
        bottomEffect = 0
        drag(w, dy: -200, row: 20, sample: sample)
        XCTAssertEqual(w.scrollView.offset, w.scrollView.maxOffset)
        XCTAssertGreaterThan(bottomEffect, 0.2)
        w.advance(to: w.tick + 120)
        XCTAssertEqual(w.value(.edgeEffect), 0)
        // The same at the top.
        w.send(.key(.char("g")))
        w.advance(to: w.tick + 240)
        w.send(.key(.char("K")))
        for _ in 0..<120 { w.advance(to: w.tick + 1); sample() }
        drag(w, dy: 200, row: 4, sample: sample)
        XCTAssertEqual(w.scrollView.offset, w.scrollView.minOffset)
        XCTAssertGreaterThan(topEffect, 0.2)
        XCTAssertEqual(worstOverscroll, 0, "never any overscroll displacement")
    }

    /// F2: the ios list rubber-bands at the top and the bottom and springs back
    func testF2_iosListRubberBandsAtTopAndBottomAndSpringsBack() {
        let w = world(.ios)
        let minY = w.scrollView.minOffset
        // Top: a drag down past the top shows UIKit's band, (1 − 1/(x·0.55/d + 1))·d (the content
        // follows the finger from where it went down, so x is the whole 200 pt).
        drag(w, dy: 200, ticks: 60, row: 4, pause: 10)
        let d = w.scrollView.viewportHeight
        let banded = (1 - 1 / (200 * 0.55 / d + 1)) * d
        XCTAssertEqual(minY - w.scrollView.offset, banded, accuracy: 0.01)
        XCTAssertEqual(w.value(.overscroll), banded, accuracy: 0.01)
        // The critically damped spring (stiffness 100, threshold 0.5 pt) rests within 1.2 s.
        w.advance(to: w.tick + 144)
        XCTAssertEqual(w.scrollView.offset, minY, "springs back to the top")
        // Bottom: the same past the end, and back.
        w.send(.key(.char("G")))
        w.advance(to: w.tick + 240)
        let maxY = w.scrollView.maxOffset
        drag(w, dy: -200, ticks: 60, row: 20, pause: 10)
        XCTAssertEqual(w.scrollView.offset - maxY, banded, accuracy: 0.01)
        w.advance(to: w.tick + 144)
        XCTAssertEqual(w.scrollView.offset, maxY, "springs back to the bottom")
        // A fling into the bottom overshoots past it and springs back.
        w.send(.key(.char("b")))
        w.advance(to: w.tick + 60)
        w.send(.key(.char("J")))
        var overshoot = 0.0
        for _ in 0..<240 {
            w.advance(to: w.tick + 1)
            overshoot = max(overshoot, w.scrollView.offset - maxY)
        }
        XCTAssertGreaterThan(overshoot, 1, "UIKit's fling overshoots the bound")
        XCTAssertEqual(w.scrollView.offset, maxY)
        XCTAssertEqual(w.value(.edgeEffect), 0, "no edge effect on ios")
    }

    // MARK: F3

    /// A 3g jump on a platform, and the tick its first smooth scroll or animation runs.
    func jumping(_ platform: Platform) -> World {
        let w = world(platform, network: .threeG)
        w.send(.jump(id: "p30", topOffset: nil))
        for _ in 0..<600 where !w.scrollView.isAnimating { w.advance(to: w.tick + 1) }
        XCTAssertTrue(w.scrollView.isAnimating, "the jump scrolls")
        w.advance(to: w.tick + 6)
        return w
    }

    /// Counts taps and drag beginnings in the trace from now on.
    func counting(_ w: World) -> () -> (taps: Int, drags: Int) {
        var taps = 0, drags = 0
        let old = w.sink
        w.sink = { r in
            if case .input(.tap, _, _) = r.event { taps += 1 }
            if case .input(.dragBegin, _, _) = r.event { drags += 1 }
            old(r)
        }
        return { (taps, drags) }
    }

    /// F3: on android a press during the jump's smooth scroll stops it, is a drag and not a tap
    func testF3_androidPressWhileSettlingIsADragAndNoTap() {
        let w = jumping(.android)
        let host = w.host as! AndroidJumpHost
        XCTAssertEqual(w.scrollView.state, .settling)
        let counts = counting(w)
        w.send(.pointer(phase: .down, x: 324, y: 200))
        XCTAssertFalse(w.scrollView.isAnimating, "the press stopped the smooth scroll")
        XCTAssertEqual(w.scrollView.state, .dragging)
        XCTAssertEqual(host.dragCount, 1, "the sample's DragCounter counts it")
        w.send(.pointer(phase: .up, x: 324, y: 200))
        XCTAssertEqual(counts().taps, 0)
        XCTAssertEqual(counts().drags, 1)
        XCTAssertEqual(w.scrollView.state, .idle)
        XCTAssertNotNil(w.page.held, "the press reached no row: the hold goes on")
    }

    /// F3: on ios the same press stops the animation but is no drag, so corrections go on
    func testF3_iosPressStopsTheAnimationButIsNoDrag() {
        let w = jumping(.ios)
        let host = w.host as! IOSJumpHost
        let counts = counting(w)
        w.send(.pointer(phase: .down, x: 324, y: 200))
        XCTAssertFalse(w.scrollView.isAnimating)
        w.send(.pointer(phase: .up, x: 324, y: 200))
        XCTAssertEqual(counts().taps, 0)
        XCTAssertEqual(counts().drags, 0)
        XCTAssertNotNil(host.activeJumpId, "scrollViewWillBeginDragging was not called")
    }

    // MARK: F4

    /// F4: which input is a drag on each platform (ReaderDrag.swift's table)
    func testF4_whichInputIsADragOnEachPlatform() {
        let rule = ReaderDragRule.platform
        XCTAssertTrue(rule.isDrag(.touch, on: .ios))
        XCTAssertTrue(rule.isDrag(.touch, on: .android))
        XCTAssertTrue(rule.isDrag(.wheel, on: .ios), "UIScrollView's pan recognizer takes scroll events")
        XCTAssertFalse(rule.isDrag(.wheel, on: .android), "ACTION_SCROLL → scrollByInternal, no DRAGGING")
        XCTAssertFalse(rule.isDrag(.key, on: .ios))
        XCTAssertFalse(rule.isDrag(.key, on: .android))
        XCTAssertFalse(rule.isDrag(.pressWhileSettling, on: .ios))
        XCTAssertTrue(rule.isDrag(.pressWhileSettling, on: .android))
        for input in [ScrollInput.touch, .wheel, .key] {
            XCTAssertTrue(ReaderDragRule.everyScroll.isDrag(input, on: .android))
        }
        // Through the World: android's wheel and keys leave the DragCounter alone, a drag counts.
        let w = world(.android)
        let host = w.host as! AndroidJumpHost
        w.send(.wheel(notches: 1, row: 12, col: 40))
        w.send(.key(.char("j")))
        w.send(.key(.char("J")))
        w.advance(to: w.tick + 240)
        XCTAssertEqual(host.dragCount, 0)
        // A notch scrolls at once on Android (scrollByInternal): the list stays IDLE, so a press
        // right after it is no F3 drag.
        w.send(.wheel(notches: 1, row: 12, col: 40))
        XCTAssertEqual(w.scrollView.state, .idle)
        w.send(.pointer(phase: .down, x: 324, y: 200))
        w.send(.pointer(phase: .up, x: 324, y: 200))
        XCTAssertEqual(host.dragCount, 0)
        w.advance(to: w.tick + 240)
        drag(w, dy: -100)
        XCTAssertEqual(host.dragCount, 1)
        // ios: the wheel is a drag (the active jump is cleared), a key is not.
        let i = world(.ios)
        let ih = i.host as! IOSJumpHost
        i.send(.jump(id: "p20", topOffset: nil))
        i.advance(to: i.tick + 120)
        i.send(.key(.char("j")))
        XCTAssertNotNil(ih.activeJumpId)
        i.send(.wheel(notches: 1, row: 12, col: 40))
        XCTAssertNil(ih.activeJumpId)
    }

    // MARK: F5

    /// F5: a hook swapped mid-hold keeps the hold; later calls keep the jump's shape
    func testF5_hookSwappedMidHoldKeepsTheHoldAndReceivesCalls() {
        let w = world(.ios, network: .threeG)
        var calls: [(correction: Bool, args: Int)] = []
        let old = w.sink
        w.sink = { r in
            if case let .hook(_, _, correction, args, _) = r.event { calls.append((correction, args)) }
            old(r)
        }
        w.send(.jump(id: "p30", topOffset: nil))
        w.advance(to: w.tick + 60)
        let held = w.page.held?.jumpId
        XCTAssertNotNil(held)
        w.send(.setHook("function (top) {}"))
        XCTAssertEqual(w.page.held?.jumpId, held, "the hold goes on")
        w.advance(to: w.tick + 8 * 120)
        let later = calls.dropFirst().filter(\.correction)
        XCTAssertFalse(later.isEmpty, "the new hook receives the corrections")
        XCTAssertTrue(later.allSatisfy { $0.args == 2 }, "in the shape decided at the jump's start (E5)")
    }
}
