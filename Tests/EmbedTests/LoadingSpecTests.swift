import XCTest
import Foundation
import LiveblogModel
@testable import Embed

/// I1, I2: the network queue and what media loads do to the layout.
final class LoadingSpecTests: XCTestCase {

    /// Completion ticks of `n` media requests under `profile`, stepping a frame at a time.
    private func completions(_ profile: NetworkProfile, seed: UInt64, n: Int = 10, until: Int = 3000) -> [(Request, Int)] {
        var q = NetworkQueue(profile: profile, seed: seed)
        for i in 0..<n { q.enqueue(.media("m\(i)"), tick: 0) }
        var out: [(Request, Int)] = []
        var t = 0
        while t <= until { for r in q.due(tick: t) { out.append((r, t)) }; t += 2 }
        return out
    }

    /// I1: same seed gives same delays different seed differs
    func testI1_sameSeedGivesSameDelays_differentSeedDiffers() {
        let a = completions(.threeG, seed: 7), b = completions(.threeG, seed: 7), c = completions(.threeG, seed: 8)
        XCTAssertEqual(a.count, 10)
        XCTAssertEqual(a.map(\.0), b.map(\.0))
        XCTAssertEqual(a.map(\.1), b.map(\.1))
        XCTAssertNotEqual(a.map(\.1), c.map(\.1))
    }

    /// I1: profile delay ranges
    func testI1_profileDelayRanges() {
        var rng = SeededRandom(seed: 42)
        for _ in 0..<2000 {
            XCTAssertEqual(NetworkProfile.instant.delay(&rng), 0)
            let f = NetworkProfile.fast.delay(&rng)!
            XCTAssertTrue(f >= 0.050 && f <= 0.300, "fast \(f)")
            let g = NetworkProfile.threeG.delay(&rng)!
            XCTAssertTrue(g >= 0.300 && g <= 2.500, "3g \(g)")
            let s = NetworkProfile.slow.delay(&rng)!
            XCTAssertTrue(s >= 1.0 && s <= 8.0, "slow \(s)")
            XCTAssertNil(NetworkProfile.offline.delay(&rng))
        }
        XCTAssertEqual(NetworkProfile.threeG.rawValue, "3g")
        // The first six 3g requests start at once and each completes 0.3–2.5 s later.
        for (_, t) in completions(.threeG, seed: 7, n: 6) {
            XCTAssertTrue(t >= 36 && t <= 302, "completion tick \(t)")
        }
    }

    /// I1: offline never loads
    func testI1_offlineNeverLoads() {
        let m = Media(id: "m0", url: "https://img.example.com/a.png")
        let page = Page(liveblog: liveblog(2, extra: [0: [.media([m])]]), config: pageConfig(network: .offline), width: pageWidth)
        let h = page.contentHeight
        let events = runFrames(page, from: 2, to: 60 * 120).map(\.event)
        XCTAssertEqual(page.mediaStates["m0"], nil)
        XCTAssertTrue(page.isLoading)
        XCTAssertEqual(page.contentHeight, h)
        XCTAssertTrue(layouts(events).isEmpty)
        XCTAssertTrue(completions(.offline, seed: 7, until: 100_000).isEmpty)
    }

    /// I2: loads start in page order with at most six in flight
    func testI2_loadsStartInPageOrderWithAtMostSixInFlight() {
        var q = NetworkQueue(profile: .offline, seed: 1)
        for i in 0..<10 { q.enqueue(.media("m\(i)"), tick: 0) }
        XCTAssertEqual(q.pendingCount, 10)
        // Switching profile gives a delay to the six in flight only (fast: 50–300 ms).
        q.setProfile(.fast, tick: 10)
        XCTAssertEqual(q.due(tick: 15), [], "nothing finishes before the profile's 50 ms")
        let done = q.due(tick: 10 + 36)
        // The first six are all done by 300 ms; the others only started as connections freed up.
        XCTAssertTrue(Set(done).isSuperset(of: (0..<6).map { Request.media("m\($0)") }))
        var all = done
        var t = 46
        while !q.isIdle && t < 1000 { t += 1; all += q.due(tick: t) }
        XCTAssertEqual(Set(all), Set((0..<10).map { Request.media("m\($0)") }))
    }

    /// I2: page media complete in page order
    func testI2_pageMediaCompleteInPageOrder() {
        var extra: [Int: [Block]] = [:]
        for i in 0..<8 { extra[i] = [.media([Media(id: "m\(i)", url: "https://img.example.com/\(i).png")])] }
        var q = NetworkQueue(profile: .offline, seed: 1)
        for i in 0..<8 { q.enqueue(.media("m\(i)"), tick: 0) }
        // Instant: requests that start as connections free up finish in the same step, in page order.
        q.setProfile(.instant, tick: 10)
        XCTAssertEqual(q.due(tick: 10), (0..<8).map { Request.media("m\($0)") })
        let page = Page(liveblog: liveblog(8, extra: extra), config: pageConfig(network: .offline), width: pageWidth)
        page.setNetworkProfile(.instant)
        page.frame(tick: 2)
        XCTAssertEqual((0..<8).filter { page.mediaStates["m\($0)"] != nil }.count, 8)
    }

    /// I2: missing or corrupt local file fails with placeholder size
    func testI2_missingOrCorruptLocalFileFailsWithPlaceholderSize() {
        let dir = PNGDir()
        dir.write("corrupt.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x58, 0x58, 0x58, 0x58] + [UInt8](repeating: 0, count: 17))
        dir.write("text.png", Array("hello, not a png at all, sorry!!!".utf8))
        let media = [
            Media(id: "missing", url: "nope.png"),
            Media(id: "corrupt", url: "corrupt.png"),
            Media(id: "notpng", url: "text.png"),
            Media(id: "declared", width: 400, height: 200, url: "nope2.png"),
        ]
        var extra: [Int: [Block]] = [:]
        for (i, m) in media.enumerated() { extra[i] = [.media([m])] }
        let page = Page(liveblog: liveblog(4, extra: extra, baseDirectory: dir.path), config: pageConfig(network: .offline), width: pageWidth)
        let before = (0..<4).map { page.postHeight(index: $0) }
        XCTAssertEqual(before, [64, 64, 64, 48 + imageWidth / 2])
        for m in media { XCTAssertTrue(page.forceLoad(m.id)) }
        XCTAssertEqual(page.mediaStates["missing"], .failed("missing file"))
        XCTAssertEqual(page.mediaStates["corrupt"], .failed("corrupt PNG"))
        XCTAssertEqual(page.mediaStates["notpng"], .failed("not a PNG"))
        XCTAssertEqual(page.mediaStates["declared"], .failed("missing file"))
        XCTAssertEqual((0..<4).map { page.postHeight(index: $0) }, before, "a broken image keeps the placeholder's size")
        XCTAssertTrue(layouts(page.drain()).isEmpty)
    }
}
