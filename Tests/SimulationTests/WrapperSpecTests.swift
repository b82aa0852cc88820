import XCTest
import RealSources
import LiveblogModel
@testable import Simulation
import Embed
import Host

/// The web-view wrapper (docs/behaviours.md): its loading progress (W1), history (W2) and media handoff (W3).
final class WrapperSpecTests: XCTestCase {
    /// Runs frame by frame for `seconds`, checking at every frame that the progress never goes
    /// back and is below 1 exactly while something loads. Returns the trace's progress values.
    private func progressRun(_ w: World, seconds: Double, file: StaticString = #filePath,
                             line: UInt = #line) -> [Double] {
        var traced: [Double] = []
        w.sink = { if case .progress(let v) = $0.event { traced.append(v) } }
        var last = w.page.estimatedProgress
        for tick in stride(from: 2, through: Int(seconds * 120), by: 2) {
            w.advance(to: tick)
            let p = w.page.estimatedProgress
            XCTAssertGreaterThanOrEqual(p, last, "progress went back at tick \(tick)", file: file, line: line)
            XCTAssertEqual(p < 1, w.page.isLoading, "below 1 exactly while loading (tick \(tick), \(p))",
                           file: file, line: line)
            last = p
        }
        return traced
    }

    func testW1_progressRisesMonotonicallyToOneUnderEachProfile() {
        for profile in [NetworkProfile.instant, .fast, .threeG, .slow] {
            let w = World(liveblog: fixture(40), config: config(network: profile))
            XCTAssertLessThan(w.page.estimatedProgress, 1, "\(profile): media and embeds to load")
            let traced = progressRun(w, seconds: 40)
            XCTAssertEqual(w.page.estimatedProgress, 1, "\(profile): everything loaded")
            XCTAssertEqual(traced.last, 1, "\(profile): the trace says it reached 1")
            XCTAssertEqual(traced.filter { $0 == 1 }.count, 1, "\(profile)")
            for (a, b) in zip(traced, traced.dropFirst()) where b < 1 {
                XCTAssertGreaterThanOrEqual(b - a, 0.1 - 1e-9, "\(profile): a line per tenth")
            }
            if profile != .instant {
                XCTAssertGreaterThan(traced.count, 2, "\(profile): progress lines on the way")
            }
        }
    }

    /// Pages of older posts (L8) join the load under way: the value still only rises.
    func testW1_pagesJoiningTheLoadKeepItRising() {
        var c = config(network: .threeG)
        c.page.pageSize = 10
        let w = World(liveblog: fixture(40), config: c)
        w.send(.jump(id: "p35", topOffset: nil))
        let traced = progressRun(w, seconds: 60)
        XCTAssertEqual(w.page.loadedCount, 40)
        XCTAssertEqual(traced.last, 1)
    }

    func testW1_offlineNeverReachesOne() {
        let w = World(liveblog: fixture(40), config: config(network: .offline))
        let traced = progressRun(w, seconds: 30)
        XCTAssertLessThan(w.page.estimatedProgress, 1)
        XCTAssertGreaterThan(w.page.estimatedProgress, 0, "the document itself is loaded")
        XCTAssertFalse(traced.contains(1))
        // Back online, the waiting requests finish and it reaches 1.
        w.send(.key(.char("n")))
        _ = progressRun(w, seconds: 40)
        XCTAssertEqual(w.page.estimatedProgress, 1)
    }

