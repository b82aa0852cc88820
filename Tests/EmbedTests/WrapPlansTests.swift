import XCTest
import LiveblogModel
@testable import Embed

/// Issue 14 (B7, B8): a post's first measure records its texts' ops; a width change counts from
/// them. The heights, and so every post's top (the hook's `top`, E4), are those of a full measure.
final class WrapPlansTests: XCTestCase {
    /// Heavy posts (long rich text, emoji, images with and without sizes, embeds) and hostile
    /// ones (CJK, soft hyphens, combining marks, long words), enough for the parallel measure.
    static func posts() -> [Post] {
        var posts = HeavyProfile.generate(posts: 4200, seed: 3).posts
        let odd = ["東京都庁舎、新宿。「引用」では", "co\u{AD}op\u{AD}er\u{AD}ation and more", "e\u{301}te\u{301} 👩‍👩‍👧 🇩🇪",
                   String(repeating: "long", count: 60), "Ωμέγα Привет ｗｉｄｅ ½ ❤️ 👏🏽"]
        for (k, t) in odd.enumerated() {
            posts[k * 997].blocks.append(.text(RichText(runs: [TextRun(text: t), TextRun(text: t, bold: true)])))
            posts[k * 997 + 1].headline = t
        }
        return posts
    }

    /// The tops a full measure gives: every post walked by `LineCounter`, summed.
    static func fullTops(_ page: Page) -> [Double] {
        var tops: [Double] = []
        var y = page.headerHeight
        for i in 0..<page.loadedCount {
            tops.append(y)
            y += page.measurePost(i)
        }
        return tops
    }

    func testB8_resizeGivesTheTopsOfAFullMeasure() {
        let lb = Liveblog(id: "heavy", title: "Heavy", posts: Self.posts())
        let page = Page(liveblog: lb, config: pageConfig(), width: pageWidth)
        XCTAssertEqual(page.layout.plans.count, lb.posts.count, "the first measure records every post")
        for w in [pageWidth, 96, 1600, 329, 24, 641, pageWidth] {
            page.setWidth(w)
            let tops = (0..<page.loadedCount).map { page.postTop(index: $0) }
            XCTAssertEqual(tops, Self.fullTops(page), "tops at width \(w)")
        }
    }

    /// D5: under an image cap (a terminal's reading column), a declared size taller than the cap
    /// counts as the cap, in a program as in a full measure; the cap changing alone re-lays too.
    func testB8_programsKeepTheImageCap() {
        var config = pageConfig()
        config.maxImageHeight = 120
        let lb = Liveblog(id: "heavy", title: "Heavy", posts: Array(Self.posts().prefix(1200)))
        let page = Page(liveblog: lb, config: config, width: pageWidth)
        for (w, cap) in [(pageWidth, 120.0), (1600, 120), (1600, 40), (333, 400), (pageWidth, 60)] {
            page.setGeometry(width: w, imageCap: cap)
            XCTAssertEqual((0..<page.loadedCount).map { page.postTop(index: $0) }, Self.fullTops(page),
                           "tops at width \(w), cap \(cap)")
        }
    }

    /// E1: the height counted from ops is the extent of the built items (`ItemBuilder`).
    func testB8_opsHeightsAreTheBuiltItemsExtent() {
        var rng = SeededRandom(seed: 8)
        let posts = Array(Self.posts().prefix(4100))
        let page = Page(liveblog: Liveblog(id: "h", title: "H", posts: posts), config: pageConfig(),
                        width: pageWidth)
        for _ in 0..<6 {
            page.setWidth(Double(rng.int(2, 200)) * 8)
            for _ in 0..<60 {
                let i = rng.int(0, posts.count - 1)
                let items = page.postItems(index: i)
                let extent = items.last!.y + items.last!.height - page.postTop(index: i)
                XCTAssertEqual(page.postHeight(index: i), extent, "post \(i) at width \(page.width)")
            }
        }
    }

