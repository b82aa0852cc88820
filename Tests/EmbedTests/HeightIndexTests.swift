import XCTest
import LiveblogModel
@testable import Embed

/// The layout's data structures (issue 6): the Fenwick tree against a plain prefix sum, and the
/// measured (lazy) post heights against fully built layouts. No timings here: costs are
/// measured by `liveblog bench`.
final class HeightIndexTests: XCTestCase {
    private func prefixSums(_ a: [Double]) -> [Double] {
        var out = [0.0]
        for x in a { out.append(out.last! + x) }
        return out
    }

    private func randomHeights(_ n: Int, _ rng: inout SeededRandom, zeros: Bool = false) -> [Double] {
        (0..<n).map { _ in zeros && rng.unit() < 0.2 ? 0 : Double(rng.int(1, 400)) }
    }

    func testB2_heightIndexMatchesPrefixSums() {
        var rng = SeededRandom(seed: 42)
        for n in [0, 1, 2, 3, 7, 8, 9, 100, 1000] {
            var plain = randomHeights(n, &rng)
            var index = HeightIndex(heights: plain)
            for round in 0..<(n == 0 ? 1 : 200) {
                if n > 0 {
                    let i = rng.int(0, n - 1)
                    let h = round % 10 == 0 ? 0 : Double(rng.int(1, 2000))
                    plain[i] = h
                    index.set(i, h)
                }
                let sums = prefixSums(plain)
                if round % 20 == 0 || n < 10 {
                    for i in 0...n { XCTAssertEqual(index.prefix(i), sums[i], "n \(n) prefix(\(i))") }
                } else {
                    let i = rng.int(0, n)
                    XCTAssertEqual(index.prefix(i), sums[i])
                }
                XCTAssertEqual(index.total, sums[n])
                XCTAssertEqual(index.count, n)
                if n > 0 { let i = rng.int(0, n - 1); XCTAssertEqual(index[i], plain[i]) }
            }
        }
    }

    /// The element containing y, by linear search: the last i with prefix(i) <= y, clamped.
    private func linearIndex(_ a: [Double], _ y: Double) -> Int? {
        guard !a.isEmpty else { return nil }
        if y < 0 { return 0 }
        let sums = prefixSums(a)
        var k = 0
        for i in 0...a.count where sums[i] <= y { k = i }
        return min(k, a.count - 1)
    }

    func testB2_indexContainingMatchesLinearSearch() {
        var rng = SeededRandom(seed: 7)
        XCTAssertNil(HeightIndex().index(containing: 10))
        for n in [1, 2, 5, 16, 17, 250] {
            let a = randomHeights(n, &rng, zeros: true)
            let index = HeightIndex(heights: a)
            let total = a.reduce(0, +)
            var ys: [Double] = [-5, 0, total, total + 3]
            for s in prefixSums(a) { ys += [s, s - 0.5, s + 0.5] }
            for _ in 0..<200 { ys.append(rng.uniform(-10, total + 10)) }
            for y in ys { XCTAssertEqual(index.index(containing: y), linearIndex(a, y), "n \(n) y \(y)") }
        }
    }

    func testL8_heightIndexInsertAndAppendMatchPrefixSums() {
        var rng = SeededRandom(seed: 3)
        var plain = randomHeights(20, &rng)
        var index = HeightIndex(heights: plain)
        for round in 0..<60 {
            let k = rng.int(1, 5)
            let fresh = randomHeights(k, &rng)
            if round % 2 == 0 {
                plain.insert(contentsOf: fresh, at: 0); index.insert(contentsOf: fresh, at: 0)
            } else {
                plain.append(contentsOf: fresh); index.append(contentsOf: fresh)
            }
            let i = rng.int(0, plain.count - 1)
            let h = Double(rng.int(0, 999))
            plain[i] = h; index.set(i, h)
            let sums = prefixSums(plain)
            for j in 0...plain.count { XCTAssertEqual(index.prefix(j), sums[j]) }
            for _ in 0..<10 {
                let y = rng.uniform(-1, sums.last! + 1)
                XCTAssertEqual(index.index(containing: y), linearIndex(plain, y))
            }
        }
        index.replaceAll([1, 2, 3])
        XCTAssertEqual(index.total, 6)
        XCTAssertEqual(index.index(containing: 1.5), 1)
    }

    // MARK: - Lazy layout against full layout

    /// A liveblog with text that is hard to wrap: wide and combining characters, long words,
    /// runs of spaces, line breaks, links, quotes, media with and without sizes, embeds.
    private func trickyLiveblog(seed: UInt64, posts: Int) -> Liveblog {
        var rng = SeededRandom(seed: seed)
        let words = ["a", "goal", "Schweinsteiger", "— ", "東京", "ｶﾀｶﾅ", "e\u{301}", "👍🏽", "x\u{200B}y",
                     "supercalifragilisticexpialidocious-and-then-some", "  ", "\n", "\n\n", "tab", "ümlaut",
                     "🇩🇪", "Ａ", "z", "...", "a\u{0308}\u{0301}"]
        func text() -> String {
            (0..<rng.int(0, 30)).map { _ in words[rng.int(0, words.count - 1)] }.joined(separator: rng.unit() < 0.8 ? " " : "")
        }
        var list: [Post] = []
        for i in 0..<posts {
            var blocks: [Block] = []
            for _ in 0..<rng.int(0, 4) {
                switch rng.int(0, 6) {
                case 0: blocks.append(.text(RichText(runs: [TextRun(text: text()), TextRun(text: text(), bold: true),
                                                            TextRun(text: text(), link: "https://x.example/")])))
                case 1: blocks.append(.quote(text: RichText(plain: text()), author: rng.unit() < 0.5 ? "Coach" : nil))
                case 2:
                    let declared = rng.unit() < 0.5
                    blocks.append(.media([Media(id: "m\(i)-\(blocks.count)", width: declared ? Double(rng.int(100, 2000)) : nil,
                                                height: declared ? Double(rng.int(100, 2000)) : nil, url: "https://m.example/\(i).png")]))
                case 3: blocks.append(.embed(WebEmbed(id: "e\(i)-\(blocks.count)", url: "https://e.example/",
                                                      declaredHeight: rng.unit() < 0.5 ? 240 : nil)))
                case 4: blocks.append(.emoji("⚽"))
                case 5: blocks.append(.unknown(type: "Poll"))
                default: blocks.append(.text(HTMLText.parse(text())))
                }
            }
            let sport = rng.unit() < 0.2 ? SportEvent(eventType: "goal", title: text(), team: "Team", players: ["A", text()], timeOfPlay: "12'") : nil
            list.append(Post(id: "p\(i)", createdAt: Double(1_700_000_000 - i * 60),
                             highlight: rng.unit() < 0.1 ? .milestone : .none,
                             headline: rng.unit() < 0.2 ? text() : nil, blocks: blocks, sportEvent: sport))
        }
        return Liveblog(id: "t", title: "Tricky", posts: list)
    }

