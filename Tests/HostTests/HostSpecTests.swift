import XCTest
import ScrollPhysics
import VirtualTime
@testable import Host

/// U4, H1–H5 on the emulated scroll view, list and host strategies.
///
/// The list: 6 header rows (96 pt), a web row of 2000 pt, 20 footer rows (320 pt): content 2416 pt.
/// Viewport 24 rows (384 pt) with a 2-row top inset (32 pt) and a 1-row bottom inset (16 pt):
/// minY = −32, maxY = 2416 + 16 − 384 = 2048.
/// The H3 android tests follow the sample with the exact range (`rangeMode: .exact`); F8, the
/// LinearLayoutManager estimate that is the default, is tested in AndroidRangeTests.
final class HostSpecTests: XCTestCase {

    typealias Rig = ListRig

    // MARK: U4, H1

    /// U4: scroll range is uikits min minus inset top max content plus inset bottom minus viewport
    func testU4_scrollRangeIsUIKits_minMinusInsetTop_maxContentPlusInsetBottomMinusViewport() {
        let r = Rig()
        XCTAssertEqual(r.sv.minOffset, -32)
        XCTAssertEqual(r.sv.maxOffset, 2048)
        XCTAssertEqual(r.sv.offset, -32, "the content's top starts just under the top inset")
        XCTAssertEqual(r.sv.clamp(5000), 2048)
        XCTAssertEqual(r.sv.clamp(-100), -32)
        // Content shorter than the viewport: maxY = minY.
        r.list.setWebRowHeight(0)
        r.list.footerRows = 0
        XCTAssertEqual(r.sv.contentHeight, 96)
        XCTAssertEqual(r.sv.maxOffset, -32)
        // Fractional geometry stays fractional (U1).
        r.list.setWebRowHeight(1000.25)
        XCTAssertEqual(r.sv.maxOffset, 96 + 1000.25 + 16 - 384)
    }

    /// H1: header rows web row as tall as reported footer rows
    func testH1_headerRowsWebRowAsTallAsReportedFooterRows() {
        let r = Rig(web: 1234.5)
        XCTAssertEqual(r.list.webRowY, 96)
        XCTAssertEqual(r.list.footerY, 96 + 1234.5)
        XCTAssertEqual(r.list.contentHeight, 96 + 1234.5 + 320)
        XCTAssertEqual(r.sv.contentHeight, r.list.contentHeight)
        r.list.setWebRowHeight(3000)
        XCTAssertEqual(r.list.webRowHeight, 3000)
        XCTAssertEqual(r.sv.contentHeight, 96 + 3000 + 320)
    }

    // MARK: H2

    /// H2: landed post sits just under top inset all strategies
    func testH2_landedPostSitsJustUnderTopInset_allStrategies() {
        for platform in Platform.allCases {
            let r = Rig()
            let host: JumpHost
            switch platform {
            case .ios: host = r.attach(IOSJumpHost())
            case .android: host = r.attach(AndroidJumpHost(rangeMode: .exact))
            case .naive: host = r.attach(NaiveJumpHost())
            }
            r.scrollRequest(host, top: 500, correction: false, jumpId: 1, now: 0)
            r.run(300, host: host)
            XCTAssertEqual(r.sv.offset, 96 + 500 - 32, "\(platform)")
            XCTAssertEqual(r.postY(500), 0, "\(platform)")
            XCTAssertEqual(r.actions.first?.target, 564, "\(platform)")
        }
    }

    // MARK: H3 ios

    /// H3: ios clamps to range and flags clamped target
    func testH3_ios_clampsToRangeAndFlagsClampedTarget() {
        let r = Rig()
        let h = r.attach(IOSJumpHost())
        r.scrollRequest(h, top: 1900, correction: false, jumpId: 1, now: 0)
        XCTAssertEqual(r.actions.last, HostAction(jumpId: 1, kind: .scroll, target: 1964, animated: true, clamped: false))
        r.scrollRequest(h, top: 2100, correction: true, jumpId: 1, now: 0)
        XCTAssertEqual(r.actions.last, HostAction(jumpId: 1, kind: .scroll, target: 2048, animated: true, clamped: true))
        XCTAssertTrue(h.isJumpClamped)
        r.run(60)
        XCTAssertEqual(r.sv.offset, 2048, "never past maxY")
    }

