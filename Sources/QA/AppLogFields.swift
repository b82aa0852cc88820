import LiveblogModel
import Host
import Embed
import Simulation
import TextCells

/// A1: each line kind's fields, checked as the line is read (exit 65 naming the line and field).
extension AppLogReader {
    func check(_ kind: String, _ v: JSONValue) throws {
        switch kind {
        case "hook":
            _ = try int(v, "jumpId", min: 0, max: 1 << 30)
            _ = try number(v, "top")
            _ = try bool(v, "correction")
            if v["args"] != nil { _ = try int(v, "args", min: 0, max: 2) }
        case "host":
            _ = try int(v, "jumpId", min: 0, max: 1 << 30)
            let a = try string(v, "action")
            guard HostAction.Kind(rawValue: a) != nil else {
                throw fail("action", "unknown action \"\(Sanitizer.clean(a))\" (scroll, drop, reaim or settle)")
            }
            _ = try optionalNumber(v, "target")
            for f in ["animated", "clamped"] where v[f] != nil { _ = try bool(v, f) }
        case "input":
            let k = try string(v, "kind")
            guard let ik = InputKind(rawValue: k), ik != .resize else {
                throw fail("kind", "unknown input \"\(Sanitizer.clean(k))\" (drag-begin, drag-end, tap, wheel or key)")
            }
            if v["drag"] != nil { _ = try bool(v, "drag") }
        case "layout":
            _ = try number(v, "webHeight", min: 0, max: 1e8)
        case "frame":
            _ = try number(v, "offset")
            _ = try optionalNumber(v, "webHeight", min: 0, max: 1e8)
            if let p = v["post"], !p.isNull {
                guard p.objectPairs != nil else { throw fail("post", "expected {\"id\": …, \"y\": …}, found \(p.typeName)") }
                if let id = p["id"], id.stringValue == nil { throw fail("post.id", "expected a string, found \(id.typeName)") }
                if let y = p["y"], !y.isNull, !(y.doubleValue?.isFinite ?? false) || abs(y.doubleValue!) > 1e9 {
                    throw fail("post.y", "expected a number, found \(y.typeName)")
                }
            }
        case "hold-end":
            _ = try int(v, "jumpId", min: 0, max: 1 << 30)
            let r = try string(v, "reason")
            guard HoldEndReason(rawValue: r) != nil else {
                throw fail("reason", "unknown reason \"\(Sanitizer.clean(r))\" "
                                + "(timeout, new-jump, input, removed, idle, hook-removed)")
            }
        default: break
        }
    }
}

extension AppLogReader {
    /// A whole log's text, read line by line: its lines in order (tests, small logs).
    public static func read(_ text: String) throws -> (lines: [TraceLine], reader: AppLogReader) {
        var r = AppLogReader()
        var out: [TraceLine] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) { out += try r.feed(raw) }
        out += try r.finish()
        return (out, r)
    }

    /// Is this text (its first non-blank line) an app log rather than a trace?
    public static func isAppLog(firstLine: Substring) -> Bool {
        guard let v = try? JSONParser.parse(String(firstLine)) else { return false }
        return v["ev"]?.stringValue == AppLog.headerKind
    }
}
