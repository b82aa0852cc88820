import LiveblogModel
import Simulation
import TextCells
import VirtualTime

/// What `liveblog audit` prints besides the expectations' report (A2, A3): the log (its platform
/// and device, its length, its duplicates, its lines out of order, where frames are missing) and
/// the replay (the largest distance, the first divergence and its reason), as text and as JSON.
extension AppLogAudit.Result {
    private static func s(_ ms: Int) -> String { JSONWriterShort.seconds(VirtualClock.seconds(milliseconds: ms)) }

    /// The reference host's name in words.
    public var referenceName: String { "the \(geometry.platform.rawValue) sample app" }

    /// The lines about the log and the replay (sanitised, T8).
    public var text: String {
        let sum = summary, s = Self.s, f = JSONWriterShort.points
        let device = geometry.device ?? "a \(f(geometry.viewportWidth))×\(f(geometry.viewportHeight)) pt screen at density \(JSONWriter.number(geometry.density))"
        var out = "app log: \(geometry.platform.rawValue) on \(device), \(s(sum.endMilliseconds)) s, "
            + "\(Plural.count(sum.lines, "line")) (\(Plural.count(sum.frames, "frame")), "
            + "\(Plural.count(sum.hooks, "hook call"))), \(Plural.count(sum.duplicates, "duplicate")), "
            + "\(sum.reordered) out of order\n"
        if let longest = sum.longestGap {
            out += "frames missing: \(Plural.count(sum.gapCount, "gap")), \(s(sum.missingMilliseconds)) s in all; "
                + "the longest \(s(longest.toMilliseconds - longest.fromMilliseconds)) s after t=\(s(longest.fromMilliseconds)) s "
                + "(about \(Plural.count(longest.frames, "frame"))); nothing is interpolated\n"
        } else {
            out += "frames missing: none\n"
        }
        out += "replay on the reference host (\(referenceName)): \(Plural.count(framesCompared, "frame")), "
            + "max distance \(f(maxDistance)) pt" + (maxDistanceMilliseconds.map { " at t=\(s($0)) s" } ?? "")
        if let d = firstDivergence {
            out += "\nfirst divergence at t=\(s(d.milliseconds)) s: app \(f(d.app)) pt, reference \(f(d.reference)) pt: "
                + d.reason + "\n"
        } else {
            out += "; no divergence over \(f(ReferenceReplay.threshold)) pt\n"
        }
        return Sanitizer.clean(out, keepNewlines: true)
    }

    /// The log and the replay as JSON (seconds and pt); `report`: the expectations' JSON report.
    public func json(report: JSONValue?) -> JSONValue {
        let sum = summary
        func sec(_ ms: Int) -> JSONValue { .number(VirtualClock.seconds(milliseconds: ms)) }
        func gap(_ g: AppLog.Gap) -> JSONValue {
            .object([("from", sec(g.fromMilliseconds)), ("to", sec(g.toMilliseconds)), ("frames", .number(Double(g.frames)))])
        }
        let log: JSONValue = .object([
            ("path", .string(path)), ("platform", .string(geometry.platform.rawValue)),
            ("device", geometry.device.map { .string($0) } ?? .null),
            ("viewport", .object([("width", .number(geometry.viewportWidth)), ("height", .number(geometry.viewportHeight))])),
            ("density", .number(geometry.density)),
            ("insets", .object([("top", .number(geometry.insetTop)), ("bottom", .number(geometry.insetBottom))])),
            ("webTop", .number(geometry.webTop)), ("below", .number(geometry.below)),
            ("duration", sec(sum.endMilliseconds)), ("lines", .number(Double(sum.lines))),
            ("frames", .number(Double(sum.frames))), ("hooks", .number(Double(sum.hooks))),
            ("hostLines", .number(Double(sum.hostLines))),
            ("duplicates", .number(Double(sum.duplicates))), ("outOfOrder", .number(Double(sum.reordered))),
            ("missingFrames", .object([("gaps", .number(Double(sum.gapCount))), ("seconds", sec(sum.missingMilliseconds)),
                                       ("longest", sum.longestGap.map(gap) ?? .null),
                                       ("first", .array(sum.gaps.map(gap)))])),
        ])
        let divergence: JSONValue = firstDivergence.map { d in
            .object([("t", sec(d.milliseconds)), ("app", .number(d.app)), ("reference", .number(d.reference)),
                     ("reason", .string(d.reason))])
        } ?? .null
        let replay: JSONValue = .object([
            ("reference", .string(referenceName)), ("framesCompared", .number(Double(framesCompared))),
            ("threshold", .number(ReferenceReplay.threshold)),
            ("maxDistance", .number(maxDistance)), ("maxDistanceAt", maxDistanceMilliseconds.map(sec) ?? .null),
            ("firstDivergence", divergence),
        ])
        return .object([("log", log), ("replay", replay), ("report", report ?? .null)])
    }
}
