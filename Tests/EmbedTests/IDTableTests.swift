import XCTest
import LiveblogModel
@testable import Embed

/// B7: the page's id tables (`IDTable`: the catalog's positions, the media owners) answer as the
/// dictionaries they replace, through growth, replaced values, in-place changes and misses.
final class IDTableTests: XCTestCase {
    func testB7_idTableAnswersAsADictionary() {
        var rng = SeededRandom(seed: 14)
        for round in 0..<20 {
            var table = round % 2 == 0 ? IDTable<Int32>() : IDTable<Int32>(capacity: Int.random(in: 0...300, using: &rng))
            var dict: [String: Int32] = [:]
            // Few distinct ids in some rounds (many replacements), many in others (growth).
            let distinct = [5, 50, 2000][round % 3]
            for _ in 0..<3000 {
                let id = "post-\(Int.random(in: 0..<distinct, using: &rng))"
                switch Int.random(in: 0..<4, using: &rng) {
                case 0, 1:
                    let v = Int32.random(in: -1000...1000, using: &rng)
                    XCTAssertEqual(table.set(v, for: id), dict[id] == nil, "set says whether the id was new")
                    dict[id] = v
                case 2:
                    table.modify(id) { $0 += 7 }
                    if let v = dict[id] { dict[id] = v + 7 }
                default:
                    XCTAssertEqual(table[id], dict[id])
                }
            }
            XCTAssertEqual(table.count, dict.count)
            for (k, v) in dict { XCTAssertEqual(table[k], v) }
            XCTAssertNil(table["absent"])
            XCTAssertEqual(Set(table.keys), Set(dict.keys), "every key once")
        }
        XCTAssertNil(IDTable<String>()["x"], "an empty table finds nothing")
    }

    /// The page's media owners: an id met twice (two posts, or twice in one post) is noted, so
    /// the page looks the item up in the post that holds it; ids met once need no search.
    func testB7_repeatedMediaIDsAreNoted() {
        func post(_ id: String, _ media: [String]) -> Post {
            Post(id: id, createdAt: 0, blocks: [.media(media.map { Media(id: $0, url: "https://x/\($0).png") })])
        }
        var m = PageMedia()
        m.index(post("a", ["m1", "m2"]))
        m.index(post("b", ["m3"]))
        XCTAssertFalse(m.repeatedIDs)
        XCTAssertEqual(m.owner["m3"], "b")
        m.index(post("c", ["m1"]))
        XCTAssertTrue(m.repeatedIDs)
        XCTAssertEqual(m.owner["m1"], "c", "the last post indexed with an id owns it, as before")
        var same = PageMedia()
        same.index(post("d", ["m9", "m9"]))
        XCTAssertTrue(same.repeatedIDs)
    }
}
