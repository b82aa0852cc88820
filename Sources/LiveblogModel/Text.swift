import Foundation
import CSupport

/// Display width by `wcwidth`, the table ncurses itself uses, so layout and drawing agree (E1).
public enum TextWidth {
    public static func width(_ c: Character) -> Int {
        var w = 0
        for (i, u) in c.unicodeScalars.enumerated() {
            let cw = Int(lb_wcwidth(u.value))
            if i == 0 { w = max(cw, 0) } else if cw > 0 && w == 0 { w = cw }
        }
        return w
    }

    public static func width(_ s: String) -> Int {
        var total = 0
        for c in s {
            if c.isASCII { total += 1 } else { total += width(c) }
        }
        return total
    }
}

/// Makes liveblog text safe to draw (T8): C0 and C1 controls and whole escape sequences
/// (CSI, OSC, DCS, SOS, PM, APC) become visible placeholders, so no text reaches the terminal raw.
/// "\n" is kept only when `keepNewlines` (paragraph structure); tabs become a space.
public enum Sanitizer {
    /// The placeholder shown for a removed control or escape sequence.
    public static let placeholder: Character = "\u{FFFD}"

    public static func clean(_ s: String, keepNewlines: Bool = false) -> String {
        // Fast path: nothing to do for plain printable text.
        if !needsWork(s) { return s }
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
    static func needsWork(_ s: String) -> Bool {
        var s = s
        return s.withUTF8 { b -> Bool in
            var i = 0
            let n = b.count
            while i < n {
                let c = b[i]
                if c < 0x20 || c == 0x7F { return true }
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

/// A wrapped line: runs of styled text and its display width.
public struct StyledLine: Sendable, Equatable {
    public var runs: [TextRun]
    public var width: Int
    public init(runs: [TextRun], width: Int) { self.runs = runs; self.width = width }
    public var plainText: String { runs.map(\.text).joined() }
}

/// Word wrap by display width (E1). Long words are broken; "\n" starts a new line.
public enum TextLayout {
    public static func wrap(_ text: RichText, columns: Int) -> [StyledLine] {
        let cols = max(1, columns)
        var lines: [StyledLine] = []
        var current: [TextRun] = []
        var width = 0

        func push(_ piece: String, _ style: TextRun, _ w: Int) {
            if let last = current.last, last.bold == style.bold, last.italic == style.italic, last.link == style.link {
                current[current.count - 1].text += piece
            } else {
                current.append(TextRun(text: piece, bold: style.bold, italic: style.italic, link: style.link))
            }
            width += w
        }
        func newline() {
            // Trailing spaces are not part of the line.
            while let last = current.last, last.text.hasSuffix(" ") {
                current[current.count - 1].text.removeLast(); width -= 1
                if current[current.count - 1].text.isEmpty { current.removeLast() }
            }
            lines.append(StyledLine(runs: current, width: max(width, 0)))
            current = []; width = 0
        }

        for run in text.runs {
            var token = ""
            var tokenWidth = 0
            func flushToken() {
                guard !token.isEmpty else { return }
                if width + tokenWidth > cols && width > 0 { newline() }
                if tokenWidth <= cols {
                    push(token, run, tokenWidth)
                } else {
                    // A word longer than the line is broken by width.
                    var piece = "", pw = 0
                    for ch in token {
                        let cw = TextWidth.width(ch)
                        if width + pw + cw > cols {
                            if !piece.isEmpty { push(piece, run, pw) }
                            newline(); piece = ""; pw = 0
                        }
                        piece.append(ch); pw += cw
                    }
                    if !piece.isEmpty { push(piece, run, pw) }
                }
                token = ""; tokenWidth = 0
            }
            for ch in run.text {
                if ch == "\n" {
                    flushToken(); newline()
                } else if ch == " " {
                    flushToken()
                    if width > 0 && width < cols { push(" ", run, 1) }
                } else {
                    token.append(ch); tokenWidth += ch.isASCII ? 1 : TextWidth.width(ch)
                }
            }
            flushToken()
        }
        if !current.isEmpty || lines.isEmpty { newline() }
        return lines
    }

    public static func wrap(plain: String, columns: Int) -> [String] {
        wrap(RichText(plain: plain), columns: columns).map(\.plainText)
    }
}

extension TextLayout {
    /// How many lines `wrap(text, columns:)` makes, without building them: the same rules, step
    /// for step, on counts only (issue 6: heights of every post are measured at start and on a
    /// width change, the lines themselves only for posts that are drawn). Runs of printable ASCII
    /// take a byte loop; any other run walks its Characters with the same widths `wrap` uses.
    public static func lineCount(_ text: RichText, columns: Int) -> Int {
        var m = LineMeasure(cols: max(1, columns))
        for run in text.runs { m.run(run.text) }
        return m.finish()
    }

    public static func lineCount(plain: String, columns: Int) -> Int {
        var m = LineMeasure(cols: max(1, columns))
        m.run(plain)
        return m.finish()
    }
}

/// The state of `TextLayout.wrap` reduced to what decides where lines break.
struct LineMeasure {
    let cols: Int
    var lines = 0
    /// Display width of the current line (trailing spaces included, as in `wrap`).
    var width = 0
    /// Whether the current line has any piece (a zero-width piece counts).
    var nonEmpty = false

    init(cols: Int) { self.cols = cols }

    @inline(__always) mutating func newline() { lines += 1; width = 0; nonEmpty = false }

    mutating func finish() -> Int {
        if nonEmpty || lines == 0 { newline() }
        return lines
    }

    mutating func run(_ text: String) {
        var s = text
        let ascii = s.withUTF8 { b -> Bool in
            for c in b where c >= 0x7F || (c < 0x20 && c != 0x0A) { return false }
            return true
        }
        if ascii { asciiRun(s) } else { characterRun(s) }
    }

    /// Every byte is one Character of width 1, except " " and "\n".
    private mutating func asciiRun(_ text: String) {
        var s = text
        s.withUTF8 { b in
            var tokenWidth = 0
            for c in b {
                if c == 0x0A {
                    flushASCII(tokenWidth); tokenWidth = 0
                    newline()
                } else if c == 0x20 {
                    flushASCII(tokenWidth); tokenWidth = 0
                    if width > 0 && width < cols { width += 1; nonEmpty = true }
                } else {
                    tokenWidth += 1
                }
            }
            flushASCII(tokenWidth)
        }
    }

    @inline(__always) private mutating func flushASCII(_ tokenWidth: Int) {
        guard tokenWidth > 0 else { return }
        if width + tokenWidth > cols && width > 0 { newline() }
        if tokenWidth <= cols {
            width += tokenWidth; nonEmpty = true
            return
        }
        // A word longer than the line, broken by width (each character 1 column).
        var pw = 0
        for _ in 0..<tokenWidth {
            if width + pw + 1 > cols {
                if pw > 0 { width += pw; nonEmpty = true }
                newline(); pw = 0
            }
            pw += 1
        }
        if pw > 0 { width += pw; nonEmpty = true }
    }

    /// The general case, Character by Character, with `wrap`'s widths.
    private mutating func characterRun(_ text: String) {
        var token: Substring? = nil
        var tokenStart = text.startIndex
        var tokenWidth = 0
        var i = text.startIndex
        while i < text.endIndex {
            let ch = text[i]
            let next = text.index(after: i)
            if ch == "\n" || ch == " " {
                if let t = token { flushToken(t, tokenWidth) }
                token = nil; tokenWidth = 0
                if ch == "\n" { newline() } else if width > 0 && width < cols { width += 1; nonEmpty = true }
            } else {
                if token == nil { tokenStart = i }
                token = text[tokenStart..<next]
                tokenWidth += ch.isASCII ? 1 : TextWidth.width(ch)
            }
            i = next
        }
        if let t = token { flushToken(t, tokenWidth) }
    }

    private mutating func flushToken(_ token: Substring, _ tokenWidth: Int) {
        if width + tokenWidth > cols && width > 0 { newline() }
        if tokenWidth <= cols {
            width += tokenWidth; nonEmpty = true
            return
        }
        var pw = 0
        var pieceNonEmpty = false
        for ch in token {
            let cw = TextWidth.width(ch)
            if width + pw + cw > cols {
                if pieceNonEmpty { width += pw; nonEmpty = true }
                newline(); pw = 0; pieceNonEmpty = false
            }
            pieceNonEmpty = true; pw += cw
        }
        if pieceNonEmpty { width += pw; nonEmpty = true }
    }
}
