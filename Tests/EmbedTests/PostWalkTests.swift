import XCTest
import LiveblogModel
@testable import Embed

/// E1, E15: one walk over a post's parts; counting, building and cards differ only in the sink.
final class PostWalkTests: XCTestCase {
    private func everyKindPost(highlight: Highlight = .none) -> Post {
        Post(id: "p0", createdAt: 1_700_000_000, highlight: highlight, headline: "Big news",
             blocks: [.text(RichText(plain: "Hello world")), .quote(text: RichText(plain: "Said"), author: "A"),
                      .media([Media(id: "m", width: 1600, height: 900, url: "https://x.example/m.png", alt: "Pic")]),
                      .embed(WebEmbed(id: "e", url: "https://x.example/e")), .emoji("⚽"), .unknown(type: "poll")])
    }

    /// E1: the counted height is the built items' extent, and the items come in the page's order.
    func testE1_countingAndBuildingWalkTheSameParts() {
        let page = Page(liveblog: Liveblog(id: "lb", title: "T", posts: [everyKindPost()]), config: pageConfig(),
                        width: pageWidth)
        let items = page.postItems(index: 0)
        let built = items.last!.y + items.last!.height - page.postTop(index: 0)
        XCTAssertEqual(page.measurePost(0), built)
        XCTAssertEqual(page.postHeight(index: 0), built)
        let kinds = items.map { item -> String in
            switch item.kind {
            case .postMeta: return "meta"
            case .headline: return "headline"
            case .text: return "text"
            case .quote: return "quote"
            case .quoteAuthor(let a): return a
            case .media: return "media"
            case .embed: return "embed"
            case .emoji(let e): return e
            case .unknown(let t): return t
            case .rule: return "rule"
            default: return "?"
            }
        }
        XCTAssertEqual(kinds, ["meta", "headline", "text", "quote", "— A", "media", "embed", "⚽", "poll", "rule"])
    }

    /// E15: a card is the time (★ for a highlight), headline and blocks as plain lines.
    func testE15_cardShowsTimeHeadlineAndBlocksAsPlainLines() {
        var sink = CardSink(columns: 34)
        PostWalk.walk(everyKindPost(highlight: .milestone), into: &sink)
        XCTAssertEqual(sink.card, ["22:13  ★", "Big news", "Hello world", "Said", "[image: Pic]",
                                   "[embed: https://x.example/e]", "⚽", "[poll]"])
    }

    /// E15: a card holds at most 11 lines, and the walk stops taking blocks once it is full.
    func testE15_cardHoldsElevenLines() {
        let blocks = (0..<30).map { Block.text(RichText(plain: "line \($0)")) }
        var sink = CardSink(columns: 34)
        PostWalk.walk(Post(id: "p", createdAt: 0, blocks: blocks), into: &sink)
        XCTAssertEqual(sink.card.count, 11)
        XCTAssertEqual(sink.card.last, "line 9")
        XCTAssertEqual(sink.lines.count, 11, "no block is wrapped after the card is full")
    }
}
