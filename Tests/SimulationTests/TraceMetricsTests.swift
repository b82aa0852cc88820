import Foundation
import XCTest
import VirtualTime
@testable import QA
@testable import Simulation

/// Q5: `liveblog metrics` from a trace. The bundled 3g scenarios' metrics are checked against the
/// same numbers computed here straight from the runner's records (no JSON, no TraceMetrics), and
/// a hand-written trace pins every definition (README, "Metrics and plots").
final class TraceMetricsTests: XCTestCase {
    static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/scenarios")

    /// What the frames and records say, computed without TraceReader or TraceMetrics.
    struct FromFrames {
        var startMs = 0
        var landMs: Int?
        var settleMs: Int?
        var finalY: Double?
        var largestAfterLanding: Double?
        var corrections = 0
        var drops = 0
        var holdEnd: (String, Int)?
    }

    static func fromRecords(_ records: [TraceRecord], post: String, tolerance: Double) -> FromFrames {
        var r = FromFrames()
        var ys: [(Int, Double?)] = []
        for rec in records {
            let ms = VirtualClock.milliseconds(rec.tick)
            switch rec.event {
            case let .nav(id, result, _) where id == post && result == "found": r.startMs = ms
            case let .frame(_, id, y, _) where id == post: ys.append((ms, y))
            case let .hook(_, _, correction, _, threw) where correction && !threw: r.corrections += 1
            case let .host(a) where a.kind == .drop: r.drops += 1
            case let .holdEnd(_, reason): r.holdEnd = (reason.rawValue, ms)
            default: break
            }
        }
        var landIndex: Int?
        for (i, p) in ys.enumerated() where landIndex == nil {
            if let y = p.1, abs(y) <= tolerance { landIndex = i }
        }
        if let li = landIndex {
            r.landMs = ys[li].0
            r.largestAfterLanding = ys[(li + 1)...].compactMap { $0.1.map(abs) }.max()
        }
        r.finalY = ys.last?.1
        if let f = r.finalY {
            // The earliest frame from which every frame to the end is within tolerance of f.
            for i in 0..<ys.count where r.settleMs == nil {
                if ys[i...].allSatisfy({ $0.1 != nil && abs($0.1! - f) <= tolerance }) { r.settleMs = ys[i].0 }
            }
        }
        return r
    }

    func run(_ name: String) throws -> (records: [TraceRecord], text: String) {
        let s = try Scenario.load(path: TraceMetricsTests.scenarios.appendingPathComponent(name).path)
        let runner = ScenarioRunner(scenario: s)
        var text = ""
        runner.traceLine = { text += $0 + "\n" }
        runner.run()
        return (runner.records, text)
    }

    func testQ5_metricsOfTheBundled3gScenariosEqualWhatTheFramesSay() throws {
        for name in ["ios-3g-landing.json", "android-3g-landing.json"] {
            let (records, text) = try run(name)
            let m = try TraceMetrics.compute(TraceReader.read(text))
            let e = TraceMetricsTests.fromRecords(records, post: "ev-019", tolerance: 16)
            XCTAssertEqual(m.post, "ev-019", name)
            XCTAssertEqual(m.jumpId, 1, name)
            XCTAssertEqual(m.startMilliseconds, e.startMs, name)
            XCTAssertEqual(m.landed?.milliseconds, e.landMs, name)
            XCTAssertEqual(m.settled?.milliseconds, e.settleMs, name)
            XCTAssertEqual(m.settled?.value, e.finalY, name)
            XCTAssertEqual(m.largestAfterLanding?.value, e.largestAfterLanding, name)
            XCTAssertEqual(m.corrections, e.corrections, name)
            XCTAssertEqual(m.dropped, e.drops, name)
            XCTAssertEqual(m.holdEndReason, e.holdEnd?.0, name)
            XCTAssertEqual(m.holdEndMilliseconds, e.holdEnd?.1, name)
            XCTAssertNotNil(m.landed, "\(name): the post lands")
            XCTAssertGreaterThan(m.corrections, 0, "\(name): 3g images correct the jump")
            XCTAssertEqual(m.pullBacks, [], name)
            XCTAssertEqual(m.timeToLand, Double(e.landMs! - e.startMs) / 1000, name)
            XCTAssertEqual(m.settleTime, Double(e.settleMs! - e.startMs) / 1000, name)
        }
    }

