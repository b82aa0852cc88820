import LiveblogModel
import Embed

/// The scenario's expectations (docs/contract.md, Q2): what a run is checked against.
extension Scenario.Reader {
    static let expectationKeys: Set<String> = ["post", "landsAt", "tolerance", "by", "stillFrom", "until", "holdEnds",
                                               "noPullBackAfterDrag", "value", "at", "equals", "changesFrom", "from",
                                               "within", "name", "settlesBy", "count", "min", "max", "noHost",
                                               "after", "xfail", "xfailIn"]

    /// An expectation's optional `"name"`: its stable id in reports (Q2, Q4).
    func expectationName(_ v: JSONValue, _ place: String) throws -> String? {
        guard let n = v["name"] else { return nil }
        let s = try string(n, "\(place).name")
        guard !s.isEmpty else { throw fail("\(place).name", "must not be empty") }
        return s
    }

    func expectation(_ v: JSONValue, _ place: String) throws -> Scenario.Expectation {
        let pairs = try object(v, place, allowed: Scenario.Reader.expectationKeys)
        var d: [String: JSONValue] = [:]
        for (k, x) in pairs where k != "name" && k != "xfail" && k != "xfailIn" { d[k] = x }
        if let vv = d["value"] { return try valueExpectation(vv, d, place) }
        if let c = d["count"] { return try count(c, d, place) }
        if let nh = d["noHost"] { return try noHost(nh, d, place) }
        for k in ["at", "equals", "changesFrom"] where d[k] != nil {
            throw fail("\(place).\(k)", "\"\(k)\" goes with \"value\"")
        }
        for k in ["min", "max"] where d[k] != nil { throw fail("\(place).\(k)", "\"\(k)\" goes with \"count\"") }
        if d["after"] != nil { throw fail("\(place).after", "\"after\" goes with \"noHost\"") }
        if d["post"] == nil {
            for k in ["from", "within"] where d[k] != nil {
                throw fail("\(place).\(k)", "\"\(k)\" goes with \"post\", \"value\" or \"count\"")
            }
        }
        if let nb = d["noPullBackAfterDrag"] {
            guard d.count == 1 else { throw fail(place, "noPullBackAfterDrag stands alone") }
            return .noPullBackAfterDrag(try bool(nb, "\(place).noPullBackAfterDrag"))
        }
        if let he = d["holdEnds"] { return try holdEnds(he, d, place) }
        guard let pv = d["post"] else {
            throw fail(place, "an expectation needs \"post\", \"value\", \"count\", \"noHost\", \"holdEnds\" or "
                            + "\"noPullBackAfterDrag\"")
        }
        return try postExpectation(try id(pv, "\(place).post"), d, place)
    }

    private func holdEnds(_ he: JSONValue, _ d: [String: JSONValue], _ place: String) throws -> Scenario.Expectation {
        let reason = try string(he, "\(place).holdEnds")
        guard let why = HoldEndReason(rawValue: reason) else {
            let all = "timeout, new-jump, input, removed, idle, hook-removed"
            throw fail("\(place).holdEnds", "unknown reason \"\(reason)\" (\(all))")
        }
        guard let by = d["by"] else { throw fail(place, "holdEnds needs \"by\"") }
        for k in d.keys where k != "holdEnds" && k != "by" { throw fail("\(place).\(k)", "does not go with holdEnds") }
        return .holdEnds(reason: why, by: try seconds(by, "\(place).by"))
    }

    private func postExpectation(_ post: String, _ d: [String: JSONValue], _ place: String) throws -> Scenario.Expectation {
        let tol = try d["tolerance"].map { try tolerance($0, "\(place).tolerance") } ?? 16
        if let la = d["landsAt"] {
            guard let by = d["by"] else { throw fail(place, "landsAt needs \"by\"") }
            if d["stillFrom"] != nil || d["until"] != nil {
                throw fail(place, "landsAt and stillFrom are separate expectations")
            }
            return .landsAt(post: post, y: try points(la, "\(place).landsAt"), tolerance: tol,
                            by: try seconds(by, "\(place).by"))
        }
        if let w = d["within"] { return try postWithin(post, w, d, place) }
        if let sb = d["settlesBy"] {
            for k in d.keys where !["post", "settlesBy", "tolerance"].contains(k) {
                throw fail("\(place).\(k)", "does not go with settlesBy")
            }
            return .settlesBy(post: post, by: try seconds(sb, "\(place).settlesBy"), tolerance: tol)
        }
        if let sf = d["stillFrom"] {
            guard let until = d["until"] else { throw fail(place, "stillFrom needs \"until\"") }
            let a = try seconds(sf, "\(place).stillFrom"), b = try seconds(until, "\(place).until")
            guard b >= a else { throw fail("\(place).until", "must not be before stillFrom") }
            if d["by"] != nil { throw fail("\(place).by", "does not go with stillFrom") }
            return .still(post: post, from: a, until: b, tolerance: tol)
        }
        throw fail(place, "a post expectation needs \"landsAt\" + \"by\", \"stillFrom\" + \"until\", "
                        + "\"within\" + \"from\" + \"until\", or \"settlesBy\"")
    }

