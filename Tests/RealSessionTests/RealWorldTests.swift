import Embed
import Host
import LiveblogModel
import Foundation
import RealSources
@testable import QA
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
        let loaded = world.emulatedPage!.mediaStates.values.filter {
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
        world.send(.listOffset(world.scrollView.clamp(world.scrollView.minOffset + 40 * 16)))
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
        world.send(.newest)
        world.advance(to: world.tick + 240)
        XCTAssertEqual(world.scrollView.offset, world.scrollView.minOffset, accuracy: 0.5)
        XCTAssertEqual(world.newPostsAbove, 0)
    }

    func testR3_ADeletedAnchorHandsOverToTheNextPost() throws {
        let session = try open("/live/live", poll: 1)
        let world = world(session, config())
        XCTAssertTrue(world.send(.readingPosition(postID: "e10", offset: 8)))
        world.advance(to: world.tick + 2)
        XCTAssertEqual(world.readingPosition()?.postId, "e10", "the anchor is the post the poll deletes")
        let before = try XCTUnwrap(world.postY("e9"))
        try setLiveStep(1)
        run(world, seconds: 8) { !world.page.exists("e10") && !world.hasPendingResize && world.tick > 300 }
        world.advance(to: world.tick + 60)
        XCTAssertFalse(world.page.exists("e10"))
        XCTAssertEqual(try XCTUnwrap(world.postY("e9")), before, "the next post keeps its row")
    }

    func testR3_DuringAJumpHoldTheHookCorrectsInsteadOfAnchoring() throws {
        let session = try open("/live/live", poll: 1)
        let world = world(session, config(platform: .android))
        world.send(.jump(id: "e5", topOffset: nil))
        world.advance(to: 60)
        XCTAssertNotNil(world.page.held)
        try setLiveStep(1)
        run(world, seconds: 6) { world.page.exists("e13") }
        world.advance(to: world.tick + 60)
        let live = try XCTUnwrap(records.firstIndex {
            if case let .console(_, message) = $0.event { return message.hasPrefix("live update") }
            return false
        })
        let corrections = records[live...].filter {
            if case let .hook(_, _, correction, _, _) = $0.event { return correction }
            return false
        }
        XCTAssertFalse(corrections.isEmpty, "the page's hook sent a correction for the posts above")
        XCTAssertEqual(try XCTUnwrap(world.postY("e5")), 0, accuracy: 0.5, "the host kept the post under the bar")
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
        server.stop()
        let replay = try RealSession.replay(capture).get()
        let offline = world(replay, config(platform: .android))
        offline.send(.jump(id: "target", topOffset: nil))
        offline.advance(to: end)
        XCTAssertEqual(events(["hook", "host", "layout", "hold-end"]), recorded)
    }
}

/// R4 through the scenario file: the capture written beside it, `simulate`'s runner replays it.
final class CaptureScenarioTests: RealWorldTestCase {
    func testR4_SimulateReplaysARecordedURLSessionWithTheSameEvents() throws {
        let session = try RealSession.open(.url(url("/files/deeplink.json?type=application/json")), pollSeconds: 0,
                                           record: true).get()
        let live = world(session, config(platform: .ios))
        live.send(.jump(id: "target", topOffset: nil))
        run(live, seconds: 8) { live.tick > 240 && !live.page.isLoading && !live.hasPendingResize }
        let kinds: Set<String> = ["hook", "host", "layout", "hold-end", "nav"]
        let recorded = events(kinds)
        let dir = NSTemporaryDirectory() + "capture-scenario-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenarioPath = dir + "/session.json"
        try session.recorder?.write(to: CaptureRecorder.capturePath(forScenario: scenarioPath))
        let seconds = Double(live.tick) / 120
        let scenario = """
            {"capture": "session.capture.json", "network": {"profile": "capture"},
             "terminal": {"cols": 60, "rows": 20}, "platform": "ios", "duration": \(seconds),
             "events": [{"at": 0, "jump": "target"}]}
            """
        try Data(scenario.utf8).write(to: URL(fileURLWithPath: scenarioPath))
        server.stop()
        let runner = ScenarioRunner(scenario: try Scenario.load(path: scenarioPath,
                                                                readCapture: { try CaptureReader.read(path: $0) }))
        runner.run()
        let replayed = runner.records.filter { kinds.contains($0.event.kind) && $0.tick <= live.tick }.map(\.json)
        XCTAssertFalse(recorded.isEmpty)
        XCTAssertEqual(replayed, recorded)
    }

    func testR4_CaptureProfileWithoutACaptureIsAnError() {
        let text = #"{"liveblog": {"version": "https://jsonfeed.org/version/1.1", "items": []}, "network": {"profile": "capture"}}"#
        XCTAssertThrowsError(try Scenario.parse(JSONParser.parse(bytes: Array(text.utf8)), file: "s.json", baseDirectory: "."))
    }
}
