// Counting wrapped lines without building them (issue 6), by the same rules as `TextLayout.wrap`.

extension TextLayout {
    /// How many lines `wrap(text, columns:)` makes, without building them: the same rules, step
    /// for step, on counts only (issue 6: heights of every post are measured at start and on a
    /// width change, the lines themselves only for posts that are drawn). Runs of printable ASCII
    /// take a byte loop; any other run walks its Characters with the same widths `wrap` uses.
    public static func lineCount(_ text: RichText, columns: Int) -> Int {
        var m = LineMeasure(cols: max(1, columns))
        text.forEachRun { run, _, _, _ in m.run(run) }
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

    mutating func run(_ text: String) { run(Substring(text)) }

    /// One run (a slice of a `RichText`'s one string: no copy unless it needs its Characters).
    mutating func run(_ text: Substring) {
        var s = text
        let ascii = s.withUTF8 { b -> Bool in
            for c in b where c >= 0x7F || (c < 0x20 && c != 0x0A) { return false }
            return true
        }
        if ascii { s.withUTF8 { asciiRun($0) } } else { characterRun(String(s)) }
    }

    /// Every byte is one Character of width 1, except " " and "\n".
    private mutating func asciiRun(_ b: UnsafeBufferPointer<UInt8>) {
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

    /// The general case, Character by Character: the engine `wrap` uses (soft hyphens, CJK).
    private mutating func characterRun(_ text: String) {
        var engine = WrapEngine(cols: cols)
        engine.run(text, into: &self)
    }
}

extension LineMeasure: LineSink {
    mutating func piece(_ chars: ArraySlice<Character>, width w: Int, hyphen: Bool) {
        width += w
        nonEmpty = true
    }

    mutating func space() {
        width += 1
        nonEmpty = true
    }
}
