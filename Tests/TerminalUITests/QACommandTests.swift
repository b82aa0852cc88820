import Foundation
import XCTest
@testable import QA
import Simulation
import TestSupport

/// F6, F7 through the binary: `simulate` on a directory with --jobs and --shard, `--compare`,
/// `fuzz`, and their usage errors.
final class QACommandTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        _ = try Requirement.liveblogBinary()
        dir = NSTemporaryDirectory() + "/qa-cli-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir + "/suite", withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// Runs the binary; its exit status and stdout.
    func run(_ args: [String]) -> (status: Int32, out: String) {
        let r = Subprocess.output(Fixture.binary, args, timeout: 300)
        return (r.code, r.out)
    }

    /// Twelve fuzz scenarios with expectations, written as files.
    @discardableResult
    func writeSuite() throws -> Int {
        var expectations = 0
        for seed in 0..<12 {
            var s = ScenarioFuzzer.scenario(seed: UInt64(700 + seed))
            // Q9: noPullBackAfterDrag only where the scenario can jump and scroll.
            s.expectations = (s.mayJump && s.mayScroll ? [.noPullBackAfterDrag(true)] : [])
                + [.holdEnds(reason: .timeout, by: s.duration)]
            expectations += s.expectations.count
            try ScenarioWriter.text(s).write(toFile: dir + "/suite/s\(seed).json", atomically: true, encoding: .utf8)
        }
        return expectations
    }

    func testF7_simulateDirectoryWithJobsAndShards() throws {
        let expectations = try writeSuite()
        let one = run(["simulate", dir + "/suite", "--jobs", "1", "--report", "junit"])
        let two = run(["simulate", dir + "/suite", "--jobs", "2", "--report", "junit"])
        // The same report whatever --jobs, but for the wall times (Q12: real times, the clock's).
        func timeless(_ xml: String) -> String {
            xml.replacingOccurrences(of: #"time="[0-9.]+""#, with: "time", options: .regularExpression)
        }
        XCTAssertEqual(timeless(one.out), timeless(two.out))
        XCTAssertTrue(one.out.contains("time=\"0.0"), "wall times, not zeros")
        XCTAssertEqual(one.status, two.status)
        XCTAssertTrue([0, 1].contains(one.status))
        XCTAssertEqual(one.out.components(separatedBy: "<testsuite ").count - 1, 12)
        XCTAssertEqual(one.out.components(separatedBy: "<testcase ").count - 1, expectations)
        XCTAssertGreaterThan(expectations, 12)
        func suites(_ xml: String) -> [String] {
            xml.components(separatedBy: "<testsuite name=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        }
        let a = suites(run(["simulate", dir + "/suite", "--shard", "1/2", "--report", "junit"]).out)
        let b = suites(run(["simulate", dir + "/suite", "--shard", "2/2", "--report", "junit"]).out)
        XCTAssertEqual(a.count, 6)
        XCTAssertEqual((a + b).sorted(), suites(one.out).sorted())
        XCTAssertEqual(Set(a + b).count, 12)
        // The text report ends with the totals.
        let text = run(["simulate", dir + "/suite/s1.json", dir + "/suite/s2.json"]).out
        XCTAssertTrue(text.contains("2 scenarios: "), text)
    }

    func testF7_usageErrors() throws {
        try writeSuite()
        XCTAssertEqual(run(["simulate", dir + "/suite", "--trace", "-"]).status, 64)
        XCTAssertEqual(run(["simulate", dir + "/suite", "--shard", "3/2"]).status, 64)
        XCTAssertEqual(run(["simulate", dir + "/suite", "--compare", "ios,android"]).status, 64)
        XCTAssertEqual(run(["simulate", dir + "/suite", dir + "/nothing-here"]).status, 66)
        XCTAssertEqual(run(["compare", "--platforms", "ios"]).status, 64)
    }

    /// F6: the table for a 3g jump, a row per platform.
    func testF6_simulateCompareTable() {
        let r = run(["simulate", Fixture.repoRoot + "/Assets/scenarios/ios-3g-landing.json",
                     "--compare", "ios,android,naive"])
        let rows = r.out.split(separator: "\n")
        XCTAssertEqual(rows.count, 4, r.out)
        XCTAssertEqual(rows.dropFirst().map { String($0.prefix { $0 != " " }) }, ["ios", "android", "naive"])
        XCTAssertTrue(rows[0].contains("landed") && rows[0].contains("pull-backs") && rows[0].contains("final y"))
    }

    func testF7_fuzzCommandRunsScenarios() {
        let r = run(["fuzz", "--count", "3", "--seed", "100", "--out", dir + "/failures"])
        XCTAssertEqual(r.status, 0, r.out)
        XCTAssertTrue(r.out.contains("fuzz: 3 scenarios from seed 100, 0 failing, 0 files written"), r.out)
    }
}
