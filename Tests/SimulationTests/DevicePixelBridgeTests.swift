import XCTest
import LiveblogModel
@testable import QA
@testable import Simulation
@testable import Embed
@testable import Host
import VirtualTime
import TestSupport

/// D3 (pixels), D4 (the bridge) and D5 (the terminal device's column and image cap).
extension DeviceSpecTests {
    func isWhole(_ x: Double, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(x, x.rounded(), accuracy: 1e-6, what, file: file, line: line)
    }

    // MARK: D3

    func testD3_androidRequestsRoundToIntOfTopTimesDensityPlusTheViewsOffsetAndScrollsWholePx() {
        for d in [DeviceProfile.pixel8, .galaxyS24] {
            let (w, records) = world(d, bridgeDelay: 0)
            let k = d.density
            // The web view's top in the RecyclerView before the call (offsetDescendantRectToMyCoords).
            let viewTopPx = Int(((w.list.webRowY - w.scrollView.offset) * k).rounded())
            let insetPx = Int((w.scrollView.insetTop * k).rounded())
            w.send(.jump(id: "ev-019", topOffset: nil))
            guard let top = hooks(records()).first?.top, let a = hosts(records()).first?.action,
                  let px = a.pixels else { return XCTFail("no hook and host lines on \(d.name)") }
            // Kotlin: TypedValue.applyDimension(COMPLEX_UNIT_DIP, top.toFloat(), metrics).roundToInt()
            let topPx = Int((Float(top) * Float(k)).rounded(.toNearestOrAwayFromZero))
            XCTAssertEqual(px.requested, viewTopPx + topPx - insetPx, d.name)
            XCTAssertEqual(px.density, k)
            XCTAssertNotEqual(Double(px.requested ?? 0), (w.list.webRowY + top) * k, "px differ from pt × density")
            // The smooth scroll moves the list in whole px of the device, every tick.
            var steps = 0
            while w.scrollView.isAnimating && steps < 600 {
                w.advance(to: w.tick + 1)
                isWhole((w.scrollView.offset + w.scrollView.insetTop) * k, "\(d.name) offset in px at tick \(w.tick)")
                steps += 1
            }
            XCTAssertGreaterThan(steps, 10, "\(d.name): a smooth scroll ran")
        }
    }

    func testD3_iosOffsetsAreMultiplesOfOneOverScale() {
        for d in [DeviceProfile.iphone15, .iphoneSE] {
            let (w, records) = world(d, network: .threeG)
            w.send(.jump(id: "ev-019", topOffset: nil))
            for _ in 0..<(4 * 120) {
                w.advance(to: w.tick + 1)
                isWhole(w.scrollView.offset * d.density, "\(d.name) offset × scale at tick \(w.tick)")
            }
            let targets = hosts(records()).compactMap(\.action.target)
            XCTAssertFalse(targets.isEmpty)
            for t in targets { isWhole(t * d.density, "\(d.name) host target \(t)") }
            XCTAssertNotNil(hosts(records()).first?.action.pixels, "the trace shows px")
        }
    }

    func testD3_aSlowDragIsNotLostToThePixelGrid() {
        for d in [DeviceProfile.pixel8, .iphone15] {
            let (w, _) = world(d)
            w.send(.jump(id: "ev-030", topOffset: nil))
            w.advance(to: w.tick + 4 * 120)
            let start = w.scrollView.offset
            // 48 pt in 2 s: 0.2 pt a tick, under half a pixel at 2.625 px/pt.
            let y0 = 400.0
            w.send(.pointer(phase: .down, x: 200, y: y0))
            for k in 1...240 {
                w.advance(to: w.tick + 1)
                w.send(.pointer(phase: .move, x: 200, y: y0 - 48 * Double(k) / 240))
                isWhole(w.scrollView.offset * d.density, "\(d.name) a dragged offset is on the grid")
            }
            XCTAssertEqual(w.scrollView.offset - start, 48, accuracy: 1, d.name)
            w.send(.pointer(phase: .up, x: 200, y: y0 - 48))
        }
    }

    // MARK: D4

    func testD4_bridgeDelayIsTheFramesBetweenHookAndHostPerPlatform() {
        let cases: [(DeviceProfile, Platform, Int?, Int)] = [
            (.pixel8, .android, nil, 2), (.iphone15, .ios, nil, 1), (.iphone15, .naive, nil, 0),
            (.pixel8, .android, 5, 5), (.terminal, .ios, nil, 0),
        ]
        for (d, p, override, frames) in cases {
            let (w, records) = world(d, platform: p, bridgeDelay: override)
            w.send(.jump(id: "ev-019", topOffset: nil))
            w.advance(to: w.tick + 60)
            guard let h = hooks(records()).first, let a = hosts(records()).first else {
                XCTFail("\(d.name)/\(p): no hook and host lines")
                continue
            }
            XCTAssertEqual(a.tick - h.tick, frames * VirtualClock.ticksPerFrame, "\(d.name)/\(p) delay \(frames)")
        }
        XCTAssertEqual(BridgeDelivery.frames(for: .android), 2)
        XCTAssertEqual(BridgeDelivery.frames(for: .ios), 1)
    }