    /// A trace written by hand: two jumps, a post not laid out at first, an overshoot, a drag, a
    /// dropped correction and a pull-back after the drag, and a hold ended by the next jump.
    static let handTrace = """
        {"t":0.0,"ev":"frame","offset":0.0,"webOffset":0.0,"webHeight":1000.0}
        {"t":0.1,"ev":"nav","id":"A","result":"found","via":"api"}
        {"t":0.1,"ev":"hook","jumpId":1,"top":500.0,"correction":false,"args":2}
        {"t":0.1,"ev":"host","jumpId":1,"action":"scroll","target":500.0,"animated":true,"clamped":false}
        {"t":0.116,"ev":"frame","offset":0.0,"webOffset":0.0,"webHeight":1000.0,"post":{"id":"A"}}
        {"t":0.133,"ev":"frame","offset":0.0,"webOffset":0.0,"webHeight":1000.0,"post":{"id":"A","y":300.0}}
        {"t":0.15,"ev":"frame","offset":0.0,"webOffset":0.0,"webHeight":1000.0,"post":{"id":"A","y":10.0}}
        {"t":0.166,"ev":"frame","offset":0.0,"webOffset":0.0,"webHeight":1000.0,"post":{"id":"A","y":-40.0}}
        {"t":0.2,"ev":"hook","jumpId":1,"top":600.0,"correction":true,"args":2}
        {"t":0.2,"ev":"host","jumpId":1,"action":"scroll","target":600.0,"animated":true,"clamped":false}
        {"t":0.216,"ev":"frame","offset":0.0,"webOffset":0.0,"webHeight":1000.0,"post":{"id":"A","y":100.0}}
        {"t":0.3,"ev":"input","kind":"drag-begin"}
        {"t":0.4,"ev":"hook","jumpId":1,"top":700.0,"correction":true,"args":2}
        {"t":0.4,"ev":"host","jumpId":1,"action":"drop"}
        {"t":0.45,"ev":"hook","jumpId":1,"top":700.0,"correction":true,"args":2,"threw":true}
        {"t":0.5,"ev":"hook","jumpId":1,"top":710.0,"correction":true,"args":2}
        {"t":0.5,"ev":"host","jumpId":1,"action":"reaim","target":710.0,"animated":true,"clamped":false}
        {"t":0.516,"ev":"frame","offset":0.0,"webOffset":0.0,"webHeight":1000.0,"post":{"id":"A","y":5.0}}
        {"t":0.533,"ev":"frame","offset":0.0,"webOffset":0.0,"webHeight":1000.0,"post":{"id":"A","y":2.0}}
        {"t":0.55,"ev":"frame","offset":0.0,"webOffset":0.0,"webHeight":1000.0,"post":{"id":"A","y":3.0}}
        {"t":0.6,"ev":"nav","id":"B","result":"found","via":"api"}
        {"t":0.6,"ev":"hold-end","jumpId":1,"reason":"new-jump"}
        {"t":0.6,"ev":"hook","jumpId":2,"top":900.0,"correction":false,"args":2}
        {"t":0.616,"ev":"frame","offset":0.0,"webOffset":0.0,"webHeight":1000.0,"post":{"id":"B","y":50.0}}

        """

