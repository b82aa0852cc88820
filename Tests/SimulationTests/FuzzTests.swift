import Foundation
import XCTest
import LiveblogModel
@testable import QA
@testable import Simulation
import Embed
import Host
import TestSupport

/// The scenario fuzzer (issue #7): thousands of random scenarios through the World, with the
/// trace invariants checked on every record. `LIVEBLOG_FUZZ_COUNT=N` runs more,
/// `LIVEBLOG_FUZZ_SEED=S` replays one scenario (the seed a failure prints).
final class FuzzTests: XCTestCase {
    static var env: [String: String] { ProcessInfo.processInfo.environment }

    /// Seeds to run: one from LIVEBLOG_FUZZ_SEED, else COUNT seeds from a base.
    static func seeds(defaultCount: Int, base: UInt64) -> [UInt64] {
        if let s = env["LIVEBLOG_FUZZ_SEED"], let seed = UInt64(s) { return [seed] }
        let n = env["LIVEBLOG_FUZZ_COUNT"].flatMap(Int.init) ?? defaultCount
        return (0..<UInt64(max(0, n))).map { base &+ $0 }
    }

    static let localImages: [String] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let images = root.appendingPathComponent("Assets/images").path
        return [images + "/pitch.png", images + "/corrupt.png", images + "/missing.png", images + "/make_images.py", "relative/none.png"]
    }()

    struct Result {
        var violations: [String]
        var checks: Int
        var pullBacks: Int
    }

    /// Runs one scenario with every invariant checked (the oracle `liveblog fuzz` uses too).
    static func run(seed: UInt64) -> (Scenario, Result) {
        let s = ScenarioFuzzer.scenario(seed: seed, localImages: localImages)
        let verdict = FuzzOracle.check(s)
        if env["LIVEBLOG_FUZZ_TRACE"] != nil {
            // Replay aid: the trace without frame lines.
            let lines = verdict.records.filter { if case .frame = $0.event { return false }; return true }.map(\.json)
            FileHandle.standardError.write((lines.joined(separator: "\n") + "\n").data(using: .utf8)!)
        }
        return (s, Result(violations: verdict.violations, checks: verdict.checks, pullBacks: verdict.pullBacks))
    }

    /// The seeds run on every core (`ParallelSeeds`, which prints a crashing scenario's seed); the
    /// results are checked here in the seeds' order, as when they ran one after another.
    func testFuzz_randomScenariosKeepTheTraceInvariants() {
        let seeds = FuzzTests.seeds(defaultCount: 2000, base: 1)
        if seeds.count == 1 {
            // Replaying one seed: show the scenario.
            let s = ScenarioFuzzer.scenario(seed: seeds[0], localImages: FuzzTests.localImages)
            var text = "fuzz seed \(seeds[0]): " + ScenarioFuzzer.describe(s) + "\n"
            for e in s.events { text += "  at \(e.at): \(e.event)\n" }
            FileHandle.standardError.write(text.data(using: .utf8)!)
        }
        var checks = 0, failed = 0, records = 0
        var kinds: [String: [UInt64]] = [:]
        let results = ParallelSeeds.map(seeds) { FuzzTests.run(seed: $0) }
        for (seed, (s, r)) in zip(seeds, results) {
            checks += r.checks
            if !r.violations.isEmpty {
                failed += 1
                for v in Set(r.violations.map(FuzzOracle.kind)) { kinds[v, default: []].append(seed) }
                if failed <= 5 {
                    XCTFail("fuzz seed \(seed) (replay: LIVEBLOG_FUZZ_SEED=\(seed) swift test --filter FuzzTests): "
                            + ScenarioFuzzer.describe(s) + "\n  " + r.violations.prefix(5).joined(separator: "\n  "))
                }
            }
            records += Int(s.duration * 60)
        }
        for (k, v) in kinds.sorted(by: { $0.value.count > $1.value.count }) {
            print("fuzz: \(v.count)× \(k) (seeds \(v.prefix(8).map(String.init).joined(separator: ", ")))")
        }
        print("fuzz: \(seeds.count) scenarios, \(checks) invariant checks, ~\(records) frames, \(failed) failing")
    }

    /// The same seed gives the same trace (reproducible replays).
    func testFuzz_sameSeedSameTrace() {
        for seed: UInt64 in [3, 17, 99] {
            let a = ScenarioRunner(scenario: ScenarioFuzzer.scenario(seed: seed, localImages: FuzzTests.localImages))
            a.run()
            let b = ScenarioRunner(scenario: ScenarioFuzzer.scenario(seed: seed, localImages: FuzzTests.localImages))
            b.run()
            XCTAssertEqual(a.records.map(\.json), b.records.map(\.json), "seed \(seed)")
        }
    }
}
