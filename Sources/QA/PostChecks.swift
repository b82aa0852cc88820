import LiveblogModel
import VirtualTime
import Simulation

/// The checks of Q2's expectations on a post's y (`within`, `settlesBy`) and Q6's "never found",
/// as functions of the frames' samples, so each is one small function (issue 10) and the
/// runner only collects the samples. `series` is the post's y in every frame (nil: not laid out);
/// ticks are VirtualClock ticks.
enum PostChecks {
    typealias Series = [(tick: Int, y: Double?)]

    static func n(_ x: Double) -> String { JSONWriter.number(x) }
    static func t(_ tick: Int) -> String { TraceRecord.time(tick) }

    /// Q6: why a post has no y — it was never found (a `nav` line said so, or no jump went to it),
    /// or it is simply not laid out (not loaded, removed). `navs` are the run's nav lines.
    static func absence(_ post: String, at tick: Int, navs: [(tick: Int, id: String, result: String)]) -> String {
        let mine = navs.filter { $0.id == post }
        if let found = mine.last(where: { $0.result == "found" && $0.tick <= tick }) {
            return "the post is not laid out at t=\(t(tick)) (found by the nav line at t=\(t(found.tick)))"
        }
        if let miss = mine.first(where: { $0.result != "found" }) {
            return "the post was never found: the nav line at t=\(t(miss.tick)) says \(miss.result)"
        }
        return "the post is not laid out at t=\(t(tick)) (no jump to it, and no nav line for it)"
    }

    /// `{"post": P, "from": t0, "until": t1, "within": [lo, hi]}`: y in [lo, hi] in every frame of
    /// the window (Q2).
    static func within(_ post: String, _ series: Series, from a: Int, until b: Int, lo: Double, hi: Double,
                       navs: [(tick: Int, id: String, result: String)]) -> ExpectationResult {
        let desc = "post \(post) within [\(n(lo)), \(n(hi))] from t=\(t(a)) until t=\(t(b))"
        let expected: JSONValue = .array([.number(lo), .number(hi)])
        let pts = series.filter { $0.tick >= a && $0.tick <= b }
        guard !pts.isEmpty else {
            return ExpectationResult(kind: "within", description: desc, passed: false,
                                     detail: "no frames in the window", expected: expected)
        }
        var low = Double.infinity, high = -Double.infinity
        var firstOut: (tick: Int, y: Double)?
        for p in pts {
            guard let y = p.y else {
                return ExpectationResult(kind: "within", description: desc, passed: false,
                                         detail: absence(post, at: p.tick, navs: navs), expected: expected,
                                         observed: .null, at: VirtualClock.stampSeconds(p.tick))
            }
            low = min(low, y)
            high = max(high, y)
            if firstOut == nil && (y < lo || y > hi) { firstOut = (p.tick, y) }
        }
        let observed: JSONValue = .array([.number(low), .number(high)])
        if let o = firstOut {
            return ExpectationResult(kind: "within", description: desc, passed: false,
                                     detail: "y=\(n(o.y)) at t=\(t(o.tick)); ranged \(n(low)) … \(n(high))",
                                     expected: expected, observed: observed, at: VirtualClock.stampSeconds(o.tick))
        }
        return ExpectationResult(kind: "within", description: desc, passed: true,
                                 detail: "ranged \(n(low)) … \(n(high))", expected: expected, observed: observed)
    }

    /// `{"post": P, "settlesBy": t, "tolerance": tol}`: from some frame at or before t to the end,
    /// y stays within tol of its final value (Q2; `liveblog metrics`' settle time).
    static func settlesBy(_ post: String, _ series: Series, by: Int, tolerance tol: Double,
                          navs: [(tick: Int, id: String, result: String)]) -> ExpectationResult {
        let desc = "post \(post) settles by t=\(t(by)) (stays within ±\(n(tol)) of its final y)"
        let expected: JSONValue = .number(VirtualClock.stampSeconds(by))
        guard let last = series.last else {
            return ExpectationResult(kind: "settlesBy", description: desc, passed: false, detail: "no frames",
                                     expected: expected)
        }
        guard let final = last.y else {
            return ExpectationResult(kind: "settlesBy", description: desc, passed: false,
                                     detail: absence(post, at: last.tick, navs: navs), expected: expected,
                                     at: VirtualClock.stampSeconds(last.tick))
        }
        var from = series.count - 1
        while from > 0, let y = series[from - 1].y, abs(y - final) <= tol { from -= 1 }
        let settled = series[from].tick
        let detail = "settled at t=\(t(settled)) at y=\(n(final))"
            + (from > 0 ? " (last outside ±\(n(tol)) at t=\(t(series[from - 1].tick)))" : "")
        return ExpectationResult(kind: "settlesBy", description: desc, passed: settled <= by, detail: detail,
                                 expected: expected, observed: .number(VirtualClock.stampSeconds(settled)), at: VirtualClock.stampSeconds(settled))
    }
}