    /// D4's consequence for the samples: a drag that begins while the jump's first call is still
    /// crossing the bridge is not seen by the handler's gate (the drag counter and `activeJumpId`
    /// are read when the call arrives), so the app scrolls to the post after the reader's drag.
    func testD4_aDragWhileTheFirstCallIsInFlightDoesNotStopTheJump() {
        for d in [DeviceProfile.pixel8, .iphone15] {
            let (w, records) = world(d)
            w.send(.jump(id: "ev-019", topOffset: nil))
            w.send(.pointer(phase: .down, x: 200, y: 400))
            w.advance(to: w.tick + 1)
            for k in 1...6 {
                w.send(.pointer(phase: .move, x: 200, y: 400 - 10 * Double(k)))
                w.advance(to: w.tick + 1)
            }
            w.send(.pointer(phase: .up, x: 200, y: 340))
            w.advance(to: w.tick + 120)
            let drag = records().first { if case .input(.dragBegin, _, _) = $0.event { return true } else { return false } }
            guard let hook = hooks(records()).first, let host = hosts(records()).first, let drag else {
                return XCTFail("\(d.name): no hook, host or drag line")
            }
            XCTAssertLessThan(hook.tick, drag.tick, d.name)
            XCTAssertLessThan(drag.tick, host.tick, "\(d.name): the call arrives after the drag began")
            XCTAssertEqual(host.action.kind, .scroll, "\(d.name): and the app scrolls to the post")
        }
    }

    // MARK: D5

    func testD5_terminalDeviceKeepsA90ColumnReadingColumnAndCapsImagesAt60Percent() {
        let (w, _) = world(.terminal, cols: 200, rows: 24)
        XCTAssertEqual(w.emulatedPage!.contentColumns, 90)
        XCTAssertEqual(w.viewCols, 92)
        let cap = (0.6 * w.viewportHeight).rounded(.down)
        XCTAssertEqual(w.emulatedPage!.imageCap, cap)
        var images = 0, capped = 0
        for item in w.page.items(from: 0, to: w.page.contentHeight) {
            guard case .media(let m, _) = item.kind, m.kind == .image else { continue }
            images += 1
            XCTAssertLessThanOrEqual(item.height, cap)
            if item.height == cap { capped += 1 }
        }
        XCTAssertGreaterThan(images, 0)
        XCTAssertGreaterThan(capped, 0, "a 16:9 photo at 720 pt is 405 pt: the cap binds at 24 rows")
        // --column
        var c = w.config
        c.column = 60
        let narrow = World(liveblog: DeviceSpecTests.sample, config: c)
        XCTAssertEqual(narrow.emulatedPage!.contentColumns, 60)
        // Narrower terminals than the column: the terminal's width, as before.
        let (small, _) = world(.terminal, cols: 80, rows: 24)
        XCTAssertEqual(small.emulatedPage!.contentColumns, 78)
        // A resize changes the cap with the viewport.
        w.send(.resize(cols: 200, rows: 60))
        XCTAssertEqual(w.emulatedPage!.imageCap, (0.6 * 960).rounded(.down))
    }
}

/// The fuzzer's scenarios on every device (D1–D5): every trace invariant holds with the bridge
/// delivering at once; with each platform's delay the only new findings are pull-backs, each of
/// a jump whose call was still crossing the bridge when the reader's drag began (D4: the samples
/// gate on the drags their handler has seen, and a call in flight has not seen it yet).
final class DeviceFuzzTests: XCTestCase {
    func testD1_D5_fuzzScenariosOnEveryDeviceKeepTheTraceInvariants() {
        let seeds = FuzzTests.seeds(defaultCount: 140, base: 9_000)
        // Each seed on its own (ParallelSeeds runs them on every core), collected in the seeds' order.
        let findings: [(failures: [String], inFlight: Bool)] = ParallelSeeds.map(seeds) { seed in
            var failures: [String] = []
            var s = ScenarioFuzzer.scenario(seed: seed, localImages: FuzzTests.localImages)
            let d = DeviceProfile.all[Int(seed % UInt64(DeviceProfile.all.count))]
            s.config.device = d
            let delayed = FuzzOracle.check(s)
            s.config.bridgeDelay = 0
            let atOnce = FuzzOracle.check(s)
            if !atOnce.violations.isEmpty {
                failures.append("seed \(seed) on \(d.name), delay 0: \(atOnce.violations.prefix(2))")
            }
            let other = delayed.violations.filter { !$0.hasPrefix("pull-back after a reader drag") }
            if !other.isEmpty { failures.append("seed \(seed) on \(d.name): \(other.prefix(2))") }
            return (failures, delayed.violations.count > other.count)
        }
        let failures = findings.flatMap(\.failures)
        let inFlight = findings.filter(\.inFlight).count
        XCTAssertTrue(failures.isEmpty, failures.prefix(8).joined(separator: "\n"))
        let count = seeds.count
        XCTAssertLessThanOrEqual(inFlight * 100, max(count, 100), "pull-backs of calls in flight are rare (≤ 1 %)")
    }
}
