// Sanitising text from outside before it is drawn (T8).

/// Makes liveblog text safe to draw (T8): C0 and C1 controls and whole escape sequences
/// (CSI, OSC, DCS, SOS, PM, APC) become visible placeholders, so no text reaches the terminal raw.
/// "\n" is kept only when `keepNewlines` (paragraph structure); tabs become a space.
public enum Sanitizer {
    /// The placeholder shown for a removed control or escape sequence.
    public static let placeholder: Character = "\u{FFFD}"

    public static func clean(_ s: String, keepNewlines: Bool = false) -> String {
        // Fast path: nothing to do for plain printable text.
        if !needsWork(s, keepNewlines: keepNewlines) { return s }
        var out = String.UnicodeScalarView()
        let scalars = Array(s.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let u = scalars[i]
            let v = u.value
            if v == 0x0A && keepNewlines { out.append(u); i += 1; continue }
            if v == 0x09 { out.append(" "); i += 1; continue }
            if v == 0x1B {
                // ESC: swallow the whole sequence, show one placeholder.
                i = skipEscape(scalars, from: i)
                out.append(UnicodeScalar(0x241B)!) // ␛
                continue
            }
            if v == 0x9B || v == 0x9D || v == 0x90 || v == 0x98 || v == 0x9E || v == 0x9F {
                // 8-bit CSI / OSC / DCS / SOS / PM / APC
                i = skipControlString(scalars, from: i + 1, csi: v == 0x9B)
                out.append(UnicodeScalar(0x241B)!)
                continue
            }
            if v < 0x20 {
                out.append(UnicodeScalar(0x2400 + v)!) // ␀ … ␟ control pictures
                i += 1; continue
            }
            if v == 0x7F { out.append(UnicodeScalar(0x2421)!); i += 1; continue } // ␡
            if (0x80...0x9F).contains(v) { out.append(UnicodeScalar(placeholder.unicodeScalars.first!.value)!); i += 1; continue }
            // Bidi overrides and isolates can reorder what the reader sees; shown as placeholders too.
            if (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) {
                out.append(UnicodeScalar(placeholder.unicodeScalars.first!.value)!); i += 1; continue
            }
            out.append(u)
            i += 1
        }
        return String(out)
    }

    /// A scan of the UTF-8 bytes: C0, DEL, C1 (C2 80–9F), U+202A–202E (E2 80 AA–AE), U+2066–2069 (E2 81 A6–A9).
    /// A "\n" needs none when it is kept (paragraphs: most rich text, issue 14).
    public static func needsWork(_ s: String, keepNewlines: Bool = false) -> Bool {
        var s = s
        return s.withUTF8 { b -> Bool in
            var i = 0
            let n = b.count
            while i < n {
                // Printable ASCII (0x20–0x7E), nearly all liveblog text, needs none: skipped eight
                // bytes at a time (B7); any other byte is read by the rule below.
                i = ByteWords.first(in: b, from: i, mark: { ByteWords.outsidePrintable($0, from: 0x20) },
                                    isMarked: { $0 &- 0x20 >= 0x5F })
                guard i < n else { break }
                let c = b[i]
                if c < 0x20 || c == 0x7F, !(keepNewlines && c == 0x0A) { return true }
                if c == 0xC2, i + 1 < n, (0x80...0x9F).contains(b[i + 1]) { return true }
                if c == 0xE2, i + 2 < n {
                    if b[i + 1] == 0x80, (0xAA...0xAE).contains(b[i + 2]) { return true }
                    if b[i + 1] == 0x81, (0xA6...0xA9).contains(b[i + 2]) { return true }
                }
                i += 1
            }
            return false
        }
    }

    @inline(__always) static func needsWork(_ u: Unicode.Scalar) -> Bool {
        let v = u.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }

    private static func skipEscape(_ s: [Unicode.Scalar], from start: Int) -> Int {
        var i = start + 1
        guard i < s.count else { return i }
        let c = s[i].value
        switch c {
        case 0x5B: // '[' CSI
            return skipControlString(s, from: i + 1, csi: true)
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F: // ']' OSC, 'P' DCS, 'X' SOS, '^' PM, '_' APC
            return skipControlString(s, from: i + 1, csi: false)
        default:
            // Two-character escapes (ESC c, ESC 7, ESC ( B ...): intermediates 0x20–0x2F then a final.
            while i < s.count, (0x20...0x2F).contains(s[i].value) { i += 1 }
            return min(i + 1, s.count)
        }
    }

    /// CSI: parameters and intermediates up to a final byte 0x40–0x7E.
    /// String controls (OSC, DCS, …): up to BEL, ST (ESC \) or 8-bit ST (0x9C).
    private static func skipControlString(_ s: [Unicode.Scalar], from start: Int, csi: Bool) -> Int {
        var i = start
        if csi {
            while i < s.count {
                let v = s[i].value
                i += 1
                if (0x40...0x7E).contains(v) { return i }
                if !(0x20...0x3F).contains(v) { return i - 1 }
            }
            return i
        }
        while i < s.count {
            let v = s[i].value
            if v == 0x07 || v == 0x9C { return i + 1 }
            if v == 0x1B { return (i + 1 < s.count && s[i + 1].value == 0x5C) ? i + 2 : i + 1 }
            i += 1
        }
        return i
    }
}
