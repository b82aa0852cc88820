import LiveblogModel

/// JSON for the DevTools protocol: the project's reader (`JSONParser`), and a writer whose
/// numbers keep every digit (a device scale of 2.8125 stays 2.8125; the trace writer rounds to
/// 1/1000, which is right for traces and wrong for commands).
public enum ProtocolJSON {
    public static func write(_ v: JSONValue) -> String {
        var out = ""
        write(v, into: &out)
        return out
    }

    static func write(_ v: JSONValue, into out: inout String) {
        switch v {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let x): out += number(x)
        case .string(let s): out += JSONWriter.quote(s)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                write(item, into: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (i, (k, item)) in pairs.enumerated() {
                if i > 0 { out += "," }
                out += JSONWriter.quote(k)
                out += ":"
                write(item, into: &out)
            }
            out += "}"
        }
    }

    /// Integers without a fraction; others in Swift's shortest form that reads back the same.
    public static func number(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        if x == x.rounded(), abs(x) < 9e15 { return String(Int64(x)) }
        return "\(x)"
    }
}

extension JSONValue {
    public static func int(_ i: Int) -> JSONValue { .number(Double(i)) }
    /// An object from pairs, in order.
    public static func obj(_ pairs: (String, JSONValue)...) -> JSONValue { .object(pairs) }
    public var intValue: Int? { doubleValue.flatMap { $0.isFinite ? Int(exactly: $0.rounded()) : nil } }
}
