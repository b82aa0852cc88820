import XCTest
import LiveblogModel
@testable import Embed

/// B7: the page's id tables (`IDTable`: the catalog's positions, the media owners) answer as the
/// dictionaries they replace, through growth, replaced values, in-place changes and misses.
final class IDTableTests: XCTestCase {
    func testB7_idTableAnswersAsADictionary() {
        var rng = SeededRandom(seed: 14)
        for round in 0..<20 {
            var table = IDTable<Int32>()
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
                    if let v = table[id] { table.set(v + 7, for: id) }
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

/// B7: the catalog's positions (`PostIndex`, which reads its keys from the posts) find every
/// post exactly where the posts array has it, through posts arriving at the top, streamed in at
/// the bottom and inserted in the middle, with growth of the table along the way.
final class PostIndexTests: XCTestCase {
    func testB7_catalogFindsEveryPostAfterEveryKindOfArrival() {
        var rng = SeededRandom(seed: 21)
        var next = 0
        func fresh(_ n: Int) -> [Post] {
            (0..<n).map { _ in
                next += 1
                return Post(id: "p\(next)", createdAt: Double(next), blocks: [])
            }
        }
        let start = fresh(50)
        var catalog = PostCatalog(liveblog: Liveblog(id: "t", title: "t", posts: start), loadedCount: 50)
        var reference = start.map(\.id)
        for _ in 0..<300 {
            let n = Int.random(in: 1...40, using: &rng)
            switch Int.random(in: 0..<3, using: &rng) {
            case 0:
                let ps = fresh(n)
                catalog.insertAtTop(ps)
                reference.insert(contentsOf: ps.map(\.id), at: 0)
            case 1:
                let ps = fresh(n)
                catalog.appendAtBottom(ps, load: Bool.random(using: &rng))
                reference.append(contentsOf: ps.map(\.id))
            default:
                let i = Int.random(in: 0...reference.count, using: &rng)
                let ps = fresh(n)
                catalog.insert(ps, at: i)
                reference.insert(contentsOf: ps.map(\.id), at: i)
            }
        }
        XCTAssertEqual(catalog.posts.map(\.id), reference)
        for (i, id) in reference.enumerated() { XCTAssertEqual(catalog.index(of: id), i, id) }
        XCTAssertNil(catalog.index(of: "absent"))
        XCTAssertGreaterThan(reference.count, 5000, "the table grew many times")
    }
}
