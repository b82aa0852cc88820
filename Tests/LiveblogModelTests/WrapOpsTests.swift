import XCTest
@testable import LiveblogModel

/// Issue 14 (B8): a text's `WrapOps`, recorded once, count the lines of `TextLayout.wrap` at any
/// width: emoji (one scalar, VS16, skin tones, flags, ZWJ), CJK, soft hyphens, combining marks,
/// long words, several spaces and paragraphs, runs of several styles.
final class WrapOpsTests: XCTestCase {
    static let pieces = [
        "the", "ball", "Ibáñez", "Petrović", "—", "“quoted”", "⚽", "🔥", "❤️", "👏🏽", "🇩🇪", "👩‍👩‍👧", "1️⃣",
        "東京都", "こんにちは。", "「引用」", "한국어", "ｗｉｄｅ", "e\u{301}",
        "supercalifragilisticexpialidocious", "https://www.example.com/a/very/long/path/to/a/report",
        "\u{A0}", "(note)", "½", "Ωμέγα", "Привет", "🙌🙌🙌", "x", "ab,cd.", "\u{1}",
    ]

    static func randomText(_ rng: inout SeededRandom) -> RichText {
        var runs: [TextRun] = []
        for _ in 0..<rng.int(1, 4) {
            var s = ""
            for _ in 0..<rng.int(0, 30) {
                let r = rng.unit()
                s += r < 0.08 ? "\n" : r < 0.12 ? "  " : r < 0.5 ? " " : ""
                s += pieces[rng.int(0, pieces.count - 1)]
            }
            if rng.unit() < 0.05 { s += " co\u{AD}op\u{AD}er\u{AD}ation" }
            runs.append(TextRun(text: s, bold: rng.unit() < 0.3, link: rng.unit() < 0.2 ? "https://x" : nil))
        }
        return RichText(runs: runs)
    }

    /// Counts from the ops of `texts` at `cols`, texts one after another as a post records them;
    /// nil for a text the ops leave to its own count.
    static func counts(_ texts: [RichText], cols: Int) -> [Int?] {
        var ops: [UInt8] = []
        for t in texts { WrapOps.append(t, to: &ops) }
        return ops.withUnsafeBufferPointer { b in
            var i = 0
            let out = texts.map { _ in WrapOps.lineCount(b, at: &i, columns: cols) }
            XCTAssertEqual(i, b.count, "every text's ops read to its end")
            return out
        }
    }

    func testB8_opsCountTheLinesOfWrapAtEveryWidth() {
        var rng = SeededRandom(seed: 14)
        var described = 0, total = 0
        for _ in 0..<400 {
            let texts = (0..<rng.int(1, 4)).map { _ in Self.randomText(&rng) }
            for cols in [1, 2, 3, rng.int(4, 20), rng.int(21, 80), rng.int(81, 200)] {
                for (t, n) in zip(texts, Self.counts(texts, cols: cols)) {
                    if cols > 20 { total += 1 }
                    guard let n else { continue }
                    if cols > 20 { described += 1 }
                    XCTAssertEqual(n, TextLayout.wrap(t, columns: cols).count, "\(t.runs.map(\.text)) at \(cols)")
                }
            }
        }
        // At widths over 20 only soft hyphens (in about one text in ten) and the rare control in a
        // word wider than the line leave a text to its own count.
        XCTAssertGreaterThan(described, total / 2, "texts are counted from their ops")
    }

    /// Text of the common kinds is counted from its ops (at 1 column a 2-column character is
    /// wider than the line: its text is left to its own count), and a word wider than the line
    /// of one-column characters breaks by width.
    func testB8_commonTextIsDescribedByOps() {
        let texts = ["Okafor curls it 🔥 over the bar — Ibáñez 東京 “ok” ⚽", "x" + String(repeating: "y", count: 250),
                     "", "\n\n", "  lead", "東京都庁舎、新宿。「引用」"].map(RichText.init(plain:))
        for cols in [1, 5, 7, 40, 300] {
            for (t, n) in zip(texts, Self.counts(texts, cols: cols)) {
                XCTAssertTrue(n != nil || cols == 1, "\(t.plainText) at \(cols)")
                XCTAssertEqual(n ?? TextLayout.lineCount(t, columns: cols), TextLayout.wrap(t, columns: cols).count,
                               "\(t.plainText) at \(cols)")
            }
        }
    }