    /// Programs do not depend on load states (B6, B7): images and embeds loading change no
    /// program (nothing is recorded again), and the tops stay those of a full measure at every
    /// width, before, during and after the loads.
    func testB8_loadsRecordNothingAndKeepExactTops() {
        let posts = Array(Self.posts().prefix(1500))
        let page = Page(liveblog: Liveblog(id: "h", title: "H", posts: posts), config: pageConfig(network: .fast),
                        width: pageWidth)
        let ops = page.layout.plans.byteCount
        var tick = 0
        for w in [pageWidth, 333, 1200, pageWidth] {
            for _ in 0..<40 {
                tick += 12
                page.frame(tick: tick)
            }
            page.setWidth(w)
            XCTAssertEqual((0..<page.loadedCount).map { page.postTop(index: $0) }, Self.fullTops(page),
                           "tops at width \(w), tick \(tick)")
        }
        for _ in 0..<4000 { tick += 12; page.frame(tick: tick) }
        XCTAssertEqual(page.layout.plans.byteCount, ops, "no program recorded again after loads")
        XCTAssertEqual((0..<page.loadedCount).map { page.postTop(index: $0) }, Self.fullTops(page))
    }

    /// R3: a live snapshot (an edit, a deletion, a new order) leaves no program on the wrong
    /// post: the tops are those of a full measure, then and after a width change.
    func testB8_snapshotAfterProgramsGivesFullTops() {
        var posts = Array(Self.posts().prefix(300))
        let page = Page(liveblog: Liveblog(id: "h", title: "H", posts: posts), config: pageConfig(),
                        width: pageWidth)
        posts[5].blocks.append(.text(RichText(plain: String(repeating: "edited text grows ", count: 40))))
        posts.remove(at: 2)
        posts.swapAt(10, 40)
        page.applySnapshot(posts)
        XCTAssertEqual((0..<page.loadedCount).map { page.postTop(index: $0) }, Self.fullTops(page))
        page.setWidth(411)
        XCTAssertEqual((0..<page.loadedCount).map { page.postTop(index: $0) }, Self.fullTops(page))
    }

    /// B6, B7: a program's numbers (block heights, declared sizes) read back bit for bit, in 2
    /// bytes when whole and under 65 536, else 8.
    func testB6_programNumbersRoundTrip() {
        let xs: [Double] = [0, 1, 19, 240, 1080, 65535, 65536, -0.0, -1, 0.5, 17.25, 1e300, .infinity, .nan,
                            Double.leastNonzeroMagnitude]
        for x in xs {
            let short = PostProgram.isShort(x)
            XCTAssertEqual(short, x >= 0 && x <= 65535 && x == x.rounded() && x.sign == .plus, "\(x)")
            var ops: [UInt8] = [9]
            PostProgram.append(x, short: short, to: &ops)
            XCTAssertEqual(ops.count, short ? 3 : 9)
            ops.withUnsafeBufferPointer { b in
                var k = 1
                XCTAssertEqual(PostProgram.number(b, &k, short: short).bitPattern, x.bitPattern, "\(x)")
                XCTAssertEqual(k, b.count)
            }
        }
    }

    /// B9 with B8: pinned posts streamed in above older ones (inserted in the middle of the page)
    /// get no other post's program; a width change afterwards gives the tops of a full measure.
    func testB8_streamedInsertsKeepEachPostsProgram() {
        var posts = Array(Self.posts().prefix(120))
        for k in [3, 50, 90] { posts[k].highlight = .sticky }
        let pinned = posts.filter(StreamedPosts.isPinned)
        let others = posts.filter { !StreamedPosts.isPinned($0) }
        let page = Page(liveblog: Liveblog(id: "h", title: "H", posts: [pinned[0]] + Array(others[..<30])),
                        config: pageConfig(), width: pageWidth)
        page.applyStreamed(StreamedPosts(pinned: [pinned[1]], older: Array(others[30..<70])))
        page.setWidth(500)
        page.applyStreamed(StreamedPosts(pinned: [pinned[2]], older: Array(others[70...])))
        for w in [333.0, pageWidth, 1000] {
            page.setWidth(w)
            XCTAssertEqual((0..<page.loadedCount).map { page.postTop(index: $0) }, Self.fullTops(page),
                           "tops at width \(w)")
        }
    }
}
