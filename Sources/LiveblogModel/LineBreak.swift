/// Where a line may break without a space (UAX #14 in essence, issue 18): around ideographs,
/// kana, hangul and fullwidth forms (classes ID, H2/H3), never before closing punctuation
/// (CL, CP, IS, EX, NS: 。、」）, small kana, ー …) nor after opening punctuation (OP: 「（ …).
/// Latin words keep breaking at spaces only; a soft hyphen is a break point (`TextLayout`).
enum LineBreak {
    /// Whether a line may break between `a` and `b`, two Characters with no space between.
    @inline(__always)
    static func canBreak(_ a: Character, _ b: Character) -> Bool {
        guard let x = a.unicodeScalars.first?.value, let y = b.unicodeScalars.first?.value else { return false }
        if x < 0x2E80 && y < 0x2E80 { return false }          // fast path: no CJK on either side
        if isClosing(y) || isOpening(x) { return false }
        return isCJK(x) || isCJK(y)
    }

    /// Ideographs, kana, hangul, CJK punctuation and fullwidth forms.
    static func isCJK(_ v: UInt32) -> Bool {
        switch v {
        case 0x2E80...0x2FDF, 0x3000...0x303F, 0x3040...0x30FF, 0x3100...0x31FF, 0x3200...0x4DBF,
             0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFE30...0xFE4F,
             0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// No break before these: closing brackets and quotes, stops and commas (CJK, fullwidth and
    /// ASCII), small kana and the prolonged sound mark.
    static func isClosing(_ v: UInt32) -> Bool {
        if v < 0x80 { return closingASCII.contains(Unicode.Scalar(v)!) }
        switch v {
        case 0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B,
             0x301E, 0x301F, 0x303B, 0x309D, 0x309E, 0x30FB...0x30FE, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A,
             0xFF1B, 0xFF01, 0xFF1F, 0xFF3D, 0xFF5D, 0xFF60, 0xFF61, 0xFF63, 0xFF64, 0x2026, 0x2025:
            return true
        case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E,
             0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6:
            return true                                    // small kana (class CJ, strict)
        default:
            return false
        }
    }

    /// No break after these: opening brackets and quotes.
    static func isOpening(_ v: UInt32) -> Bool {
        switch v {
        case 0x28, 0x5B, 0x7B, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A,
             0x301D, 0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0xFF62:
            return true
        default:
            return false
        }
    }

    private static let closingASCII: Set<Unicode.Scalar> = [")", "]", "}", ",", ".", "!", "?", ":", ";", "%"]
}
