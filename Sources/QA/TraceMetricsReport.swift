import LiveblogModel
import Simulation
import VirtualTime

/// `liveblog metrics` output (Q5): a table for people, and `--json` with numbers (seconds and pt;
/// null where there is nothing to measure). The meanings are TraceMetrics's.
extension TraceMetrics {
    private static func n(_ x: Double) -> String { JSONWriter.number(x) }
    private static func t(_ ms: Int) -> String { TraceLine.format(milliseconds: ms) }
    private func s(_ ms: Int) -> String { JSONWriter.number(after(ms)) }

    public var text: String {
        let T = TraceMetrics.t, N = TraceMetrics.n
        let tol = "±\(N(options.tolerance)) pt", target = N(options.target)
        var rows: [(String, String)] = []
        let start = navMilliseconds.map { "nav \(navResult ?? "?") at t=\(T($0))" }
            ?? "no nav line, first frame at t=\(T(startMilliseconds))"
        let jump = jumpId.map { "#\($0)" } ?? "(no hook call)"
        rows.append(("jump", "\(jump) to \(post): \(start); trace to t=\(T(endMilliseconds))"))
        rows.append(("frames", "\(frames) naming the post, \(framesNotLaidOut) of them not laid out"))
        rows.append(("time to land", landed.map {
            "\(s($0.milliseconds)) s after the jump (t=\(T($0.milliseconds)), y=\(N($0.value)), "
                + "within \(tol) of \(target))"
        } ?? "never within \(tol) of y=\(target)"))
        rows.append(("settle time", settled.map {
            "\(s($0.milliseconds)) s after the jump (t=\(T($0.milliseconds))); from there y stays within "
                + "\(tol) of its final \(N($0.value))"
        } ?? "not settled (the post is not laid out in the last frame)"))
        rows.append(("largest |y| after landing", largestAfterLanding.map {
            "\(N($0.value)) pt from y=\(target) (t=\(T($0.milliseconds)))"
        } ?? (landed == nil ? "never landed" : "no frame after landing")))
        rows.append(("corrections", "\(corrections): \(followed) followed, \(dropped) dropped "
                     + "(re-aims \(reaims), settles \(settles))"))
        rows.append(("pull-backs", pullBacks.first.map { "\(pullBacks.count), first at t=\(T($0))" } ?? "0"))
        rows.append(("overshoot", overshoot.value > 0
                     ? "\(N(overshoot.value)) pt past y=\(target) (t=\(T(overshoot.milliseconds)))" : "0 pt"))
        rows.append(("hold end", holdEndReason.map { r in
            holdEndMilliseconds.map { "\(r) at t=\(T($0)) (\(s($0)) s after the jump)" } ?? r
        } ?? "the hold did not end before the trace's end"))
        let w = rows.map(\.0.count).max() ?? 0
        return rows.map { $0.0 + String(repeating: " ", count: w - $0.0.count) + "  " + $0.1 }
            .joined(separator: "\n") + "\n"
    }

    public var json: JSONValue {
        func num(_ x: Double?) -> JSONValue { x.map { .number($0) } ?? .null }
        func secs(_ ms: Int?) -> JSONValue {
            ms.map { .number(VirtualClock.seconds(milliseconds: $0)) } ?? .null
        }
        func moment(_ m: Moment?, _ name: String) -> JSONValue {
            guard let m else { return .null }
            return .object([("after", .number(after(m.milliseconds))), ("t", secs(m.milliseconds)),
                            (name, .number(m.value))])
        }
        return .object([
            ("post", .string(post)), ("jumpId", num(jumpId.map(Double.init))),
            ("navResult", navResult.map { .string($0) } ?? .null),
            ("start", secs(startMilliseconds)), ("end", secs(endMilliseconds)),
            ("target", .number(options.target)), ("tolerance", .number(options.tolerance)),
            ("frames", .number(Double(frames))), ("framesNotLaidOut", .number(Double(framesNotLaidOut))),
            ("timeToLand", num(timeToLand)), ("landed", moment(landed, "y")),
            ("settleTime", num(settleTime)), ("settled", moment(settled, "y")),
            ("largestAfterLanding", moment(largestAfterLanding, "distance")),
            ("corrections", .number(Double(corrections))), ("followed", .number(Double(followed))),
            ("dropped", .number(Double(dropped))), ("reaims", .number(Double(reaims))),
            ("settles", .number(Double(settles))),
            ("pullBacks", .array(pullBacks.map { .number(VirtualClock.seconds(milliseconds: $0)) })),
            ("overshoot", .number(overshoot.value)),
            ("overshootAt", overshoot.value > 0 ? secs(overshoot.milliseconds) : .null),
            ("holdEnd", holdEndReason.map {
                .object([("reason", .string($0)), ("t", secs(holdEndMilliseconds))])
            } ?? .null),
        ])
    }
}
