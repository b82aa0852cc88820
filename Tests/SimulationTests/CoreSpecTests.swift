import XCTest
import LiveblogModel
@testable import QA
@testable import Simulation
import Embed
import Host

/// World-level proofs of U3, E2, E10 (60 Hz), E16, H5 and I1 (the same seed, the same trace).
/// Default world: 80 × 24 cells, insets 2 / 1 rows, 6 native header rows (96 pt) above the web row.
final class CoreSpecTests: XCTestCase {

    final class Recorder { var records: [TraceRecord] = [] }

    private func world(_ c: WorldConfig, _ lb: Liveblog = fixture()) -> (World, Recorder) {
        let w = World(liveblog: lb, config: c)
        let rec = Recorder()
        w.sink = { rec.records.append($0) }
        return (w, rec)
    }

    private func events(_ rec: Recorder, _ kind: String) -> [TraceRecord] { rec.records.filter { $0.event.kind == kind } }

    private func holdEnds(_ rec: Recorder) -> [String] {
        rec.records.compactMap { if case let .holdEnd(_, why) = $0.event { return why.rawValue }; return nil }
    }

    // MARK: U3

    /// U3: row rshows content at offset plus16r plus8
    func testU3_rowRShowsContentAtOffsetPlus16rPlus8() {
        let (w, _) = world(config(network: .offline))
        XCTAssertEqual(w.scrollView.offset, -32)
        XCTAssertEqual(w.rowContent(0), .empty)              // y = −32 + 8 < 0: under the bar, above the content
        XCTAssertEqual(w.rowContent(2), .nativeHeader(0))    // y = 8
        XCTAssertEqual(w.rowContent(7), .nativeHeader(5))    // y = 88
        XCTAssertEqual(w.rowContent(8), .page(8))            // y = 104, the web row starts at 96
        w.send(.listOffset(100.5))
        XCTAssertEqual(w.rowContent(0), .page(12.5))         // 100.5 + 8 − 96
        XCTAssertEqual(w.rowContent(3), .page(60.5))
        // A 16 pt line [L, L + 16) of the page shows on exactly one row at every sub-row offset.
        for k in 0..<32 {
            w.send(.listOffset(200 + Double(k) * 0.5))     // rows 0–23 show page y 112.x … 480.x
            for lineTop in stride(from: 128.0, to: 464, by: 16) {
                let rows = (0..<24).filter { (r: Int) -> Bool in
                    if case .page(let y) = w.rowContent(r) { return y >= lineTop && y < lineTop + 16 }
                    return false
                }
                XCTAssertEqual(rows.count, 1, "offset \(w.scrollView.offset), line at \(lineTop)")
            }
        }
    }

    // MARK: E2

    private func resizeDelay(latency: Int) -> (layoutTick: Int, grownTick: Int, old: Double, new: Double) {
        var c = config(network: .offline)
        c.page.resizeLatency = latency
        let r = simulate(fixture(), c, duration: 2, events: [.init(at: 1.0, event: .load("m1"))])
        let layout = r.records.first { if case .layout(_, "image") = $0.event { return true }; return false }!
        guard case let .layout(newHeight, _) = layout.event else { fatalError() }
        var old = -1.0, grown = -1
        for rec in r.records {
            guard let h = rec.event.frameValue(.webHeight) else { continue }
            if rec.tick <= layout.tick { old = h }
            if h == newHeight, grown < 0 { grown = rec.tick }
        }
        return (layout.tick, grown, old, newHeight)
    }

    /// E2: host hears of layout change resize latency frames later
    func testE2_hostHearsOfLayoutChangeResizeLatencyFramesLater() {
        let d2 = resizeDelay(latency: 2)
        XCTAssertEqual(d2.layoutTick, 120)
        XCTAssertNotEqual(d2.old, d2.new)
        XCTAssertEqual(d2.grownTick, d2.layoutTick + 2 * VirtualClock.ticksPerFrame, "default: two frames")
        let d3 = resizeDelay(latency: 3)
        XCTAssertEqual(d3.grownTick, d3.layoutTick + 3 * VirtualClock.ticksPerFrame)
        XCTAssertEqual(WorldConfig().page.resizeLatency, 2)
    }