    /// H3: ios animates only when distance is at least1pt
    func testH3_ios_animatesOnlyWhenDistanceIsAtLeast1pt() {
        let r = Rig()
        let h = r.attach(IOSJumpHost())
        r.scrollRequest(h, top: 500, correction: false, jumpId: 1, now: 0)
        r.run(60)
        XCTAssertFalse(h.isJumpAnimating, "scrollViewDidEndScrollingAnimation cleared the flag")
        r.scrollRequest(h, top: 500.5, correction: true, jumpId: 1, now: r.tick)
        XCTAssertEqual(r.actions.last?.animated, false)
        XCTAssertEqual(r.sv.offset, 564.5, "a plain set, at once")
        XCTAssertFalse(r.sv.isAnimating)
        r.scrollRequest(h, top: 501.5, correction: true, jumpId: 1, now: r.tick)
        XCTAssertEqual(r.actions.last?.animated, true, "exactly 1 pt animates")
        XCTAssertTrue(r.sv.isAnimating)
        XCTAssertTrue(h.isJumpAnimating)
    }

    /// H3: ios resize restores offset then reaims clamped jump
    func testH3_ios_resizeRestoresOffsetThenReaimsClampedJump() {
        let r = Rig()
        let h = r.attach(IOSJumpHost())
        r.scrollRequest(h, top: 2100, correction: false, jumpId: 1, now: 0)
        r.run(60)
        XCTAssertEqual(r.sv.offset, 2048)
        r.webRowResized(h, to: 2300, now: r.tick)
        XCTAssertEqual(r.actions.map(\.kind), [.scroll, .reaim])
        XCTAssertEqual(r.actions.last, HostAction(jumpId: 1, kind: .reaim, target: 2164, animated: true, clamped: false))
        r.run(60)
        XCTAssertEqual(r.sv.offset, 2164)
        XCTAssertEqual(r.postY(2100), 0)
        // Neither animating nor clamped: a resize only restores the offset.
        r.webRowResized(h, to: 2500, now: r.tick)
        XCTAssertEqual(r.actions.count, 2)
        XCTAssertEqual(r.sv.offset, 2164)
    }

    /// H3: ios resize while animating restores offset and reaims
    func testH3_ios_resizeWhileAnimatingRestoresOffsetAndReaims() {
        let r = Rig()
        let h = r.attach(IOSJumpHost())
        r.scrollRequest(h, top: 500, correction: false, jumpId: 1, now: 0)
        r.run(12)
        let mid = r.sv.offset
        XCTAssertTrue(mid > -32 && mid < 564)
        r.webRowResized(h, to: 2100, now: r.tick)
        XCTAssertEqual(r.actions.last, HostAction(jumpId: 1, kind: .reaim, target: 564, animated: true, clamped: false))
        XCTAssertEqual(r.sv.animation?.motion.from, mid, "the restored offset is where the new animation starts")
        XCTAssertEqual(r.sv.animation?.startTick, 12)
        r.run(36)
        XCTAssertEqual(r.sv.offset, 564)
    }

    /// H3: ios reader drag clears active jump later corrections dropped
    func testH3_ios_readerDragClearsActiveJump_laterCorrectionsDropped() {
        let r = Rig()
        let h = r.attach(IOSJumpHost())
        r.scrollRequest(h, top: 2100, correction: false, jumpId: 1, now: 0)   // clamped
        r.run(10)
        h.readerWillBeginDragging(now: r.tick)
        XCTAssertNil(h.activeJumpId)
        XCTAssertFalse(h.isJumpAnimating)
        r.sv.stopAnimation()
        r.sv.offset = 300
        r.scrollRequest(h, top: 2200, correction: true, jumpId: 1, now: r.tick)
        XCTAssertEqual(r.actions.last, HostAction(jumpId: 1, kind: .drop))
        XCTAssertEqual(r.sv.offset, 300)
        // Nor does a resize re-aim the dropped jump, even though it was clamped.
        r.webRowResized(h, to: 2300, now: r.tick)
        XCTAssertEqual(r.actions.map(\.kind), [.scroll, .drop])
        XCTAssertEqual(r.sv.offset, 300)
        // A new jump is followed again.
        r.scrollRequest(h, top: 500, correction: false, jumpId: 2, now: r.tick)
        XCTAssertEqual(r.actions.last?.kind, .scroll)
        XCTAssertEqual(h.activeJumpId, 2)
    }

    /// H3: ios correction for another jump id dropped
    func testH3_ios_correctionForAnotherJumpIdDropped() {
        let r = Rig()
        let h = r.attach(IOSJumpHost())
        r.scrollRequest(h, top: 500, correction: false, jumpId: 2, now: 0)
        r.run(60)
        r.scrollRequest(h, top: 900, correction: true, jumpId: 1, now: r.tick)
        XCTAssertEqual(r.actions.last, HostAction(jumpId: 1, kind: .drop))
        XCTAssertEqual(r.sv.offset, 564)
        r.scrollRequest(h, top: 900, correction: true, jumpId: 2, now: r.tick)
        XCTAssertEqual(r.actions.last?.target, 964)
    }

