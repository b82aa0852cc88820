import TextCells
import LiveblogModel
import Embed
import Host

/// The trace's vocabulary (docs/contract.md): every kind of line, its fields, and each field's type and
/// words. A `count` or `noHost` pattern is checked against it when the scenario is read (Q9): a
/// field no line has, a word no line writes (`"action": "scrol"`), a value of the wrong type
/// (`"jumpId": "1"`, `"clamped": "false"`) would match nothing and pass by accident, so each is
/// invalid input naming the field and what it allows.
public enum TraceVocabulary {
    public indirect enum FieldType: Equatable, Sendable {
        case number
        /// A whole number.
        case integer
        /// A jump's id: a whole number from 1 (E9).
        case jumpId
        case bool
        /// Any text (a post id, a message, a URL).
        case text
        /// One of these words.
        case word([String])
        /// One of these whole numbers.
        case integerOf([Int])
        /// An object with these fields.
        case object([(String, FieldType)])

        public static func == (a: FieldType, b: FieldType) -> Bool { a.describe == b.describe }

        /// What the type allows, for messages.
        public var describe: String {
            switch self {
            case .number: return "a number"
            case .integer: return "a whole number"
            case .jumpId: return "a jump id (a whole number from 1)"
            case .bool: return "true or false"
            case .text: return "a string"
            case .word(let w): return w.map { "\"\($0)\"" }.joined(separator: ", ")
            case .integerOf(let n): return n.map(String.init).joined(separator: " or ")
            case .object(let f): return "an object with " + f.map(\.0).joined(separator: ", ")
            }
        }
    }

    static let pixels: FieldType = .object([("density", .number), ("target", .integer), ("requested", .integer),
                                           ("scrollBy", .integer)])
    static let range: FieldType = .object([("mode", .word(AndroidRangeMode.allCases.map(\.rawValue))),
                                          ("offset", .integer), ("extent", .integer), ("range", .integer),
                                          ("max", .integer)])

    /// Each kind's fields, in the order the trace writes them.
    public static let kinds: [(String, [(String, FieldType)])] = [
        ("hook", [("jumpId", .jumpId), ("top", .number), ("correction", .bool), ("args", .integerOf([1, 2])),
                  ("threw", .bool)]),
        ("host", [("jumpId", .jumpId), ("action", .word(["scroll", "drop", "reaim", "settle"])),
                  ("target", .number), ("animated", .bool), ("clamped", .bool), ("range", range), ("px", pixels)]),
        ("layout", [("webHeight", .number),
                    ("cause", .word(["image", "embed", "page", "live", "resize", "removed", "stream"]))]),
        ("hold-end", [("jumpId", .jumpId),
                      ("reason", .word(["timeout", "new-jump", "input", "removed", "idle", "hook-removed"]))]),
        ("input", [("kind", .word(InputKind.allCases.map(\.rawValue))), ("detail", .text), ("drag", .bool)]),
        ("console", [("level", .word(["info", "warn", "error", "log", "debug"])), ("message", .text)]),
        ("nav", [("id", .text), ("result", .word(["found", "not-found"])),
                 ("via", .word(["api", "fragment", "link"]))]),
        ("frame", Scenario.ValueKind.allCases.map { ($0.rawValue, FieldType.number) }
            + [("post", .object([("id", .text), ("y", .number)]))]),
        ("external", [("kind", .word(["link", "media"])), ("url", .text)]),
        ("setting", [("name", .word(["mode", "platform", "network", "insets", "reload", "hook", "device"])),
                     ("value", .text)]),
        ("progress", [("value", .number)]),
        ("engine", [("kind", .word(EngineNote.Kind.allCases.map(\.rawValue))), ("product", .text), ("url", .text),
                    ("message", .text)]),
        ("resource", [("url", .text), ("status", .integer), ("error", .text)]),
    ]

    public static var kindNames: [String] { kinds.map(\.0) }

    /// The fields of a kind (every kind's when `kind` is nil), each with the types it has.
    static func fields(of kind: String?) -> [(String, [FieldType])] {
        var out: [(String, [FieldType])] = []
        for (k, fields) in kinds where kind == nil || k == kind {
            for (name, type) in fields {
                if let i = out.firstIndex(where: { $0.0 == name }) {
                    if !out[i].1.contains(type) { out[i].1.append(type) }
                } else {
                    out.append((name, [type]))
                }
            }
        }
        return out
    }

    /// Why `value` is no value of a field with one of these types, else nil.
    static func mismatch(_ value: JSONValue, _ types: [FieldType]) -> String? {
        var reasons: [String] = []
        for t in types {
            guard let why = mismatch(value, t) else { return nil }
            reasons.append(why)
        }
        return reasons.count == 1 ? reasons[0] : "expected " + types.map(\.describe).joined(separator: "; or ")
            + " (found \(found(value)))"
    }

    static func found(_ v: JSONValue) -> String {
        switch v {
        case .string(let s): return "\"\(Sanitizer.clean(s))\""
        case .number(let n): return JSONWriter.numberText(n, integers: true)
        default: return v.typeName
        }
    }

    private static func mismatch(_ v: JSONValue, _ t: FieldType) -> String? {
        let d = v.doubleValue
        func need(_ ok: Bool) -> String? { ok ? nil : "expected \(t.describe), found \(found(v))" }
        switch t {
        case .number: return d == nil ? "expected a number, found \(v.typeName)" : nil
        case .integer: return need(d.map { $0 == $0.rounded() } == true)
        case .jumpId: return need(d.map { $0 == $0.rounded() && $0 >= 1 } == true)
        case .bool: return v.boolValue == nil ? "expected true or false, found \(found(v))" : nil
        case .text: return v.stringValue == nil ? "expected a string, found \(v.typeName)" : nil
        case .word(let words):
            guard let s = v.stringValue else { return "expected one of \(t.describe), found \(v.typeName)" }
            return words.contains(s) ? nil : "unknown value \"\(Sanitizer.clean(s))\" (allowed: \(t.describe))"
        case .integerOf(let n): return need(d.map { n.map(Double.init).contains($0) } == true)
        case .object: return v.objectPairs == nil ? "expected an object, found \(v.typeName)" : nil
        }
    }
}
