import Foundation
import XCTest
@testable import LiveblogModel

/// The bad-input corpus (issue #7, L4, T8): one test per file in Tests/Corpus (outside the test
/// targets' folders, so SwiftPM does not ask to declare them as resources),
/// through `LiveblogLoader.load(path:)`. Each bad file is a clear error naming the file and the
/// place; the rest load (zero posts; control characters sanitised). The huge inputs (200 000-deep
/// nesting, a 10 MB post) are written at run time into a temporary directory.
final class CorpusTests: XCTestCase {
    static let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus").path

    static func path(_ name: String) -> String { dir + "/" + name }

    /// The error for a corpus file, checked to name the file, the place and the message.
    @discardableResult
    func expectError(_ name: String, place: String?, message: String, file: StaticString = #filePath, line: UInt = #line) -> LiveblogError? {
        let p = CorpusTests.path(name)
        if name != "no-such-file.json" {
            XCTAssertTrue(FileManager.default.fileExists(atPath: p), "corpus file \(name) is missing", file: file, line: line)
        }
        do {
            let lb = try LiveblogLoader.load(path: p)
            XCTFail("\(name): expected an error, loaded \(lb.posts.count) posts", file: file, line: line)
            return nil
        } catch let e as LiveblogError {
            XCTAssertTrue(e.description.hasPrefix(p + ": "), "names the file: \(e.description)", file: file, line: line)
            if let place { XCTAssertEqual(e.place, place, e.description, file: file, line: line) }
            XCTAssertTrue(e.message.contains(message), "message \"\(e.message)\" should contain \"\(message)\"", file: file, line: line)
            XCTAssertFalse(e.description.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                           "the message is safe to print", file: file, line: line)
            return e
        } catch {
            XCTFail("\(name): unexpected error type \(error)", file: file, line: line)
            return nil
        }
    }

    func load(_ name: String, file: StaticString = #filePath, line: UInt = #line) -> Liveblog? {
        do { return try LiveblogLoader.load(path: CorpusTests.path(name)) } catch {
            XCTFail("\(name): \(error)", file: file, line: line)
            return nil
        }
    }

    static func allText(_ lb: Liveblog) -> String {
        var s = lb.title + lb.id
        for p in lb.posts {
            s += p.id + (p.headline ?? "")
            for b in p.blocks {
                switch b {
                case .text(let t): s += t.runs.map { $0.text + ($0.link ?? "") }.joined()
                case .quote(let t, let a): s += t.runs.map(\.text).joined() + (a ?? "")
                case .media(let ms): s += ms.map { $0.url + ($0.alt ?? "") + $0.id }.joined()
                case .embed(let e): s += e.url + e.id
                case .emoji(let e): s += e
                case .unknown(let t): s += t
                }
            }
        }
        return s
    }

    static func hasControls(_ s: String) -> Bool {
        s.unicodeScalars.contains { ($0.value < 0x20 && $0.value != 0x0A) || (0x7F...0x9F).contains($0.value) }
    }

    // MARK: Errors (L4: the file and the place, exit 65 from `check`)

    func testL4_corpus_truncated() { expectError("truncated.json", place: "line 1, column 241", message: "truncated") }
    func testL4_corpus_wrongTypeEvents() { expectError("wrong-type-events.json", place: "events", message: "expected an array, found a string") }
    func testL4_corpus_wrongTypeCreatedAt() { expectError("wrong-type-created-at.json", place: "events[1].created_at", message: "expected") }
    func testL4_corpus_wrongTypeLocalId() { expectError("wrong-type-local-id.json", place: "events[0].local_id", message: "found an object") }
    func testL4_corpus_wrongTypeContents() { expectError("wrong-type-contents.json", place: "events[0].contents", message: "expected an array") }
    func testL4_corpus_missingId() { expectError("missing-id.json", place: "events[1].local_id", message: "missing id") }
    func testL4_corpus_duplicateId() { expectError("duplicate-id.json", place: "events[2].local_id", message: "duplicate post id \"a\" (first at events[0])") }
    func testL4_corpus_empty() { expectError("empty.json", place: "", message: "the file is empty") }
    func testL4_corpus_whitespaceOnly() { expectError("whitespace-only.json", place: "", message: "the file is empty") }
    func testL4_corpus_topLevelArray() { expectError("top-level-array.json", place: "", message: "not a liveblog document (found an array") }
    func testL4_corpus_topLevelString() { expectError("top-level-string.json", place: "", message: "not a liveblog document (found a string") }
    func testL4_corpus_jsonFeedWrongItems() { expectError("jsonfeed-wrong-items.json", place: "items", message: "expected an array, found an object") }
    func testL4_corpus_jsonLDNone() { expectError("jsonld-none.html", place: "", message: "no LiveBlogPosting JSON-LD block found") }
    func testL4_corpus_jsonLDBroken() { expectError("jsonld-broken.html", place: "line 2, column 77", message: "in an ld+json block") }
    func testL4_corpus_numberOverflow() { expectError("number-overflow.json", place: "line 1, column 111", message: "number out of range") }
    func testL4_corpus_trailingGarbage() { expectError("trailing-garbage.json", place: "line 1, column 77", message: "unexpected text after the end") }
    func testL4_corpus_nulOutsideStrings() { expectError("nul-outside-strings.json", place: "line 1, column 76", message: "unexpected text after the end") }