    func testQ5_everyMetricOnAHandWrittenTrace() throws {
        let lines = try TraceReader.read(TraceMetricsTests.handTrace)
        let a = try TraceMetrics.compute(lines, options: .init(post: "A"))
        XCTAssertEqual(a.startMilliseconds, 100)
        XCTAssertEqual(a.jumpId, 1)
        XCTAssertEqual(a.frames, 8)
        XCTAssertEqual(a.framesNotLaidOut, 1)
        XCTAssertEqual(a.landed, .init(milliseconds: 150, value: 10))
        XCTAssertEqual(a.timeToLand, 0.05)
        XCTAssertEqual(a.largestAfterLanding, .init(milliseconds: 216, value: 100))
        XCTAssertEqual(a.settled, .init(milliseconds: 516, value: 3))
        XCTAssertEqual(a.settleTime, 0.416)
        XCTAssertEqual(a.overshoot, .init(milliseconds: 166, value: 40))
        XCTAssertEqual(a.corrections, 3, "the correction whose hook threw never reached the app")
        XCTAssertEqual(a.dropped, 1)
        XCTAssertEqual(a.followed, 2)
        XCTAssertEqual(a.reaims, 1)
        XCTAssertEqual(a.pullBacks, [500])
        XCTAssertEqual(a.holdEndReason, "new-jump")
        XCTAssertEqual(a.holdEndMilliseconds, 600)
        XCTAssertTrue(a.text.contains("pull-backs                 1, first at t=0.5"), a.text)

        let b = try TraceMetrics.compute(lines)
        XCTAssertEqual(b.post, "B", "the default is the latest jump's post")
        XCTAssertEqual(b.jumpId, 2)
        XCTAssertNil(b.landed)
        XCTAssertEqual(b.settled, .init(milliseconds: 616, value: 50))
        XCTAssertNil(b.holdEndReason)
        XCTAssertEqual(b.json["timeToLand"], .null)
        XCTAssertEqual(b.json["settleTime"]?.doubleValue, 0.016)

        // A tighter tolerance: A lands later and settles at y=3 only from t=0.55 on.
        let tight = try TraceMetrics.compute(lines, options: .init(post: "A", tolerance: 0.5))
        XCTAssertNil(tight.landed)
        XCTAssertEqual(tight.settled?.milliseconds, 550)
        XCTAssertThrowsError(try TraceMetrics.compute(lines, options: .init(post: "Z"))) {
            XCTAssertEqual($0 as? TraceMetrics.Failure, .noFrames(post: "Z"))
        }
    }

    func testQ5_aMalformedTraceNamesItsLine() {
        XCTAssertThrowsError(try TraceReader.read("{\"t\":0.0,\"ev\":\"frame\"}\n{\"t\":0.1,\"ev\":")) {
            XCTAssertEqual(($0 as? TraceReadError)?.line, 2)
        }
        XCTAssertThrowsError(try TraceReader.read("{\"t\":1.0,\"ev\":\"frame\"}\n\n{\"t\":0.5,\"ev\":\"frame\"}")) {
            XCTAssertEqual(($0 as? TraceReadError)?.description, "line 3: t=0.5 comes before t=1.0 above it")
        }
        XCTAssertThrowsError(try TraceReader.read("[1]")) { XCTAssertEqual(($0 as? TraceReadError)?.line, 1) }
        XCTAssertThrowsError(try TraceReader.read("{\"ev\":\"frame\"}")) {
            XCTAssertEqual(($0 as? TraceReadError)?.message, "\"t\" must be a number of seconds")
        }
    }

    func testQ8_theChartHoldsEverySampleMarkAndTheTarget() throws {
        let lines = try TraceReader.read(TraceMetricsTests.handTrace)
        let m = try TraceMetrics.compute(lines, options: .init(post: "A"))
        let c = JumpChart(trace: lines, metrics: m)
        XCTAssertEqual(c.samples.count, 8)
        XCTAssertEqual(c.marks.map(\.kind), [.jump, .correction, .input, .correction, .drop, .correction,
                                             .correction, .reaim, .pullBack, .jump, .holdEnd],
                       "the next jump, which ended the hold, shows too")
        XCTAssertEqual(c.drags.map(\.from), [300], "the drag runs to the chart's end: it never ended")
        XCTAssertEqual(c.tolerance, 16)
        XCTAssertLessThanOrEqual(c.yLow, -40)
        XCTAssertGreaterThanOrEqual(c.yHigh, 300)
        XCTAssertLessThanOrEqual(c.t0, 100)
        XCTAssertGreaterThanOrEqual(c.t1, 600, "the hold's end (after the next nav line) is on the chart")
        XCTAssertTrue(c.yTicks.contains(0))
        XCTAssertTrue(c.yTicks.allSatisfy { $0 >= c.yLow && $0 <= c.yHigh })
        let svg = SVGPlot.svg(c)
        XCTAssertTrue(svg.contains("time (s, virtual)"))
        XCTAssertTrue(svg.contains("y (pt): post top below the bar"))
        XCTAssertTrue(svg.contains("target y=0 (under the bar)"))
        for k in JumpChart.MarkKind.allCases { XCTAssertTrue(svg.contains(k.legend), k.legend) }
    }
}
