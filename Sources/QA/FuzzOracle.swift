import Foundation
import Embed
import Simulation

/// The fuzzer's oracle (issue 7, F7): runs a scenario with every trace invariant checked
/// (`TraceInvariants`) and the pull-back rule of H5, and says what was violated. The fuzz tests
/// and `liveblog fuzz` use it alike.
public enum FuzzOracle {
    public struct Verdict {
        public var violations: [String]
        /// How many invariant checks were made.
        public var checks: Int
        public var pullBacks: Int
        /// The run's records (for replay aids).
        public var records: [TraceRecord]
        public var failed: Bool { !violations.isEmpty }
    }

    public static func check(_ s: Scenario) -> Verdict {
        let runner = ScenarioRunner(scenario: s)
        let inv = TraceInvariants(world: runner.world)
        inv.attach()
        runner.run()
        var violations = inv.violations
        // After a reader drag, no host scroll for an earlier jump (ios, android; two-parameter
        // hooks: a one-parameter hook's calls carry no jumpId, so the host cannot tell, E8).
        let pulls = runner.pullBacks()
        let twoParam = runner.records.contains { hookArgs($0) == 2 }
        // F5: a one-parameter hook swapped in mid-hold gets the jump's two arguments but declares
        // no `info` to forward, so the app sees a jump call too.
        let swappedInOneParam = runner.records.contains {
            guard case let .setting("hook", src) = $0.event else { return false }
            return (try? HookSignature(parsing: src))?.arity == 1
        }
        let oneParam = swappedInOneParam || s.config.hook?.arity == 1
            || runner.records.contains { hookArgs($0) == 1 }
        // naive pulls back by design (H3), also after a switch to it (p).
        let everNaive = s.config.platform == .naive
            || runner.records.contains { $0.event == .setting(name: "platform", value: "naive") }
        if !everNaive, twoParam, !oneParam, let first = pulls.first {
            violations.append("pull-back after a reader drag at t=\(TraceRecord.time(first)) "
                              + "(\(pulls.count) host scrolls for an earlier jump)")
        }
        return Verdict(violations: violations, checks: inv.checks + 2, pullBacks: pulls.count,
                       records: runner.records)
    }

    private static func hookArgs(_ r: TraceRecord) -> Int? {
        if case .hook(_, _, _, let args, _) = r.event { return args }
        return nil
    }

    /// A violation without its numbers and its trace line: the kind of failure, to count kinds
    /// and to keep a shrunk scenario failing the same way.
    public static func kind(_ v: String) -> String {
        let head = v.components(separatedBy: ": {").first ?? v
        let shape = head.drop(while: { $0 != " " }).map { $0.isNumber || $0 == "." || $0 == "-" ? "#" : $0 }
        var s = String(shape)
        while s.contains("##") { s = s.replacingOccurrences(of: "##", with: "#") }
        return s
    }
}
