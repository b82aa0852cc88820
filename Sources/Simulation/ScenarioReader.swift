import Foundation
import LiveblogModel
import Embed
import Host

/// Range caps of the scenario's numbers (issue 18): every number is checked against its range
/// before any conversion, so no value traps (a time of 1e17 s overflows the ticks) or allocates
/// without bound; an invalid one is exit 65 naming the field and the range.
public enum ScenarioLimits {
    /// Every time and duration (`at`, `by`, `stillFrom`, `until`, `from`, `changesFrom`, a
    /// value's `at`, `drag.duration`, `duration`): 0 … one day of virtual time.
    public static let maxSeconds = 86_400.0
    /// Rows and columns of a pointer position (`row`, `col`).
    public static let maxCell = 10_000.0
    /// Distances in pt (`dy`, `topOffset`, `x`, `y`, `landsAt`) and values (`equals`, `within`,
    /// `tolerance`).
    public static let maxPoints = 1e9
}

extension Scenario {
    /// Reads a scenario's JSON: typed values, each checked against its range, errors naming the
    /// place (docs/contract.md, Q1).
    struct Reader {
        let file: String
        var readCapture: CaptureReading?

        func fail(_ place: String, _ message: String) -> Invalid { Invalid(file: file, place: place, message: message) }

        func object(_ v: JSONValue, _ place: String, allowed: Set<String>) throws -> [(String, JSONValue)] {
            guard let pairs = v.objectPairs else { throw fail(place, "expected an object, found \(v.typeName)") }
            for (k, _) in pairs where !allowed.contains(k) {
                let list = allowed.sorted().joined(separator: ", ")
                throw fail(place.isEmpty ? k : "\(place).\(k)", "unknown field \"\(k)\" (allowed: \(list))")
            }
            var seen = Set<String>()
            for (k, _) in pairs {
                if seen.contains(k) { throw fail(place.isEmpty ? k : "\(place).\(k)", "duplicate field \"\(k)\"") }
                seen.insert(k)
            }
            return pairs
        }

        func number(_ v: JSONValue, _ place: String) throws -> Double {
            guard let d = v.doubleValue, d.isFinite else { throw fail(place, "expected a number, found \(v.typeName)") }
            return d
        }

        /// A number in `lo…hi`; the message names the range.
        func number(_ v: JSONValue, _ place: String, in lo: Double, _ hi: Double) throws -> Double {
            let d = try number(v, place)
            guard d >= lo, d <= hi else {
                throw fail(place, "must be between \(JSONWriter.number(lo)) and \(JSONWriter.number(hi)) "
                                + "(got \(JSONWriter.number(d)))")
            }
            return d
        }

        /// A time or duration in seconds: 0 … `ScenarioLimits.maxSeconds`.
        func seconds(_ v: JSONValue, _ place: String) throws -> Double {
            try number(v, place, in: 0, ScenarioLimits.maxSeconds)
        }

        /// A distance or value in pt: ±`ScenarioLimits.maxPoints`.
        func points(_ v: JSONValue, _ place: String) throws -> Double {
            try number(v, place, in: -ScenarioLimits.maxPoints, ScenarioLimits.maxPoints)
        }

        /// A tolerance: 0 … `ScenarioLimits.maxPoints`.
        func tolerance(_ v: JSONValue, _ place: String) throws -> Double {
            try number(v, place, in: 0, ScenarioLimits.maxPoints)
        }

        /// A row or column: 0 … `ScenarioLimits.maxCell`.
        func cell(_ v: JSONValue, _ place: String) throws -> Double {
            try number(v, place, in: 0, ScenarioLimits.maxCell)
        }

        func nonNegative(_ v: JSONValue, _ place: String) throws -> Double {
            try number(v, place, in: 0, ScenarioLimits.maxPoints)
        }

        /// A whole number in `lo…hi`, range-checked before the conversion to Int.
        func int(_ v: JSONValue, _ place: String, min lo: Int, max hi: Int) throws -> Int {
            let d = try number(v, place)
            guard d >= Double(lo), d <= Double(hi) else {
                throw fail(place, "must be a whole number from \(lo) to \(hi) (got \(JSONWriter.number(d)))")
            }
            guard d == d.rounded() else { throw fail(place, "expected a whole number, found \(JSONWriter.number(d))") }
            return Int(d)
        }

        func string(_ v: JSONValue, _ place: String) throws -> String {
            guard let s = v.stringValue else { throw fail(place, "expected a string, found \(v.typeName)") }
            return s
        }

        /// A string naming one of an enum's cases, else "unknown WHAT "s" (a, b or c)".
        func choice<E: RawRepresentable & CaseIterable>(_ v: JSONValue, _ place: String, _ what: String) throws -> E
            where E.RawValue == String {
            let s = try string(v, place)
            if let e = E(rawValue: s) { return e }
            let names = E.allCases.map(\.rawValue)
            let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined()
            throw fail(place, "unknown \(what) \"\(s)\" (\(list))")
        }

        func id(_ v: JSONValue, _ place: String) throws -> String {
            if let s = v.stringValue { return s }
            if let d = v.doubleValue {
                // A number names a post by its numeric id: range-checked before the conversion.
                guard d.isFinite, d == d.rounded(), abs(d) <= 1e15 else {
                    throw fail(place, "a numeric post id must be a whole number between -1e15 and 1e15 "
                                    + "(got \(JSONWriter.number(d))); ids are strings")
                }
                return String(Int64(d))
            }
            throw fail(place, "expected a post id (a string), found \(v.typeName)")
        }

        func bool(_ v: JSONValue, _ place: String) throws -> Bool {
            guard let b = v.boolValue else { throw fail(place, "expected true or false, found \(v.typeName)") }
            return b
        }

        func hook(_ v: JSONValue, _ place: String) throws -> HookSignature? {
            if v.isNull { return nil }
            let s = try string(v, place)
            if s == "none" { return nil }
            do { return try HookSignature(parsing: s) } catch let e as HookSignature.ParseError {
                throw fail(place, e.message)
            }
        }

        func array(_ v: JSONValue, _ place: String, of what: String = "an array") throws -> [JSONValue] {
            guard let a = v.arrayValue else { throw fail(place, "expected \(what), found \(v.typeName)") }
            return a
        }
    }
}