    func testL4_corpus_missingFile() {
        expectError("no-such-file.json", place: "", message: "no such file")
    }

    // MARK: Works

    func testL8_corpus_zeroPosts() {
        guard let lb = load("zero-posts.json") else { return }
        XCTAssertEqual(lb.posts.count, 0)
        XCTAssertEqual(lb.title, "Corpus")
        XCTAssertFalse(LiveblogSummary.describe(lb).isEmpty)
    }

    func testT8_corpus_controlCharactersSanitised() {
        guard let lb = load("control-chars.json") else { return }
        let text = CorpusTests.allText(lb)
        XCTAssertFalse(CorpusTests.hasControls(text), text.debugDescription)
        XCTAssertFalse(text.contains("\u{1B}"))
        XCTAssertTrue(text.contains("PWNED") == false || text.contains("title[\u{241B}"), "the OSC sequence is one placeholder: \(text)")
        XCTAssertTrue(text.contains("NUL[\u{2400}]"), text)
        XCTAssertTrue(text.contains("clear[\u{241B}]"), text)
        XCTAssertTrue(text.hasSuffix("end") || text.contains("end"))
    }

    func testT8_corpus_rawControlBytesInTheFile() {
        guard let lb = load("raw-control-bytes.json") else { return }
        XCTAssertEqual(lb.title, "Raw \u{241B} bytes")
    }

    func testL4_corpus_invalidUTF8BecomesReplacementCharacters() {
        guard let lb = load("invalid-utf8.json") else { return }
        let text = CorpusTests.allText(lb)
        XCTAssertTrue(text.contains("\u{FFFD}"), text)
        XCTAssertFalse(CorpusTests.hasControls(text))
    }

    func testL1_corpus_jsonFeedUnknownVersionLoadsAsFeed() {
        // Lenient: a JSON Feed with another version still reads as one (the fields are the same).
        guard let lb = load("jsonfeed-unknown-version.json") else { return }
        XCTAssertEqual(lb.posts.count, 0)
    }

    func testL5_corpus_enormousDeclaredMediaLoads() {
        guard let lb = load("enormous-declared-media.json") else { return }
        XCTAssertEqual(lb.posts.count, 1)
    }

    func testL4_corpus_hugeCreatedAtLoadsAndSummarises() {
        guard let lb = load("huge-created-at.json") else { return }
        XCTAssertEqual(lb.posts.map(\.id), ["a", "b"])
        XCTAssertTrue(LiveblogSummary.describe(lb).contains("unix"))
    }

    // MARK: Huge inputs, written at run time

    func tempFile(_ name: String, _ bytes: [UInt8]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("liveblog-corpus-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let p = dir.appendingPathComponent(name).path
        XCTAssertTrue(FileManager.default.createFile(atPath: p, contents: Data(bytes)))
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return p
    }

    func testL4_corpus_200000DeepNestingIsAnErrorNotAStackOverflow() throws {
        let p = try tempFile("deep.json", Array(("{\"game\": " + String(repeating: "[", count: 200_000)).utf8))
        XCTAssertThrowsError(try LiveblogLoader.load(path: p)) { e in
            guard let e = e as? LiveblogError else { return XCTFail("\(e)") }
            XCTAssertTrue(e.description.hasPrefix(p + ": line 1, column "), e.description)
            XCTAssertTrue(e.message.contains("nesting deeper than"), e.message)
        }
        let p2 = try tempFile("deep-objects.json", Array(String(repeating: "{\"a\":", count: 200_000).utf8))
        XCTAssertThrowsError(try LiveblogLoader.load(path: p2)) { e in
            XCTAssertTrue("\(e)".contains("nesting deeper than"), "\(e)")
        }
    }

    func testL4_corpus_tenMegabytePostLoads() throws {
        let words = String(repeating: "lorem ipsum dolor sit amet \\u001b[2J ", count: 10_000_000 / 36)
        let json = "{\"game\": {\"local_id\": \"G\", \"meta_info\": {\"title\": \"Big\"}}, \"events\": [{\"local_id\": \"big\", \"created_at\": 1700000000, \"contents\": [{\"_type\": \"Tik::ApiModel::Text::RichTextContentBlock\", \"text\": \"\(words)\"}]}]}"
        XCTAssertGreaterThan(json.utf8.count, 10_000_000)
        let p = try tempFile("big.json", Array(json.utf8))
        let lb = try LiveblogLoader.load(path: p)
        XCTAssertEqual(lb.posts.count, 1)
        let text = CorpusTests.allText(lb)
        XCTAssertGreaterThan(text.utf8.count, 8_000_000)
        XCTAssertFalse(text.contains("\u{1B}"))
    }

    func testL4_corpus_tenMegabyteStringOfControlCharacters() throws {
        // The sanitiser on a long run of escapes: linear, no blow-up.
        let body = String(repeating: "\\u001b]2;x\\u0007", count: 200_000)
        let json = "{\"game\": {\"local_id\": \"G\", \"meta_info\": {\"title\": \"\(body)\"}}, \"events\": []}"
        let p = try tempFile("escapes.json", Array(json.utf8))
        let lb = try LiveblogLoader.load(path: p)
        XCTAssertFalse(lb.title.contains("\u{1B}"))
        XCTAssertEqual(lb.title.unicodeScalars.count, 200_000)
    }
}
