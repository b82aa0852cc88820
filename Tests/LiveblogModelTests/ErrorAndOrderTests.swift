import XCTest
@testable import LiveblogModel

final class ErrorAndOrderTests: XCTestCase {
    /// L4: newest first
    func testL4_newestFirst() throws {
        // Out of order in the file, with a tie (b and c at 200 keep their file order).
        let lb = try Fixture.load(Fixture.ticker([
            Fixture.event("a", 100), Fixture.event("b", 200), Fixture.event("c", 200), Fixture.event("d", 300), Fixture.event("e", 50),
        ]))
        XCTAssertEqual(lb.posts.map(\.id), ["d", "b", "c", "a", "e"])
    }

    /// L4: duplicate id names path
    func testL4_duplicateIdNamesPath() {
        let e = Fixture.error(Fixture.ticker([Fixture.event("x", 1), Fixture.event("dup", 2), Fixture.event("y", 3), Fixture.event("dup", 4)]), name: "feed.json")
        XCTAssertEqual(e?.file, "feed.json")
        XCTAssertEqual(e?.place, "events[3].local_id")
        XCTAssertEqual(e?.message, "duplicate post id \"dup\" (first at events[1])")
        XCTAssertEqual(e?.description, "feed.json: events[3].local_id: duplicate post id \"dup\" (first at events[1])")
    }

