import LiveblogModel
import Simulation
import VirtualTime

/// What the expectations of docs/contract.md and Q2 are evaluated on (issue 43): a run of the World
/// (`ScenarioRunner`) or an app's own log (`AppLogAudit`, A2). One evaluator, one set of
/// refusals (Q9), one report: only where the frames, lines and jumps come from differs.
protocol ExpectationSource: AnyObject {
    /// The expectations, their names and xfails, the name and the duration.
    var scenario: Scenario { get }
    /// The watched posts' y in every frame (nil: not laid out).
    var series: [String: [(tick: Int, y: Double?)]] { get }
    /// The watched values in every frame.
    var values: [Scenario.ValueKind: [(tick: Int, v: Double)]] { get }
    /// The trace's lines other than frames (and frames when a `count` reads them).
    var records: [TraceRecord] { get }
    /// The pull-back rule's finding (`PullBacks`, Q14).
    var pullBackFinding: PullBacks.Finding { get }
    /// Jumps 1 … jumpsMade were made (Q9: a `jumpId` beyond them is refused).
    var jumpsMade: Int { get }
    /// Q9: the largest whole scroll range of any frame, in pt.
    var widestScrollRange: Double { get }
    /// Q17: the line kinds (and layout causes) the page cannot write: a page without the
    /// reference embed's report channel writes no hold-end lines, nor live, removed or stream
    /// layouts. Empty: it can write them all.
    var unwritableLines: (kinds: Set<String>, causes: Set<String>, why: String) { get }
}

extension ExpectationSource {
    var unwritableLines: (kinds: Set<String>, causes: Set<String>, why: String) { ([], [], "") }
}

extension ExpectationSource {
    /// Every expectation's result, in order, each with its index and name (its stable id, Q4), and
    /// its xfail (Q13): its own, or its scenario's when it fails.
    func evaluateExpectations() -> [ExpectationResult] {
        scenario.expectations.enumerated().map { i, e in
            var r = evaluate(e)
            r.index = i
            r.name = i < scenario.expectationNames.count ? scenario.expectationNames[i] : nil
            var own = i < scenario.expectationXfails.count ? scenario.expectationXfails[i] : nil
            if i < scenario.expectationXfailEngines.count, let engines = scenario.expectationXfailEngines[i],
               !engines.contains(scenario.runEngine) {
                own = nil
            }
            r.xfail = own ?? (r.passed ? nil : scenario.xfail)
            r.refusal = refusal(e, "expect[\(i)]")
            return r
        }
    }

    /// The run's nav lines, for Q6's "never found".
    var navs: [(tick: Int, id: String, result: String)] {
        records.compactMap { r in
            if case let .nav(id, result, _) = r.event { return (r.tick, id, result) }
            return nil
        }
    }

    func evaluate(_ e: Scenario.Expectation) -> ExpectationResult {
        let T = VirtualClock.ticks
        switch e {
        case let .landsAt(post, target, tol, by): return landsAt(post, target, tol, by)
        case let .still(post, from, until, tol): return still(post, from, until, tol)
        case let .holdEnds(reason, by): return holdEnds(reason, by)
        case let .valueAt(k, at, v, tol): return valueAt(k, at, v, tol)
        case let .valueMoving(k, from, until): return valueMoving(k, from, until)
        case let .valueStill(k, from, until, tol): return valueStill(k, from, until, tol)
        case let .valueWithin(k, from, until, lo, hi): return valueWithin(k, from, until, lo, hi)
        case let .noPullBackAfterDrag(expected): return noPullBack(expected)
        case let .postWithin(post, from, until, lo, hi):
            return PostChecks.within(post, series[post] ?? [], from: T(from), until: T(until), lo: lo, hi: hi, navs: navs)
        case let .settlesBy(post, by, tol):
            return PostChecks.settlesBy(post, series[post] ?? [], by: T(by), tolerance: tol, navs: navs)
        case let .count(pattern, from, until, lo, hi):
            return TraceChecks.count(records, pattern.objectPairs ?? [], from: T(from ?? 0),
                                     until: T(until ?? scenario.duration), min: lo, max: hi)
        case let .noHost(jumpId, after): return TraceChecks.noHost(records, jumpId: jumpId, after: T(after))
        }
    }

}
