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
public enum TextLayout {
    public static func wrap(_ text: RichText, columns: Int) -> [StyledLine] {
        var engine = WrapEngine(cols: max(1, columns))
        var lines = LineBuilder(cols: max(1, columns))
        for run in text.runs {
            lines.style = run
            engine.run(run.text, into: &lines)
        }
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
    /// A piece of a word; `hyphen`: the word breaks here at a soft hyphen, drawn as "-"
    /// (included in `width`).
    mutating func piece(_ chars: ArraySlice<Character>, width: Int, hyphen: Bool)
    mutating func space()
    mutating func newline()
}

/// The line-breaking rules, shared by building and counting so that they cannot disagree.
struct WrapEngine {
    let cols: Int
    /// The word being read, its characters' cumulative widths (`cum[i]`: width of `token[..<i]`),
    /// and the indices before which a soft hyphen stood.
    private var token: [Character] = []
    private var cum: [Int] = [0]
    private var hyphens: [Int] = []

    init(cols: Int) { self.cols = cols }

    mutating func run<S: LineSink>(_ text: String, into sink: inout S) {
        for ch in text {
            if ch == "\n" {
                flush(&sink)
                sink.newline()
            } else if ch == " " {
                flush(&sink)
                if sink.width > 0 && sink.width < cols { sink.space() }
            } else if ch == TextWidth.softHyphen {
                if !token.isEmpty { hyphens.append(token.count) }
            } else {
                if let last = token.last, LineBreak.canBreak(last, ch) { flush(&sink) }
                token.append(ch)
                cum.append(cum[cum.count - 1] + (ch.isASCII ? 1 : TextWidth.width(ch)))
            }
        }
        flush(&sink)
    }

    /// Places the word: on this line if it fits, else up to the last soft hyphen that fits,
    /// else on the next line, else (longer than a line) broken by width.
    private mutating func flush<S: LineSink>(_ sink: inout S) {
        var start = 0
        let n = token.count
        while start < n {
            let rest = cum[n] - cum[start]
            if sink.width + rest <= cols {
                sink.piece(token[start...], width: rest, hyphen: false)
                break
            }
            if let cut = hyphens.last(where: { $0 > start && $0 < n && sink.width + cum[$0] - cum[start] + 1 <= cols }) {
                sink.piece(token[start..<cut], width: cum[cut] - cum[start] + 1, hyphen: true)
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
                if i > pieceStart { sink.piece(token[pieceStart..<i], width: pw, hyphen: false) }
                sink.newline()
                pieceStart = i
                pw = 0
            }
            pw += cw
        }
        if token.count > pieceStart { sink.piece(token[pieceStart...], width: pw, hyphen: false) }
    }
}

/// Builds the styled lines of `TextLayout.wrap`.
struct LineBuilder: LineSink {
    let cols: Int
    var style = TextRun(text: "")
    private(set) var width = 0
    private var lines: [StyledLine] = []
    private var current: [TextRun] = []

    init(cols: Int) { self.cols = cols }

    mutating func piece(_ chars: ArraySlice<Character>, width w: Int, hyphen: Bool) {
        push(String(chars) + (hyphen ? "-" : ""), w)
    }

    mutating func space() { push(" ", 1) }

    private mutating func push(_ text: String, _ w: Int) {
        if let last = current.last, last.bold == style.bold, last.italic == style.italic, last.link == style.link {
            current[current.count - 1].text += text
        } else {
            current.append(TextRun(text: text, bold: style.bold, italic: style.italic, link: style.link))
        }
        width += w
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