    /// Three jumps, then back, back, forward: each restores the reading position the reader
    /// left (the anchor post's y within 0.5 pt), and going back ends the held jump (input).
    func testW2_backBackForwardRestoreTheLeftPositions() {
        let w = World(liveblog: fixture(40), config: config(network: .instant))
        var holdEnds: [HoldEndReason] = []
        w.sink = { if case .holdEnd(_, let r) = $0.event { holdEnds.append(r) } }
        var t = 0.5
        func run(_ s: Double) {
            t += s
            w.advance(to: Int(t * 120))
        }
        run(0)
        for _ in 0..<3 { w.send(.key(.char("j"))) }
        run(1)
        XCTAssertFalse(w.history.canGoBack)
        var left: [ReadingPosition] = []
        for (id, scrolls) in [("p10", 2), ("p20", 0), ("p5", 1)] {
            left.append(w.readingPosition()!)
            w.send(.jump(id: id, topOffset: nil))
            run(1.5)
            for _ in 0..<scrolls { w.send(.key(.char("j"))) }
            run(0.5)
        }
        XCTAssertTrue(w.history.canGoBack)
        XCTAssertFalse(w.history.canGoForward)
        XCTAssertNotEqual(left[0].offset, 0, "the first position is inside a post")
        let lastPlace = w.readingPosition()!
        XCTAssertNotNil(w.page.held, "the third jump is held (10 s)")
        func check(_ p: ReadingPosition, _ what: String) {
            XCTAssertEqual(w.postY(p.postId)!, p.postY, accuracy: 0.5, "\(what) at once")
            run(1)
            XCTAssertEqual(w.postY(p.postId)!, p.postY, accuracy: 0.5, "\(what) a second later")
            XCTAssertEqual(w.readingPosition()!.postId, p.postId, what)
        }
        w.send(.key(.backspace))
        XCTAssertEqual(holdEnds.last, .input, "back is reader input: the hold ends")
        XCTAssertNil(w.page.held)
        check(left[2], "back to the position left at the third jump")
        w.send(.key(.char("H")))
        check(left[1], "back again")
        XCTAssertTrue(w.history.canGoForward)
        w.send(.key(.char("L")))
        check(left[2], "forward")
        w.send(.key(.char("L")))
        check(lastPlace, "forward to where the reader was")
        XCTAssertFalse(w.history.canGoForward)
    }

    /// A new jump after going back drops the entries ahead, as a browser does.
    func testW2_aJumpAfterBackDropsTheEntriesAhead() {
        var h = JumpHistory()
        h.jumped(leaving: ReadingPosition(postId: "a", offset: 1))
        h.jumped(leaving: ReadingPosition(postId: "b", offset: 2))
        XCTAssertTrue(h.go(-1, leaving: ReadingPosition(postId: "c", offset: 3)))
        XCTAssertEqual(h.current, ReadingPosition(postId: "b", offset: 2))
        h.jumped(leaving: ReadingPosition(postId: "b", offset: 5))
        XCTAssertFalse(h.canGoForward)
        XCTAssertFalse(h.go(1, leaving: nil))
        XCTAssertTrue(h.go(-1, leaving: nil))
        XCTAssertEqual(h.current, ReadingPosition(postId: "b", offset: 5))
    }

    private func mediaLiveblog() -> Liveblog {
        let text = RichText(runs: [TextRun(text: "watch the goal", link: "https://youtu.be/abc123")])
        let posts = [
            Post(id: "p0", createdAt: 1_700_000_000, blocks: [.text(text)]),
            Post(id: "p1", createdAt: 1_699_999_000,
                 blocks: [.embed(WebEmbed(id: "e1", url: "https://vimeo.com/42", declaredHeight: 160))]),
            Post(id: "p2", createdAt: 1_699_998_000,
                 blocks: [.embed(WebEmbed(id: "e2", url: "https://social.example.com/7", declaredHeight: 160))]),
        ]
        return Liveblog(id: "media", title: "Media", posts: posts)
    }

    /// W3: a link to a video site, and a click on a media embed's card, go to the app as media;
    /// a card of another embed does not.
    func testW3_mediaLinksAndEmbedCardsAreHandedToTheApp() {
        let w = World(liveblog: mediaLiveblog(), config: config(network: .instant))
        var externals: [String] = []
        w.sink = { if case .external(let u, let k) = $0.event { externals.append("\(k.rawValue) \(u)") } }
        w.advance(to: 12)
        w.send(.key(.tab))
        XCTAssertEqual(w.focusedLink?.href, "https://youtu.be/abc123")
        // The input that hands a medium over says so, as a value (the front end reads it).
        var handed = w.send(.key(.enter))
        for id in ["p1", "p2"] {
            let top = w.page.postTop(id: id)!
            let row = (w.viewportY(pageY: top + 80) / w.line).rounded(.down)
            handed += w.send(.tap(row: row, col: 20))
        }
        w.advance(to: 24)
        XCTAssertEqual(handed, [.media("https://youtu.be/abc123"), .media("https://vimeo.com/42")])
        XCTAssertEqual(w.send(.key(.down)), [], "an input that hands nothing over")
        XCTAssertEqual(externals, ["media https://youtu.be/abc123", "media https://vimeo.com/42"])
        XCTAssertEqual(w.mediaHandoffs, ["https://youtu.be/abc123", "https://vimeo.com/42"])
        XCTAssertTrue(w.externalLinks.isEmpty)
    }
}
