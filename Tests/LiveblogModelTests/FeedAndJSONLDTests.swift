import XCTest
@testable import LiveblogModel

final class FeedAndJSONLDTests: XCTestCase {
    /// L2: json feed
    func testL2_jsonFeed() throws {
        let lb = try Fixture.load(#"""
        { "version": "https://jsonfeed.org/version/1.1", "title": "Marathon live", "feed_url": "https://e.example/feed.json",
          "items": [
            { "id": "1", "title": "Start", "content_html": "<p>Off <b>we</b> go</p>", "date_published": "2024-06-15T09:00:00Z" },
            { "id": 2, "content_text": "Plain\r\nline two", "image": "pics/a.png", "date_published": "2024-06-15T11:30:00+02:00" },
            { "id": "3", "content_text": "later", "date_published": "2024-06-15T09:45:30.5Z",
              "attachments": [{"url": "v.mp4", "mime_type": "video/mp4"}, {"url": "doc.pdf", "mime_type": "application/pdf"}] }
          ] }
        """#)
        XCTAssertEqual(lb.format, .jsonFeed)
        XCTAssertEqual(lb.title, "Marathon live")
        XCTAssertEqual(lb.id, "https://e.example/feed.json")
        XCTAssertEqual(lb.posts.map(\.id), ["3", "2", "1"], "newest first: 09:45:30.5Z, 11:30+02:00 = 09:30Z, 09:00Z")
        guard lb.posts.count == 3 else { return }
        let (p3, p2, p1) = (lb.posts[0], lb.posts[1], lb.posts[2])
        XCTAssertEqual(p1.createdAt, 1_718_442_000)
        XCTAssertEqual(p2.createdAt, 1_718_443_800)
        XCTAssertEqual(p3.createdAt, 1_718_444_730.5)
        XCTAssertEqual(p1.headline, "Start")
        XCTAssertNil(p2.headline)
        XCTAssertEqual(p1.texts.first?.runs, [TextRun(text: "Off "), TextRun(text: "we", bold: true), TextRun(text: " go")])
        XCTAssertEqual(p2.texts.first?.plainText, "Plain\nline two")
        XCTAssertEqual(p2.media, [Media(id: "2-image", url: "pics/a.png")])
        XCTAssertFalse(p2.media.first?.hasDeclaredSize ?? true)
        XCTAssertEqual(lb.posts[0].media.map(\.kind), [.video])
    }

    /// L2: bad date names path
    func testL2_badDateNamesPath() {
        let e = Fixture.error(#"{"version": "https://jsonfeed.org/version/1.1", "items": [{"id": "a", "content_text": "x", "date_published": "yesterday"}]}"#)
        XCTAssertEqual(e?.place, "items[0].date_published")
        let e2 = Fixture.error(#"{"version": "https://jsonfeed.org/version/1", "items": [{"content_text": "x"}]}"#)
        XCTAssertEqual(e2?.place, "items[0].id")
        XCTAssertEqual(e2?.message, "missing id")
    }

    /// L3: json ldfrom jsonwith graph
    func testL3_jsonLDFromJSONWithGraph() throws {
        let lb = try Fixture.load(#"""
        { "@context": "https://schema.org", "@graph": [
            { "@type": "WebPage", "name": "page" },
            { "@type": ["LiveBlogPosting", "NewsArticle"], "headline": "Stage 3", "@id": "https://e.example/live",
              "liveBlogUpdate": [
                { "@type": "BlogPosting", "@id": "u1", "headline": "One", "articleBody": "First update", "datePublished": "2024-07-01T12:00:00Z",
                  "image": {"@type": "ImageObject", "url": "a.png", "width": 640, "height": "360px"} },
                { "@type": "BlogPosting", "url": "https://e.example/live#u2", "articleBody": "Second <b>update</b></p>", "datePublished": "2024-07-01T12:05+00:00",
                  "image": ["b.png", {"contentUrl": "c.png", "width": {"value": 10}, "height": {"value": 20}}] }
              ] } ] }
        """#)
        XCTAssertEqual(lb.format, .jsonLD)
        XCTAssertEqual(lb.title, "Stage 3")
        XCTAssertEqual(lb.id, "https://e.example/live")
        XCTAssertEqual(lb.posts.map(\.id), ["u2", "u1"], "R1: the anchor of a url with a fragment")
        XCTAssertEqual(lb.posts[1].headline, "One")
        XCTAssertEqual(lb.posts[1].media, [Media(id: "u1-image-1", width: 640, height: 360, url: "a.png")])
        XCTAssertEqual(lb.posts[0].media.map(\.url), ["b.png", "c.png"])
        XCTAssertEqual(lb.posts[0].media[1].width, 10)
        XCTAssertEqual(lb.posts[0].texts.first?.runs.first { $0.bold }?.text, "update", "HTML in articleBody is read")
        XCTAssertEqual(lb.posts[0].createdAt - lb.posts[1].createdAt, 300)
    }

    /// L3: top level array and missing id
    func testL3_topLevelArrayAndMissingId() throws {
        let ok = try Fixture.load(#"[{"@type": "Organization"}, {"@type": "LiveBlogPosting", "headline": "h", "liveBlogUpdate": {"@id": "only", "articleBody": "x"}}]"#)
        XCTAssertEqual(ok.posts.map(\.id), ["only"])
        let e = Fixture.error(#"{"@type": "LiveBlogPosting", "liveBlogUpdate": [{"@id": "a"}, {"articleBody": "no id"}]}"#)
        XCTAssertEqual(e?.place, "liveBlogUpdate[1].@id")
        XCTAssertTrue(e?.message.contains("missing id") == true)
        let dup = Fixture.error(#"{"@type": "LiveBlogPosting", "liveBlogUpdate": [{"@id": "a"}, {"@id": "a"}]}"#)
        XCTAssertEqual(dup?.message, "duplicate post id \"a\" (first at liveBlogUpdate[0])")
    }

    /// L3: json ldfrom htmlwith several blocks
    func testL3_jsonLDFromHTMLWithSeveralBlocks() throws {
        let html = """
        <!DOCTYPE html><html><head>
        <script type="application/ld+json">{"@context": "https://schema.org", "@type": "Organization", "name": "Paper"}</script>
        <script>var x = {"@type": "LiveBlogPosting"};</script>
        <SCRIPT TYPE='application/ld+json'>
        {"@context": "https://schema.org", "@type": "LiveBlogPosting", "headline": "Live &amp; well",
         "liveBlogUpdate": [{"@id": "p1", "articleBody": "one", "datePublished": "2024-01-01T00:00:00Z"},
                            {"@id": "p2", "articleBody": "two", "datePublished": "2024-01-01T00:01:00Z"}]}
        </SCRIPT>
        <script type="application/ld+json">{"@type": "BreadcrumbList"}</script>
        </head><body>text</body></html>
        """
        let lb = try Fixture.load(html, name: "page.html")
        XCTAssertEqual(lb.format, .jsonLD)
        XCTAssertEqual(lb.title, "Live &amp; well", "JSON strings are not HTML-decoded")
        XCTAssertEqual(lb.posts.map(\.id), ["p2", "p1"])
    }

    /// L3: html without live blog posting is error
    func testL3_htmlWithoutLiveBlogPostingIsError() {
        let html = "<html><script type=\"application/ld+json\">{\"@type\": \"Organization\"}</script><script>var a = 1;</script></html>"
        let e = Fixture.error(html, name: "saved.html")
        XCTAssertEqual(e?.file, "saved.html")
        XCTAssertTrue(e?.message.hasPrefix("no LiveBlogPosting JSON-LD block found") == true, e?.message ?? "")
        let none = Fixture.error("<html><body>nothing</body></html>", name: "empty.html")
        XCTAssertTrue(none?.message.contains("no LiveBlogPosting JSON-LD block found") == true)
    }

    /// L3: html syntax error gives line in page
    func testL3_htmlSyntaxErrorGivesLineInPage() {
        let html = "<html>\n<head>\n<script type=\"application/ld+json\">\n{\"@type\": \"LiveBlogPosting\",\n \"headline\": oops}\n</script>\n</head></html>"
        let e = Fixture.error(html, name: "broken.html")
        XCTAssertEqual(e?.place, "line 5, column 14")
    }

    func testRFC3339Parsing() {
        XCTAssertEqual(RFC3339.parse("1970-01-01T00:00:00Z"), 0)
        XCTAssertEqual(RFC3339.parse("2024-05-18T15:00:00Z"), 1_716_044_400)
        XCTAssertEqual(RFC3339.parse("2024-05-18T17:00:00+02:00"), 1_716_044_400)
        XCTAssertEqual(RFC3339.parse("2024-05-18t14:00:00-0100"), 1_716_044_400)
        XCTAssertEqual(RFC3339.parse("2024-05-18 15:00Z"), 1_716_044_400)
        XCTAssertEqual(RFC3339.parse("2024-05-18"), 1_716_044_400 - 15 * 3600)
        XCTAssertEqual(RFC3339.parse("2000-02-29T00:00:00.250Z"), 951_782_400.25)
        XCTAssertNil(RFC3339.parse("2024-13-01T00:00:00Z"))
        XCTAssertNil(RFC3339.parse("2024-05-18T15:00:00Zjunk"))
        XCTAssertNil(RFC3339.parse("May 18"))
        XCTAssertEqual(RFC3339.format(1_716_044_400), "2024-05-18T15:00:00Z")
    }
}
