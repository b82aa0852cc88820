import Foundation
import XCTest
import LiveblogModel
@testable import QA
@testable import Simulation
import Embed
import Host

/// The seed of the scenario being run, for the crash handler (a crash kills the test process, so
/// the seed is written to stderr from the signal handler with write(2)).
// nonisolated(unsafe): written by the fuzz loop, read only by the crash handler of the same process.
nonisolated(unsafe) var fuzzCurrentSeed: UInt64 = 0

private func installFuzzCrashReporter() {
    let handler: @convention(c) (Int32) -> Void = { sig in
        var buf = [UInt8]("\nfuzz: crashed in scenario seed ".utf8)
        var digits: [UInt8] = []
        var n = fuzzCurrentSeed
        repeat { digits.append(UInt8(48 + n % 10)); n /= 10 } while n > 0
        buf += digits.reversed()
        buf += Array("; replay with LIVEBLOG_FUZZ_SEED=".utf8) + digits.reversed() + [10]
        _ = buf.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        signal(sig, SIG_DFL)
        raise(sig)
    }
    for s in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] { signal(s, handler) }
}

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
        fuzzCurrentSeed = seed
        let s = ScenarioFuzzer.scenario(seed: seed, localImages: localImages)
        let verdict = FuzzOracle.check(s)
        if env["LIVEBLOG_FUZZ_TRACE"] != nil {
            // Replay aid: the trace without frame lines.
            let lines = verdict.records.filter { if case .frame = $0.event { return false }; return true }.map(\.json)
            FileHandle.standardError.write((lines.joined(separator: "\n") + "\n").data(using: .utf8)!)
        }
        return (s, Result(violations: verdict.violations, checks: verdict.checks, pullBacks: verdict.pullBacks))
    }

    func testFuzz_randomScenariosKeepTheTraceInvariants() {
        installFuzzCrashReporter()
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
        for seed in seeds {
            let (s, r) = FuzzTests.run(seed: seed)
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
