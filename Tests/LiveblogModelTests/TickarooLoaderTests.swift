import XCTest
@testable import LiveblogModel

final class TickarooLoaderTests: XCTestCase {
    let full = #"""
    { "game": { "local_id": 4711, "meta_info": { "title": "Cup &amp; Final", "extra": 1 },
                "scoreboard": { "home_team": {"name": "Home FC"}, "away_team": "Away United", "home_score": 2, "away_score": "1" } },
      "events": [
        { "local_id": "e1", "created_at": 1000, "highlight": "milestone", "headline": "Kick-off",
          "unknown_field": {"deep": [1,2,3]},
          "contents": [
            { "_type": "Tik::ApiModel::Text::RichTextContentBlock",
              "text": "<p>Hello <b>bold</b> and <i>it</i> &amp; <a href=\"#tickaroo_event_id=e2\">link</a></p><p>Second&nbsp;para &#8364; &#x41;<br>line <span>kept</span></p>" },
            { "_type": "Tik::ApiModel::Text::MultiMediaContentBlock", "items": [ {"media_local_id": "m1"}, {"media_local_id": 7} ] },
            { "_type": "Tik::ApiModel::Text::WebEmbedContentBlock", "url": "https://x.example/embed", "oembed_json": {"height": 320} },
            { "_type": "WebEmbedContentBlock", "url": "https://y.example/e", "local_id": "emb-9" },
            { "_type": "Tik::ApiModel::Text::QuoteContentBlock", "text": "We <b>won</b>", "author": "Coach" },
            { "_type": "Tik::ApiModel::Text::EmojiContentBlock", "emoji": "⚽" },
            { "_type": "Tik::ApiModel::Text::EmojiContentBlock", "text": "🏆" }
          ],
          "media": [
            { "local_id": "m1", "subtype": "i", "width": 1280, "height": 720, "url": "../images/a.png", "title": "A picture" },
            { "local_id": 7, "subtype": "v", "url": "https://cdn.example/v.mp4" }
          ],
          "sport_event": { "event_type": "goal", "title": "Goal", "team": {"name": "Home FC"},
                           "players": ["Okafor", {"name": "Mensah"}, {"first_name": "Ada", "last_name": "Lind"}], "time_of_play": "23'" } }
      ] }
    """#

    /// L1: tickaroo fields and blocks
    func testL1_tickarooFieldsAndBlocks() throws {
        let lb = try Fixture.load(full)
        XCTAssertEqual(lb.format, .tickaroo)
        XCTAssertEqual(lb.id, "4711")
        XCTAssertEqual(lb.title, "Cup &amp; Final", "titles are plain text, not HTML")
        XCTAssertEqual(lb.scoreboard, Scoreboard(homeTeam: "Home FC", awayTeam: "Away United", homeScore: 2, awayScore: 1))
        XCTAssertEqual(lb.posts.count, 1)
        let p = lb.posts[0]
        XCTAssertEqual(p.id, "e1")
        XCTAssertEqual(p.createdAt, 1000)
        XCTAssertEqual(p.highlight, .milestone)
        XCTAssertEqual(p.headline, "Kick-off")
        XCTAssertEqual(p.blocks.count, 7)

        guard case .text(let t) = p.blocks[0] else { return XCTFail("text block expected") }
        XCTAssertEqual(t.plainText, "Hello bold and it & link\nSecond\u{00A0}para € A\nline kept")
        XCTAssertEqual(t.runs.first { $0.text == "bold" }?.bold, true)
        XCTAssertEqual(t.runs.first { $0.text == "it" }?.italic, true)
        XCTAssertEqual(t.runs.first { $0.text == "link" }?.link, "#tickaroo_event_id=e2")
        XCTAssertFalse(t.runs.contains { $0.text.contains("bold") && !$0.bold })

        guard case .media(let items) = p.blocks[1] else { return XCTFail("media block expected") }
        XCTAssertEqual(items, [
            Media(id: "m1", kind: .image, width: 1280, height: 720, url: "../images/a.png", alt: "A picture"),
            Media(id: "7", kind: .video, url: "https://cdn.example/v.mp4"),
        ])
        XCTAssertTrue(items[0].hasDeclaredSize)
        XCTAssertFalse(items[1].hasDeclaredSize)

        XCTAssertEqual(p.blocks[2], .embed(WebEmbed(id: "e1-embed-1", url: "https://x.example/embed", declaredHeight: 320)))
        XCTAssertEqual(p.blocks[3], .embed(WebEmbed(id: "emb-9", url: "https://y.example/e", declaredHeight: nil)))
        guard case .quote(let q, let author) = p.blocks[4] else { return XCTFail("quote expected") }
        XCTAssertEqual(q.plainText, "We won")
        XCTAssertEqual(q.runs.first { $0.text == "won" }?.bold, true)
        XCTAssertEqual(author, "Coach")
        XCTAssertEqual(p.blocks[5], .emoji("⚽"))
        XCTAssertEqual(p.blocks[6], .emoji("🏆"))

        XCTAssertEqual(p.sportEvent, SportEvent(eventType: "goal", title: "Goal", team: "Home FC",
                                                players: ["Okafor", "Mensah", "Ada Lind"], timeOfPlay: "23'"))
        XCTAssertEqual(p.sportEvent?.isGoal, true)
    }

    /// L1: unknown block is placeholder
    func testL1_unknownBlockIsPlaceholder() throws {
        let lb = try Fixture.load(Fixture.ticker([Fixture.event("a", 1, "\"x\": 1").replacingOccurrences(
            of: "\"contents\": [", with: "\"contents\": [{\"_type\": \"Tik::ApiModel::Text::PollContentBlock\", \"question\": \"?\"}, {\"no_type\": true}, ")]))
        let blocks = lb.posts[0].blocks
        XCTAssertEqual(blocks.count, 3)
        XCTAssertEqual(blocks[0], .unknown(type: "Tik::ApiModel::Text::PollContentBlock"))
        guard case .unknown = blocks[1] else { return XCTFail("a block without _type is unknown too") }
        guard case .text = blocks[2] else { return XCTFail("the known block is still read") }
    }

    /// L1: html whitelist
    func testL1_htmlWhitelist() {
        func plain(_ s: String) -> String { HTMLText.parse(s).plainText }
        XCTAssertEqual(plain("  a   b\n c  "), "a b c", "white space collapses as in a browser")
        XCTAssertEqual(plain("<p>one</p><p>two</p>"), "one\ntwo")
        XCTAssertEqual(plain("a<br>b<br/>c<BR />d"), "a\nb\nc\nd")
        XCTAssertEqual(plain("x <script>alert('no')</script>y<style>p{}</style>"), "x y")
        XCTAssertEqual(plain("<div>a</div><div>b</div><!-- c -->"), "a\nb")
        XCTAssertEqual(plain("1 < 2 &unknown; & 3 > 2 &lt;b&gt;"), "1 < 2 &unknown; & 3 > 2 <b>")
        XCTAssertEqual(plain("&quot;&#39;&apos;&#65;&#x42;&#X43;"), "\"''ABC")
        let t = HTMLText.parse("<strong>S</strong><em>E</em><a href='u?a=1&amp;b=2'>L</a><b><i>BI</i></b>")
        XCTAssertEqual(t.runs, [TextRun(text: "S", bold: true), TextRun(text: "E", italic: true),
                                TextRun(text: "L", link: "u?a=1&b=2"), TextRun(text: "BI", bold: true, italic: true)])
        XCTAssertTrue(HTMLText.parse("").isEmpty)
        XCTAssertEqual(plain("<b>unclosed"), "unclosed")
        XCTAssertEqual(plain("</b></i></a>stray closers"), "stray closers")
    }

    /// L1: data wrapper and teams array
    func testL1_dataWrapperAndTeamsArray() throws {
        let lb = try Fixture.load(#"{"data": {"game": {"local_id": "g", "scoreboard": {"teams": [{"name": "A", "score": 3}, {"name": "B", "score": 0}]}}, "events": []}}"#)
        XCTAssertEqual(lb.scoreboard, Scoreboard(homeTeam: "A", awayTeam: "B", homeScore: 3, awayScore: 0))
        XCTAssertEqual(lb.posts.count, 0)
    }

    /// L1: media reference to nothing is error
    func testL1_mediaReferenceToNothingIsError() {
        let doc = Fixture.ticker([#"{"local_id": "a", "created_at": 1, "contents": [{"_type": "MultiMediaContentBlock", "items": [{"media_local_id": "zz"}]}]}"#])
        let e = Fixture.error(doc)
        XCTAssertEqual(e?.place, "events[0].contents[0].items[0].media_local_id")
        XCTAssertTrue(e?.message.contains("\"zz\"") == true, e?.message ?? "")
    }

    /// L1: highlight values
    func testL1_highlightValues() throws {
        let kinds = ["", "sticky", "stickyNoHighlight", "inplace", "milestone", "bogus"]
        let events = kinds.enumerated().map { Fixture.event("p\($0.offset)", 100 - $0.offset, "\"highlight\": \"\($0.element)\"") }
        let lb = try Fixture.load(Fixture.ticker(events))
        XCTAssertEqual(lb.posts.map(\.highlight), [.none, .sticky, .stickyNoHighlight, .inplace, .milestone, .none])
    }
}
