import Foundation
import LiveblogModel
import Embed
import Host
import VirtualTime
import TextCells

/// `simulate SCENARIO --compare ios,android,naive` (SPEC F6): the scenario run once per platform,
/// the same jump measured on each. Every column is computed from the run's trace records:
///
/// - **the jump**: the post of the last frame that names one (the latest jump's post, SPEC 9);
///   it starts at the last `nav` line for that post with result `found`, and lasts to the next
///   `found` nav line or the run's end.
/// - **landed**: seconds from the jump's start to its first frame whose `y` is within the
///   tolerance (16 pt, the `landsAt` default) of 0, the post just under the bar; "never" if none.
///   A pass through 0 counts: the next column shows whether it stayed.
/// - **max |y|**: the largest |y| in the jump's frames after the landing frame (pt).
/// - **corrections**: the jump's `hook` lines with `correction: true` that did not throw;
///   **dropped**: its `host` lines with `action: drop`; **followed**: corrections less dropped.
/// - **pull-backs**: host scrolls for a jump that started before the reader's latest drag, wheel
///   or scroll key (`ScenarioRunner.pullBacks`, the rule of `noPullBackAfterDrag`).
/// - **final y**: the `y` of the last frame naming the post; "—" when it is not laid out.
///
/// These are the definitions of `liveblog metrics` (Q5) for the same lines.
public struct CompareRow: Equatable {
    public var platform: Platform
    public var post: String?
    public var landedAfter: Double?
    public var largestAfterLanding: Double?
    public var corrections = 0
    public var dropped = 0
    public var followed: Int { max(0, corrections - dropped) }
    public var pullBacks = 0
    public var finalY: Double?
    public var passed = 0
    public var expectations = 0

    public static let tolerance = 16.0

    /// Runs `scenario` on `platform` and measures it.
    public static func measure(_ scenario: Scenario, on platform: Platform) -> CompareRow {
        var s = scenario
        s.config.platform = platform
        let runner = ScenarioRunner(scenario: s)
        let outcomes = runner.run()
        var row = CompareRow(platform: platform)
        row.measure(runner.records)
        row.pullBacks = runner.pullBacks().count
        row.expectations = outcomes.count
        row.passed = outcomes.filter(\.passed).count
        return row
    }

    mutating func measure(_ records: [TraceRecord]) {
        guard let post = lastFramePost(records) else { return }
        self.post = post
        let start = records.lastIndex {
            if case .nav(post, "found", _) = $0.event { return true }
            return false
        } ?? 0
        var end = records.count
        if let next = records[(start + 1)...].firstIndex(where: {
            if case .nav(_, "found", _) = $0.event { return true }
            return false
        }) { end = next }
        let span = records[start..<end]
        let startTick = span.first?.tick ?? 0
        var landed = false
        for r in span {
            switch r.event {
            case let .frame(_, id, y, _) where id == post:
                finalY = y
                guard let y else { continue }
                if landed {
                    largestAfterLanding = max(largestAfterLanding ?? 0, abs(y))
                } else if abs(y) <= CompareRow.tolerance {
                    landed = true
                    landedAfter = VirtualClock.seconds(r.tick - startTick)
                }
            case let .hook(_, _, correction, _, threw) where correction && !threw: corrections += 1
            case let .host(a) where a.kind == .drop: dropped += 1
            default: break
            }
        }
    }

    private func lastFramePost(_ records: [TraceRecord]) -> String? {
        for r in records.reversed() {
            if case let .frame(_, id?, _, _) = r.event { return id }
        }
        return nil
    }
}

/// The table: a row per platform.
public enum CompareTable {
    public static func rows(_ scenario: Scenario, platforms: [Platform]) -> [CompareRow] {
        platforms.map { CompareRow.measure(scenario, on: $0) }
    }

    static let headers = ["platform", "post", "landed", "max |y| after", "corrections", "followed", "dropped",
                          "pull-backs", "final y", "expectations"]

    public static func text(_ rows: [CompareRow]) -> String {
        func n(_ x: Double?) -> String { x.map { JSONWriter.number($0.rounded(toPlaces: 1)) } ?? "—" }
        let cells: [[String]] = rows.map { r in
            [r.platform.rawValue, Sanitizer.clean(r.post ?? "—"),
             r.landedAfter.map { "\(JSONWriter.number($0)) s" } ?? "never",
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
                     ("landedAfter", opt(r.landedAfter)), ("largestAfterLanding", opt(r.largestAfterLanding)),
                     ("corrections", .number(Double(r.corrections))), ("followed", .number(Double(r.followed))),
                     ("dropped", .number(Double(r.dropped))), ("pullBacks", .number(Double(r.pullBacks))),
                     ("finalY", opt(r.finalY)), ("passed", .number(Double(r.passed))),
                     ("expectations", .number(Double(r.expectations)))])
        }
        return JSONWriter.pretty(.object([("tolerance", .number(CompareRow.tolerance)), ("platforms", .array(items))]))
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
