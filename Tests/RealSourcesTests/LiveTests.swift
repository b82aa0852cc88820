import Fetch
import Foundation
import LiveblogModel
import TestSupport
import XCTest
@testable import RealSources

/// R3: the poller against a loopback server whose liveblog changes between polls (R7), and
/// the diff's cases.
final class LiveTests: XCTestCase {
    func post(_ id: String, _ text: String, _ t: Double, _ highlight: Highlight = .none) -> Post {
        Post(id: id, createdAt: t, highlight: highlight, blocks: [.text(RichText(plain: text))])
    }

    func testR3_DiffFindsNewEditedAndDeleted() {
        let old = [post("c", "three", 3), post("b", "two", 2), post("a", "one", 1)]
        let new = [post("d", "four", 4), post("c", "three, edited", 3), post("a", "one", 1)]
        let diff = LiveDiff.between(old, new)
        XCTAssertEqual(diff, LiveDiff(added: ["d"], edited: ["c"], deleted: ["b"]))
        XCTAssertEqual(diff.summary, "1 new, 1 edited, 1 deleted")
        XCTAssertTrue(LiveDiff.between(old, old).isEmpty)
    }

    func testR3_StickyPostsStayPinnedAboveNewOnes() {
        let posts = [post("n", "new", 9), post("s", "pinned", 1, .sticky), post("o", "old", 2)]
        XCTAssertEqual(LiveOrder.pinned(posts).map(\.id), ["s", "n", "o"])
    }

    func testR3_PollerIsConditionalAndAppliesChanges() throws {
        let server = try LoopbackServer(serving: [Fixtures.directory])
        defer { server.stop() }
        let fetcher = Fetcher()
        defer { fetcher.invalidate() }
        let location = SourceLocation.url(server.url("/live/live"))
        guard case let .success(first) = SourceLoader.load(location, fetcher: fetcher, timeout: 20) else {
            return XCTFail("the first load failed")
        }
        var poller = try XCTUnwrap(Poller(source: first, seconds: 20))
        XCTAssertEqual(poller.snapshot.first?.id, "s1", "the sticky post is pinned first")
        XCTAssertNil(poller.request(atTick: 20 * 120 - 1), "not before --poll seconds")
        let request = try XCTUnwrap(poller.request(atTick: 20 * 120))
        XCTAssertEqual(request.validators?.etag, "\"step0\"", "a conditional request")
        XCTAssertNil(poller.request(atTick: 20 * 120 + 1), "one poll at a time")
        let unchanged = try XCTUnwrap(fetcher.wait(for: fetcher.submit(request), timeout: 20))
        guard case .unchanged = poller.receive(unchanged, atTick: 2500) else { return XCTFail("304 expected") }
        XCTAssertEqual(poller.nextTick, 2500 + 2400)

        try server.setLiveStep(1)
        let second = try XCTUnwrap(poller.request(atTick: 4900))
        let changed = try XCTUnwrap(fetcher.wait(for: fetcher.submit(second), timeout: 20))
        guard case let .changed(liveblog, diff) = poller.receive(changed, atTick: 5000) else {
            return XCTFail("a change expected")
        }
        XCTAssertEqual(diff.added, ["e13"])
        XCTAssertEqual(diff.edited, ["e11"])
        XCTAssertEqual(Set(diff.deleted), ["e12", "e10"], "local_status 100 and gone from the list")
        XCTAssertEqual(liveblog.posts.prefix(3).map(\.id), ["s1", "e13", "e11"])
        XCTAssertEqual(poller.validators?.etag, "\"step1\"")
    }

    func testR3_AFailedPollKeepsThePageAndTheSchedule() throws {
        let url = URL(string: "http://127.0.0.1:9/x")!
        let source = LoadedSource(location: .url(url), liveblog: Liveblog(id: "x", title: "", posts: []),
                                  completion: nil)
        var poller = try XCTUnwrap(Poller(source: source, seconds: 1))
        let request = try XCTUnwrap(poller.request(atTick: 120))
        let failed = FetchCompletion(id: FetchID(1), request: request,
                                     result: .failure(FetchError(url: url, kind: .status(500))),
                                     timing: FetchTiming(startedSeconds: 0, firstAnswerSeconds: 0, endedSeconds: 0))
        guard case let .failed(error) = poller.receive(failed, atTick: 130) else { return XCTFail("failure expected") }
        XCTAssertTrue(error.description.contains("HTTP status 500"))
        XCTAssertNotNil(poller.request(atTick: 250))
        XCTAssertNil(Poller(source: LoadedSource(location: .file("a.json"), liveblog: source.liveblog,
                                                 completion: nil)), "a file is not polled")
    }

    /// G6: while the terminal is unfocused the poll waits six intervals; back in focus, a poll
    /// that is due by the normal interval is made at once.
    func testG6_pollingSlowsWhileUnfocused() throws {
        let url = URL(string: "http://127.0.0.1:9/x")!
        let source = LoadedSource(location: .url(url), liveblog: Liveblog(id: "x", title: "", posts: []),
                                  completion: nil)
        var poller = try XCTUnwrap(Poller(source: source, seconds: 1, startTick: 0))
        poller.setBackground(true)
        XCTAssertNil(poller.request(atTick: 120), "one interval is not enough while unfocused")
        XCTAssertNil(poller.request(atTick: 719))
        XCTAssertNotNil(poller.request(atTick: 720), "six intervals")
        var back = try XCTUnwrap(Poller(source: source, seconds: 1, startTick: 0))
        back.setBackground(true)
        XCTAssertNil(back.request(atTick: 300))
        back.setBackground(false)
        XCTAssertNotNil(back.request(atTick: 300), "a poll due by the normal interval, at once")
    }
}
