import TextCells
/// A wrapped line: runs of styled text and its display width.
public struct StyledLine: Sendable, Equatable {
    public var runs: [TextRun]
    public var width: Int
    public init(runs: [TextRun], width: Int) {
        self.runs = runs
        self.width = width
    }
    public var plainText: String { runs.map(\.text).joined() }
}

/// Word wrap by display width (E1), by grapheme cluster (issue 18). Lines break at spaces,
/// between CJK ideographs (`LineBreak`), and at soft hyphens, where a "-" is drawn (a soft
/// hyphen is invisible otherwise); a word longer than the line is broken by width; "\n"
/// starts a new line. `lineCount` counts by the same engine.
///
/// One wrapper (issue 39): a styled text breaks exactly where its plain text does, so the list
/// and `liveblog dump` (which wraps the plain text) break lines alike. The lines are found on
/// the runs' texts joined, a word going on across a change of style (a link or bold text and
/// the "." after it are one word: the "." never starts a line alone), then each character takes
/// the style of the run it starts in.
public enum TextLayout {
    public static func wrap(_ text: RichText, columns: Int) -> [StyledLine] {
        var engine = WrapEngine(cols: max(1, columns))
        var lines = LineBuilder(cols: max(1, columns), styles: text.runs)
        engine.run(text.plainSlice, into: &lines)
        return lines.finish()
    }

    public static func wrap(plain: String, columns: Int) -> [String] {
        wrap(RichText(plain: plain), columns: columns).map(\.plainText)
    }
}

/// Receives the pieces of wrapped lines: `LineBuilder` builds them, `LineMeasure` counts them.
protocol LineSink {
    /// Display width of the current line (trailing spaces included).
    var width: Int { get }
    /// A piece of a word, `offsets` the UTF-8 offset in the text of each of its characters;
    /// `hyphen`: the word breaks here at a soft hyphen, drawn as "-" (included in `width`).
    mutating func piece(_ chars: ArraySlice<Character>, offsets: ArraySlice<Int>, width: Int, hyphen: Bool)
    /// A space, at UTF-8 offset `offset` in the text.
    mutating func space(at offset: Int)
    mutating func newline()
}

/// The line-breaking rules, shared by building and counting so that they cannot disagree.
struct WrapEngine {
    let cols: Int
    /// The word being read, its characters' cumulative widths (`cum[i]`: width of `token[..<i]`),
    /// their UTF-8 offsets in the text, and the indices before which a soft hyphen stood.
    private var token: [Character] = []
    private var cum: [Int] = [0]
    private var offsets: [Int] = []
    private var hyphens: [Int] = []

    init(cols: Int) { self.cols = cols }

    /// Wraps the whole of one text: a word ends at a space, a line break, a break `LineBreak`
    /// allows, or the text's end (never at a change of style).
    mutating func run<S: LineSink>(_ text: Substring, into sink: inout S) {
        var offset = 0
        for ch in text {
            defer { offset += ch.utf8.count }
            if ch == "\n" {
                flush(&sink)
                sink.newline()
            } else if ch == " " {
                flush(&sink)
                if sink.width > 0 && sink.width < cols { sink.space(at: offset) }
            } else if ch == TextWidth.softHyphen {
                if !token.isEmpty { hyphens.append(token.count) }
            } else {
                if let last = token.last, LineBreak.canBreak(last, ch) { flush(&sink) }
                token.append(ch)
                offsets.append(offset)
                cum.append(cum[cum.count - 1] + (ch.isASCII ? 1 : TextWidth.width(ch)))
            }
        }
        flush(&sink)
    }

    private func piece<S: LineSink>(_ r: Range<Int>, width: Int, hyphen: Bool, _ sink: inout S) {
        sink.piece(token[r], offsets: offsets[r], width: width, hyphen: hyphen)
    }