    // MARK: H3 android

    /// H3: android jump smooth scrolls by with inset subtracted
    func testH3_android_jumpSmoothScrollsByWithInsetSubtracted() {
        let r = Rig()
        let h = r.attach(AndroidJumpHost(rangeMode: .exact))
        r.scrollRequest(h, top: 500, correction: false, jumpId: 1, now: 0)
        // requested = webViewTop 128 + top 500 − inset 32 = 596 (Android offset 0 = our −32).
        XCTAssertEqual(r.core, [HostAction(jumpId: 1, kind: .scroll, target: 564, animated: true, clamped: false)])
        XCTAssertEqual(r.sv.state, .settling)
        XCTAssertEqual(r.sv.animation?.motion.to, 564)
        XCTAssertEqual(h.pendingTop, 500)
        r.run(120)
        XCTAssertEqual(r.sv.offset, 564)
        XCTAssertEqual(r.postY(500), 0)
    }

    /// H3: android correction while idle is instant scroll by while settling smooth
    func testH3_android_correctionWhileIdleIsInstantScrollBy_whileSettlingSmooth() {
        let r = Rig()
        let h = r.attach(AndroidJumpHost(rangeMode: .exact))
        r.scrollRequest(h, top: 500, correction: false, jumpId: 1, now: 0)
        r.run(10)
        r.scrollRequest(h, top: 520, correction: true, jumpId: 1, now: r.tick)
        XCTAssertEqual(r.core.last, HostAction(jumpId: 1, kind: .scroll, target: 584, animated: true, clamped: false),
                       "a correction while settling is smooth")
        XCTAssertEqual(r.sv.animation?.startTick, 10)
        r.run(200)
        XCTAssertEqual(r.sv.state, .idle)
        XCTAssertEqual(r.sv.offset, 584)
        r.scrollRequest(h, top: 540, correction: true, jumpId: 1, now: r.tick)
        XCTAssertEqual(r.core.last, HostAction(jumpId: 1, kind: .scroll, target: 604, animated: false, clamped: false))
        XCTAssertEqual(r.sv.offset, 604, "instant scrollBy")
        XCTAssertFalse(r.sv.isAnimating)
        // A new jump while idle is smooth again.
        r.scrollRequest(h, top: 100, correction: false, jumpId: 2, now: r.tick)
        XCTAssertEqual(r.core.last?.animated, true)
        XCTAssertEqual(r.sv.state, .settling)
    }

    /// H3: android no reaim while settling to same aim
    func testH3_android_noReaimWhileSettlingToSameAim() {
        let r = Rig()
        let h = r.attach(AndroidJumpHost(rangeMode: .exact))
        r.scrollRequest(h, top: 500, correction: false, jumpId: 1, now: 0)
        r.run(20)
        r.scrollRequest(h, top: 500, correction: true, jumpId: 1, now: r.tick)
        XCTAssertEqual(r.core.count, 1, "already heading there: left alone")
        XCTAssertEqual(r.sv.animation?.startTick, 0, "the easing is not restarted")
    }

    /// H3: android correction after drag since jump dropped
    func testH3_android_correctionAfterDragSinceJumpDropped() {
        let r = Rig()
        let h = r.attach(AndroidJumpHost(rangeMode: .exact))
        r.scrollRequest(h, top: 500, correction: false, jumpId: 1, now: 0)
        r.run(200)
        h.readerWillBeginDragging(now: r.tick)
        XCTAssertEqual(h.dragCount, 1)
        r.sv.offset = 100
        r.scrollRequest(h, top: 540, correction: true, jumpId: 1, now: r.tick)
        XCTAssertEqual(r.core.last, HostAction(jumpId: 1, kind: .drop))
        XCTAssertEqual(r.sv.offset, 100)
        // A drag before a jump does not gate that jump.
        r.scrollRequest(h, top: 700, correction: false, jumpId: 2, now: r.tick)
        r.run(200)
        r.scrollRequest(h, top: 720, correction: true, jumpId: 2, now: r.tick)
        XCTAssertEqual(r.core.last, HostAction(jumpId: 2, kind: .scroll, target: 96 + 720 - 32, animated: false, clamped: false))
    }

