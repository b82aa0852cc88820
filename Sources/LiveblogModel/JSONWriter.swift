import Foundation

// Writing JSON: numbers, quoted strings (controls escaped), compact and pretty documents.

public enum JSONWriter {
    /// A number as traces print it: rounded to 1/1000, integers with ".0" (5120.0), never exponent noise.
    public static func number(_ x: Double) -> String { numberText(x, integers: false) }

    /// With `integers`, a whole number is written as an integer (5120): the form of reports and
    /// recordings (issue 30), where a count read back by a typed reader must be an integer.
    public static func numberText(_ x: Double, integers: Bool) -> String {
        guard x.isFinite else { return "null" }
        let r = (x * 1000).rounded() / 1000
        if r == r.rounded(), abs(r) < 1e15 {
            let i = Int64(r)
            return integers ? "\(i)" : "\(i).0"
        }
        var s = String(r)
        if s.contains("e") { s = String(format: "%.3f", r) }
        return s
    }

    public static func quote(_ s: String) -> String {
        var out: [UInt8] = []
        quote(s, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `s` as a JSON string literal: `"` and `\\` escaped, \n \r \t by name, other C0 and
    /// C1 controls as \u00XX.
    static func quote(_ s: String, into out: inout [UInt8]) {
        out.append(0x22)
        var prevC2 = false
        for b in s.utf8 {
            if prevC2 {
                prevC2 = false
                if (0x80...0x9F).contains(b) {
                    out += [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]]
                } else { out += [0xC2, b] }
                continue
            }
            switch b {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x0A: out += [0x5C, 0x6E]
            case 0x0D: out += [0x5C, 0x72]
            case 0x09: out += [0x5C, 0x74]
            case 0xC2: prevC2 = true
            default:
                if b < 0x20 || b == 0x7F {
                    out += [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]]
                } else { out.append(b) }
            }
        }
        if prevC2 { out.append(0xC2) }
        out.append(0x22)
    }

    /// Compact serialisation, keys in the order given; `integers`: whole numbers without ".0".
    public static func write(_ v: JSONValue, integers: Bool = false) -> String {
        var out: [UInt8] = []
        write(v, into: &out, indent: nil, level: 0, integers: integers)
        return String(decoding: out, as: UTF8.self)
    }

    /// Indented serialisation (two spaces), for files a person reads; `integers` as for `write`.
    public static func pretty(_ v: JSONValue, integers: Bool = false) -> String {
        var out: [UInt8] = []
        write(v, into: &out, indent: 2, level: 0, integers: integers)
        return String(decoding: out, as: UTF8.self)
    }

    private static func newline(_ out: inout [UInt8], _ indent: Int, _ level: Int) {
        out.append(0x0A)
        out.append(contentsOf: repeatElement(0x20, count: indent * level))
    }

    private static func write(_ v: JSONValue, into out: inout [UInt8], indent: Int?, level: Int, integers: Bool) {
        switch v {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .number(let n): out += Array(numberText(n, integers: integers).utf8)
        case .string(let s): quote(s, into: &out)
        case .array(let a):
            if a.isEmpty { out += [0x5B, 0x5D]; return }
            out.append(0x5B)
            for (i, x) in a.enumerated() {
                if i > 0 { out.append(0x2C) }
                if let ind = indent { newline(&out, ind, level + 1) }
                write(x, into: &out, indent: indent, level: level + 1, integers: integers)
            }
            if let ind = indent { newline(&out, ind, level) }
            out.append(0x5D)
        case .object(let pairs):
            if pairs.isEmpty { out += [0x7B, 0x7D]; return }
            out.append(0x7B)
            for (i, (k, x)) in pairs.enumerated() {
                if i > 0 { out.append(0x2C) }
                if let ind = indent { newline(&out, ind, level + 1) }
                quote(k, into: &out)
                out.append(0x3A)
                if indent != nil { out.append(0x20) }
                write(x, into: &out, indent: indent, level: level + 1, integers: integers)
            }
            if let ind = indent { newline(&out, ind, level) }
            out.append(0x7D)
        }
    }
}