    // MARK: E10 at 60 Hz

    /// E10: corrections checked at60 hz at most one call per frame
    func testE10_correctionsCheckedAt60Hz_atMostOneCallPerFrame() {
        let r = simulate(fixture(), config(platform: .ios), duration: 12,
                         events: [.init(at: 0.1, event: .jump(id: "p30", topOffset: nil))])
        var ticks: [Int] = []
        var corrections = 0
        for rec in r.records { if case let .hook(_, _, c, _, _) = rec.event { ticks.append(rec.tick); if c { corrections += 1 } } }
        XCTAssertGreaterThan(corrections, 0, "3g loads above p30 move it")
        XCTAssertEqual(Set(ticks).count, ticks.count, "at most one call per frame")
        // Corrections come from the page's frames: every second 120 Hz tick.
        for rec in r.records { if case .hook(_, _, true, _, _) = rec.event { XCTAssertEqual(rec.tick % VirtualClock.ticksPerFrame, 0) } }
    }

    // MARK: I1

    /// I1: same seed same trace
    func testI1_sameSeedSameTrace() {
        func run(_ seed: UInt64) -> [String] {
            var c = config(platform: .android)
            c.page.networkSeed = seed
            return simulate(fixture(), c, duration: 6, events: [.init(at: 0.1, event: .jump(id: "p30", topOffset: nil))])
                .records.map(\.json)
        }
        let a = run(7), b = run(7), c = run(8)
        XCTAssertGreaterThan(a.count, 300)
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a, c)
    }

    // MARK: E16

    /// A held jump where nothing moves: p0 aimed above the list's top (clamped at minY), offline.
    private func heldWorld() -> (World, Recorder) {
        let (w, rec) = world(config(platform: .ios, network: .offline))
        w.advance(to: 2)
        w.send(.jump(id: "p0", topOffset: 200))
        w.advance(to: 60)
        XCTAssertEqual(w.scrollView.offset, -32)
        XCTAssertNotNil(w.page.held)
        return (w, rec)
    }

    private func tap(_ w: World, row: Int, col: Int = 40) {
        let x = Double(col) * 8 + 4, y = Double(row) * 16 + 8
        w.send(.pointer(phase: .down, x: x, y: y))
        w.send(.pointer(phase: .up, x: x, y: y))
    }

    /// E16: tap on web row ends hold with reason input
    func testE16_tapOnWebRowEndsHoldWithReasonInput() {
        let (w, rec) = heldWorld()
        guard case .page = w.rowContent(12) else { return XCTFail("row 12 should show the page") }
        tap(w, row: 12)
        XCTAssertEqual(holdEnds(rec), ["input"])
        XCTAssertNil(w.page.held)
    }

    /// E16: tap on native row does not end hold
    func testE16_tapOnNativeRowDoesNotEndHold() {
        let (w, rec) = heldWorld()
        XCTAssertEqual(w.rowContent(4), .nativeHeader(2))
        tap(w, row: 4)
        XCTAssertTrue(events(rec, "input").contains { if case .input(.tap, _, _) = $0.event { return true }; return false })
        XCTAssertEqual(holdEnds(rec), [])
        XCTAssertNotNil(w.page.held)
    }

    /// E16: wheel over web row ends hold over native row does not
    func testE16_wheelOverWebRowEndsHold_overNativeRowDoesNot() {
        let (w, rec) = heldWorld()
        w.send(.wheel(notches: 1, row: (4 * 16 + 8 - 8) / 16, col: (324 - 4) / 8))
        XCTAssertEqual(holdEnds(rec), [], "a wheel over a native row")
        w.advance(to: 120)
        w.send(.wheel(notches: 1, row: (14 * 16 + 8 - 8) / 16, col: (324 - 4) / 8))
        XCTAssertEqual(holdEnds(rec), ["input"])
    }

    /// E16: drag the list takes over does not end hold
    func testE16_dragTheListTakesOverDoesNotEndHold() {
        let (w, rec) = heldWorld()
        let x = 324.0, y0 = 12 * 16 + 8.0
        w.send(.pointer(phase: .down, x: x, y: y0))
        for k in 1...30 { w.advance(to: 60 + k); w.send(.pointer(phase: .move, x: x, y: y0 - Double(k) * 5)) }
        w.send(.pointer(phase: .up, x: x, y: y0 - 150))
        XCTAssertTrue(events(rec, "input").contains { if case .input(.dragBegin, _, _) = $0.event { return true }; return false })
        XCTAssertEqual(holdEnds(rec), [])
        XCTAssertNotNil(w.page.held)
        XCTAssertGreaterThan(w.scrollView.offset, -32)
    }

    // MARK: H5

    /// H5: reader drag is will begin dragging ios drops later corrections
    func testH5_readerDragIsWillBeginDragging_iosDropsLaterCorrections() {
        let (w, rec) = world(config(platform: .ios, network: .offline))
        w.advance(to: 2)
        w.send(.jump(id: "p30", topOffset: nil))
        w.advance(to: 120)
        XCTAssertEqual(w.postY("p30") ?? -1, 0, accuracy: 0.001)
        let x = 324.0, y0 = 12 * 16 + 8.0
        w.send(.pointer(phase: .down, x: x, y: y0))
        for k in 1...20 { w.advance(to: 120 + k); w.send(.pointer(phase: .move, x: x, y: y0 + Double(k) * 5)) }
        w.advance(to: 160)                   // a pause before release: no fling (P1)
        w.send(.pointer(phase: .up, x: x, y: y0 + 100))
        w.advance(to: 400)
        let after = w.scrollView.offset
        w.send(.load("m1"))     // an image above p30 grows: a correction
        w.advance(to: 420)
        let hostActions = rec.records.compactMap { r -> HostAction? in if case .host(let a) = r.event { return a }; return nil }
        XCTAssertEqual(hostActions.last?.kind, .drop)
        XCTAssertTrue(rec.records.contains { if case .hook(1, _, true, _, _) = $0.event { return true }; return false })
        XCTAssertEqual(w.scrollView.offset, after, "no pull-back after the reader's drag")
    }

    // MARK: E11, E12 in the world

    /// E11: removed while media still loading hold ends removed and late loads are ignored
    func testE11_removedWhileMediaStillLoading_holdEndsRemovedAndLateLoadsAreIgnored() {
        let r = simulate(fixture(), config(platform: .ios, network: .threeG), duration: 6,
                         events: [.init(at: 0.1, event: .jump(id: "p30", topOffset: nil)),
                                  .init(at: 0.2, event: .remove)])
        let ends = r.records.compactMap { rec -> String? in if case let .holdEnd(_, why) = rec.event { return why.rawValue }; return nil }
        XCTAssertEqual(ends, ["removed"])
        let removedAt = r.records.first { if case .holdEnd = $0.event { return true }; return false }!.tick
        XCTAssertFalse(r.records.contains { if case .hook = $0.event { return $0.tick > removedAt }; return false })
        XCTAssertTrue(r.world.emulatedPage!.removed)
    }

    /// E12: nested mode without hook page scrolls itself and keeps post in place
    func testE12_nestedModeWithoutHookPageScrollsItselfAndKeepsPostInPlace() {
        var c = config(platform: .ios, network: .threeG, hook: nil)
        c.mode = .nested
        let r = simulate(fixture(), c, duration: 9,
                         events: [.init(at: 0.1, event: .jump(id: "p30", topOffset: nil))],
                         expect: [.landsAt(post: "p30", y: 0, tolerance: 0, by: 0.2),
                                  .still(post: "p30", from: 0.2, until: 8.0, tolerance: 0)])
        let out = r.evaluate()
        XCTAssertTrue(out.allSatisfy(\.passed), out.map(\.detail).joined(separator: "; "))
        XCTAssertFalse(r.records.contains { if case .hook = $0.event { return true }; return false })
        XCTAssertTrue(r.records.contains { if case .layout(_, "image") = $0.event { return true }; return false },
                      "images above the post did load during the hold")
    }
}
