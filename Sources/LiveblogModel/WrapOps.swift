/// A text's break structure, independent of the width (issue 14, B8): the words of
/// `TextLayout.wrap` as widths, with the spaces and line breaks between them. Counting a new
/// width's lines from it reads one byte a word instead of decoding every Character again, and
/// gives exactly `TextLayout.lineCount` (the same steps as `WrapEngine` on the same words).
///
/// One byte for most ops (B6, B7: a program a post is kept for the page's life); a post's texts
/// follow each other, each closed by `end`:
/// - a word of 1…63 columns: bits 2–7 its width, bit 1 set when one space follows it, bit 0 set
///   when some character is not exactly one column wide (breaking it by width then needs its
///   characters). A byte from `firstWord` (4) up is such a word: one compare tells it;
/// - `newline` (0): "\n";
/// - `space` (1): a space with no word before it;
/// - `end` (2): the end of one text;
/// - `escape` (3) and a 16-bit payload, low byte first: a word of 0 or 64…0x3FEF columns (bits
///   0–13 its width, bit 14 `wideFlag`, bit 15 `spaceFlag`), or `fallbackPayload`: a text that
///   the ops do not describe (a soft hyphen, a word wider than 0x3FEF columns), whose lines are
///   counted from the text itself. A fallback stands for the whole text: no `end` follows it.
/// A text's ops are read to its `end` (or fallback) and no further: a reader may put bytes of
/// its own between texts.
public enum WrapOps {
    public static let newline: UInt8 = 0
    public static let space: UInt8 = 1
    public static let end: UInt8 = 2
    public static let escape: UInt8 = 3
    static let firstWord: UInt8 = 4
    static let wideBit: UInt8 = 1
    static let spaceBit: UInt8 = 2
    static let fallbackPayload: UInt16 = 0xFFFE
    static let spaceFlag: UInt16 = 0x8000
    static let wideFlag: UInt16 = 0x4000
    static let widthMask: UInt16 = 0x3FFF
    static let maxWidth = 0x3FEF
    /// The widest word of one byte.
    static let maxShortWidth = 63

    /// One op, decoded (tests, `skipText`; `lineCount` reads the bytes itself).
    public enum Op: Equatable {
        case word(width: Int, wide: Bool, spaceAfter: Bool)
        case newline, space, end, fallback
    }

    /// Appends the ops of one text (its runs in order) and its `end`.
    public static func append(_ text: RichText, to ops: inout [UInt8]) {
        let mark = ops.count
        // The runs' texts joined: a word goes on across a change of style (`TextLayout`).
        // The runs' texts joined: a word goes on across a change of style (`TextLayout`).
        guard WrapOpsScanner.scan(text.plainSlice, into: &ops) else {
            ops.removeSubrange(mark...)
            appendEscape(fallbackPayload, to: &ops)
            return
        }
        ops.append(end)
    }

    public static func append(plain: String, to ops: inout [UInt8]) {
        append(RichText(plain: plain), to: &ops)
    }

    /// Appends a word of `width` (0…`maxWidth`) columns; returns the mask that `markSpace`
    /// sets in the last byte when one space follows it.
    @discardableResult
    public static func appendWord(width: Int, wide: Bool, to ops: inout [UInt8]) -> UInt8 {
        if width >= 1 && width <= maxShortWidth {
            ops.append(UInt8(width) << 2 | (wide ? wideBit : 0))
            return spaceBit
        }
        appendEscape(UInt16(width) | (wide ? wideFlag : 0), to: &ops)
        return UInt8(spaceFlag >> 8)
    }

    static func appendEscape(_ payload: UInt16, to ops: inout [UInt8]) {
        ops.append(escape)
        ops.append(UInt8(truncatingIfNeeded: payload))
        ops.append(UInt8(truncatingIfNeeded: payload >> 8))
    }

    /// The op at `i`, and `i` moved past it.
    public static func next(_ ops: UnsafeBufferPointer<UInt8>, at i: inout Int) -> Op {
        let op = ops[i]
        i += 1
        switch op {
        case newline: return .newline
        case space: return .space
        case end: return .end
        case escape:
            let x = UInt16(ops[i]) | UInt16(ops[i + 1]) << 8
            i += 2
            if x == fallbackPayload { return .fallback }
            return .word(width: Int(x & widthMask), wide: x & wideFlag != 0, spaceAfter: x & spaceFlag != 0)
        default:
            return .word(width: Int(op >> 2), wide: op & wideBit != 0, spaceAfter: op & spaceBit != 0)
        }
    }

    /// The lines of the text whose ops start at `i` at `columns`, and `i` moved past its `end`;
    /// nil (with `i` moved on as well) when the text must be counted from itself: a fallback, or
    /// a word wider than the line whose characters are not all one column wide.
    public static func lineCount(_ ops: UnsafeBufferPointer<UInt8>, at i: inout Int, columns: Int) -> Int? {
        var line = LineState(cols: max(1, columns))
        var k = i
        defer { i = k }
        while true {
            let op = ops[k]
            k &+= 1
            if op >= firstWord {
                let w = Int(op &>> 2)
                let placed = line.width &+ w
                if placed <= line.cols {
                    // The common case: a word that fits; its space when one follows and the line
                    // has room left (at the end of a line `WrapEngine` drops it).
                    line.width = min(placed &+ Int((op &>> 1) & 1), line.cols)
                    continue
                }
                if line.word(w, wide: op & wideBit != 0, space: op & spaceBit != 0) { continue }
                skipText(ops, at: &k)
                return nil
            }
            switch op {
            case end:
                return line.finish()
            case newline:
                line.newline()
            case space:
                line.space()
            default:
                let x = UInt16(ops[k]) | UInt16(ops[k &+ 1]) << 8
                k &+= 2
                if x == fallbackPayload { return nil }
                let w = Int(x & widthMask)
                if line.word(w, wide: x & wideFlag != 0, space: x & spaceFlag != 0) { continue }
                skipText(ops, at: &k)
                return nil
            }
        }
    }

    /// Moves `i` past the `end` (or fallback) of the text it is in.
    public static func skipText(_ ops: UnsafeBufferPointer<UInt8>, at i: inout Int) {
        while true {
            switch next(ops, at: &i) {
            case .end, .fallback: return
            default: continue
            }
        }
    }
}
