import Foundation
import XCTest
@testable import LiveblogModel

/// Issue 6: the shortcuts taken for speed give exactly what the full paths give.
final class LazyLayoutAndStreamingTests: XCTestCase {
    private let pieces = ["a", "bb", "word", "Schweinsteiger", "東京", "ｶﾀｶﾅ", "e\u{301}", "👍🏽", "🇩🇪🇫🇷", "x\u{200B}y",
                          "supercalifragilisticexpialidocious", " ", "  ", "\n", "\r\n", "\t", "\u{1}", "ü", "Ａ", "—",
                          "a\u{0308}", "\u{0301}", " \u{0301}", "...", "\u{7F}", "\u{85}", "ab\ncd"]

    private func randomText(_ rng: inout SeededRandom) -> String {
        (0..<rng.int(0, 25)).map { _ in pieces[rng.int(0, pieces.count - 1)] }.joined(separator: rng.unit() < 0.7 ? " " : "")
    }

    func testE1_lineCountMatchesWrap() {
        var rng = SeededRandom(seed: 2024)
        for _ in 0..<3000 {
            var runs: [TextRun] = []
            for _ in 0..<rng.int(0, 4) { runs.append(TextRun(text: randomText(&rng), bold: rng.unit() < 0.3)) }
            let text = RichText(runs: runs)
            for cols in [0, 1, 2, 3, 5, 8, 13, 40, 78, 200] {
                XCTAssertEqual(TextLayout.lineCount(text, columns: cols), TextLayout.wrap(text, columns: cols).count,
                               "\(runs.map(\.text)) at \(cols)")
            }
        }
        XCTAssertEqual(TextLayout.lineCount(plain: "", columns: 10), 1)
        XCTAssertEqual(TextLayout.lineCount(plain: "abc def ghi", columns: 7), TextLayout.wrap(plain: "abc def ghi", columns: 7).count)
    }

    func testL1_plainTextShortcutMatchesTheParser() {
        var rng = SeededRandom(seed: 99)
        let extra = ["<b>x</b>", "&amp;", "&", "<", " lead", "trail ", "two  spaces", "", " "]
        for i in 0..<3000 {
            let s = i < extra.count ? extra[i] : randomText(&rng)
            XCTAssertEqual(HTMLText.parse(s), HTMLText.parseMarkup(s), "\(s.debugDescription)")
        }
    }

    private func assertSame(_ a: Liveblog, _ b: Liveblog, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.id, b.id, file: file, line: line)
        XCTAssertEqual(a.title, b.title, file: file, line: line)
        XCTAssertEqual(a.scoreboard, b.scoreboard, file: file, line: line)
        XCTAssertEqual(a.format, b.format, file: file, line: line)
        XCTAssertEqual(a.baseDirectory, b.baseDirectory, file: file, line: line)
        XCTAssertEqual(a.posts, b.posts, file: file, line: line)
    }

    /// The full path: one JSON tree for the whole document.
    private func fullLoad(_ bytes: [UInt8], name: String, dir: String? = nil) throws -> Liveblog {
        try LiveblogLoader.load(json: try JSONParser.parse(bytes: bytes), name: name, baseDirectory: dir)
    }

    func testL1_streamingLoadMatchesFullLoad() throws {
        for (posts, seed) in [(0, 1), (1, 2), (300, 3), (1200, 4)] {
            let lb = LiveblogGenerator.generate(posts: posts, seed: UInt64(seed))
            for pretty in [true, false] {
                let bytes = Array(NativeWriter.encode(lb, pretty: pretty).utf8)
                let streamed = try XCTUnwrap(TickarooFormat.loadStreaming(bytes: bytes, name: "g.json", baseDirectory: "/d"))
                assertSame(streamed, try fullLoad(bytes, name: "g.json", dir: "/d"))
                assertSame(try LiveblogLoader.load(bytes: bytes, name: "g.json", baseDirectory: "/d"), streamed)
            }
        }
        let sample = Fixture.asset("liveblogs/sample.json")
        let bytes = [UInt8](FileManager.default.contents(atPath: sample)!)
        let dir = URL(fileURLWithPath: sample).standardizedFileURL.deletingLastPathComponent().path
        let viaFile = try LiveblogLoader.load(path: sample)   // mapped, event by event
        assertSame(viaFile, try fullLoad(bytes, name: sample, dir: dir))
    }

    func testL4_errorsAreTheSameWhateverThePath() throws {
        let dir = NSTemporaryDirectory() + "lb-stream-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cases = [
            #"{"game": {"local_id": "g"}, "events": [{"local_id": "a", "created_at": 1}, {"local_id": "a", "created_at": 2}]}"#,
            #"{"events": [{"local_id": "a", "created_at": 1}, 5]}"#,
            #"{"events": [{"local_id": "a", "created_at": 1}, {"created_at": 2}]}"#,
            #"{"events": [{"local_id": "a", "created_at": 1}], "game": 7}"#,
            #"{"events": [{"local_id": "a", "created_at": 1},"#,
            #"{"events": [{"local_id": "a", "created_at": 1}]} trailing"#,
            #"{"data": {"events": [{"local_id": "a", "created_at": 1}]}}"#,
            #"{"events": null, "events": [{"local_id": "a"}]}"#,
            #"{"events": [{"local_id": "b", "created_at": 1}], "events": [{"local_id": "a"}]}"#,
        ]
        for (i, text) in cases.enumerated() {
            let path = dir + "/case\(i).json"
            _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
            var full: Result<Liveblog, LiveblogError>
            do { full = .success(try fullLoadOrSyntax(Array(text.utf8), name: path, dir: dir)) } catch let e as LiveblogError { full = .failure(e) }
            var viaFile: Result<Liveblog, LiveblogError>
            do { viaFile = .success(try LiveblogLoader.load(path: path)) } catch let e as LiveblogError { viaFile = .failure(e) }
            switch (full, viaFile) {
            case let (.failure(a), .failure(b)): XCTAssertEqual(a, b, "case \(i)")
            case let (.success(a), .success(b)): assertSame(a, b)
            default: XCTFail("case \(i): \(full) vs \(viaFile)")
            }
        }
    }

    private func fullLoadOrSyntax(_ bytes: [UInt8], name: String, dir: String) throws -> Liveblog {
        let json: JSONValue
        do { json = try JSONParser.parse(bytes: bytes) } catch let e as JSONSyntaxError {
            throw LiveblogError(file: name, place: "line \(e.line), column \(e.column)", message: e.message)
        }
        return try LiveblogLoader.load(json: json, name: name, baseDirectory: dir)
    }
}
