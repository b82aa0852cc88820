import Foundation
import XCTest
@testable import QA
@testable import Simulation

/// Golden traces (issue 10): the trace of every bundled scenario is kept in
/// `Tests/SimulationTests/GoldenTraces/<name>.jsonl` and compared byte for byte, and the traces of
/// 200 fuzzer scenarios are kept as 64-bit FNV-1a digests in `fuzz-digests.txt`. A change of
/// behaviour shows in the diff and is made on purpose: `LIVEBLOG_UPDATE_GOLDEN=1 swift test`
/// rewrites the files; read the diff before committing it.
final class GoldenTraceTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let goldenDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("GoldenTraces")
    static var update: Bool { ProcessInfo.processInfo.environment["LIVEBLOG_UPDATE_GOLDEN"] == "1" }

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
        try FileManager.default.createDirectory(at: GoldenTraceTests.goldenDir, withIntermediateDirectories: true)
        for name in names {
            let scenario = try Scenario.load(path: dir.appendingPathComponent(name).path)
            let text = GoldenTraceTests.trace(scenario)
            let golden = GoldenTraceTests.goldenDir.appendingPathComponent(name.replacingOccurrences(of: ".json", with: ".jsonl"))
            if GoldenTraceTests.update || !FileManager.default.fileExists(atPath: golden.path) {
                try text.write(to: golden, atomically: true, encoding: .utf8)
                if !GoldenTraceTests.update { XCTFail("golden trace for \(name) was missing and has been written") }
                continue
            }
            let expected = try String(contentsOf: golden, encoding: .utf8)
            if expected == text { continue }
            let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let b = text.split(separator: "\n", omittingEmptySubsequences: false)
            var detail = "line counts \(a.count) vs \(b.count)"
            for i in 0..<max(a.count, b.count) {
                let x = i < a.count ? String(a[i]) : "<none>", y = i < b.count ? String(b[i]) : "<none>"
                if x != y { detail = "line \(i + 1):\n  golden: \(x)\n  actual: \(y)"; break }
            }
            XCTFail("\(name): trace differs from its golden trace (LIVEBLOG_UPDATE_GOLDEN=1 rewrites it)\n\(detail)")
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
        let actual = lines.joined(separator: "\n") + "\n"
        if GoldenTraceTests.update || !FileManager.default.fileExists(atPath: file.path) {
            try FileManager.default.createDirectory(at: GoldenTraceTests.goldenDir, withIntermediateDirectories: true)
            try actual.write(to: file, atomically: true, encoding: .utf8)
            if !GoldenTraceTests.update { XCTFail("fuzz-digests.txt was missing and has been written") }
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        let differing = zip(expected, lines).filter { $0 != $1 }.map { "golden \($0) / actual \($1)" }
        XCTAssertEqual(expected.count, lines.count)
        XCTAssertTrue(differing.isEmpty, "fuzz traces changed (seed digest bytes):\n" + differing.prefix(10).joined(separator: "\n"))
    }
}
