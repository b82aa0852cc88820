import LiveblogModel
import Embed
import Simulation
import VirtualTime

/// The section-9 expectations and the per-frame value expectations, each one function (issue
/// 10), each result with the expected and the observed value as numbers and the time the
/// observation is from (Q4); a post that has no y says why (Q6: never found, or not laid out).
extension ExpectationSource {
    func fmt(_ d: Double) -> String { JSONWriter.number(d) }
    private func t(_ tick: Int) -> String { TraceRecord.time(tick) }
    private func s(_ tick: Int) -> Double { VirtualClock.stampSeconds(tick) }

    private func y(of post: String, atOrBefore tick: Int) -> (tick: Int, y: Double?)? {
        (series[post] ?? []).last { $0.tick <= tick }
    }

    func landsAt(_ post: String, _ target: Double, _ tol: Double, _ by: Double) -> ExpectationResult {
        let desc = "post \(post) lands at y=\(fmt(target)) ±\(fmt(tol)) by t=\(fmt(by))"
        let tick = VirtualClock.ticks(by)
        func result(_ passed: Bool, _ detail: String, _ observed: JSONValue) -> ExpectationResult {
            ExpectationResult(kind: "landsAt", description: desc, passed: passed, detail: detail, expected: .number(target),
                    observed: observed, at: by)
        }
        guard let p = y(of: post, atOrBefore: tick) else { return result(false, "no frame by then", .null) }
        guard let y = p.y else { return result(false, PostChecks.absence(post, at: p.tick, navs: navs), .null) }
        return result(abs(y - target) <= tol, "y=\(fmt(y)) at t=\(fmt(by))", .number(y))
    }

    func still(_ post: String, _ from: Double, _ until: Double, _ tol: Double) -> ExpectationResult {
        let desc = "post \(post) still within ±\(fmt(tol)) from t=\(fmt(from)) until t=\(fmt(until))"
        let a = VirtualClock.ticks(from), b = VirtualClock.ticks(until)
        let pts = (series[post] ?? []).filter { $0.tick >= a && $0.tick <= b }
        func result(_ passed: Bool, _ detail: String, _ observed: JSONValue, _ tick: Int) -> ExpectationResult {
            ExpectationResult(kind: "stillFrom", description: desc, passed: passed, detail: detail, expected: .number(tol),
                    observed: observed, at: s(tick))
        }
        guard let first = pts.first else { return result(false, "no frames in the window", .null, a) }
        guard let y0 = first.y else {
            return result(false, PostChecks.absence(post, at: first.tick, navs: navs), .null, first.tick)
        }
        var worst = 0.0, worstTick = first.tick
        for p in pts {
            guard let y = p.y else {
                return result(false, "the post left the layout at t=\(t(p.tick))", .null, p.tick)
            }
            if abs(y - y0) > worst {
                worst = abs(y - y0)
                worstTick = p.tick
            }
        }
        return result(worst <= tol, "y=\(fmt(y0)) at start, moved at most \(fmt(worst)) (at t=\(t(worstTick)))",
                      .number(worst), worstTick)
    }

    func holdEnds(_ reason: HoldEndReason, _ by: Double) -> ExpectationResult {
        let desc = "a hold ends (\(reason.rawValue)) by t=\(fmt(by))"
        let tick = VirtualClock.ticks(by)
        var ends: [String] = []
        var seen: [JSONValue] = []
        for r in records {
            guard case let .holdEnd(_, why) = r.event else { continue }
            ends.append("\(why.rawValue) at t=\(t(r.tick))")
            seen.append(.object([("reason", .string(why.rawValue)), ("t", .number(s(r.tick)))]))
            if why == reason && r.tick <= tick {
                return ExpectationResult(kind: "holdEnds", description: desc, passed: true, detail: "at t=\(t(r.tick))",
                               expected: .string(reason.rawValue), observed: .string(why.rawValue), at: s(r.tick))
            }
        }
        return ExpectationResult(kind: "holdEnds", description: desc, passed: false,
                       detail: ends.isEmpty ? "no hold ended" : "holds ended: " + ends.joined(separator: ", "),
                       expected: .string(reason.rawValue), observed: .array(seen), at: by)
    }

    func valueAt(_ k: Scenario.ValueKind, _ at: Double, _ v: Double, _ tol: Double) -> ExpectationResult {
        let desc = "\(k.rawValue) = \(fmt(v)) ±\(fmt(tol)) at t=\(fmt(at))"
        let tick = VirtualClock.ticks(at)
        guard let p = (values[k] ?? []).last(where: { $0.tick <= tick }) else {
            return ExpectationResult(kind: "value", description: desc, passed: false, detail: "no frame by then",
                           expected: .number(v), at: at)
        }
        return ExpectationResult(kind: "value", description: desc, passed: abs(p.v - v) <= tol,
                       detail: "\(k.rawValue)=\(fmt(p.v))",
                       expected: .number(v), observed: .number(p.v), at: s(p.tick))
    }

