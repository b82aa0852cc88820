import XCTest
import LiveblogModel
import VirtualTime
@testable import QA
@testable import Simulation

/// Q2: `count` matches trace lines by their fields; the fields a record gives without JSON
/// (`TraceRecord.fields`) are the ones its `json` line parses to, on every record of every bundled
/// scenario and of fuzzed ones (every kind of line, every optional field).
final class TraceFieldsTests: XCTestCase {
    func check(_ records: [TraceRecord], _ name: String) throws {
        for r in records {
            let parsed = try JSONParser.parse(r.json)
            XCTAssertEqual(JSONValue.object(r.fields), parsed, "\(name): \(r.json)")
        }
    }

    func testQ2_aRecordsFieldsAreItsTraceLinesParsed() throws {
        let dir = GoldenTraceTests.root.appendingPathComponent("Assets/scenarios")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }
        XCTAssertGreaterThan(names.count, 20)
        var kinds = Set<String>()
        for n in names.sorted() {
            let runner = ScenarioRunner(scenario: try Scenario.load(path: dir.appendingPathComponent(n).path))
            runner.run()
            kinds.formUnion(runner.records.map(\.event.kind))
            try check(runner.records, n)
        }
        for seed in UInt64(1)...40 {
            let runner = ScenarioRunner(scenario: ScenarioFuzzer.scenario(seed: seed, localImages: FuzzTests.localImages))
            runner.run()
            kinds.formUnion(runner.records.map(\.event.kind))
            try check(runner.records, "fuzz \(seed)")
        }
        XCTAssertTrue(kinds.isSuperset(of: ["hook", "host", "layout", "hold-end", "input", "console", "nav", "frame"]),
                      "every kind of line was compared: \(kinds.sorted())")
    }
}

/// Q14, H5: the pull-backs the World decides as it writes the trace are the ones the rule finds
/// again in the trace's lines (what `metrics`, `plot` and `--compare` read).
final class WorldPullBackTests: XCTestCase {
    func testQ14_theWorldsPullBacksAreTheOnesItsTraceShows() throws {
        var withPullBacks = 0
        for seed in UInt64(1)...120 {
            let runner = ScenarioRunner(scenario: ScenarioFuzzer.scenario(seed: seed, localImages: FuzzTests.localImages))
            runner.run()
            let decided = runner.world.pullBacks
            XCTAssertEqual(decided, PullBacks.find(records: runner.records), "seed \(seed)")
            let lines = TraceLine.lines(of: runner.records)
            XCTAssertEqual(decided.pullBacks.map(VirtualClock.milliseconds), PullBacks.find(lines: lines).pullBacks,
                           "seed \(seed)")
            if !decided.pullBacks.isEmpty { withPullBacks += 1 }
        }
        XCTAssertGreaterThan(withPullBacks, 0, "some fuzzed runs pull the reader back (naive)")
    }
}