    /// H3: android settles after row height changes
    func testH3_android_settlesAfterRowHeightChanges() {
        let r = Rig()
        let h = r.attach(AndroidJumpHost(rangeMode: .exact))
        r.scrollRequest(h, top: 2100, correction: false, jumpId: 1, now: 0)
        XCTAssertEqual(r.core.last, HostAction(jumpId: 1, kind: .scroll, target: 2048, animated: true, clamped: true))
        XCTAssertTrue(h.isClamped)
        r.run(400, host: h)
        XCTAssertEqual(r.sv.offset, 2048)
        r.webRowResized(h, to: 2300, now: r.tick)
        XCTAssertEqual(r.core.count, 1, "the settle is posted to the next frame")
        r.run(2, host: h)
        XCTAssertEqual(r.core.last, HostAction(jumpId: 1, kind: .settle, target: 2164, animated: false, clamped: false))
        XCTAssertEqual(r.sv.offset, 2164)
        XCTAssertEqual(r.postY(2100), 0)
        // The next height change finds the post in place: nothing to scroll, the pending top is forgotten.
        r.webRowResized(h, to: 2400, now: r.tick)
        r.run(2, host: h)
        XCTAssertNil(h.pendingTop)
        XCTAssertEqual(r.sv.offset, 2164)
    }

    /// H3: android pending top forgotten after10s
    func testH3_android_pendingTopForgottenAfter10s() {
        let r = Rig()
        let h = r.attach(AndroidJumpHost(rangeMode: .exact))
        r.scrollRequest(h, top: 2100, correction: false, jumpId: 1, now: 0)
        r.run(1300, host: h)
        XCTAssertEqual(h.pendingTop, 2100)
        r.webRowResized(h, to: 2300, now: r.tick)
        r.run(2, host: h)
        XCTAssertNil(h.pendingTop)
        XCTAssertEqual(r.core.count, 1)
        XCTAssertEqual(r.sv.offset, 2048)
    }

    // MARK: H3 naive

    /// H3: naive unclamped overscroll past max y
    func testH3_naive_unclampedOverscrollPastMaxY() {
        let r = Rig()
        let h = r.attach(NaiveJumpHost())
        r.scrollRequest(h, top: 2100, correction: false, jumpId: 1, now: 0)
        XCTAssertEqual(r.sv.offset, 2164)
        XCTAssertGreaterThan(r.sv.offset, r.sv.maxOffset)
        XCTAssertEqual(r.actions.last, HostAction(jumpId: 1, kind: .scroll, target: 2164, animated: false, clamped: false))
    }

    /// H3: naive pulls back after adrag
    func testH3_naive_pullsBackAfterADrag() {
        let r = Rig()
        let h = r.attach(NaiveJumpHost())
        r.scrollRequest(h, top: 500, correction: false, jumpId: 1, now: 0)
        h.readerWillBeginDragging(now: 10)
        r.sv.offset = 100
        r.scrollRequest(h, top: 520, correction: true, jumpId: 1, now: 20)
        XCTAssertEqual(r.sv.offset, 584, "the reader is pulled back to the post")
        XCTAssertEqual(r.actions.last?.kind, .scroll)
    }

    // MARK: H4

    /// H4: ios set content offset ease in out over0 3s
    func testH4_iosSetContentOffsetEaseInOutOver0_3s() {
        let r = Rig()
        let h = r.attach(IOSJumpHost())
        r.scrollRequest(h, top: 500, correction: false, jumpId: 1, now: 0)
        let a = r.sv.animation!.motion
        XCTAssertEqual(a.duration, 0.3)
        XCTAssertEqual(a.curve, .easeInOut)
        r.run(9)    // a quarter: ease-in-out is slower than linear there
        XCTAssertLessThan(r.sv.offset - (-32), 0.25 * 596)
        r.run(9)    // half way: symmetric curve
        XCTAssertEqual(r.sv.offset, (-32 + 564) / 2, accuracy: 0.5)
        r.run(17)
        XCTAssertTrue(r.sv.isAnimating)
        r.run(1)    // 36 ticks = 0.3 s
        XCTAssertFalse(r.sv.isAnimating)
        XCTAssertEqual(r.sv.offset, 564)
    }

