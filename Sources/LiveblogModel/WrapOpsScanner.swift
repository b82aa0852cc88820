import CSupport
import TextCells

/// Turns one text (its runs joined) into ops, exactly as `WrapEngine.run` cuts it into words: at " ",
/// "\n" and where `LineBreak` allows a break (CJK). Most text is read as UTF-8 bytes: scalars
/// that are always a Character of their own (Latin, Greek, Cyrillic, punctuation, CJK, emoji),
/// and a few that extend the Character before them (U+FE0F, skin tones, a keycap, a flag's second
/// half), whose width `TextWidth` then gives for the whole Character. Any other run (combining
/// marks, ZWJ sequences, controls) walks its Characters.
enum WrapOpsScanner {
    /// False when the run cannot be described by ops (the text is then counted from itself).
    static func scan(_ text: Substring, into ops: inout [UInt8]) -> Bool {
        let mark = ops.count
        var s = text
        var words = WordSink()
        let simple = s.withUTF8 { scanBytes($0, &words, &ops) }
        if simple { return words.flush(into: &ops) }
        ops.removeSubrange(mark...)
        return scanCharacters(String(text), into: &ops)
    }

    private static func scanBytes(_ bytes: UnsafeBufferPointer<UInt8>, _ words: inout WordSink,
                                  _ ops: inout [UInt8]) -> Bool {
        var i = 0
        let n = bytes.count
        var last = LastCharacter()
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                i += 1
                if b == 0x20 {
                    words.flush(into: &ops)
                    words.space(into: &ops)
                    last.reset()
                } else if b == 0x0A {
                    words.flush(into: &ops)
                    words.newline(into: &ops)
                    last.reset()
                } else if b < 0x20 || b == 0x7F {
                    return false
                } else {
                    // A run of printable ASCII at once: no break can fall between two of them
                    // (`LineBreak`: both below U+2E80), each one column, each its own Character.
                    let j = printableRunEnd(bytes, from: i)
                    // The commonest word (B7: most of a heavy liveblog's text): a whole word of
                    // printable ASCII then one space, on a word of its own. Its op is one byte
                    // with the space in it, as the steps below would write it.
                    if words.isEmpty, j < n, bytes[j] == 0x20, j + 1 - i <= WrapOps.maxShortWidth {
                        words.appendSpacedASCIIWord(width: j + 1 - i, into: &ops)
                        last.reset()
                        i = j + 1
                        continue
                    }
                    words.character(UInt32(b), width: 1, into: &ops)
                    if j > i { words.addASCII(count: j - i, lastScalar: UInt32(bytes[j - 1])) }
                    last.start(UInt32(bytes[j - 1]), width: 1)
                    i = j
                }
                continue
            }
            let (v, len) = decode(bytes, at: i, lead: b)
            i += len
            if isOwnCharacter(v) {
                let w = max(Int(lb_wcwidth(v)), 0)
                words.character(v, width: w, into: &ops)
                last.start(v, width: w)
            } else if last.extends(with: v) {
                words.widenLast(to: last.width)
            } else if isRegionalIndicator(v) {
                let w = TextWidth.width(Character(Unicode.Scalar(v)!))
                words.character(v, width: w, into: &ops)
                last.start(v, width: w)
            } else {
                return false
            }
        }
        return true
    }

    static func isRegionalIndicator(_ v: UInt32) -> Bool { (0x1F1E6...0x1F1FF).contains(v) }

    /// Where the run of printable ASCII (0x21–0x7E) that starts at `i` ends: eight bytes at a
    /// time (B7).
    @inline(__always)
    static func printableRunEnd(_ bytes: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        ByteWords.first(in: bytes, from: i, mark: { ByteWords.outsidePrintable($0, from: 0x21) },
                        isMarked: { $0 &- 0x21 >= 0x5E })
    }

    /// The general case: Character by Character, as `WrapEngine.run`.
    static func scanCharacters(_ text: String, into ops: inout [UInt8]) -> Bool {
        var words = WordSink()
        for ch in text {
            if ch == "\n" {
                guard words.flush(into: &ops) else { return false }
                words.newline(into: &ops)
            } else if ch == " " {
                guard words.flush(into: &ops) else { return false }
                words.space(into: &ops)
            } else if ch == TextWidth.softHyphen {
                return false
            } else {
                if let last = words.lastCharacter, LineBreak.canBreak(last, ch) {
                    guard words.flush(into: &ops) else { return false }
                }
                let w = ch.isASCII ? 1 : TextWidth.width(ch)
                words.add(width: w, oneColumn: w == 1 && TextWidth.width(ch) == 1)
                words.lastCharacter = ch
            }
        }
        return words.flush(into: &ops)
    }

    /// A scalar that is always a grapheme cluster of its own, whatever follows or precedes it
    /// (UAX #29: not Extend, ZWJ, SpacingMark, Prepend, Control, a Hangul jamo or a regional
    /// indicator), so that its Character is the scalar.
    @inline(__always)
    static func isOwnCharacter(_ v: UInt32) -> Bool {
        switch v {
        case 0xA0...0xAC, 0xAE...0x2FF, 0x370...0x482, 0x48A...0x52F,
             0x2010...0x2027, 0x2030...0x205E, 0x20A0...0x20C0, 0x2100...0x2BFF,
             0x3001...0x3029, 0x3030...0x303F, 0x3041...0x3096, 0x309B...0x30FF, 0x4E00...0x9FFF,
             0xAC00...0xD7A3, 0xFF01...0xFF60,
             0x1F300...0x1F3FA, 0x1F400...0x1FAFF:
            return true
        default:
            return false
        }
    }

    @inline(__always)
    static func decode(_ b: UnsafeBufferPointer<UInt8>, at i: Int, lead: UInt8) -> (UInt32, Int) {
        if lead < 0xE0 { return ((UInt32(lead & 0x1F) << 6) | UInt32(b[i + 1] & 0x3F), 2) }
        if lead < 0xF0 {
            return ((UInt32(lead & 0x0F) << 12) | (UInt32(b[i + 1] & 0x3F) << 6) | UInt32(b[i + 2] & 0x3F), 3)
        }
        let v = (UInt32(lead & 0x07) << 18) | (UInt32(b[i + 1] & 0x3F) << 12)
            | (UInt32(b[i + 2] & 0x3F) << 6) | UInt32(b[i + 3] & 0x3F)
        return (v, 4)
    }
}

