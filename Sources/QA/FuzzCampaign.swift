import Foundation
import Simulation

/// `liveblog fuzz` (F7): random scenarios through the oracle, and each failing one shrunk to
/// a minimal scenario that fails the same way, ready to write as a scenario file.
public enum FuzzCampaign {
    public struct Failure {
        public var seed: UInt64
        /// The first violation of the original run; its kind is what the shrunk scenario keeps.
        public var violation: String
        public var original: Scenario
        /// The shrunk scenario, as its file reads back (nil when even the original does not fail
        /// once written: the file format cannot hold what made it fail).
        public var shrunk: Scenario?
        public var shrinkSteps: Int
    }

    /// Runs seeds `seed ..< seed + count`; `onScenario` is told of each seed as it finishes.
    public static func run(count: Int, seed: UInt64, maxShrinkSteps: Int = 2_000,
                           onScenario: (UInt64, Failure?) -> Void = { _, _ in }) -> [Failure] {
        var failures: [Failure] = []
        for i in 0..<UInt64(max(0, count)) {
            let s = seed &+ i
            let f = check(seed: s, maxShrinkSteps: maxShrinkSteps)
            if let f { failures.append(f) }
            onScenario(s, f)
        }
        return failures
    }

    /// One seed: nil when its scenario keeps every invariant.
    public static func check(seed: UInt64, maxShrinkSteps: Int = 2_000) -> Failure? {
        let scenario = ScenarioFuzzer.scenario(seed: seed)
        let verdict = FuzzOracle.check(scenario)
        guard let first = verdict.violations.first else { return nil }
        let kind = FuzzOracle.kind(first)
        let result = shrink(scenario, keepingKind: kind, maxSteps: maxShrinkSteps)
        return Failure(seed: seed, violation: first, original: scenario, shrunk: result?.value,
                       shrinkSteps: result?.accepted ?? 0)
    }

    /// Shrinks `s` to the smallest scenario whose file still fails with a violation of `kind`;
    /// nil when the file of `s` itself does not.
    public static func shrink(_ s: Scenario, keepingKind kind: String,
                              maxSteps: Int = 2_000) -> Shrinker.Result<Scenario>? {
        shrinkFile(s, maxSteps: maxSteps) { read in
            FuzzOracle.check(read).violations.contains { FuzzOracle.kind($0) == kind }
        }
    }

    /// Shrinks `s` to the smallest scenario whose file, read back, still satisfies `fails`; the
    /// result is what the file holds (numbers to three decimals). nil when the file of `s`
    /// itself does not satisfy `fails`.
    public static func shrinkFile(_ s: Scenario, maxSteps: Int = 2_000,
                                  fails: (Scenario) -> Bool) -> Shrinker.Result<Scenario>? {
        func failsAsFile(_ c: Scenario) -> Bool {
            guard let read = try? ScenarioWriter.roundTrip(c) else { return false }
            return fails(read)
        }
        guard let start = try? ScenarioWriter.roundTrip(s), failsAsFile(start) else { return nil }
        var r = ScenarioShrink.minimize(start, maxSteps: maxSteps, fails: failsAsFile)
        if let read = try? ScenarioWriter.roundTrip(r.value) { r.value = read }
        return r
    }

    /// Writes the shrunk scenario (or, when it could not be shrunk, the original) to
    /// `directory/fuzz-SEED.json`; returns the path.
    public static func write(_ f: Failure, directory: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var s = f.shrunk ?? f.original
        s.name = "fuzz seed \(f.seed): \(FuzzOracle.kind(f.violation).trimmingCharacters(in: .whitespaces))"
        let path = (directory as NSString).appendingPathComponent("fuzz-\(f.seed).json")
        try ScenarioWriter.text(s).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