    /// A soft hyphen, or a word wider than the line with a zero-width control: the text is left
    /// to `TextLayout.lineCount` (nil), and the texts after it are read from their own ops.
    func testB8_fallbackTextsAreSkipped() {
        let texts = ["co\u{AD}operation", "a\u{1}bcdef", "after"].map(RichText.init(plain:))
        XCTAssertEqual(Self.counts(texts, cols: 4).map { $0 == nil }, [true, true, false])
        XCTAssertEqual(Self.counts(texts, cols: 4)[2], 2)
    }

    /// B6, B7: a word of 1…63 columns is one byte, any other (0, 64…0x3FEF) an escape and two;
    /// both read back with their flags, and a one-word text counts as `WrapEngine` breaks it.
    func testB6_wordEncodingRoundTripsEveryWidth() {
        for width in 0...WrapOps.maxWidth {
            for wide in [false, true] {
                for spaceAfter in [false, true] {
                    var ops: [UInt8] = []
                    let mask = WrapOps.appendWord(width: width, wide: wide, to: &ops)
                    XCTAssertEqual(ops.count, (1...63).contains(width) ? 1 : 3, "width \(width)")
                    if spaceAfter { ops[ops.count - 1] |= mask }
                    ops.append(WrapOps.end)
                    ops.withUnsafeBufferPointer { b in
                        var i = 0
                        let word = WrapOps.Op.word(width: width, wide: wide, spaceAfter: spaceAfter)
                        XCTAssertEqual(WrapOps.next(b, at: &i), word)
                        XCTAssertEqual(WrapOps.next(b, at: &i), .end)
                        XCTAssertEqual(i, b.count)
                        for cols in [1, 40, 63, 64, 200] {
                            var j = 0
                            let n = WrapOps.lineCount(b, at: &j, columns: cols)
                            let broken = (width + cols - 1) / cols
                            XCTAssertEqual(n, width <= cols ? 1 : wide ? nil : broken, "\(width) at \(cols)")
                            XCTAssertEqual(j, b.count)
                        }
                    }
                }
            }
        }
    }

    /// B8 with the rarer ops: words of 64 columns and more (one-column and wide), zero-width
    /// words, runs of spaces, blank lines; counted at random widths as `TextLayout.wrap` counts.
    func testB8_escapedWordsCountTheLinesOfWrap() {
        var rng = SeededRandom(seed: 1414)
        let rare = [String(repeating: "w", count: 64), String(repeating: "ab", count: 77),
                    String(repeating: "❤️", count: 40), String(repeating: "é", count: 90), "\u{301}", "\u{200B}", "   ", "\n\n", " \n ", "x\u{301}"]
        var escaped = Set<Int>()
        for _ in 0..<300 {
            var s = ""
            for _ in 0..<rng.int(1, 25) {
                s += rng.unit() < 0.5 ? " " : rng.unit() < 0.5 ? "\n" : ""
                let pieces = rng.unit() < 0.4 ? rare : Self.pieces
                s += pieces[rng.int(0, pieces.count - 1)]
            }
            let texts = [RichText(plain: s), Self.randomText(&rng)]
            var ops: [UInt8] = []
            for t in texts { WrapOps.append(t, to: &ops) }
            ops.withUnsafeBufferPointer { b in
                var i = 0
                while i < b.count {
                    guard case .word(let w, _, _) = WrapOps.next(b, at: &i), w == 0 || w >= 64 else { continue }
                    escaped.insert(w)
                }
            }
            for cols in [1, 2, rng.int(3, 63), 64, rng.int(65, 250)] {
                for (t, n) in zip(texts, Self.counts(texts, cols: cols)) {
                    guard let n else { continue }
                    XCTAssertEqual(n, TextLayout.wrap(t, columns: cols).count,
                                   "\(t.runs.map(\.text)) at \(cols)")
                }
            }
        }
        XCTAssertTrue(escaped.isSuperset(of: [0, 64, 80]), "\(escaped.sorted())")
    }
}
