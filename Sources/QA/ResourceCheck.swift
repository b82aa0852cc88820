import LiveblogModel
import Simulation
import VirtualTime

/// Q16: the page's own failures are seen. A run whose page of its own (`pageURL`) had requests that failed (an HTTP
/// status of 400 or more, the page's document included), errored or stalled (`resource` trace
/// lines) gets one more result, "page-resources": it fails unless the scenario allows each of
/// them (`"allowResourceFailures"`: URL parts, "*" for any) or checks those lines itself with a
/// `count` on `"ev": "resource"`.
enum ResourceCheck {
    static let name = "page-resources"

    /// Does an expectation count resource lines itself?
    static func counts(_ expectations: [Scenario.Expectation]) -> Bool {
        expectations.contains { e in
            guard case let .count(pattern, _, _, _, _) = e else { return false }
            return (pattern.objectPairs ?? []).contains { $0.0 == "ev" && $0.1 == .string("resource") }
        }
    }

    static func outcome(_ records: [TraceRecord], allowed: [String]?, counted: Bool) -> ExpectationResult? {
        guard !counted else { return nil }
        let failed: [(t: Double, url: String, why: String)] = records.compactMap { r in
            guard case let .resource(url, status, error) = r.event else { return nil }
            return (VirtualClock.stampSeconds(r.tick), url, status.map { "HTTP \($0)" } ?? error ?? "failed")
        }
        guard !failed.isEmpty else { return nil }
        let patterns = allowed ?? []
        let refused = failed.filter { f in !patterns.contains { $0 == "*" || f.url.contains($0) } }
        let shown = refused.prefix(5).map { "\($0.url) (\($0.why)) at \(format($0.t)) s" }
        let more = refused.count > 5 ? "; and \(refused.count - 5) more" : ""
        let detail = refused.isEmpty
            ? "\(failed.count) failed request\(failed.count == 1 ? "" : "s"), each allowed by allowResourceFailures"
            : "\(refused.count) of the page's requests failed: " + shown.joined(separator: "; ") + more
            + " (allow them with \"allowResourceFailures\", or count the resource lines)"
        return ExpectationResult(name: name, kind: "resources",
                                 description: "the page's own requests succeed (Q16)", passed: refused.isEmpty,
                                 detail: detail, expected: .number(0), observed: .number(Double(refused.count)),
                                 at: refused.first?.t)
    }

    private static func format(_ t: Double) -> String {
        var s = String(format: "%.3f", t)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}
