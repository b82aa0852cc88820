import Foundation
import TestSupport
import XCTest
@testable import QA
@testable import Simulation

/// Golden traces (issue 10): the trace of every bundled scenario is kept in
/// `Tests/SimulationTests/GoldenTraces/<name>.jsonl` and compared byte for byte, and the traces of
/// 200 fuzzer scenarios are kept as 64-bit FNV-1a digests in `fuzz-digests.txt`. A change of
/// behaviour shows in the diff and is made on purpose: `LIVEBLOG_UPDATE_GOLDEN=1 swift test`
/// rewrites the files; read the diff before committing it.
final class GoldenTraceTests: XCTestCase {
    static let root = URL(fileURLWithPath: TestPaths.root)
    static let goldenDir = root.appendingPathComponent("Tests/SimulationTests/GoldenTraces")

    static func trace(_ scenario: Scenario) -> String {
        let runner = ScenarioRunner(scenario: scenario)
        var lines = ""
        runner.traceLine = { lines += $0; lines += "\n" }
        runner.run()
        return lines
    }

    static func fnv1a(_ s: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in s.utf8 {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01B3
        }
        return h
    }

    func testBundledScenarioTracesAreByteIdentical() throws {
        let dir = GoldenTraceTests.root.appendingPathComponent("Assets/scenarios")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 20)
        for name in names {
            let scenario = try Scenario.load(path: dir.appendingPathComponent(name).path)
            let golden = GoldenTraceTests.goldenDir.appendingPathComponent(name.replacingOccurrences(of: ".json", with: ".jsonl"))
            Golden.assertMatches(GoldenTraceTests.trace(scenario), path: golden.path, what: "the trace of \(name)")
        }
    }

    func testFuzzScenarioTraceDigestsAreUnchanged() throws {
        let file = GoldenTraceTests.goldenDir.appendingPathComponent("fuzz-digests.txt")
        var lines: [String] = []
        for seed in UInt64(1)...200 {
            let s = ScenarioFuzzer.scenario(seed: seed, localImages: FuzzTests.localImages)
            let text = GoldenTraceTests.trace(s)
            lines.append("\(seed) \(String(GoldenTraceTests.fnv1a(text), radix: 16)) \(text.utf8.count)")
        }
        // A line a seed: its digest and its trace's length in bytes.
        Golden.assertMatches(lines.joined(separator: "\n") + "\n", path: file.path,
                             what: "the fuzz traces (seed digest bytes)")
    }
}
