import LiveblogModel
import Foundation
import XCTest
@testable import RealSources

/// R5: the reading position per source in the XDG state directory.
final class PositionStoreTests: XCTestCase {
    func testR5_DefaultPathFollowsXDG() {
        XCTAssertEqual(PositionStore.defaultPath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]),
                       "/s/liveblog/positions.json")
        XCTAssertEqual(PositionStore.defaultPath(environment: ["HOME": "/h"]),
                       "/h/.local/state/liveblog/positions.json")
        XCTAssertEqual(PositionStore.defaultPath(environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"]),
                       "/h/.local/state/liveblog/positions.json", "a relative XDG path is ignored")
    }

    func testR5_PositionsKeptPerSource() throws {
        let dir = NSTemporaryDirectory() + "positions-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = PositionStore(environment: ["XDG_STATE_HOME": dir])
        XCTAssertNil(store.position(for: "http://a/live"))
        try store.save(ReadingPosition(postId: "e7", offset: 40), for: "http://a/live")
        try store.save(ReadingPosition(postId: "x", offset: 0), for: "/tmp/b.json")
        try store.save(ReadingPosition(postId: "e9", offset: 12.5), for: "http://a/live")
        let again = PositionStore(environment: ["XDG_STATE_HOME": dir])
        XCTAssertEqual(again.position(for: "http://a/live"), ReadingPosition(postId: "e9", offset: 12.5))
        XCTAssertEqual(again.all().count, 2)
        try Data("not json".utf8).write(to: URL(fileURLWithPath: again.path))
        XCTAssertTrue(again.all().isEmpty, "a broken file reads as empty")
    }
}