    private func valueExpectation(_ vv: JSONValue, _ d: [String: JSONValue], _ place: String) throws -> Scenario.Expectation {
        let name = try string(vv, "\(place).value")
        guard let kind = Scenario.ValueKind(rawValue: name) else {
            let all = Scenario.ValueKind.allCases.map(\.rawValue).joined(separator: ", ")
            throw fail("\(place).value", "unknown value \"\(name)\" (\(all))")
        }
        func need(_ k: String, _ read: (JSONValue, String) throws -> Double) throws -> Double {
            guard let x = d[k] else { throw fail(place, "needs \"\(k)\"") }
            return try read(x, "\(place).\(k)")
        }
        func time(_ k: String) throws -> Double { try need(k, seconds) }
        let tol = try d["tolerance"].map { try tolerance($0, "\(place).tolerance") } ?? 1
        func only(_ keys: Set<String>) throws {
            for k in d.keys where !keys.contains(k) { throw fail("\(place).\(k)", "does not go with this value expectation") }
        }
        if d["equals"] != nil {
            try only(["value", "at", "equals", "tolerance"])
            return .valueAt(kind, at: try time("at"), equals: try need("equals", points), tolerance: tol)
        }
        if d["changesFrom"] != nil {
            try only(["value", "changesFrom", "until"])
            return .valueMoving(kind, from: try time("changesFrom"), until: try time("until"))
        }
        if d["stillFrom"] != nil {
            try only(["value", "stillFrom", "until", "tolerance"])
            return .valueStill(kind, from: try time("stillFrom"), until: try time("until"), tolerance: tol)
        }
        if let w = d["within"] {
            try only(["value", "from", "until", "within"])
            guard let a = w.arrayValue, a.count == 2 else { throw fail("\(place).within", "expected [low, high]") }
            return .valueWithin(kind, from: try time("from"), until: try time("until"),
                                lo: try points(a[0], "\(place).within[0]"), hi: try points(a[1], "\(place).within[1]"))
        }
        throw fail(place, "a value expectation needs \"equals\" + \"at\", \"changesFrom\" + \"until\", "
                        + "\"stillFrom\" + \"until\", or \"within\" + \"from\" + \"until\"")
    }
}

/// Q2's expectation kinds on a post's range, trace lines and host calls.
extension Scenario.Reader {
    /// `[lo, hi]` with lo ≤ hi.
    func range(_ w: JSONValue, _ place: String) throws -> (Double, Double) {
        guard let a = w.arrayValue, a.count == 2 else { throw fail(place, "expected [low, high]") }
        let lo = try points(a[0], "\(place)[0]"), hi = try points(a[1], "\(place)[1]")
        guard lo <= hi else { throw fail(place, "low must not be above high") }
        return (lo, hi)
    }

    /// A window `from` … `until`, each optional with the given defaults, until not before from.
    func window(_ d: [String: JSONValue], _ place: String, required: Bool) throws -> (Double?, Double?) {
        if required {
            for k in ["from", "until"] where d[k] == nil { throw fail(place, "needs \"\(k)\"") }
        }
        let a = try d["from"].map { try seconds($0, "\(place).from") }
        let b = try d["until"].map { try seconds($0, "\(place).until") }
        if let a, let b, b < a { throw fail("\(place).until", "must not be before from") }
        return (a, b)
    }

    func postWithin(_ post: String, _ w: JSONValue, _ d: [String: JSONValue], _ place: String) throws
        -> Scenario.Expectation {
        for k in d.keys where !["post", "within", "from", "until"].contains(k) {
            throw fail("\(place).\(k)", "does not go with within")
        }
        let (lo, hi) = try range(w, "\(place).within")
        let (a, b) = try window(d, place, required: true)
        return .postWithin(post: post, from: a!, until: b!, lo: lo, hi: hi)
    }
}
