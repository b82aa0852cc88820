import LiveblogModel
import Embed

/// The scenario's events (docs/contract.md) in one place: their kinds and fields, read from a scenario's
/// JSON (`Scenario.Reader.event`) and written back as the recorder writes them (`EventSchema.json`).
/// How the World applies them is `World.send`.
public enum EventSchema {
    /// The event kinds a scenario may name (docs/contract.md, and `pointer` for recordings, C7).
    public static let kinds: Set<String> = ["jump", "fragment", "drag", "tap", "wheel", "key", "resize", "live", "load",
                                            "setHook", "remove", "pointer", "focus"]

    /// Defaults of docs/contract.md: a drag lasts 0.25 s and starts at row 12; column 40.
    static let dragDuration = 0.25
    static let defaultRow = 12.0
    static let defaultCol = 40.0
    /// `live`: at most this many posts at once; `wheel.notches`: at most this many either way.
    static let maxLive = 10_000
    static let maxNotches = 1000

    /// A timed event as a scenario writes it, or nil for the run-time switches (`setMode` …),
    /// which have no scenario form: only the demo sends them, and it records nothing.
    public static func json(at: JSONValue, _ event: Scenario.Event) -> JSONValue? {
        var pairs: [(String, JSONValue)] = [("at", at)]
        switch event {
        case let .jump(id, off):
            pairs.append(("jump", .string(id)))
            if let o = off { pairs.append(("topOffset", .number(o))) }
        case let .fragment(id): pairs.append(("fragment", .string(id)))
        case let .key(k): pairs.append(("key", .string(k.name)))
        case let .wheel(n, row, col):
            pairs.append(("wheel", .object([("notches", .number(Double(n))), ("row", .number(row)),
                                            ("col", .number(col))])))
        case let .resize(c, r):
            pairs.append(("resize", .object([("cols", .number(Double(c))), ("rows", .number(Double(r)))])))
        case let .live(n): pairs.append(("live", .number(Double(n))))
        case let .pointer(phase, x, y):
            pairs.append(("pointer", .object([("phase", .string(phase.rawValue)), ("x", .number(x)), ("y", .number(y))])))
        case let .tap(row, col): pairs.append(("tap", .object([("row", .number(row)), ("col", .number(col))])))
        case let .drag(dy, d, row, col):
            pairs.append(("drag", .object([("dy", .number(dy)), ("duration", .number(d)), ("row", .number(row)),
                                           ("col", .number(col))])))
        case let .load(id): pairs.append(("load", .string(id)))
        case let .setHook(s): pairs.append(("setHook", s.map { .string($0) } ?? .null))
        case .remove: pairs.append(("remove", .bool(true)))
        case let .focus(on): pairs.append(("focus", .bool(on)))
        case .setMode, .setPlatform, .setNetwork, .setInsets, .reload: return nil
        }
        return .object(pairs)
    }
}

extension Scenario.Reader {
    func event(_ v: JSONValue, _ place: String) throws -> Scenario.TimedEvent {
        let pairs = try object(v, place, allowed: EventSchema.kinds.union(["at", "topOffset"]))
        var at: Double?
        var topOffset: Double?
        var kinds: [(String, JSONValue)] = []
        for (k, x) in pairs {
            if k == "at" {
                at = try seconds(x, "\(place).at")
            } else if k == "topOffset" {
                topOffset = try points(x, "\(place).topOffset")
            } else {
                kinds.append((k, x))
            }
        }
        guard let time = at else { throw fail(place, "missing \"at\" (seconds of virtual time)") }
        guard kinds.count == 1 else {
            throw fail(place, kinds.isEmpty ? "no event kind (one of \(EventSchema.kinds.sorted().joined(separator: ", ")))"
                                            : "more than one event kind: \(kinds.map(\.0).joined(separator: ", "))")
        }
        let (k, x) = kinds[0]
        if topOffset != nil && k != "jump" { throw fail("\(place).topOffset", "topOffset goes with \"jump\" only") }
        return Scenario.TimedEvent(at: time, event: try event(kind: k, x, topOffset: topOffset, "\(place).\(k)"))
    }

