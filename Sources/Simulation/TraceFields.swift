import VirtualTime
import LiveblogModel
import Host
import Embed

/// A trace record's fields as values, straight from its typed event (docs/contract.md's names, numbers as
/// the trace writes them: in thousandths, non-finite as null), so a check that matches trace lines
/// (`count`, Q2) reads the record without parsing the JSON it wrote. `TraceFieldsTests` holds them
/// equal to the parsed `json` of every record of every bundled scenario.
extension TraceRecord {
    public var fields: [(String, JSONValue)] {
        let t = VirtualClock.seconds(milliseconds: VirtualClock.milliseconds(tick))
        var f: [(String, JSONValue)] = [("t", .number(t)), ("ev", .string(event.kind))]
        f += TraceRecord.fields(of: event)
        return f
    }

    /// The value `JSONWriter.number` writes for `x`, read back.
    static func num(_ x: Double) -> JSONValue { x.isFinite ? .number((x * 1000).rounded() / 1000) : .null }
    static func int(_ x: Int) -> JSONValue { .number(Double(x)) }

    static func fields(of event: TraceEvent) -> [(String, JSONValue)] {
        switch event {
        case let .hook(jumpId, top, correction, args, threw):
            return [("jumpId", int(jumpId)), ("top", num(top)), ("correction", .bool(correction)),
                    ("args", int(args))] + (threw ? [("threw", .bool(true))] : [])
        case let .host(a): return host(a)
        case let .layout(h, cause): return [("webHeight", num(h)), ("cause", .string(cause))]
        case let .holdEnd(jumpId, reason): return [("jumpId", int(jumpId)), ("reason", .string(reason.rawValue))]
        case let .input(kind, detail, drag):
            return [("kind", .string(kind.rawValue))] + (detail.map { [("detail", .string($0))] } ?? [])
                + (drag ? [("drag", .bool(true))] : [])
        case let .console(level, message): return [("level", .string(level)), ("message", .string(message))]
        case let .nav(id, result, via): return [("id", .string(id)), ("result", .string(result)), ("via", .string(via))]
        case let .frame(values, postId, postY, state):
            var f = zip(Scenario.ValueKind.allCases, values).map { ($0.rawValue, num($1)) }
            if let state { f.append(("scrollState", .string(state))) }
            if let id = postId {
                f.append(("post", .object([("id", .string(id))] + (postY.map { [("y", num($0))] } ?? []))))
            }
            return f
        case let .external(url, kind): return [("kind", .string(kind.rawValue)), ("url", .string(url))]
        case let .progress(value): return [("value", num(value < 1 ? min(0.999, value) : 1))]
        case let .setting(name, value): return [("name", .string(name)), ("value", .string(value))]
        case let .engine(note): return [("kind", .string(note.kind.rawValue)), (note.field, .string(note.text))]
        case let .resource(url, status, error):
            var f: [(String, JSONValue)] = [("url", .string(url))]
            if let status { f.append(("status", JSONValue.number(Double(status)))) }
            if let error { f.append(("error", .string(error))) }
            return f
        }
    }

    static func host(_ a: HostAction) -> [(String, JSONValue)] {
        var f: [(String, JSONValue)] = [("jumpId", int(a.jumpId)), ("action", .string(a.kind.rawValue))]
        if let t = a.target { f.append(("target", num(t))) }
        if let an = a.animated { f.append(("animated", .bool(an))) }
        if let c = a.clamped { f.append(("clamped", .bool(c))) }
        if let r = a.range {
            f.append(("range", .object([("mode", .string(r.mode.rawValue)), ("offset", int(r.offset)),
                                        ("extent", int(r.extent)), ("range", int(r.range)), ("max", int(r.maxOffset))])))
        }
        if let p = a.pixels {
            var px: [(String, JSONValue)] = [("density", num(p.density)), ("target", int(p.target))]
            if let r = p.requested { px.append(("requested", int(r))) }
            if let b = p.scrollBy { px.append(("scrollBy", int(b))) }
            f.append(("px", .object(px)))
        }
        return f
    }
}
