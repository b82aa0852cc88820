import Embed
import Foundation
import LiveblogModel
import Simulation
import XCTest
@testable import TerminalUI

/// B9 in the front end: while a body streams in, the status says how many posts are in; a deep
/// link to a post not there yet waits for it and then jumps (or, when the body ends without
/// it, says "not found"); a body ending in an error names the URL. Keys go on meanwhile.
final class StreamingChoresTests: XCTestCase {
    let all = LiveblogGenerator.generate(posts: 14, seed: 5, imageEvery: 0)

    /// An app on the newest 10 posts; the 4 older ones stream in later.
    func makeApp(_ status: @escaping () -> BodyStreamStatus, link: PendingDeepLink?) -> App {
        var first = all
        first.posts = Array(all.posts.prefix(10)).filter { !StreamedPosts.isPinned($0) }
        var config = WorldConfig()
        config.cols = 80
        config.rows = 24
        let world = World(liveblog: first, config: config)
        world.advance(to: 12)
        let app = App(world: world)
        app.onChores = streamingChores(status: status, url: "http://127.0.0.1:1/live.json", deepLink: link)
        return app
    }

    func testB9_ADeepLinkWaitsForItsPostThenJumps() throws {
        var status = BodyStreamStatus.streaming(posts: 10)
        let later = all.posts[12]
        XCTAssertFalse(StreamedPosts.isPinned(later))
        let app = makeApp({ status }, link: PendingDeepLink(id: later.id, via: .event(topOffset: nil)))
        app.chores()
        XCTAssertEqual(app.ui.message?.text, "loading… 10 posts")
        XCTAssertTrue(app.choresWantFrames, "a frame every 16.7 ms while the body streams")
        XCTAssertNil(app.world.jumpStatus, "no jump before the post is there")
        app.ui.message = ("there is 1 highlight", app.world.seconds + 4)
        app.chores()
        XCTAssertEqual(app.ui.message?.text, "there is 1 highlight", "a key's answer stays")
        app.ui.message = nil
        // A key while the body streams.
        let offset = app.world.scrollView.offset
        app.handle(.key(.char("j")))
        app.world.advance(to: app.world.tick + 60)
        XCTAssertGreaterThan(app.world.scrollView.offset, offset)
        let older = all.posts[10...].filter { !StreamedPosts.isPinned($0) }
        app.world.send(.streamed(StreamedPosts(pinned: [], older: Array(older))))
        status = .streaming(posts: 14)
        app.chores()
        XCTAssertEqual(app.world.jumpStatus?.postId, later.id, "the jump starts once its post arrived")
        XCTAssertEqual(app.ui.message?.text, "loading… 14 posts")
        status = .done
        app.chores()
        XCTAssertNil(app.ui.message)
        XCTAssertFalse(app.choresWantFrames)
    }

    func testB9_ADeepLinkToAPostTheBodyNeverHadSaysNotFound() {
        var status = BodyStreamStatus.streaming(posts: 10)
        let app = makeApp({ status }, link: PendingDeepLink(id: "no-such-post", via: .fragment))
        app.chores()
        XCTAssertNil(app.world.jumpStatus)
        status = .done
        app.chores()
        XCTAssertEqual(app.ui.message?.text, "post no-such-post not found")
        XCTAssertNil(app.world.jumpStatus)
    }

    func testB9_ABodyEndingInAnErrorNamesTheURLAndThePostsStay() {
        var status = BodyStreamStatus.streaming(posts: 10)
        let app = makeApp({ status }, link: nil)
        app.chores()
        status = .failed("http://127.0.0.1:1/live.json: the body ended early")
        app.chores()
        XCTAssertEqual(app.ui.message?.text,
                       "loading http://127.0.0.1:1/live.json stopped: http://127.0.0.1:1/live.json: the body ended early")
        XCTAssertEqual(app.world.page.loadedCount, 10 - all.posts.prefix(10).filter(StreamedPosts.isPinned).count)
    }

    func testB9_R5_theKeptPositionWaitsForItsPostUnlessTheReaderMoved() {
        let later = all.posts[12]
        let older = Array(all.posts[10...].filter { !StreamedPosts.isPinned($0) })
        for moves in [false, true] {
            var status = BodyStreamStatus.streaming(posts: 10)
            let app = makeApp({ status }, link: PendingDeepLink(id: later.id, via: .position(offset: 0)))
            app.chores()
            if moves {
                app.handle(.key(.char("j")))
                app.world.advance(to: app.world.tick + 60)
            }
            let before = app.world.readingPosition()
            app.world.send(.streamed(StreamedPosts(pinned: [], older: older)))
            status = .done
            app.chores()
            if moves {
                XCTAssertEqual(app.world.readingPosition(), before, "the reader's own scrolling wins")
            } else {
                XCTAssertEqual(app.world.readingPosition()?.postId, later.id)
            }
            XCTAssertNil(app.world.jumpStatus)
            XCTAssertNil(app.ui.message, "no message for a position")
        }
    }
}