    /// Places the word: on this line if it fits, else up to the last soft hyphen that fits,
    /// else on the next line, else (longer than a line) broken by width.
    private mutating func flush<S: LineSink>(_ sink: inout S) {
        var start = 0
        let n = token.count
        while start < n {
            let rest = cum[n] - cum[start]
            if sink.width + rest <= cols {
                piece(start..<n, width: rest, hyphen: false, &sink)
                break
            }
            if let cut = hyphens.last(where: { $0 > start && $0 < n && sink.width + cum[$0] - cum[start] + 1 <= cols }) {
                piece(start..<cut, width: cum[cut] - cum[start] + 1, hyphen: true, &sink)
                sink.newline()
                start = cut
            } else if sink.width > 0 {
                sink.newline()
            } else {
                breakByWidth(from: start, &sink)
                break
            }
        }
        token.removeAll(keepingCapacity: true)
        offsets.removeAll(keepingCapacity: true)
        cum.removeSubrange(1...)
        hyphens.removeAll(keepingCapacity: true)
    }

    /// Character by character with `TextWidth.width` (an ASCII control counts 0 here, as it
    /// always has, though 1 in the word's width above: raw controls only reach layout in fuzzing).
    private func breakByWidth<S: LineSink>(from start: Int, _ sink: inout S) {
        var pieceStart = start
        var pw = 0
        for i in start..<token.count {
            let cw = TextWidth.width(token[i])
            if sink.width + pw + cw > cols {
                if i > pieceStart { piece(pieceStart..<i, width: pw, hyphen: false, &sink) }
                sink.newline()
                pieceStart = i
                pw = 0
            }
            pw += cw
        }
        if token.count > pieceStart { piece(pieceStart..<token.count, width: pw, hyphen: false, &sink) }
    }
}

/// Builds the styled lines of `TextLayout.wrap`: each character takes the style of the run it
/// starts in.
struct LineBuilder: LineSink {
    let cols: Int
    private(set) var width = 0
    private var lines: [StyledLine] = []
    private var current: [TextRun] = []
    /// The runs (their texts are not used) and the UTF-8 offset where each ends.
    private let styles: [TextRun]
    private let ends: [Int]
    /// The run of the last character placed (characters come in the text's order).
    private var runIndex = 0

    init(cols: Int, styles: [TextRun]) {
        self.cols = cols
        self.styles = styles.isEmpty ? [TextRun(text: "")] : styles
        var end = 0
        self.ends = self.styles.map { end += $0.text.utf8.count; return end }
    }

    /// The run of the character at UTF-8 offset `offset`.
    private mutating func run(at offset: Int) -> Int {
        while runIndex < ends.count - 1 && offset >= ends[runIndex] { runIndex += 1 }
        return runIndex
    }

    mutating func piece(_ chars: ArraySlice<Character>, offsets: ArraySlice<Int>, width w: Int, hyphen: Bool) {
        var text = ""
        var r = run(at: offsets.first ?? 0)
        for (ch, offset) in zip(chars, offsets) {
            let here = run(at: offset)
            if here != r {
                append(text, styles[r])
                text = ""
                r = here
            }
            text.append(ch)
        }
        append(text + (hyphen ? "-" : ""), styles[r])
        width += w
    }

    mutating func space(at offset: Int) {
        append(" ", styles[run(at: offset)])
        width += 1
    }

    private mutating func append(_ text: String, _ style: TextRun) {
        guard !text.isEmpty else { return }
        if let last = current.last, last.bold == style.bold, last.italic == style.italic, last.link == style.link {
            current[current.count - 1].text += text
        } else {
            current.append(TextRun(text: text, bold: style.bold, italic: style.italic, link: style.link))
        }
    }

    mutating func newline() {
        // Trailing spaces are not part of the line.
        while let last = current.last, last.text.hasSuffix(" ") {
            current[current.count - 1].text.removeLast()
            width -= 1
            if current[current.count - 1].text.isEmpty { current.removeLast() }
        }
        lines.append(StyledLine(runs: current, width: max(width, 0)))
        current = []
        width = 0
    }

    mutating func finish() -> [StyledLine] {
        if !current.isEmpty || lines.isEmpty { newline() }
        return lines
    }
}
