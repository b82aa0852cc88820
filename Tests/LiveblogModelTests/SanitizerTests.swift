import XCTest
@testable import LiveblogModel
import TextCells

final class SanitizerTests: XCTestCase {
    func assertNoControls(_ s: String, file: StaticString = #filePath, line: UInt = #line) {
        for u in s.unicodeScalars {
            XCTAssertFalse(u.value < 0x20 && u != "\n" || (0x7F...0x9F).contains(u.value), "control U+\(String(u.value, radix: 16)) in \(s.debugDescription)", file: file, line: line)
        }
    }

    /// T8: sanitizer removes escapes
    func testT8_sanitizerRemovesEscapes() {
        let cases: [(String, String)] = [
            ("a\u{1B}[31mred\u{1B}[0m b", "a␛red␛ b"),                        // CSI colours
            ("x\u{1B}]0;pwned title\u{07}y", "x␛y"),                              // OSC window title, BEL-terminated
            ("x\u{1B}]52;c;Y2xpcGJvYXJk\u{07}y", "x␛y"),                           // OSC 52 clipboard write
            ("x\u{1B}]8;;https://evil\u{1B}\\link\u{1B}]8;;\u{1B}\\y", "x␛link␛y"),  // OSC 8 hyperlink, ST-terminated
            ("x\u{1B}P1$qm\u{1B}\\y", "x␛y"),                                    // DCS
            ("x\u{9B}2Jy", "x␛y"),                                               // 8-bit CSI (C1)
            ("x\u{9D}0;t\u{9C}y", "x␛y"),                                        // 8-bit OSC with 8-bit ST
            ("x\u{85}y\u{8D}z", "x\u{FFFD}y\u{FFFD}z"),                          // other C1 controls
            ("nul\u{0}here", "nul␀here"),
            ("bell\u{07}\u{08}\u{7F}", "bell␇␈␡"),
            ("tab\there", "tab here"),
            ("cr\r\nlf", "cr␍␊lf"),
            ("bidi\u{202E}txet", "bidi\u{FFFD}txet"),
            ("trailing esc\u{1B}", "trailing esc␛"),
            ("plain ünïcödé ⚽", "plain ünïcödé ⚽"),
        ]
        for (input, expected) in cases {
            let out = Sanitizer.clean(input)
            XCTAssertEqual(out, expected, input.debugDescription)
            assertNoControls(out)
            XCTAssertFalse(out.contains("\u{1B}"))
        }
        XCTAssertEqual(Sanitizer.clean("a\nb", keepNewlines: true), "a\nb")
        XCTAssertEqual(Sanitizer.clean("a\nb"), "a␊b")
    }

