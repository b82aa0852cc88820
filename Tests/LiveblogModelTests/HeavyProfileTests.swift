import XCTest
@testable import LiveblogModel

/// B7's liveblog (`generate --profile heavy`, the bench's heavy open): the mix B7 names, and
/// what the bench writes is what a reader loads (native JSON round trip, posts equal).
final class HeavyProfileTests: XCTestCase {
    func testB7_heavyProfileHasTheMixOfARealTicker() {
        let n = 6000
        let lb = HeavyProfile.generate(posts: n, seed: 1)
        XCTAssertEqual(lb.posts.count, n)
        var images = 0, unsized = 0, embeds = 0, quotes = 0, links = 0, paragraphs = 0
        for p in lb.posts {
            for b in p.blocks {
                switch b {
                case .media(let ms):
                    images += ms.count
                    unsized += ms.filter { !$0.hasDeclaredSize }.count
                case .embed: embeds += 1
                case .quote: quotes += 1
                case .text(let t):
                    links += t.runs.filter { $0.link != nil }.count
                    paragraphs += t.plainText.split(separator: "\n").count
                default: break
                }
            }
        }
        // Per 100 000 posts: about 50 000 images, half without a size; about 15 000 embeds.
        XCTAssertEqual(Double(images) / Double(n), 0.5, accuracy: 0.06, "images a post")
        XCTAssertEqual(Double(unsized) / Double(images), 0.5, accuracy: 0.06, "without a declared size")
        XCTAssertEqual(Double(embeds) / Double(n), 0.15, accuracy: 0.03, "embeds a post")
        XCTAssertGreaterThan(quotes, n / 20)
        XCTAssertGreaterThan(links, n / 2)
        XCTAssertGreaterThan(Double(paragraphs) / Double(n), 2, "long rich text")
    }

    func testB7_theWrittenHeavyFileLoadsAsGenerated() throws {
        let lb = HeavyProfile.generate(posts: 1500, seed: 4)
        let json = NativeWriter.encode(lb, pretty: false)
        // About 730 bytes of native JSON a post (73 MB for 100 000).
        XCTAssertEqual(Double(json.utf8.count) / 1500, 730, accuracy: 120)
        let back = try LiveblogLoader.load(bytes: Array(json.utf8), name: "heavy.json")
        XCTAssertEqual(back.posts.count, lb.posts.count)
        // The loader reads the text as a page's HTML (white space collapsed at line breaks, T8);
        // everything else comes back exactly.
        for (a, b) in zip(back.posts, lb.posts) {
            XCTAssertEqual(a.id, b.id)
            XCTAssertEqual(a.createdAt, b.createdAt)
            XCTAssertEqual(a.blocks.count, b.blocks.count, a.id)
            for (x, y) in zip(a.blocks, b.blocks) {
                switch (x, y) {
                case let (.text(t), .text(u)):
                    XCTAssertEqual(words(t), words(u), a.id)
                    XCTAssertEqual(t.runs.compactMap(\.link), u.runs.compactMap(\.link), a.id)
                default:
                    XCTAssertEqual(x, y, a.id)
                }
            }
        }
    }

    private func words(_ t: RichText) -> [String] { t.plainText.split(whereSeparator: \.isWhitespace).map(String.init) }
}