    private func assertLazyMatchesFull(_ page: Page, _ label: String) {
        var top = page.postTop(index: 0)
        for i in 0..<page.loadedCount {
            XCTAssertEqual(page.postTop(index: i), top, "\(label): top of post \(i)")
            let items = page.postItems(index: i)
            let built = (items.last.map { $0.y + $0.height } ?? top) - top
            XCTAssertEqual(page.postHeight(index: i), built, "\(label): height of post \(i)")
            top += built
        }
    }

    func testE1_measuredHeightsEqualBuiltLayoutsAtEveryWidth() {
        for seed in UInt64(1)...4 {
            let lb = seed % 2 == 0 ? trickyLiveblog(seed: seed, posts: 60)
                                   : LiveblogGenerator.generate(posts: 80, seed: seed)
            for cols in [1, 2, 3, 4, 9, 17, 40, 80, 133, 200] {
                let page = Page(liveblog: lb, config: PageConfig(), width: Double(cols) * 8)
                assertLazyMatchesFull(page, "seed \(seed) cols \(cols)")
            }
        }
    }

    func testT5_resizeRemeasuresExactly() {
        let lb = trickyLiveblog(seed: 9, posts: 50)
        let page = Page(liveblog: lb, config: PageConfig(), width: 80 * 8)
        _ = page.items(from: 0, to: 5000)
        for cols in [31, 200, 5, 80] {
            page.setWidth(Double(cols) * 8)
            let fresh = Page(liveblog: lb, config: PageConfig(), width: Double(cols) * 8)
            for i in 0...page.loadedCount { XCTAssertEqual(page.postTop(index: i), fresh.postTop(index: i)) }
            assertLazyMatchesFull(page, "cols \(cols)")
        }
    }

    func testB2_mediaLoadChangesOnlyThatPostsHeight() {
        let lb = trickyLiveblog(seed: 11, posts: 80)
        var config = PageConfig()
        config.networkProfile = .offline
        let page = Page(liveblog: lb, config: config, width: 640)
        let undeclared = lb.posts.flatMap { p in p.blocks.flatMap { b -> [Media] in
            if case .media(let ms) = b { return ms.filter { !$0.hasDeclaredSize } }; return [] } }
        XCTAssertFalse(undeclared.isEmpty)
        for m in undeclared.prefix(10) {
            let before = (0..<page.loadedCount).map { page.postHeight(index: $0) }
            XCTAssertTrue(page.forceLoad(m.id))
            let after = (0..<page.loadedCount).map { page.postHeight(index: $0) }
            let changed = (0..<before.count).filter { before[$0] != after[$0] }
            XCTAssertEqual(changed.count, 1)
            assertLazyMatchesFull(page, "after loading \(m.id)")
        }
        XCTAssertLessThanOrEqual(page.cachedPostLayouts, 1024)
    }

    func testL8_livePostsKeepIndexesAndHeights() {
        let lb = LiveblogGenerator.generate(posts: 40, seed: 5)
        let page = Page(liveblog: lb, config: PageConfig(), width: 640)
        _ = page.items(from: 0, to: 3000)
        page.insertPostsAtTop(LivePostSource.next(3, for: page))
        XCTAssertEqual(page.loadedCount, 43)
        XCTAssertEqual(page.loadedPostIndex(lb.posts[0].id), 3)
        XCTAssertEqual(page.loadedPostIndex(lb.posts.last!.id), 42)
        XCTAssertEqual(page.loadedPostIndex("live-1"), 0)
        for (i, p) in page.liveblog.posts.enumerated() { XCTAssertEqual(page.loadedPostIndex(p.id), i) }
        assertLazyMatchesFull(page, "after live posts")
        for it in page.items(from: 0, to: 3000) where it.postIndex != nil {
            XCTAssertLessThan(it.postIndex!, page.loadedCount)
        }
    }
}

/// B3: a large liveblog's heights are measured in parallel chunks; the tops are the same as one pass.
final class ParallelMeasureTests: XCTestCase {
    func testB3_parallelMeasureMatchesOnePass() {
        let lb = LiveblogGenerator.generate(posts: 6000, seed: 3)
        var cfg = PageConfig()
        cfg.networkProfile = .offline
        let page = Page(liveblog: lb, config: cfg, width: 640)
        var top = page.headerHeight
        for i in 0..<page.loadedCount {
            XCTAssertEqual(page.postTop(index: i), top, "post \(i)")
            top += page.measurePost(i)
        }
        XCTAssertEqual(page.contentHeight, top + page.footerHeight)
    }
}
