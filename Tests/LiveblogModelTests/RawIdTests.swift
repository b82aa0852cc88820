import XCTest
@testable import LiveblogModel

/// Issue 18: ids are matched raw and only drawn sanitised. Before, every loader sanitised ids,
/// so `new\nline` could not be jumped to and `"a\tb"` and `"a b"` collided as duplicates.
final class RawIdTests: XCTestCase {
    func testT8_tickarooIdsAreKeptRawAndMatchedRaw() throws {
        let lb = try Fixture.load(Fixture.ticker([Fixture.event("new\\nline", 3), Fixture.event("tab\\tid", 2),
                                                  Fixture.event("esc\\u001b[2J", 1)]))
        XCTAssertEqual(lb.posts.map(\.id), ["new\nline", "tab\tid", "esc\u{1B}[2J"])
        XCTAssertEqual(lb.index(ofPost: "new\nline"), 0)
        XCTAssertEqual(lb.index(ofPost: "tab\tid"), 1)
    }

    func testT8_idsDifferingOnlyInControlsAreNotDuplicates() throws {
        let lb = try Fixture.load(Fixture.ticker([Fixture.event("a\\tb", 2), Fixture.event("a b", 1)]))
        XCTAssertEqual(lb.posts.map(\.id), ["a\tb", "a b"])
        let feed = """
            {"version": "https://jsonfeed.org/version/1.1", "title": "F", "items": [
              {"id": "a\\tb", "content_text": "x"}, {"id": "a b", "content_text": "y"}]}
            """
        XCTAssertEqual(Set(try Fixture.load(feed).posts.map(\.id)), ["a b", "a\tb"])
        let ld = """
            {"@context": "https://schema.org", "@type": "LiveBlogPosting", "headline": "L",
             "liveBlogUpdate": [{"@type": "BlogPosting", "@id": "x\\ny", "articleBody": "1"},
                                {"@type": "BlogPosting", "url": "x y", "articleBody": "2"}]}
            """
        XCTAssertEqual(Set(try Fixture.load(ld).posts.map(\.id)), ["x y", "x\ny"])
    }

    func testT8_duplicateErrorQuotesTheRawIdEscaped() throws {
        let e = try XCTUnwrap(Fixture.error(Fixture.ticker([Fixture.event("a\\u001bb", 2),
                                                            Fixture.event("a\\u001bb", 1)])))
        XCTAssertTrue(e.message.hasPrefix("duplicate post id \"a\\u001bb\""), e.message)
    }

    /// The summary of `liveblog check` prints ids sanitised.
    func testC5_summaryPrintsIdsSanitised() throws {
        let doc = Fixture.ticker([Fixture.event("p", 1)])
            .replacingOccurrences(of: #""local_id": "G""#, with: #""local_id": "G\u001b[2J""#)
        let lb = try Fixture.load(doc)
        XCTAssertEqual(lb.id, "G\u{1B}[2J")
        let text = LiveblogSummary.describe(lb)
        XCTAssertFalse(text.unicodeScalars.contains { $0.value == 0x1B }, text)
        XCTAssertTrue(text.contains("id: G"), text)
    }

    func testPluralCounts() {
        XCTAssertEqual(Plural.count(1, "update"), "1 update")
        XCTAssertEqual(Plural.count(0, "update"), "0 updates")
        XCTAssertEqual(Plural.count(2, "entry", "entries"), "2 entries")
    }
}
