import Foundation
import TextCells

// Parsing JSON (RFC 8259): a recursive-descent parser over bytes, whole or streamed.

public struct JSONParser {
    public static let maxDepth = 512

    /// The document; parsing is synchronous, so the buffer outlives the parser.
    private let bytes: UnsafeBufferPointer<UInt8>
    private var pos = 0
    private var depth = 0

    public static func parse(_ text: String) throws -> JSONValue {
        try parse(bytes: Array(text.utf8))
    }

    public static func parse(bytes: [UInt8]) throws -> JSONValue {
        try bytes.withUnsafeBufferPointer { try parse(buffer: $0) }
    }

    static func parse(buffer bytes: UnsafeBufferPointer<UInt8>) throws -> JSONValue {
        var p = JSONParser(bytes: bytes)
        // A UTF-8 byte order mark is allowed at the start.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { p.pos = 3 }
        p.skipSpace()
        let v = try p.value()
        p.skipSpace()
        if p.pos < bytes.count { throw p.error("unexpected text after the end of the document") }
        return v
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Parses a document whose top level is an object, handing the elements of the first member
    /// named `streamKey`, when it is an array, to `element` one at a time instead of keeping them
    /// (a 100 000-post file never holds every event's tree at once: issue 6, B3, B6). That
    /// member's value in the returned pairs is an empty array. nil when the top level is not an
    /// object. `streamed` says whether an array was streamed. Errors are those of `parse`, or
    /// whatever `element` throws. `consumed` hears, after each element, how far the parser has
    /// read (the bytes before it are not read again, so a mapped file can let them go).
    static func parseStreaming(buffer bytes: UnsafeBufferPointer<UInt8>, streamKey: String,
                               consumed: ((Int) -> Void)? = nil,
                               element: (Int, JSONValue) throws -> Void) throws -> (pairs: [(String, JSONValue)], streamed: Bool)? {
        var p = JSONParser(bytes: bytes)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { p.pos = 3 }
        p.skipSpace()
        guard p.pos < bytes.count, bytes[p.pos] == UInt8(ascii: "{") else { return nil }
        try p.enter()
        p.pos += 1
        var pairs: [(String, JSONValue)] = []
        var streamed = false
        p.skipSpace()
        if p.pos < bytes.count, bytes[p.pos] == UInt8(ascii: "}") {
            p.pos += 1
        } else {
            while true {
                p.skipSpace()
                guard p.pos < bytes.count, bytes[p.pos] == UInt8(ascii: "\"") else { throw p.error("expected a quoted key") }
                let key = try p.string()
                p.skipSpace()
                guard p.pos < bytes.count, bytes[p.pos] == UInt8(ascii: ":") else { throw p.error("expected ':'") }
                p.pos += 1
                p.skipSpace()
                let seenKey = pairs.contains { $0.0 == key }
                if key == streamKey, !seenKey, p.pos < bytes.count, bytes[p.pos] == UInt8(ascii: "[") {
                    try p.streamArray(element, consumed: consumed)
                    streamed = true
                    pairs.append((key, .array([])))
                } else {
                    pairs.append((key, try p.value()))
                }
                p.skipSpace()
                guard p.pos < bytes.count else { throw p.error("unexpected end of file inside an object") }
                if bytes[p.pos] == UInt8(ascii: ",") { p.pos += 1; continue }
                if bytes[p.pos] == UInt8(ascii: "}") { p.pos += 1; break }
                throw p.error("expected ',' or '}' in an object")
            }
        }
        p.depth -= 1
        p.skipSpace()
        if p.pos < bytes.count { throw p.error("unexpected text after the end of the document") }
        return (pairs, streamed)
    }

    private mutating func streamArray(_ element: (Int, JSONValue) throws -> Void, consumed: ((Int) -> Void)?) throws {
        try enter()
        pos += 1
        skipSpace()
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "]") { pos += 1; depth -= 1; return }
        var i = 0
        while true {
            skipSpace()
            try element(i, try value())
            consumed?(pos)
            i += 1
            skipSpace()
            guard pos < bytes.count else { throw error("unexpected end of file inside an array") }
            if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
            if bytes[pos] == UInt8(ascii: "]") { pos += 1; break }
            throw error("expected ',' or ']' in an array")
        }
        depth -= 1
    }

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
        let count = word.utf8.count
        guard pos + count <= bytes.count, bytes[pos..<pos + count].elementsEqual(word.utf8) else {
            throw error("expected '\(word)'")
        }
        pos += count
    }

    private mutating func enter() throws {
        depth += 1
        if depth > JSONParser.maxDepth { throw error("nesting deeper than \(JSONParser.maxDepth) levels") }
    }

    private mutating func object() throws -> JSONValue {
        try enter()
        pos += 1
        var pairs: [(String, JSONValue)] = []
        skipSpace()
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "}") { pos += 1; depth -= 1; return .object(pairs) }
        // Room for a post's or a media item's keys at once rather than regrowing 1, 2, 4, 8
        // (issue 14: the trees of a parallel open live only until their post is built).
        pairs.reserveCapacity(6)
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
        items.reserveCapacity(4)
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
        let j = quoteOrBackslash(from: pos)
        if j < bytes.count, bytes[j] == UInt8(ascii: "\"") {
            // Invalid UTF-8 becomes U+FFFD rather than an error: the text is shown, not trusted.
            let body = UnsafeBufferPointer(rebasing: bytes[pos..<j])
            pos = j + 1
            return JSONCommonStrings.string(body) ?? String(decoding: body, as: UTF8.self)
        }
        // Escapes: one pass finds the decoded length (and any error, at the same place as
        // ever), a second writes the bytes straight into the string's storage (issue 14).
        let body = pos
        let count = try unescape(into: nil, start: start)
        pos = body
        return try String(unsafeUninitializedCapacity: count) {
            try unescape(into: $0.baseAddress, start: start)
        }
    }

    /// Decodes a string body from `pos` to its closing quote, copying the runs between escapes
    /// whole; writes to `out` unless it is nil, and returns the number of bytes decoded.
    private mutating func unescape(into out: UnsafeMutablePointer<UInt8>?, start: Int) throws -> Int {
        var w = 0
        func put(_ b: UInt8) {
            out?[w] = b
            w += 1
        }
        while true {
            let j = quoteOrBackslash(from: pos)
            if j > pos, let base = bytes.baseAddress {
                out?.advanced(by: w).update(from: base + pos, count: j - pos)
                w += j - pos
                pos = j
            }
            guard pos < bytes.count else {
                throw error("unterminated string (the JSON is truncated)", at: start)
            }
            if bytes[pos] == UInt8(ascii: "\"") { pos += 1; return w }
            pos += 1
            guard pos < bytes.count else { throw error("unterminated string", at: start) }
            let e = bytes[pos]
            pos += 1
            switch e {
            case UInt8(ascii: "\""): put(0x22)
            case UInt8(ascii: "\\"): put(0x5C)
            case UInt8(ascii: "/"): put(0x2F)
            case UInt8(ascii: "b"): put(0x08)
            case UInt8(ascii: "f"): put(0x0C)
            case UInt8(ascii: "n"): put(0x0A)
            case UInt8(ascii: "r"): put(0x0D)
            case UInt8(ascii: "t"): put(0x09)
            case UInt8(ascii: "u"): UTF8.encode(try unicodeEscape(), into: put)
            default: throw error("invalid escape '\\\(printable(e))'")
            }
        }
    }

    /// The scalar of a `\u` escape whose four hex digits start at `pos`, joining a surrogate
    /// pair; a lone or mismatched surrogate is U+FFFD.
    private mutating func unicodeEscape() throws -> UnicodeScalar {
        var scalar = try hex4()
        if (0xD800...0xDBFF).contains(scalar), pos + 6 <= bytes.count,
           bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u") {
            pos += 2
            let low = try hex4()
            if (0xDC00...0xDFFF).contains(low) {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else { scalar = 0xFFFD }
        }
        return UnicodeScalar(scalar) ?? "\u{FFFD}"
    }

    /// The index of the first `"` or `\` at or after `from` (or the end), read eight bytes at a
    /// time.
    private func quoteOrBackslash(from: Int) -> Int {
        ByteWords.first(in: bytes, from: from,
                        mark: { ByteWords.equal($0, 0x22) | ByteWords.equal($0, 0x5C) },
                        isMarked: { $0 == 0x22 || $0 == 0x5C })
    }

    private mutating func number() throws -> Double {
        let start = pos
        if bytes[pos] == UInt8(ascii: "-") { pos += 1 }
        func digits() -> Int {
            let s = pos
            while pos < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[pos]) { pos += 1 }
            return pos - s
        }
        let intDigits = digits()
        if intDigits == 0 { throw error("invalid number") }
        var fractionDigits = 0
        if pos < bytes.count, bytes[pos] == UInt8(ascii: ".") {
            pos += 1
            fractionDigits = digits()
            if fractionDigits == 0 { throw error("invalid number") }
        }
        var exponent = false
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E") {
            exponent = true
            pos += 1
            if pos < bytes.count, bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-") { pos += 1 }
            if digits() == 0 { throw error("invalid number") }
        }
        if !exponent, intDigits + fractionDigits <= 15 {
            return decimal(start: start, fractionDigits: fractionDigits)
        }
        let text = String(decoding: bytes[start..<pos], as: UTF8.self)
        guard let d = Double(text) else { throw error("invalid number") }
        // 1e400 parses as infinity, which no field can use (and Int(d) would trap).
        guard d.isFinite else { throw error("number out of range: \(text.prefix(40))") }
        return d
    }

    /// A number of at most 15 digits and no exponent, from `start` to `pos`, exactly as
    /// `Double(text)` reads it (issue 14): the digits make an integer below 2^53, and 10^f is
    /// exact too, so the one rounding of the division is the correctly rounded value.
    private func decimal(start: Int, fractionDigits: Int) -> Double {
        var mantissa: Int64 = 0
        for i in start..<pos where bytes[i] != UInt8(ascii: "-") && bytes[i] != UInt8(ascii: ".") {
            mantissa = mantissa * 10 + Int64(bytes[i] &- UInt8(ascii: "0"))
        }
        var d = Double(mantissa)
        if fractionDigits > 0 {
            var scale = 1.0
            for _ in 0..<fractionDigits { scale *= 10 }
            d /= scale
        }
        return bytes[start] == UInt8(ascii: "-") ? -d : d
    }
}
