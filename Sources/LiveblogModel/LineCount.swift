// Counting wrapped lines without building them (issue 6), by the same rules as `TextLayout.wrap`.

extension TextLayout {
    /// How many lines `wrap(text, columns:)` makes, without building them: the same rules, step
    /// for step, on counts only (issue 6: heights of every post are measured at start and on a
    /// width change, the lines themselves only for posts that are drawn). Printable ASCII takes
    /// a byte loop; any other text walks its Characters through `WrapEngine`, as `wrap` does.
    public static func lineCount(_ text: RichText, columns: Int) -> Int {
        var line = LineState(cols: max(1, columns))
        line.add(text.plainSlice)
        return line.finish()
    }

    public static func lineCount(plain: String, columns: Int) -> Int {
        var line = LineState(cols: max(1, columns))
        line.add(Substring(plain))
        return line.finish()
    }
}

/// The one counting line (`TextLayout.lineCount`, `WrapOps.lineCount`): `WrapEngine`'s steps
/// for a word of known width at a time, on counts only.
struct LineState {
    let cols: Int
    var lines = 0
    /// Display width of the current line (trailing spaces included, as in `wrap`).
    var width = 0
    /// Set by a piece placed here since the line began (a zero-width piece counts;
    /// `WrapOps.lineCount`'s one-byte words, always one column or more wide, leave `width`
    /// above 0 instead).
    var nonEmpty = false

    init(cols: Int) { self.cols = cols }

    @inline(__always) mutating func newline() { lines &+= 1; width = 0; nonEmpty = false }

    /// A space: kept only inside a line (at the end of a line `WrapEngine` drops it).
    @inline(__always) mutating func space() {
        if width > 0, width < cols { width &+= 1 }
    }

    mutating func finish() -> Int {
        if nonEmpty || width > 0 || lines == 0 { newline() }
        return lines
    }

    /// Places a word; false when it is wider than the line and must be broken by its characters.
    @inline(__always)
    mutating func word(_ w: Int, wide: Bool, space: Bool) -> Bool {
        if width &+ w > cols {
            // A word that does not fit on this line.
            if width > 0 { lines &+= 1 }
            if w <= cols {
                width = w
            } else if !wide {
                // A word of one-column characters longer than the line, broken by width.
                let breaks = (w - 1) / cols
                lines &+= breaks
                width = w - breaks * cols
            } else {
                return false
            }
        } else {
            width &+= w
        }
        nonEmpty = true
        if space { self.space() }
        return true
    }

    /// Counts the lines of `text`: printable ASCII and "\n" by bytes, any other text Character by
    /// Character through `WrapEngine`.
    mutating func add(_ text: Substring) {
        var s = text
        let ascii = s.withUTF8 { b -> Bool in
            for c in b where c >= 0x7F || (c < 0x20 && c != 0x0A) { return false }
            return true
        }
        if ascii {
            s.withUTF8 { asciiRun($0) }
        } else {
            var engine = WrapEngine(cols: cols)
            engine.run(text, into: &self)
        }
    }

    /// Printable ASCII and "\n": every byte is one Character of width 1, except " " and "\n".
    private mutating func asciiRun(_ b: UnsafeBufferPointer<UInt8>) {
        var tokenWidth = 0
        for c in b {
            if c == 0x0A {
                if tokenWidth > 0 { _ = word(tokenWidth, wide: false, space: false) }
                tokenWidth = 0
                newline()
            } else if c == 0x20 {
                if tokenWidth > 0 { _ = word(tokenWidth, wide: false, space: false) }
                tokenWidth = 0
                space()
            } else {
                tokenWidth += 1
            }
        }
        if tokenWidth > 0 { _ = word(tokenWidth, wide: false, space: false) }
    }
}

extension LineState: LineSink {
    mutating func piece(_ chars: ArraySlice<Character>, offsets: ArraySlice<Int>, width w: Int, hyphen: Bool) {
        width += w
        nonEmpty = true
    }

    mutating func space(at offset: Int) {
        width += 1
        nonEmpty = true
    }
}