    /// H4: android smooth scroll duration and quintic easing
    func testH4_androidSmoothScrollDurationAndQuinticEasing() {
        XCTAssertEqual(AndroidSmoothScroll.computeScrollDuration(dy: 768, height: 384), 900)
        XCTAssertEqual(AndroidSmoothScroll.computeScrollDuration(dy: -384, height: 384), 600)
        XCTAssertEqual(AndroidSmoothScroll.computeScrollDuration(dy: 596, height: 384), 765)
        XCTAssertEqual(AndroidSmoothScroll.computeScrollDuration(dy: 3000, height: 384), 2000, "capped at 2000 ms")
        let r = Rig()
        let h = r.attach(AndroidJumpHost(rangeMode: .exact))
        r.scrollRequest(h, top: 672, correction: false, jumpId: 1, now: 0)   // scrollBy 768
        XCTAssertEqual(r.sv.animation?.motion.androidScroll?.durationMs, 900)
        XCTAssertEqual(r.sv.animation?.motion.curve, .androidQuintic)
        // F9: over on the frame the position reaches the target: (1 − t)^5 ≤ ½ / 768 from 695 ms on.
        XCTAssertEqual(r.sv.animation?.motion.duration, VirtualClock.seconds(84))
        r.run(54)   // half time: (0.5 − 1)^5 + 1 = 0.96875 of the way, whole pixels
        XCTAssertEqual(r.sv.offset, -32 + 744)
        r.run(29)
        XCTAssertTrue(r.sv.isAnimating)
        XCTAssertEqual(r.sv.state, .settling)
        r.run(1)
        XCTAssertEqual(r.sv.offset, 96 + 672 - 32)
        XCTAssertEqual(r.sv.state, .idle, "IDLE at 700 ms, not at 900 ms")
        let far = Rig(web: 5000)
        let fh = far.attach(AndroidJumpHost())
        far.scrollRequest(fh, top: 3000, correction: false, jumpId: 1, now: 0)
        XCTAssertEqual(far.sv.animation?.motion.androidScroll?.durationMs, 2000)
    }

    // MARK: H5

    /// H5, F4: the pan engine reports every reader scroll with its input (touch past the slop,
    /// wheel, key); under the old rule (every-scroll) each is a drag for the hosts
    func testH5_F4_panReportsEveryReaderScrollWithItsInput() {
        let r = Rig()
        let ios = r.attach(IOSJumpHost())
        let android = AndroidJumpHost()
        let pan = PanEngine(target: ListPanTarget())
        var began: [Int] = []
        var inputs: [ScrollInput] = []
        // What the World does with the pan engine's effects: it hears each reader scroll.
        func drive(_ effects: [ScrollEffect], now: Int) {
            for case let .readerBegan(input, at) in effects {
                inputs.append(input)
                guard ReaderDragRule.everyScroll.isDrag(input, on: .ios) else { continue }
                began.append(at)
                ios.readerWillBeginDragging(now: at)
                android.readerWillBeginDragging(now: at)
            }
            r.apply(effects, now: now, fromHost: false)
        }
        func up(_ y: Double, _ now: Int) -> PanEngine.TouchResult {
            let (result, effects) = pan.touchUp(y: y, now: now, in: r.scene(now))
            drive(effects, now: now)
            return result
        }
        r.scrollRequest(ios, top: 500, correction: false, jumpId: 1, now: 0)
        r.run(60)
        // A tap is no drag.
        drive(pan.touchDown(y: 200, now: 100, in: r.scene(100)), now: 100)
        XCTAssertEqual(up(200, 101), .tap)
        XCTAssertEqual(began, [])
        // Within the 8 pt touch slop: not yet a drag; past it: one drag begins.
        drive(pan.touchDown(y: 200, now: 110, in: r.scene(110)), now: 110)
        drive(pan.touchMove(y: 206, now: 111, in: r.scene(111)), now: 111)
        XCTAssertEqual(began, [])
        drive(pan.touchMove(y: 190, now: 112, in: r.scene(112)), now: 112)
        drive(pan.touchMove(y: 150, now: 113, in: r.scene(113)), now: 113)
        XCTAssertEqual(began, [112])
        XCTAssertNil(ios.activeJumpId)
        XCTAssertEqual(android.dragCount, 1)
        _ = up(150, 140)
        // A wheel notch (and a key, which scrolls the same way) begins a drag too.
        drive(pan.easedScroll(by: 48, now: 200, in: r.scene(200)), now: 200)
        XCTAssertEqual(began.count, 2)
        drive(pan.fling(contentVelocity: 2000, now: 300, in: r.scene(300)), now: 300)
        XCTAssertEqual(began.count, 3)
        XCTAssertEqual(android.dragCount, 3)
        XCTAssertEqual(inputs, [.touch, .key, .key])
        XCTAssertFalse(ReaderDragRule.platform.isDrag(.key, on: .ios))
        // So the iOS host drops the jump's later corrections.
        r.scrollRequest(ios, top: 540, correction: true, jumpId: 1, now: 310)
        XCTAssertEqual(r.actions.last?.kind, .drop)
    }
}