    /// L4: duplicate id across number and string
    func testL4_duplicateIdAcrossNumberAndString() {
        let e = Fixture.error(Fixture.ticker([#"{"local_id": 12, "created_at": 1}"#, #"{"local_id": "12", "created_at": 2}"#]))
        XCTAssertEqual(e?.place, "events[1].local_id")
    }

    /// L4: missing id
    func testL4_missingId() {
        let e = Fixture.error(Fixture.ticker([Fixture.event("a", 1), #"{"created_at": 5, "contents": []}"#]))
        XCTAssertEqual(e?.place, "events[1].local_id")
        XCTAssertEqual(e?.message, "missing id")
        let empty = Fixture.error(Fixture.ticker([#"{"local_id": "  ", "created_at": 5}"#]))
        XCTAssertEqual(empty?.place, "events[0].local_id")
    }

    /// L4: wrong type
    func testL4_wrongType() {
        let e1 = Fixture.error(Fixture.ticker([Fixture.event("a", 1), #"{"local_id": "b", "created_at": 2, "headline": 42}"#]))
        XCTAssertEqual(e1?.place, "events[1].headline")
        XCTAssertEqual(e1?.message, "expected a string, found a number")
        let e2 = Fixture.error(Fixture.ticker([#"{"local_id": true}"#]))
        XCTAssertEqual(e2?.place, "events[0].local_id")
        XCTAssertTrue(e2?.message.contains("found a boolean") == true)
        let e3 = Fixture.error(#"{"game": {}, "events": {"a": 1}}"#)
        XCTAssertEqual(e3?.place, "events")
        XCTAssertEqual(e3?.message, "expected an array, found an object")
        let e4 = Fixture.error(Fixture.ticker([#"{"local_id": "a", "created_at": "soon"}"#]))
        XCTAssertEqual(e4?.place, "events[0].created_at")
        let e5 = Fixture.error(Fixture.ticker(["[1]"]))
        XCTAssertEqual(e5?.place, "events[0]")
        let e6 = Fixture.error(Fixture.ticker([#"{"local_id": "a", "media": [{"local_id": "m", "width": "wide", "url": "x"}]}"#]))
        XCTAssertEqual(e6?.place, "events[0].media[0].width")
    }

    /// L4: truncated jsongives line
    func testL4_truncatedJSONGivesLine() {
        let text = "{\n  \"game\": {\"local_id\": \"g\"},\n  \"events\": [\n    {\"local_id\": \"a\", \"created_at\": 1,\n     \"contents\": [{\"_type\": \"RichTextContentBlock\", \"text\": \"cut her"
        let e = Fixture.error(text, name: "cut.json")
        XCTAssertEqual(e?.file, "cut.json")
        XCTAssertEqual(e?.place, "line 5, column 61")
        XCTAssertTrue(e?.message.contains("truncated") == true, e?.message ?? "")
        let e2 = Fixture.error("{\"game\": {},\n\"events\": [1, 2,")
        XCTAssertEqual(e2?.place.hasPrefix("line 2, column"), true)
    }

    /// L4: deep nesting is error
    func testL4_deepNestingIsError() {
        let n = 200_000
        var bytes = [UInt8](repeating: UInt8(ascii: "["), count: n)
        bytes += [UInt8](repeating: UInt8(ascii: "]"), count: n)
        do {
            _ = try LiveblogLoader.load(bytes: bytes, name: "deep.json")
            XCTFail("expected an error")
        } catch let e as LiveblogError {
            XCTAssertEqual(e.file, "deep.json")
            XCTAssertTrue(e.place.hasPrefix("line 1, column"), e.place)
            XCTAssertTrue(e.message.contains("nesting"), e.message)
        } catch { XCTFail("\(error)") }
    }

    /// L4: unsupported document names formats
    func testL4_unsupportedDocumentNamesFormats() {
        for doc in [#"{"hello": "world"}"#, "[1, 2]", "42", #"{"version": "https://jsonfeed.org/version/1.1x-bad"}"#.replacingOccurrences(of: "https://jsonfeed.org/version/", with: "jsonfeed/")] {
            let e = Fixture.error(doc)
            XCTAssertTrue(e?.message.contains("Tickaroo") == true && e?.message.contains("JSON Feed") == true
                          && e?.message.contains("LiveBlogPosting") == true, e?.message ?? "")
        }
        let empty = Fixture.error("  \n")
        XCTAssertTrue(empty?.message.contains("empty") == true)
    }

    /// L4: zero posts is valid
    func testL4_zeroPostsIsValid() throws {
        XCTAssertEqual(try Fixture.load(#"{"game": {"local_id": "g"}, "events": []}"#).posts.count, 0)
        XCTAssertEqual(try Fixture.load(#"{"version": "https://jsonfeed.org/version/1.1", "title": "t", "items": []}"#).posts.count, 0)
    }

    /// L4: numeric ids become strings
    func testL4_numericIdsBecomeStrings() throws {
        let lb = try Fixture.load(Fixture.ticker([#"{"local_id": 123, "created_at": 2}"#, #"{"local_id": 4.5, "created_at": 1}"#]))
        XCTAssertEqual(lb.posts.map(\.id), ["123", "4.5"])
    }

    /// L4: missing file is error
    func testL4_missingFileIsError() {
        XCTAssertThrowsError(try LiveblogLoader.load(path: "/nonexistent/dir/lb.json")) { e in
            XCTAssertEqual((e as? LiveblogError)?.file, "/nonexistent/dir/lb.json")
        }
    }

    /// L4: load path sets base directory
    func testL4_loadPathSetsBaseDirectory() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lbtest-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("x.txt")   // the extension does not matter: content decides
        try Fixture.ticker([Fixture.event("a", 1)]).write(to: file, atomically: true, encoding: .utf8)
        let lb = try LiveblogLoader.load(path: file.path)
        XCTAssertEqual(lb.baseDirectory, dir.standardizedFileURL.path)
        XCTAssertEqual(lb.localPath(forURL: "../images/p.png"), dir.deletingLastPathComponent().appendingPathComponent("images/p.png").standardizedFileURL.path)
        XCTAssertNil(lb.localPath(forURL: "https://cdn.example/p.png"))
        XCTAssertNil(lb.localPath(forURL: "//cdn.example/p.png"))
        XCTAssertEqual(lb.localPath(forURL: "/abs/p.png"), "/abs/p.png")
    }
}
