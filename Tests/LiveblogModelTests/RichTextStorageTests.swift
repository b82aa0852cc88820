import XCTest
@testable import LiveblogModel

/// The compact `RichText` (B6, B7): what goes in as runs comes out as the same runs, slices and
/// all, and two texts are equal exactly when their runs are.
final class RichTextStorageTests: XCTestCase {
    private func randomRuns(_ rng: inout SeededRandom) -> [TextRun] {
        let pieces = ["", " ", "Goal", "é", "e\u{301}", "👍🏻", "\n", "Ferreira curls it", "日本語", "🇩🇪", "a"]
        let links: [String?] = [nil, nil, "#tickaroo_event_id=e1", "https://example.com/x", "https://example.com/x"]
        return (0..<Int(rng.next() % 6)).map { _ in
            var text = ""
            for _ in 0..<Int(rng.next() % 4) { text += pieces[Int(rng.next() % UInt64(pieces.count))] }
            return TextRun(text: text, bold: rng.next() % 3 == 0, italic: rng.next() % 4 == 0,
                           link: links[Int(rng.next() % UInt64(links.count))])
        }
    }

    func testB6_runsRoundTripThroughTheCompactForm() {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<2000 {
            let runs = randomRuns(&rng)
            let t = RichText(runs: runs)
            XCTAssertEqual(t.runs, runs)
            XCTAssertEqual(t.runCount, runs.count)
            XCTAssertEqual(t.plainText, runs.map(\.text).joined())
            XCTAssertEqual(t.isEmpty, runs.allSatisfy { $0.text.isEmpty })
            var seen: [TextRun] = []
            t.forEachRun { text, bold, italic, link in
                seen.append(TextRun(text: String(text), bold: bold, italic: italic, link: link.map(String.init)))
            }
            XCTAssertEqual(seen, runs)
        }
    }

    func testB6_equalExactlyWhenTheRunsAre() {
        var rng = SeededRandom(seed: 11)
        let texts = (0..<300).map { _ in randomRuns(&rng) }
        for a in texts.prefix(60) {
            for b in texts {
                XCTAssertEqual(RichText(runs: a) == RichText(runs: b), a == b, "\(a) vs \(b)")
            }
        }
        XCTAssertNotEqual(RichText(runs: []), RichText(runs: [TextRun(text: "")]))
        XCTAssertNotEqual(RichText(runs: [TextRun(text: "ab")]),
                          RichText(runs: [TextRun(text: "a"), TextRun(text: "b")]))
        XCTAssertEqual(RichText(plain: "x"), RichText(runs: [TextRun(text: "x")]))
    }
}
