import Foundation

public enum HTMLEntities {
    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
        "hellip": "…", "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”",
        "euro": "€", "pound": "£", "copy": "©", "reg": "®", "deg": "°", "middot": "·", "times": "×",
        "laquo": "«", "raquo": "»", "bull": "•", "trade": "™", "shy": "",
    ]

    /// Decodes every entity in a byte string.
    public static func decode(_ s: String) -> String {
        var s = s
        return s.withUTF8 { decode($0) }
    }

    static func decode(_ b: UnsafeBufferPointer<UInt8>) -> String {
        guard b.contains(UInt8(ascii: "&")) else { return String(decoding: b, as: UTF8.self) }
        var out: [UInt8] = []
        var i = 0
        while i < b.count {
            if b[i] == UInt8(ascii: "&") {
                let (d, len) = decode(b, at: i)
                out.append(contentsOf: d); i += len
            } else { out.append(b[i]); i += 1 }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes the entity at `at` (which holds '&'): the UTF-8 it stands for and how many bytes
    /// it took. An unknown or malformed entity is the literal '&' (length 1).
    static func decode(_ b: UnsafeBufferPointer<UInt8>, at: Int) -> ([UInt8], Int) {
        var j = at + 1
        var name: [UInt8] = []
        while j < b.count, j - at <= 12, b[j] != UInt8(ascii: ";") {
            let c = b[j]
            guard (0x30...0x39).contains(c) || (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) || c == UInt8(ascii: "#") else {
                return ([UInt8(ascii: "&")], 1)
            }
            name.append(c); j += 1
        }
        guard j < b.count, b[j] == UInt8(ascii: ";"), !name.isEmpty else { return ([UInt8(ascii: "&")], 1) }
        let text = String(decoding: name, as: UTF8.self)
        let length = j - at + 1
        if text.hasPrefix("#") {
            var digits = text.dropFirst()
            var radix = 10
            if digits.first == "x" || digits.first == "X" { digits = digits.dropFirst(); radix = 16 }
            guard let v = UInt32(digits, radix: radix) else { return ([UInt8(ascii: "&")], 1) }
            let scalar = UnicodeScalar(v) ?? "\u{FFFD}"
            return (Array(String(Character(scalar)).utf8), length)
        }
        if let s = named[text] ?? named[text.lowercased()] { return (Array(s.utf8), length) }
        return ([UInt8(ascii: "&")], 1)
    }

    /// Escapes text for HTML: & < > ".
    public static func escape(_ s: String) -> String {
        var out: [UInt8] = []
        escape(s, into: &out, breaks: false)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `s` escaped; with `breaks`, "\n" becomes `<br>`.
    static func escape(_ s: String, into out: inout [UInt8], breaks: Bool) {
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "&"): out += [0x26, 0x61, 0x6D, 0x70, 0x3B]              // &amp;
            case UInt8(ascii: "<"): out += [0x26, 0x6C, 0x74, 0x3B]                    // &lt;
            case UInt8(ascii: ">"): out += [0x26, 0x67, 0x74, 0x3B]                    // &gt;
            case UInt8(ascii: "\""): out += [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B]       // &quot;
            case 0x0A where breaks: out += [0x3C, 0x62, 0x72, 0x3E]                    // <br>
            default: out.append(b)
            }
        }
    }
}
