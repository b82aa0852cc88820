import Embed
import Host
import Foundation
import RealSources
import Simulation
import XCTest

/// R2, R3, R4 end to end in the world: real images moving a deep link's post, live polls that
/// keep the reader's row, and a capture replayed offline (R7: a loopback server).
final class RealWorldTests: RealWorldTestCase {
    func open(_ path: String, poll: Double = 0, record: Bool = false) throws -> RealSession {
        switch RealSession.open(.url(url(path)), pollSeconds: poll, record: record) {
        case let .success(session): return session
        case let .failure(error): throw error
        }
    }

    func deepLinkLandsUnderTheBar(_ platform: Platform) throws {
        let session = try open("/files/deeplink.json?type=application/json")
        let world = world(session, config(platform: platform))
        world.send(.jump(id: "target", topOffset: nil))
        run(world, seconds: 8) { world.tick > 240 && !world.page.isLoading && !world.hasPendingResize }
        world.advance(to: world.tick + 120)
        let loaded = world.page.mediaStates.values.filter {
            if case .loaded(16, 16, _) = $0 { return true }
            return false
        }
        XCTAssertEqual(loaded.count, 6, "every JPEG above the post arrived and was decoded (16×16)")
        let corrections = records.filter {
            if case let .hook(_, _, correction, _, _) = $0.event { return correction }
            return false
        }
        XCTAssertFalse(corrections.isEmpty, "real images above the post sent corrections (\(platform))")
        XCTAssertEqual(try XCTUnwrap(world.postY("target")), 0, accuracy: 0.5, "under the bar (\(platform))")
    }

    func testR2_DeepLinkWithLateHTTPImagesLandsUnderTheBarOnIOS() throws {
        try deepLinkLandsUnderTheBar(.ios)
    }

    func testR2_DeepLinkWithLateHTTPImagesLandsUnderTheBarOnAndroid() throws {
        try deepLinkLandsUnderTheBar(.android)
    }

    func testR3_PollKeepsTheAnchoredPostOnItsRowAndShowsThePill() throws {
        let session = try open("/live/live", poll: 1)
        let world = world(session, config())
        world.listView.offset = world.listView.clamp(world.listView.minOffset + 40 * 16)
        world.advance(to: world.tick + 2)
        let anchor = try XCTUnwrap(world.readingAnchor())
        let id = world.page.liveblog.posts[anchor.postIndex].id
        let before = try XCTUnwrap(world.postY(id))
        try setLiveStep(1)
        run(world, seconds: 8) { world.page.exists("e13") && !world.hasPendingResize && world.tick > 300 }
        world.advance(to: world.tick + 60)
        let ids = world.page.liveblog.posts.map(\.id)
        XCTAssertEqual(Array(ids.prefix(2)), ["s1", "e13"], "the sticky post stays pinned above the new one")
        XCTAssertFalse(ids.contains("e12"), "local_status 100: deleted")
        XCTAssertFalse(ids.contains("e10"), "gone from the list: deleted")
        XCTAssertEqual(try XCTUnwrap(world.postY(id)), before, "the anchored post \(id) keeps its row exactly")
        XCTAssertEqual(world.newPostsAbove, 1, "the pill counts the post above the view")
        world.jumpToNewest()
        world.advance(to: world.tick + 240)
        XCTAssertEqual(world.listView.offset, world.listView.minOffset, accuracy: 0.5)
        XCTAssertEqual(world.newPostsAbove, 0)
    }

    func testR4_CaptureReplayedOfflineGivesTheSameHookAndHostEvents() throws {
        let session = try open("/files/deeplink.json?type=application/json", record: true)
        let live = world(session, config(platform: .android))
        live.send(.jump(id: "target", topOffset: nil))
        run(live, seconds: 8) { live.tick > 240 && !live.page.isLoading && !live.hasPendingResize }
        let end = live.tick + 60
        live.advance(to: end)
        let recorded = events(["hook", "host", "layout", "hold-end"])
        XCTAssertFalse(recorded.isEmpty)
        let capture = try XCTUnwrap(session.recorder?.snapshot)
        XCTAssertEqual(capture.responses.filter { $0.kind == .image }.count, 6)

        records = []
        server.terminate()
        server.waitUntilExit()
        let replay = try RealSession.replay(capture).get()
        let offline = world(replay, config(platform: .android))
        offline.send(.jump(id: "target", topOffset: nil))
        offline.advance(to: end)
        XCTAssertEqual(events(["hook", "host", "layout", "hold-end"]), recorded)
    }
}
