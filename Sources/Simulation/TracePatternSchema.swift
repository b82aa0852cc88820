import TextCells
import LiveblogModel

/// Q2's expectations on trace lines, `count` and `noHost`, as the scenario parser reads them, each
/// value checked against the trace's vocabulary and types (Q9, `TraceVocabulary`): a field no line
/// has, a word no line writes or a value of another type is invalid input naming the field and
/// what it allows. A `count` that cannot fail (neither a positive `min` nor a `max`) is refused.
extension Scenario.Reader {
    /// `{"count": {FIELDS}, "from": t0, "until": t1, "min": a, "max": b}`.
    func count(_ c: JSONValue, _ d: [String: JSONValue], _ place: String) throws -> Scenario.Expectation {
        for k in d.keys where !["count", "from", "until", "min", "max"].contains(k) {
            throw fail("\(place).\(k)", "does not go with count")
        }
        guard let pairs = c.objectPairs, !pairs.isEmpty else {
            throw fail("\(place).count",
                       "expected an object of trace fields, e.g. {\"ev\": \"host\", \"action\": \"drop\"}")
        }
        var kind: String?
        if let ev = c["ev"] {
            guard let e = ev.stringValue, TraceVocabulary.kindNames.contains(e) else {
                let all = TraceVocabulary.kindNames.joined(separator: ", ")
                throw fail("\(place).count.ev",
                           "unknown trace line kind \(TraceVocabulary.found(ev)) (allowed: \(all))")
            }
            kind = e
        }
        try checkPattern(pairs.filter { $0.0 != "ev" }, TraceVocabulary.fields(of: kind), kind: kind,
                         "\(place).count")
        let lo = try d["min"].map { try int($0, "\(place).min", min: 0, max: Self.maxCount) }
        let hi = try d["max"].map { try int($0, "\(place).max", min: 0, max: Self.maxCount) }
        guard lo != nil || hi != nil else { throw fail(place, "count needs \"min\", \"max\" or both") }
        if let lo, let hi, hi < lo { throw fail("\(place).max", "must not be below min") }
        if hi == nil, lo == 0 {
            throw fail("\(place).min", "min 0 and no max cannot fail (every run has at least 0 lines): "
                            + "give a positive min or a max")
        }
        let (a, b) = try window(d, place, required: false)
        return .count(c, from: a, until: b, min: lo, max: hi)
    }

    /// Each field of a pattern: one the lines have, with a value of its type (and words of its words).
    func checkPattern(_ pairs: [(String, JSONValue)], _ fields: [(String, [TraceVocabulary.FieldType])],
                      kind: String?, _ place: String) throws {
        let whose = kind.map { "\"\($0)\" " } ?? ""
        for (k, v) in pairs {
            guard let types = fields.first(where: { $0.0 == k })?.1 else {
                let all = fields.map(\.0).joined(separator: ", ")
                throw fail("\(place).\(Sanitizer.clean(k))",
                           "no \(whose)trace line has this field (allowed: \(all))")
            }
            let objects = types.compactMap { t -> [(String, TraceVocabulary.FieldType)]? in
                if case .object(let f) = t { return f }
                return nil
            }
            if let sub = v.objectPairs, let f = objects.first {
                try checkPattern(sub, f.map { ($0.0, [$0.1]) }, kind: kind, "\(place).\(k)")
                continue
            }
            if let why = TraceVocabulary.mismatch(v, types) { throw fail("\(place).\(k)", why) }
        }
    }

    /// `{"noHost": {"jumpId": J}, "after": t}`: the host did not move or aim the list for jump J
    /// after t (no scroll, re-aim or settle; a drop moves nothing). The window after t must not
    /// be empty.
    func noHost(_ nh: JSONValue, _ d: [String: JSONValue], _ place: String) throws -> Scenario.Expectation {
        for k in d.keys where !["noHost", "after"].contains(k) {
            throw fail("\(place).\(Sanitizer.clean(k))", "does not go with noHost")
        }
        let pairs = try object(nh, "\(place).noHost", allowed: ["jumpId"])
        guard let j = pairs.first?.1 else { throw fail("\(place).noHost", "needs \"jumpId\"") }
        guard let after = d["after"] else { throw fail(place, "noHost needs \"after\"") }
        if let why = TraceVocabulary.mismatch(j, [.jumpId]) { throw fail("\(place).noHost.jumpId", why) }
        return .noHost(jumpId: try int(j, "\(place).noHost.jumpId", min: 1, max: Self.maxCount),
                       after: try seconds(after, "\(place).after"))
    }
}