    private func event(kind k: String, _ x: JSONValue, topOffset: Double?, _ p: String) throws -> Scenario.Event {
        switch k {
        case "jump": return .jump(id: try id(x, p), topOffset: topOffset)
        case "fragment": return .fragment(try id(x, p))
        case "drag": return try drag(x, p)
        case "tap":
            var row: Double?, col = EventSchema.defaultCol
            for (tk, tv) in try object(x, p, allowed: ["row", "col"]) {
                if tk == "row" { row = try cell(tv, "\(p).row") } else { col = try cell(tv, "\(p).col") }
            }
            guard let r = row else { throw fail(p, "missing \"row\"") }
            return .tap(row: r, col: col)
        case "wheel": return try wheel(x, p)
        case "key":
            let s = try string(x, p)
            guard let key = KeyName(s) else { throw fail(p, "unknown key \"\(s)\" (\(KeyName.allowedDescription))") }
            return .key(key)
        case "resize":
            var c: Int?, r: Int?
            for (rk, rv) in try object(x, p, allowed: ["cols", "rows"]) {
                if rk == "cols" {
                    c = try int(rv, "\(p).cols", min: 1, max: 1000)
                } else {
                    r = try int(rv, "\(p).rows", min: 1, max: 1000)
                }
            }
            guard let cc = c, let rr = r else { throw fail(p, "needs \"cols\" and \"rows\"") }
            return .resize(cols: cc, rows: rr)
        case "live": return .live(try int(x, p, min: 0, max: EventSchema.maxLive))
        case "load": return .load(try id(x, p))
        case "setHook": return .setHook(try hook(x, p)?.source)
        case "remove":
            guard try bool(x, p) else { throw fail(p, "\"remove\" takes true") }
            return .remove
        case "focus": return .focus(try bool(x, p))
        default: return try pointer(x, p)
        }
    }

    private func drag(_ x: JSONValue, _ p: String) throws -> Scenario.Event {
        var dy: Double?, dur = EventSchema.dragDuration, row = EventSchema.defaultRow, col = EventSchema.defaultCol
        for (dk, dv) in try object(x, p, allowed: ["dy", "duration", "row", "col"]) {
            switch dk {
            case "dy": dy = try points(dv, "\(p).dy")
            case "duration": dur = try seconds(dv, "\(p).duration")
            case "row": row = try cell(dv, "\(p).row")
            default: col = try cell(dv, "\(p).col")
            }
        }
        guard let d = dy else { throw fail(p, "missing \"dy\" (the finger's movement in pt)") }
        return .drag(dy: d, duration: dur, row: row, col: col)
    }

    private func wheel(_ x: JSONValue, _ p: String) throws -> Scenario.Event {
        var n: Int?, row = EventSchema.defaultRow, col = EventSchema.defaultCol
        for (wk, wv) in try object(x, p, allowed: ["notches", "row", "col"]) {
            switch wk {
            case "notches": n = try int(wv, "\(p).notches", min: -EventSchema.maxNotches, max: EventSchema.maxNotches)
            case "row": row = try cell(wv, "\(p).row")
            default: col = try cell(wv, "\(p).col")
            }
        }
        guard let nn = n else { throw fail(p, "missing \"notches\"") }
        return .wheel(notches: nn, row: row, col: col)
    }

    private func pointer(_ x: JSONValue, _ p: String) throws -> Scenario.Event {
        var phase: PointerPhase?, px: Double?, py: Double?
        for (pk, pv) in try object(x, p, allowed: ["phase", "x", "y"]) {
            switch pk {
            case "phase": phase = PointerPhase(rawValue: try string(pv, "\(p).phase"))
            case "x": px = try points(pv, "\(p).x")
            default: py = try points(pv, "\(p).y")
            }
        }
        guard let ph = phase, let xx = px, let yy = py else {
            let phases = PointerPhase.allCases.map(\.rawValue).joined(separator: ", ")
            throw fail(p, "needs \"phase\" (\(phases)), \"x\" and \"y\"")
        }
        return .pointer(phase: ph, x: xx, y: yy)
    }
}

/// A pointer (mouse or finger) sample's phase (the recorder's `pointer` event, C7).
public enum PointerPhase: String, Sendable, CaseIterable {
    case down, move, up
}
