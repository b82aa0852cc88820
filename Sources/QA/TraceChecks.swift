import LiveblogModel
import Simulation
import VirtualTime

/// The checks of Q2's expectations on trace lines: `count` and `noHost`. They read the run's
/// records as the trace writes them, so a count means exactly "these lines of the trace".
enum TraceChecks {
    /// True when `line` has every field of `pattern` with the same value; an object in the pattern
    /// matches an object with at least its fields (`"post": {"id": "ev-019"}`).
    static func matches(_ line: JSONValue, _ pattern: [(String, JSONValue)]) -> Bool {
        pattern.allSatisfy { k, v in line[k].map { same($0, v) } ?? false }
    }

    static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if let p = b.objectPairs { return a.objectPairs != nil && matches(a, p) }
        return a == b
    }

    static func describe(_ pattern: [(String, JSONValue)]) -> String {
        JSONWriter.write(.object(pattern), integers: true)
    }

    /// `{"count": {FIELDS}, "from": t0, "until": t1, "min": a, "max": b}` (Q2).
    static func count(_ records: [TraceRecord], _ pattern: [(String, JSONValue)], from a: Int, until b: Int,
                      min lo: Int?, max hi: Int?) -> ExpectationResult {
        let T = TraceRecord.time
        let range = [lo.map { "at least \($0)" }, hi.map { "at most \($0)" }].compactMap { $0 }
            .joined(separator: " and ")
        let desc = "\(range) trace lines \(describe(pattern)) from t=\(T(a)) until t=\(T(b))"
        let kind = pattern.first { $0.0 == "ev" }?.1.stringValue
        var ticks: [Int] = []
        for r in records where r.tick >= a && r.tick <= b && (kind == nil || r.event.kind == kind) {
            guard matches(.object(r.fields), pattern) else { continue }
            ticks.append(r.tick)
        }
        let ok = ticks.count >= (lo ?? 0) && ticks.count <= (hi ?? Int.max)
        var expected: [(String, JSONValue)] = []
        if let lo { expected.append(("min", .number(Double(lo)))) }
        if let hi { expected.append(("max", .number(Double(hi)))) }
        let detail = ticks.isEmpty ? "0 lines"
            : "\(Plural.count(ticks.count, "line")), first at t=\(T(ticks[0])), last at t=\(T(ticks.last!))"
        // The time that decides a failure: the line past the maximum, or the window's end.
        let at = hi.flatMap { $0 < ticks.count ? ticks[$0] : nil } ?? (ok ? nil : b)
        return ExpectationResult(kind: "count", description: desc, passed: ok, detail: detail,
                                 expected: .object(expected), observed: .number(Double(ticks.count)),
                                 at: at.map(VirtualClock.stampSeconds))
    }

    /// `{"noHost": {"jumpId": J}, "after": t}` (Q2): the host did not move or aim the list for
    /// jump J after t: no `scroll`, `reaim` or `settle` line. A `drop` is the host declining a
    /// call, and counts as nothing moved.
    static func noHost(_ records: [TraceRecord], jumpId: Int, after: Int) -> ExpectationResult {
        let desc = "the host does not move the list for jump \(jumpId) after t=\(TraceRecord.time(after))"
        var ticks: [Int] = []
        var actions: [String] = []
        var drops = 0
        for r in records where r.tick > after {
            guard case let .host(a) = r.event, a.jumpId == jumpId else { continue }
            if a.kind == .drop {
                drops += 1
                continue
            }
            ticks.append(r.tick)
            actions.append(a.kind.rawValue)
        }
        guard let first = ticks.first else {
            return ExpectationResult(kind: "noHost", description: desc, passed: true,
                                     detail: drops == 0 ? "none"
                                        : "none (\(Plural.count(drops, "drop")), which move nothing)",
                                     expected: .number(0), observed: .number(0))
        }
        return ExpectationResult(kind: "noHost", description: desc, passed: false,
                                 detail: "\(Plural.count(ticks.count, "host line")) that move the list, "
                                    + "first \(actions[0]) "
                                    + "at t=\(TraceRecord.time(first))",
                                 expected: .number(0), observed: .number(Double(ticks.count)),
                                 at: VirtualClock.stampSeconds(first))
    }
}
