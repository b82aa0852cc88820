import Foundation
@testable import LiveblogModel

// issue 14 (B7): the JSON parser before the fast paths, kept as the reference the tests compare with.

/// The JSON parser as it was before issue 14 (a copy, the reference for the fast paths).
struct ReferenceJSONParser {
    static let maxDepth = 512

    /// The document; parsing is synchronous, so the buffer outlives the parser.
    private let bytes: UnsafeBufferPointer<UInt8>
    private var pos = 0
    private var depth = 0

    static func parse(_ text: String) throws -> JSONValue {
        try parse(bytes: Array(text.utf8))
    }

    static func parse(bytes: [UInt8]) throws -> JSONValue {
        try bytes.withUnsafeBufferPointer { try parse(buffer: $0) }
    }

    static func parse(buffer bytes: UnsafeBufferPointer<UInt8>) throws -> JSONValue {
        var p = ReferenceJSONParser(bytes: bytes)
        // A UTF-8 byte order mark is allowed at the start.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { p.pos = 3 }
        p.skipSpace()
        let v = try p.value()
        p.skipSpace()
        if p.pos < bytes.count { throw p.error("unexpected text after the end of the document") }
        return v
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private func error(_ message: String, at: Int? = nil) -> JSONSyntaxError {
        let end = min(at ?? pos, bytes.count)
        var line = 1, col = 1
        var i = 0
        while i < end {
            if bytes[i] == 0x0A { line += 1; col = 1 } else if bytes[i] & 0xC0 != 0x80 { col += 1 }
            i += 1
        }
        return JSONSyntaxError(line: line, column: col, message: message)
    }

    private mutating func skipSpace() {
        while pos < bytes.count {
            switch bytes[pos] {
            case 0x20, 0x09, 0x0A, 0x0D: pos += 1
            default: return
            }
        }
    }

    private mutating func value() throws -> JSONValue {
        guard pos < bytes.count else { throw error("unexpected end of file (the JSON is truncated)") }
        switch bytes[pos] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default:
            throw error("unexpected character '\(printable(bytes[pos]))'")
        }
    }

    private func printable(_ b: UInt8) -> String {
        (0x21...0x7E).contains(b) ? String(UnicodeScalar(b)) : String(format: "\\x%02X", b)
    }

    private mutating func literal(_ word: String) throws {
        let w = Array(word.utf8)
        guard pos + w.count <= bytes.count, Array(bytes[pos..<pos + w.count]) == w else {
            throw error("expected '\(word)'")
        }
        pos += w.count
    }

    private mutating func enter() throws {
        depth += 1
        if depth > ReferenceJSONParser.maxDepth { throw error("nesting deeper than \(ReferenceJSONParser.maxDepth) levels") }
    }

    private mutating func object() throws -> JSONValue {
        try enter()
        pos += 1
        var pairs: [(String, JSONValue)] = []
        skipSpace()
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "}") { pos += 1; depth -= 1; return .object(pairs) }
        while true {
            skipSpace()
            guard pos < bytes.count else { throw error("unexpected end of file inside an object (the JSON is truncated)") }
            guard bytes[pos] == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
            let key = try string()
            skipSpace()
            guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else {
                throw error(pos < bytes.count ? "expected ':' after key \"\(key)\"" : "unexpected end of file (the JSON is truncated)")
            }
            pos += 1
            skipSpace()
            pairs.append((key, try value()))
            skipSpace()
            guard pos < bytes.count else { throw error("unexpected end of file inside an object (the JSON is truncated)") }
            if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
            if bytes[pos] == UInt8(ascii: "}") { pos += 1; break }
            throw error("expected ',' or '}' in an object")
        }
        depth -= 1
        return .object(pairs)
    }

    private mutating func array() throws -> JSONValue {
        try enter()
        pos += 1
        var items: [JSONValue] = []
        skipSpace()
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "]") { pos += 1; depth -= 1; return .array(items) }
        while true {
            skipSpace()
            items.append(try value())
            skipSpace()
            guard pos < bytes.count else { throw error("unexpected end of file inside an array (the JSON is truncated)") }
            if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
            if bytes[pos] == UInt8(ascii: "]") { pos += 1; break }
            throw error("expected ',' or ']' in an array")
        }
        depth -= 1
        return .array(items)
    }

    private mutating func hex4() throws -> UInt32 {
        guard pos + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[pos]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape")
            }
            v = v * 16 + d
            pos += 1
        }
        return v
    }

    private mutating func string() throws -> String {
        let start = pos
        pos += 1
        // Fast path: no escapes up to the closing quote.
        var j = pos
        while j < bytes.count, bytes[j] != UInt8(ascii: "\""), bytes[j] != UInt8(ascii: "\\") { j += 1 }
        if j < bytes.count, bytes[j] == UInt8(ascii: "\"") {
            let s = String(decoding: bytes[pos..<j], as: UTF8.self)
            pos = j + 1
            return s
        }
        var out: [UInt8] = Array(bytes[pos..<j])
        pos = j
        while true {
            guard pos < bytes.count else { throw error("unterminated string (the JSON is truncated)", at: start) }
            let c = bytes[pos]
            if c == UInt8(ascii: "\"") { pos += 1; break }
            if c == UInt8(ascii: "\\") {
                pos += 1
                guard pos < bytes.count else { throw error("unterminated string", at: start) }
                let e = bytes[pos]
                pos += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar), pos + 6 <= bytes.count,
                       bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u") {
                        pos += 2
                        let low = try hex4()
                        if (0xDC00...0xDFFF).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else { scalar = 0xFFFD }
                    }
                    let u = UnicodeScalar(scalar) ?? "\u{FFFD}"
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: throw error("invalid escape '\\\(printable(e))'")
                }
                continue
            }
            out.append(c)
            pos += 1
        }
        // Invalid UTF-8 becomes U+FFFD rather than an error: the text is shown, not trusted.
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func number() throws -> Double {
        let start = pos
        if bytes[pos] == UInt8(ascii: "-") { pos += 1 }
        func digits() -> Int {
            let s = pos
            while pos < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[pos]) { pos += 1 }
            return pos - s
        }
        if digits() == 0 { throw error("invalid number") }
        if pos < bytes.count, bytes[pos] == UInt8(ascii: ".") {
            pos += 1
            if digits() == 0 { throw error("invalid number") }
        }
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E") {
            pos += 1
            if pos < bytes.count, bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-") { pos += 1 }
            if digits() == 0 { throw error("invalid number") }
        }
        let text = String(decoding: bytes[start..<pos], as: UTF8.self)
        guard let d = Double(text) else { throw error("invalid number") }
        // 1e400 parses as infinity, which no field can use (and Int(d) would trap).
        guard d.isFinite else { throw error("number out of range: \(text.prefix(40))") }
        return d
    }
}