    func valueMoving(_ k: Scenario.ValueKind, _ from: Double, _ until: Double) -> ExpectationResult {
        let desc = "\(k.rawValue) keeps moving from t=\(fmt(from)) until t=\(fmt(until))"
        let pts = window(k, from, until)
        guard pts.count >= 2 else {
            return ExpectationResult(kind: "value", description: desc, passed: false, detail: "no frames in the window")
        }
        for i in 1..<pts.count where pts[i].v == pts[i - 1].v {
            return ExpectationResult(kind: "value", description: desc, passed: false,
                           detail: "still at \(fmt(pts[i].v)) at t=\(t(pts[i].tick))", expected: .string("moving"),
                           observed: .number(pts[i].v), at: s(pts[i].tick))
        }
        return ExpectationResult(kind: "value", description: desc, passed: true,
                       detail: "\(fmt(pts[0].v)) → \(fmt(pts.last!.v))",
                       expected: .string("moving"), observed: .array([.number(pts[0].v), .number(pts.last!.v)]))
    }

    func valueStill(_ k: Scenario.ValueKind, _ from: Double, _ until: Double, _ tol: Double) -> ExpectationResult {
        let desc = "\(k.rawValue) still within ±\(fmt(tol)) from t=\(fmt(from)) until t=\(fmt(until))"
        let pts = window(k, from, until)
        guard let first = pts.first else {
            return ExpectationResult(kind: "value", description: desc, passed: false, detail: "no frames in the window",
                           expected: .number(tol))
        }
        let worst = pts.max { abs($0.v - first.v) < abs($1.v - first.v) }!
        let moved = abs(worst.v - first.v)
        return ExpectationResult(kind: "value", description: desc, passed: moved <= tol,
                       detail: "\(fmt(first.v)), moved at most \(fmt(moved))", expected: .number(tol),
                       observed: .number(moved), at: s(worst.tick))
    }

    func valueWithin(_ k: Scenario.ValueKind, _ from: Double, _ until: Double, _ lo: Double,
                     _ hi: Double) -> ExpectationResult {
        let desc = "\(k.rawValue) within [\(fmt(lo)), \(fmt(hi))] from t=\(fmt(from)) until t=\(fmt(until))"
        let pts = window(k, from, until)
        let expected: JSONValue = .array([.number(lo), .number(hi)])
        guard !pts.isEmpty else {
            return ExpectationResult(kind: "value", description: desc, passed: false, detail: "no frames in the window",
                           expected: expected)
        }
        let mn = pts.map(\.v).min()!, mx = pts.map(\.v).max()!
        let out = pts.first { $0.v < lo || $0.v > hi }
        return ExpectationResult(kind: "value", description: desc, passed: out == nil,
                       detail: "ranged \(fmt(mn)) … \(fmt(mx))",
                       expected: expected, observed: .array([.number(mn), .number(mx)]), at: out.map { s($0.tick) })
    }

    func noPullBack(_ expected: Bool) -> ExpectationResult {
        let desc = expected ? "no pull-back after a reader drag"
            : "a pull-back after a reader drag (expected to show it)"
        let finding = pullBackFinding
        let pulls = finding.pullBacks
        if expected, let why = vacuousPullBackCheck(finding) {
            // Q9: no found jump, or no drag after its first call: nothing was checked.
            return ExpectationResult(kind: "noPullBackAfterDrag", description: desc, passed: false, detail: why,
                           expected: .string("a found jump and a reader drag after its first call"),
                           observed: .object([("foundJumps", .number(Double(finding.foundJumps))),
                                              ("dragsAfterFirstCall", .number(Double(finding.dragsAfterACall)))]))
        }
        let drag = finding.firstDragAfterACall.map { " (first drag at t=\(t($0)))" } ?? ""
        let detail = pulls.isEmpty ? "no host scroll for an earlier jump after a drag" + drag
                                    : "\(Plural.count(pulls.count, "pull-back")), first at t=\(t(pulls[0]))"
        return ExpectationResult(kind: "noPullBackAfterDrag", description: desc, passed: pulls.isEmpty == expected,
                       detail: detail, expected: .string(expected ? "none" : "at least 1"),
                       observed: .number(Double(pulls.count)), at: pulls.first.map(s))
    }

    func window(_ k: Scenario.ValueKind, _ from: Double, _ until: Double) -> [(tick: Int, v: Double)] {
        let a = VirtualClock.ticks(from), b = VirtualClock.ticks(until)
        return (values[k] ?? []).filter { $0.tick >= a && $0.tick <= b }
    }
}
