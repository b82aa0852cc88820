import Foundation
import LiveblogModel
import Embed
import Host
import VirtualTime
import Simulation
import TextCells

/// `simulate SCENARIO --compare ios,android,naive` (F6): the scenario run once per platform,
/// the same jump measured on each. Every column is `TraceMetrics`' (Q14: one computation per
/// metric), from the run's trace lines, with its defaults (target 0, tolerance 16 pt): so
/// `liveblog metrics` and `liveblog plot` on the run's trace print the same values.
///
/// - **the jump**: the post of the last frame that names one (the latest jump's post, docs/contract.md);
///   it starts at the last `nav` line for that post with result `found`, and lasts to the next
///   `found` nav line or the run's end.
/// - **landed**: time to land, seconds from the jump's start to its first frame whose `y` is
///   within the tolerance of 0, the post just under the bar; "never" if none. A pass through 0
///   counts: the next columns show whether it stayed.
/// - **settled**: settle time, the earliest frame from which `y` stays within the tolerance of
///   its final value.
/// - **max |y|**: the largest |y| in the jump's frames after the landing frame (pt).
/// - **corrections**: the jump's `hook` lines with `correction: true` that did not throw;
///   **dropped**: its `host` lines with `action: drop`; **followed**: corrections less dropped.
/// - **pull-backs**: the jump's pull-backs (`PullBacks`, the rule of `noPullBackAfterDrag`).
/// - **final y**: the `y` of the last frame naming the post; "—" when it is not laid out.
public struct CompareRow: Equatable {
    public var platform: Platform
    public var post: String?
    public var landedAfter: Double?
    public var settledAfter: Double?
    public var largestAfterLanding: Double?
    public var corrections = 0
    public var dropped = 0
    public var followed: Int { max(0, corrections - dropped) }
    public var pullBacks = 0
    public var finalY: Double?
    public var passed = 0
    public var expectations = 0
    /// Q9: an expectation the run refused (exit 65).
    public var refusal: Scenario.Invalid?
    /// The run's engine failed (X2): why.
    public var failure: String?

    public static let tolerance = 16.0

    /// Runs `scenario` on `platform` and measures it.
    /// `makePage`: the scenario's page on that platform (Q19: a real engine, a page of one's own;
    /// nil: the emulated page).
    public static func measure(_ scenario: Scenario, on platform: Platform, makePage: PageMaker? = nil) -> CompareRow {
        var s = scenario
        s.config.platform = platform
        let runner = ScenarioRunner(scenario: s, makePage: makePage)
        let outcomes = runner.run()
        var row = CompareRow(platform: platform)
        row.failure = runner.failure
        row.measure(runner.records)
        row.expectations = outcomes.count
        row.passed = outcomes.filter(\.ok).count
        row.refusal = outcomes.lazy.compactMap(\.refusal).first
        return row
    }

    /// The columns from a run's records: TraceMetrics on the lines the trace writes for them.
    mutating func measure(_ records: [TraceRecord]) {
        let lines = TraceLine.lines(of: records)
        guard lines.contains(where: { $0.framePost != nil }),
              let m = try? TraceMetrics.compute(lines, options: .init(tolerance: CompareRow.tolerance)) else {
            return
        }
        post = m.post
        landedAfter = m.timeToLand
        settledAfter = m.settleTime
        largestAfterLanding = m.largestAfterLanding?.value
        corrections = m.corrections
        dropped = m.dropped
        pullBacks = m.pullBacks.count
        finalY = m.settled?.value
    }
}

/// The table: a row per platform.
public enum CompareTable {
    public static func rows(_ scenario: Scenario, platforms: [Platform]) -> [CompareRow] {
        platforms.map { CompareRow.measure(scenario, on: $0) }
    }

    /// The same with each platform's page made by `makePage` (Q19: a real engine).
    public static func rows(_ scenario: Scenario, platforms: [Platform],
                            makePage: (Platform) throws -> PageMaker?) rethrows -> [CompareRow] {
        try platforms.map { CompareRow.measure(scenario, on: $0, makePage: try makePage($0)) }
    }

    static let headers = ["platform", "post", "landed", "settled", "max |y| after", "corrections", "followed",
                          "dropped", "pull-backs", "final y", "expectations"]

    public static func text(_ rows: [CompareRow]) -> String {
        func n(_ x: Double?) -> String { x.map { JSONWriter.number($0.rounded(toPlaces: 1)) } ?? "—" }
        let cells: [[String]] = rows.map { r in
            [r.platform.rawValue, Sanitizer.clean(r.post ?? "—"),
             r.landedAfter.map { "\(JSONWriter.number($0)) s" } ?? "never",
             r.settledAfter.map { "\(JSONWriter.number($0)) s" } ?? "—",
             n(r.largestAfterLanding), "\(r.corrections)", "\(r.followed)", "\(r.dropped)", "\(r.pullBacks)",
             n(r.finalY), "\(r.passed)/\(r.expectations) pass"]
        }
        let all = [headers] + cells
        let widths = headers.indices.map { i in all.map { $0[i].count }.max() ?? 0 }
        let lines = all.map { row in
            row.enumerated().map { i, c in c.padding(toLength: widths[i], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingTrailingSpaces()
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func json(_ rows: [CompareRow]) -> String {
        func opt(_ x: Double?) -> JSONValue { x.map { .number($0) } ?? .null }
        let items: [JSONValue] = rows.map { r in
            .object([("platform", .string(r.platform.rawValue)),
                     ("post", r.post.map { .string($0) } ?? .null),
                     ("landedAfter", opt(r.landedAfter)), ("settledAfter", opt(r.settledAfter)),
                     ("largestAfterLanding", opt(r.largestAfterLanding)),
                     ("corrections", .number(Double(r.corrections))), ("followed", .number(Double(r.followed))),
                     ("dropped", .number(Double(r.dropped))), ("pullBacks", .number(Double(r.pullBacks))),
                     ("finalY", opt(r.finalY)), ("passed", .number(Double(r.passed))),
                     ("expectations", .number(Double(r.expectations)))])
        }
        let table: JSONValue = .object([("tolerance", .number(CompareRow.tolerance)), ("platforms", .array(items))])
        return JSONWriter.pretty(table, integers: true)
            + "\n"
    }
}

extension Double {
    func rounded(toPlaces p: Int) -> Double {
        var m = 1.0
        for _ in 0..<p { m *= 10 }
        return (self * m).rounded() / m
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}