    /// T8: loader sanitises every string except ids, which stay raw to be matched (issue 18)
    /// and are sanitised where drawn (`RawIdTests`).
    func testT8_loaderSanitisesEveryString() throws {
        let esc = "\\u001b]0;evil\\u0007\\u001b[2J\\u0000\\u009b1m"
        let doc = """
        {"game": {"local_id": "g\(esc)", "meta_info": {"title": "T\(esc)"},
                  "scoreboard": {"home_team": {"name": "H\(esc)"}, "away_team": "A\(esc)"}},
         "events": [{"local_id": "e\(esc)", "created_at": 1, "headline": "h\(esc)",
           "contents": [
             {"_type": "RichTextContentBlock", "text": "<a href=\\"u\(esc)\\">t\(esc)</a> &#27;[31m &#155;"},
             {"_type": "MultiMediaContentBlock", "items": [{"media_local_id": "m\(esc)"}]},
             {"_type": "WebEmbedContentBlock", "url": "w\(esc)"},
             {"_type": "QuoteContentBlock", "text": "q\(esc)", "author": "a\(esc)"},
             {"_type": "EmojiContentBlock", "emoji": "e\(esc)"},
             {"_type": "X\(esc)"}],
           "media": [{"local_id": "m\(esc)", "url": "m\(esc)", "title": "alt\(esc)"}],
           "sport_event": {"event_type": "goal\(esc)", "title": "t\(esc)", "team": "t\(esc)", "players": ["p\(esc)"], "time_of_play": "1\(esc)"}}]}
        """
        let lb = try Fixture.load(doc)
        var strings: [String] = [lb.title, lb.scoreboard?.homeTeam ?? "", lb.scoreboard?.awayTeam ?? ""]
        let p = lb.posts[0]
        XCTAssertEqual([lb.id, p.id], ["g\u{1B}]0;evil\u{07}\u{1B}[2J\u{0}\u{9B}1m", "e\u{1B}]0;evil\u{07}\u{1B}[2J\u{0}\u{9B}1m"])
        strings += [p.headline ?? ""]
        for b in p.blocks {
            switch b {
            case .text(let t): strings += t.runs.flatMap { [$0.text, $0.link ?? ""] }
            case .media(let m): strings += m.flatMap { [$0.url, $0.alt ?? ""] }
            case .embed(let e): strings += [e.url]
            case .quote(let t, let a): strings += t.runs.map(\.text) + [a ?? ""]
            case .emoji(let e): strings.append(e)
            case .unknown(let t): strings.append(t)
            }
        }
        if let s = p.sportEvent { strings += [s.eventType, s.title ?? "", s.team ?? "", s.timeOfPlay ?? ""] + s.players }
        XCTAssertGreaterThanOrEqual(strings.count, 20)
        for s in strings {
            assertNoControls(s)
            XCTAssertTrue(s.isEmpty || s.contains("␛"), "every field carried an escape: \(s.debugDescription)")
        }
        // Also the JSON Feed and JSON-LD paths.
        let feed = try Fixture.load(#"{"version": "https://jsonfeed.org/version/1.1", "title": "f\u001b[1m", "items": [{"id": "i\u0007", "title": "t\u009b", "content_text": "c\u001b]0;x\u0007\nline", "image": "u\u0000"}]}"#)
        let fp = feed.posts[0]
        XCTAssertEqual(fp.id, "i\u{07}")
        for s in [feed.title, fp.headline ?? "", fp.texts[0].plainText, fp.media[0].url] { assertNoControls(s) }
        XCTAssertEqual(fp.texts[0].plainText, "c␛\nline")
        let ld = try Fixture.load(#"{"@type": "LiveBlogPosting", "headline": "h\u001b[2J", "liveBlogUpdate": [{"@id": "x\u001b", "articleBody": "b\u009d0;t\u009c", "image": "i\u0001"}]}"#)
        XCTAssertEqual(ld.posts[0].id, "x\u{1B}")
        for s in [ld.title, ld.posts[0].texts[0].plainText, ld.posts[0].media[0].url] { assertNoControls(s) }
    }
}

/// B7: the sanitiser's scan reads eight printable ASCII bytes at a time. It must flag exactly
/// what the byte-by-byte reading flags, wherever the byte that needs work falls in a word.
final class SanitizerScanTests: XCTestCase {
    /// The rule read one byte at a time (the scan before B7).
    private func reference(_ b: [UInt8], keepNewlines: Bool) -> Bool {
        let n = b.count
        for i in 0..<n {
            let c = b[i]
            if c < 0x20 || c == 0x7F, !(keepNewlines && c == 0x0A) { return true }
            if c == 0xC2, i + 1 < n, (0x80...0x9F).contains(b[i + 1]) { return true }
            if c == 0xE2, i + 2 < n {
                if b[i + 1] == 0x80, (0xAA...0xAE).contains(b[i + 2]) { return true }
                if b[i + 1] == 0x81, (0xA6...0xA9).contains(b[i + 2]) { return true }
            }
        }
        return false
    }

    func testB7_wordScanFlagsWhatTheByteScanFlags() {
        var rng = SeededRandom(seed: 7)
        // Pieces that need work, and look-alikes that do not, dropped at every offset.
        let pieces: [[UInt8]] = [[0x00], [0x1F], [0x0A], [0x09], [0x1B], [0x7F], [0x7E], [0x20], [0xC2, 0x85],
                                 [0xC2, 0xA0], [0xE2, 0x80, 0xAE], [0xE2, 0x80, 0x94], [0xE2, 0x81, 0xA7],
                                 [0xF0, 0x9F, 0x98, 0x80], [0xC3, 0xA9], [0x80], [0xFF]]
        var flagged = 0
        for _ in 0..<4000 {
            let length = Int.random(in: 0...40, using: &rng)
            var b = (0..<length).map { _ in UInt8.random(in: 0x20...0x7E, using: &rng) }
            for _ in 0..<Int.random(in: 0...2, using: &rng) {
                let p = pieces[Int.random(in: 0..<pieces.count, using: &rng)]
                b.insert(contentsOf: p, at: Int.random(in: 0...b.count, using: &rng))
            }
            let s = String(decoding: b, as: UTF8.self)
            let bytes = Array(s.utf8)
            for keep in [false, true] {
                let expected = reference(bytes, keepNewlines: keep)
                XCTAssertEqual(Sanitizer.needsWork(s, keepNewlines: keep), expected, "\(bytes) keepNewlines \(keep)")
                if expected { flagged += 1 }
            }
        }
        XCTAssertGreaterThan(flagged, 1000, "the pieces that need work were met")
    }
}
