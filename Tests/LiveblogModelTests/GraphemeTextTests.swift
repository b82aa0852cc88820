import XCTest
@testable import LiveblogModel
import TextCells

/// Issue 18, E1: text by grapheme cluster, widths as modern terminals draw them, soft hyphens as
/// break points drawn only at a break, line breaks between CJK ideographs; `lineCount` agrees.
final class GraphemeTextTests: XCTestCase {
    func testE1_emojiClustersAreOneTwoColumnCharacter() {
        let clusters = ["🇩🇪", "👍🏽", "👩‍👩‍👧", "👩🏽‍💻", "🏳️‍🌈", "❤️", "1️⃣", "#️⃣", "😀", "🏴󠁧󠁢󠁥󠁮󠁧󠁿"]
        for s in clusters {
            XCTAssertEqual(s.count, 1, s)
            XCTAssertEqual(TextWidth.width(Character(s)), 2, "\(s) \(s.unicodeScalars.map { String($0.value, radix: 16) })")
            XCTAssertEqual(TextWidth.width(s), 2, s)
        }
        XCTAssertEqual(TextWidth.width("❤︎"), 1, "text presentation selector keeps one column")
        XCTAssertEqual(TextWidth.width("é"), 1)
        XCTAssertEqual(TextWidth.width("e\u{301}"), 1)
        XCTAssertEqual(TextWidth.width("漢字"), 4)
        XCTAssertEqual(TextWidth.width("\u{AD}"), 0, "a soft hyphen is invisible")
    }

    func testE1_clustersAreNeverCutWhenALongWordBreaks() {
        let word = String(repeating: "👩‍👩‍👧🇩🇪", count: 5)
        let lines = TextLayout.wrap(plain: word, columns: 5)
        XCTAssertEqual(lines.joined(), word)
        for l in lines { XCTAssertLessThanOrEqual(TextWidth.width(l), 5, l) }
        XCTAssertEqual(lines.first, "👩‍👩‍👧🇩🇪")
    }

    func testE1_softHyphenIsABreakPointDrawnOnlyAtTheBreak() {
        let text = "the Welt\u{AD}meister\u{AD}schaft final"
        XCTAssertEqual(TextLayout.wrap(plain: text, columns: 40), ["the Weltmeisterschaft final"])
        XCTAssertEqual(TextLayout.wrap(plain: text, columns: 17), ["the Weltmeister-", "schaft final"])
        XCTAssertEqual(TextLayout.wrap(plain: text, columns: 13), ["the Welt-", "meisterschaft", "final"])
        XCTAssertEqual(TextLayout.wrap(plain: "Welt\u{AD}meister\u{AD}schaft", columns: 8), ["Welt-", "meister-", "schaft"])
    }

    func testE1_cjkBreaksBetweenIdeographsButNotBeforeClosingPunctuation() {
        let text = "日本代表が勝利しました。試合は「歴史的」でした。"
        let lines = TextLayout.wrap(plain: text, columns: 10)
        XCTAssertEqual(lines.joined(), text)
        XCTAssertEqual(lines, ["日本代表が", "勝利しまし", "た。試合は", "「歴史的」", "でした。"])
        for l in lines {
            XCTAssertLessThanOrEqual(TextWidth.width(l), 10)
            XCTAssertFalse(l.hasPrefix("。") || l.hasPrefix("」") || l.hasPrefix("、"), l)
            XCTAssertFalse(l.hasSuffix("「"), l)
        }
        XCTAssertEqual(TextLayout.wrap(plain: "한국어 텍스트입니다", columns: 8), ["한국어", "텍스트입", "니다"])
    }

    /// The counting path agrees with the building path on all of the above.
    func testE1_lineCountAgreesWithWrap() {
        let samples = ["🇩🇪 👍🏽 👩‍👩‍👧 👩🏽‍💻 🏳️‍🌈 ❤️ 1️⃣ text", "Welt\u{AD}meister\u{AD}schaft and more\u{AD}words",
                       "日本代表が勝利しました。試合は「歴史的」でした。", "mixed 漢字and Latin、ok", "\u{AD}x\u{AD} \u{AD}"]
        for s in samples {
            for cols in 1...30 {
                XCTAssertEqual(TextLayout.lineCount(plain: s, columns: cols),
                               TextLayout.wrap(plain: s, columns: cols).count, "\(s) at \(cols)")
            }
        }
    }
}
