import Foundation
import XCTest
import LiveblogModel
@testable import QA
@testable import Simulation
import Embed
import Host

/// F7: the QA runner. 50 generated scenarios (fuzz scenarios with expectations, some failing)
/// in a temporary directory: run on two threads they report what they report one by one; the
/// shards of a split cover each scenario exactly once.
final class QARunnerTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "/qa-runner-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// Scenario `seed` with expectations that read posts, hold ends, pull-backs and values.
    static func scenario(seed: UInt64) -> Scenario {
        var s = ScenarioFuzzer.scenario(seed: seed)
        let d = s.duration
        // Q9: noPullBackAfterDrag only where the scenario can jump and scroll, and a range
        // narrower than the list's (a check that cannot fail is refused).
        s.expectations = (s.mayJump && s.mayScroll ? [.noPullBackAfterDrag(true)] : [])
            + [.valueWithin(.offset, from: 0, until: d, lo: -60, hi: 60), .holdEnds(reason: .timeout, by: d)]
        if let p = s.liveblog.posts.first {
            s.expectations.append(.landsAt(post: p.id, y: 0, tolerance: 16, by: d))
        }
        return s
    }

    /// Writes 50 scenario files (and returns their sorted paths).
    func writeSuite(count: Int = 50) throws -> [String] {
        var paths: [String] = []
        for seed in 0..<UInt64(count) {
            let path = dir + "/scenario-\(seed).json"
            try ScenarioWriter.text(QARunnerTests.scenario(seed: 500 + seed)).write(toFile: path, atomically: true,
                                                                                   encoding: .utf8)
            paths.append(path)
        }
        return paths.sorted()
    }

    func testF7_fiftyScenariosOnTwoThreadsReportAsOneByOne() throws {
        let written = try writeSuite()
        let paths = try ScenarioSuite.collect([dir])
        XCTAssertEqual(paths, written)
        // One by one: each file loaded and run by itself.
        let oneByOne = paths.map { ScenarioSuite.runOne($0) }
        let parallel = ScenarioSuite.run(paths, jobs: 2)
        XCTAssertEqual(parallel, oneByOne)
        for format in ReportFormat.allCases {
            XCTAssertEqual(SuiteReport.render(parallel, format: format),
                           SuiteReport.render(oneByOne, format: format), format.rawValue)
        }
        // The suite has passes and failures, so the comparison means something.
        let outcomes = parallel.flatMap(\.outcomes)
        XCTAssertTrue(outcomes.contains { $0.passed } && outcomes.contains { !$0.passed })
        let junit = SuiteReport.render(parallel, format: .junit)
        let invalid = parallel.filter { $0.invalid != nil }.count
        XCTAssertLessThan(invalid, 10, "most scenarios are valid")
        XCTAssertEqual(junit.components(separatedBy: "<testcase ").count - 1, outcomes.count + invalid,
                       "a test case per expectation, and one per invalid scenario")
        XCTAssertEqual(junit.components(separatedBy: "<testsuite ").count - 1, 50)
        XCTAssertTrue(junit.contains("<testsuites "))
    }

    func testF7_shardsCoverEachScenarioOnce() throws {
        let paths = try writeSuite(count: 11)
        for n in 1...4 {
            let shards = (1...n).map { ScenarioSuite.shard(paths, index: $0, of: n) }
            XCTAssertEqual(shards.flatMap { $0 }.sorted(), paths, "\(n) shards")
            XCTAssertLessThanOrEqual((shards.map(\.count).max() ?? 0) - (shards.map(\.count).min() ?? 0), 1)
        }
        // Stable: a path's shard follows from the sorted list, not the order the paths came in.
        XCTAssertEqual(ScenarioSuite.shard(try ScenarioSuite.collect(paths.reversed()), index: 2, of: 3),
                       ScenarioSuite.shard(paths, index: 2, of: 3))
        XCTAssertNil(ScenarioSuite.parseShard("3/2"))
        XCTAssertNil(ScenarioSuite.parseShard("0/2"))
        XCTAssertNil(ScenarioSuite.parseShard("1"))
        XCTAssertEqual(ScenarioSuite.parseShard("2/5")?.index, 2)
    }

    /// An invalid file is an `<error>` test case and an INVALID line; the others still run.
    func testF7_invalidScenarioIsReportedNotFatal() throws {
        _ = try writeSuite(count: 2)
        try "{\"liveblog\": 3}".write(toFile: dir + "/bad.json", atomically: true, encoding: .utf8)
        let entries = ScenarioSuite.run(try ScenarioSuite.collect([dir]), jobs: 3)
        XCTAssertEqual(entries.count, 3)
        XCTAssertNotNil(entries[0].invalid, "bad.json sorts first")
        XCTAssertTrue(SuiteReport.render(entries, format: .junit).contains("<error message="))
        XCTAssertTrue(SuiteReport.render(entries, format: .text).contains("1 invalid"))
        XCTAssertEqual(entries[1...].filter { $0.invalid == nil }.count, 2)
    }
}
