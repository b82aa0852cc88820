import Foundation
import TextCells

/// A JSON value together with where it sits in its file, so that every structural error
/// can name the file and a JSON path such as `events[3].local_id` (L4).
///
/// Paths are built only for nodes that have children read (events, contents, items);
/// leaf fields build their path only when they are wrong, so loading 100 000 posts does not
/// format millions of path strings.
struct JSONNode {
    /// Where a node is, built as a chain and formatted only when an error needs it.
    indirect enum Place: Sendable {
        case root(String)
        case key(Place, String)
        case index(Place, Int)

        var text: String {
            switch self {
            case .root(let p): return p
            case .key(let parent, let k):
                let p = parent.text
                return p.isEmpty ? k : p + "." + k
            case .index(let parent, let i): return parent.text + "[\(i)]"
            }
        }
    }

    let value: JSONValue
    let place: Place
    /// The file name used in errors.
    let file: String

    init(_ value: JSONValue, path: String, file: String) {
        self.value = value; self.place = .root(path); self.file = file
    }

    init(_ value: JSONValue, place: Place, file: String) {
        self.value = value; self.place = place; self.file = file
    }

    /// The JSON path of this node; "" for the document root.
    var path: String { place.text }

    func childPath(_ key: String) -> String { Place.key(place, key).text }
    func childPath(_ index: Int) -> String { Place.index(place, index).text }

    func error(_ message: String, key: String? = nil) -> LiveblogError {
        let text = key.map(childPath) ?? path
        return LiveblogError(file: file, place: text.isEmpty ? "top level" : text, message: message)
    }

    /// The value under `key`; nil when it is missing or JSON null.
    func raw(_ key: String) -> JSONValue? {
        guard let v = value[key], !v.isNull else { return nil }
        return v
    }

    func has(_ key: String) -> Bool { raw(key) != nil }

    func child(_ key: String) -> JSONNode? {
        raw(key).map { JSONNode($0, place: .key(place, key), file: file) }
    }

    /// An optional object member: nil when missing; an error when present but not an object.
    func object(_ key: String) throws -> JSONNode? {
        guard let v = raw(key) else { return nil }
        guard case .object = v else { throw error("expected an object, found \(v.typeName)", key: key) }
        return JSONNode(v, place: .key(place, key), file: file)
    }

    /// An optional array member as nodes: nil when missing; an error when present but not an array.
    func array(_ key: String) throws -> [JSONNode]? {
        guard let v = raw(key) else { return nil }
        guard case .array(let items) = v else { throw error("expected an array, found \(v.typeName)", key: key) }
        let base = Place.key(place, key)
        var out: [JSONNode] = []
        out.reserveCapacity(items.count)
        for (i, x) in items.enumerated() { out.append(JSONNode(x, place: .index(base, i), file: file)) }
        return out
    }

    /// The elements of this node when it is an array.
    var elements: [JSONNode]? {
        guard case .array(let items) = value else { return nil }
        return items.enumerated().map { JSONNode($1, place: .index(place, $0), file: file) }
    }

    /// An optional string member, sanitised (T8). Numbers are not accepted here.
    func string(_ key: String, keepNewlines: Bool = false) throws -> String? {
        guard let v = raw(key) else { return nil }
        guard case .string(let s) = v else { throw error("expected a string, found \(v.typeName)", key: key) }
        return Sanitizer.clean(s, keepNewlines: keepNewlines)
    }

    /// The raw, unsanitised string (for HTML that is parsed and sanitised afterwards).
    func rawString(_ key: String) throws -> String? {
        guard let v = raw(key) else { return nil }
        guard case .string(let s) = v else { throw error("expected a string, found \(v.typeName)", key: key) }
        return s
    }

    /// An optional number member; a string holding a number ("640") is accepted too.
    func number(_ key: String) throws -> Double? {
        guard let v = raw(key) else { return nil }
        switch v {
        case .number(let d): return d
        case .string(let s):
            if let d = Double(s.trimmingCharacters(in: .whitespaces)), d.isFinite { return d }
            throw error("expected a number, found the string \(JSONWriter.quote(Sanitizer.clean(String(s.prefix(40)))))", key: key)
        default: throw error("expected a number, found \(v.typeName)", key: key)
        }
    }

    /// An identifier: a string, or a number written as a string ("123", integers without ".0").
    /// nil when missing; an error for other types. Ids are kept raw, as the file has them: they
    /// are matched (deep links, duplicates, media references) byte for byte, and sanitised only
    /// where they are drawn or printed (issue 18: `"a\tb"` and `"a b"` are two ids).
    func id(_ key: String) throws -> String? {
        guard let v = raw(key) else { return nil }
        guard let s = JSONNode.idString(v) else {
            throw error("expected a string or a number as id, found \(v.typeName)", key: key)
        }
        return s
    }

    /// A required identifier: "missing id" when absent, "empty id" when blank.
    func requiredID(_ key: String) throws -> String {
        guard let s = try id(key) else { throw error("missing id", key: key) }
        if s.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { throw error("empty id", key: key) }
        return s
    }

    static func idString(_ v: JSONValue) -> String? {
        switch v {
        case .string(let s): return s
        case .number(let d): return formatNumber(d)
        default: return nil
        }
    }

    /// 123 → "123", 1.5 → "1.5".
    static func formatNumber(_ d: Double) -> String {
        if d.isFinite, d == d.rounded(), abs(d) < 9e15 { return String(Int64(d)) }
        return String(d)
    }
}
