import Embed
import Foundation
import LiveblogModel
import RealSources
import Simulation
import TestSupport
import XCTest

/// B9 end to end: a liveblog body served slowly in parts by the loopback server the test starts
/// (R7, `/slowfile`): the page opens with its first posts before the body has ended, the rest
/// streams in below without moving the reader at the top, keys are handled while it streams,
/// the page ends with exactly the whole parse's posts; a body cut short keeps the posts shown
/// and names the URL. Asserted on counts and positions, not on clocks.
final class StreamingBodyTests: RealWorldTestCase {
    var directory = ""
    var whole: Liveblog!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "liveblog-b9-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // No media: nothing but the body is fetched, and only from the test's own server.
        let lb = LiveblogGenerator.generate(posts: 600, seed: 11, imageEvery: 0)
        let bytes = Array(NativeWriter.encode(lb, pretty: false).utf8)
        _ = FileManager.default.createFile(atPath: directory + "/stream.json", contents: Data(bytes))
        // The same posts oldest first: not in page order as they arrive.
        var reversed = lb
        reversed.posts.reverse()
        _ = FileManager.default.createFile(atPath: directory + "/oldest-first.json",
                                       contents: Data(NativeWriter.encode(reversed, pretty: false).utf8))
        whole = try LiveblogLoader.load(bytes: bytes, name: "stream.json")
        server = try LoopbackServer(serving: [Self.fixtures, directory])
    }

    override func tearDown() {
        super.tearDown()
        try? FileManager.default.removeItem(atPath: directory)
    }

    func open(_ path: String) throws -> (RealSession, StreamingLiveFeed) {
        let session = try RealSession.openStreaming(.url(url(path)), pollSeconds: 0, record: false,
                                                    firstPosts: 40).get()
        return (session, try XCTUnwrap(session.liveFeed as? StreamingLiveFeed))
    }

    /// The simulated network for media (there are none): only the body goes over HTTP.
    func streamingWorld(_ session: RealSession, _ feed: StreamingLiveFeed) -> World {
        let world = World(liveblog: session.liveblog, config: config())
        world.liveFeed = feed
        world.sink = { [unowned self] in self.records.append($0) }
        world.advance(to: 0)
        return world
    }

    func isStreaming(_ feed: StreamingLiveFeed) -> Bool {
        if case .streaming = feed.state { return true }
        return false
    }

    func testB9_FirstFrameBeforeTheBodyEndsTheRestStreamsInBelowAndKeysAreHandled() throws {
        let (session, feed) = try open("/slowfile/stream.json?parts=20&gap=0.1")
        XCTAssertNil(feed.stream.progress.outcome, "the page opens while the body is still arriving")
        XCTAssertGreaterThanOrEqual(session.liveblog.posts.count, 40)
        XCTAssertLessThan(session.liveblog.posts.count, whole.posts.count)
        let world = streamingWorld(session, feed)
        let first = world.page.loadedCount
        let topID = world.page.liveblog.posts[0].id
        let topY = try XCTUnwrap(world.postY(topID))

        // At the top, posts streaming in move nothing the reader sees.
        var growths = 0
        var last = first
        run(world, seconds: 20) {
            XCTAssertEqual(world.postY(topID), topY, "the top post keeps its row")
            if world.page.loadedCount > last { growths += 1 }
            last = world.page.loadedCount
            return growths >= 2 || !isStreaming(feed)
        }
        XCTAssertTrue(isStreaming(feed), "the body is still arriving")
        XCTAssertGreaterThan(world.page.loadedCount, first)

        // A key while the body streams is handled at once; more posts arrive after it.
        let offset = world.scrollView.offset
        let postsAtKey = world.page.loadedCount
        world.send(.key(KeyName("j")!))
        run(world, seconds: 2) { world.scrollView.offset != offset }
        XCTAssertGreaterThan(world.scrollView.offset, offset, "j scrolled while the body streamed")
        XCTAssertTrue(isStreaming(feed))
        run(world, seconds: 20) { !isStreaming(feed) }
        XCTAssertGreaterThan(world.page.loadedCount, postsAtKey)

        // The end: exactly the whole parse's posts, in the page's order (R3 pins), on the page.
        XCTAssertEqual(feed.state, .done(posts: whole.posts.count))
        let expected = LiveOrder.pinned(whole.posts).map(\.id)
        XCTAssertEqual(world.page.liveblog.posts.map(\.id), expected)
        XCTAssertEqual(world.source.posts.map(\.id), expected)
        XCTAssertEqual(world.page.loadedCount, whole.posts.count)
        XCTAssertEqual(world.page.liveblog.title, whole.title)
    }

    func testB9_ABodyCutShortKeepsThePostsShownAndNamesTheURL() throws {
        let (session, feed) = try open("/slowfile/stream.json?parts=20&gap=0.05&cut=9")
        let world = streamingWorld(session, feed)
        run(world, seconds: 20) { !isStreaming(feed) }
        guard case let .failed(message) = feed.state else { return XCTFail("\(feed.state)") }
        XCTAssertTrue(message.contains(server.origin + "/slowfile/stream.json"), message)
        let shown = world.page.liveblog.posts
        XCTAssertGreaterThan(shown.count, 40)
        XCTAssertLessThan(shown.count, whole.posts.count)
        // They are the body's first posts (newest first), as the whole parse has them.
        let wholeIDs = Set(whole.posts.map(\.id))
        XCTAssertTrue(shown.allSatisfy { wholeIDs.contains($0.id) })
        XCTAssertEqual(Set(shown.map(\.id)).count, shown.count)
        XCTAssertFalse(events(["console"]).filter { $0.contains("slowfile/stream.json") }.isEmpty)
    }

    func testB9_ABodyOldestFirstStreamsInAsSnapshotsAndEndsInPageOrder() throws {
        let (session, feed) = try open("/slowfile/oldest-first.json?parts=20&gap=0.05")
        let world = streamingWorld(session, feed)
        var sizes: [Int] = []
        run(world, seconds: 20) {
            if sizes.last != world.page.loadedCount { sizes.append(world.page.loadedCount) }
            return !isStreaming(feed)
        }
        XCTAssertEqual(feed.state, .done(posts: whole.posts.count))
        XCTAssertGreaterThan(sizes.count, 2, "snapshots while the body arrived: \(sizes)")
        XCTAssertLessThan(sizes.count, 12, "each snapshot when the posts have doubled: \(sizes)")
        XCTAssertEqual(world.page.liveblog.posts.map(\.id), LiveOrder.pinned(whole.posts).map(\.id))
        XCTAssertEqual(world.page.loadedCount, whole.posts.count)
    }

    func testB9_ABodyThatFailsBeforeAnyPostFailsTheOpenAsBefore() {
        let result = RealSession.openStreaming(.url(url("/status/404")), pollSeconds: 0, record: false, firstPosts: 40)
        guard case let .failure(error) = result else { return XCTFail("opened a 404") }
        XCTAssertTrue(error.description.contains("404"), error.description)
    }
}