/// The word being read by `WrapOpsScanner`: its width, and whether every character is one
/// column wide.
struct WordSink {
    private var width = 0
    private var count = 0
    private var oneColumn = true
    private var overflow = false
    private var lastScalar: UInt32 = 0
    private var lastWidth = 0
    var lastCharacter: Character?

    @inline(__always)
    mutating func character(_ v: UInt32, width w: Int, into ops: inout [UInt8]) {
        if count > 0, LineBreak.canBreak(scalar: lastScalar, v) { flush(into: &ops) }
        add(width: w, oneColumn: w == 1)
        lastScalar = v
    }

    /// No word being read.
    var isEmpty: Bool { count == 0 }

    /// A word of `w` printable ASCII characters (1…`WrapOps.maxShortWidth`) and the one space
    /// after it, while no word is being read: what `character`, `addASCII`, `flush` and `space`
    /// write for it, in one byte (B7).
    @inline(__always)
    mutating func appendSpacedASCIIWord(width w: Int, into ops: inout [UInt8]) {
        ops.append(UInt8(w) << 2 | WrapOps.spaceBit)
        spaceMask = 0
        lastCharacter = nil
    }

    /// `count` more printable ASCII characters after the one just added: one column each, no
    /// break between them.
    @inline(__always)
    mutating func addASCII(count k: Int, lastScalar v: UInt32) {
        width += k
        count += k
        lastWidth = 1
        lastScalar = v
        if width > WrapOps.maxWidth { overflow = true }
    }

    @inline(__always)
    mutating func add(width w: Int, oneColumn one: Bool) {
        width += w
        count += 1
        oneColumn = oneColumn && one
        lastWidth = w
        if width > WrapOps.maxWidth { overflow = true }
    }

    /// The last character took more scalars (`LastCharacter`): its width is now `w`.
    mutating func widenLast(to w: Int) {
        width += w - lastWidth
        oneColumn = oneColumn && w == 1
        lastWidth = w
        if width > WrapOps.maxWidth { overflow = true }
    }

    /// The word as one op; false when it is too wide for one.
    @discardableResult
    mutating func flush(into ops: inout [UInt8]) -> Bool {
        defer {
            width = 0
            count = 0
            oneColumn = true
            lastCharacter = nil
        }
        guard count > 0 else { return true }
        guard !overflow else { return false }
        spaceMask = WrapOps.appendWord(width: width, wide: !oneColumn, to: &ops)
        return true
    }

    mutating func newline(into ops: inout [UInt8]) {
        ops.append(WrapOps.newline)
        spaceMask = 0
    }

    /// A space: on the word just written when there is one, else an op of its own.
    mutating func space(into ops: inout [UInt8]) {
        if spaceMask != 0 {
            ops[ops.count - 1] |= spaceMask
        } else {
            ops.append(WrapOps.space)
        }
        spaceMask = 0
    }

    /// The bit that marks a space after the last op written when it is this sink's word with no
    /// space after it yet (in its last byte: `WrapOps.appendWord`), else 0.
    private var spaceMask: UInt8 = 0
}

extension LineBreak {
    /// `canBreak` for two Characters of one scalar each.
    @inline(__always)
    static func canBreak(scalar x: UInt32, _ y: UInt32) -> Bool {
        if x < 0x2E80 && y < 0x2E80 { return false }
        if isClosing(y) || isOpening(x) { return false }
        return isCJK(x) || isCJK(y)
    }
}

/// The last Character the byte scan read, while scalars that extend it may follow (UAX #29 GB9:
/// no break before Extend; GB12/13: regional indicators pair into a flag).
struct LastCharacter {
    private var scalars = String.UnicodeScalarView()
    private var first: UInt32 = 0
    private var loneRegionalIndicator = false
    private(set) var width = 0
    private var valid = false

    /// No last Character (after a space or a line break), keeping the scalar buffer's storage.
    @inline(__always)
    mutating func reset() {
        valid = false
        loneRegionalIndicator = false
        width = 0
    }

    mutating func start(_ v: UInt32, width w: Int) {
        first = v
        width = w
        valid = true
        loneRegionalIndicator = WrapOpsScanner.isRegionalIndicator(v)
        if !scalars.isEmpty { scalars = String.UnicodeScalarView() }
    }

    /// Whether `v` belongs to the last Character; if so, `width` is the whole Character's.
    mutating func extends(with v: UInt32) -> Bool {
        guard valid else { return false }
        let extend = v == 0xFE0F || v == 0x20E3 || (0x1F3FB...0x1F3FF).contains(v)
        let pair = loneRegionalIndicator && WrapOpsScanner.isRegionalIndicator(v)
        guard extend || pair else { return false }
        loneRegionalIndicator = false
        if scalars.isEmpty { scalars.append(Unicode.Scalar(first)!) }
        scalars.append(Unicode.Scalar(v)!)
        width = TextWidth.width(Character(String(scalars)))
        return true
    }
}
