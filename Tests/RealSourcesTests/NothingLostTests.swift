import LiveblogModel
import Fetch
import Foundation
import XCTest
@testable import RealSources

/// Issue 31, R5, R4: nothing lost, nothing leaked. A bad entry of positions.json costs only
/// itself; the file is private (0600); a URL's credentials are never shown or written.
final class NothingLostTests: XCTestCase {
    var dir = ""

    override func setUp() { dir = NSTemporaryDirectory() + "nothing-lost-\(UUID().uuidString)" }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int) ?? -1
    }

    func testR5_oneBadEntryAmongAHundredGoodOnesCostsOnlyItself() throws {
        let store = PositionStore(environment: ["XDG_STATE_HOME": dir])
        try store.save(ReadingPosition(postId: "first", offset: 0), for: "http://h/first")
        XCTAssertEqual(mode(dir + "/liveblog") & 0o077, 0, "a directory it creates is private")
        var entries = (0..<100).map { "\"http://h/\($0)\": {\"postID\": \"p\($0)\", \"offset\": \($0)}" }
        entries.insert("\"http://h/bad\": {\"postID\": 5}", at: 50)
        try Data("{\"positions\": {\(entries.joined(separator: ","))}}".utf8).write(to: URL(fileURLWithPath: store.path))
        XCTAssertEqual(store.all().count, 100, "the good entries read")
        let dropped = try store.save(ReadingPosition(postId: "new", offset: 1), for: "http://h/new")
        XCTAssertEqual(dropped, ["http://h/bad: not a reading position"])
        let again = store.all()
        XCTAssertEqual(again.count, 101)
        XCTAssertEqual(again["http://h/99"], ReadingPosition(postId: "p99", offset: 99))
        XCTAssertEqual(mode(store.path), 0o600, "the state file is private")
    }

    func testR5_aFileThatIsNoPositionsFileIsKeptAside() throws {
        let store = PositionStore(environment: ["XDG_STATE_HOME": dir])
        try FileManager.default.createDirectory(atPath: dir + "/liveblog", withIntermediateDirectories: true)
        try Data("my notes, not json".utf8).write(to: URL(fileURLWithPath: store.path))
        let dropped = try store.save(ReadingPosition(postId: "a", offset: 0), for: "k")
        XCTAssertEqual(dropped, ["the file was not a positions file: kept as \(store.path).bad"])
        XCTAssertEqual(try String(contentsOfFile: store.path + ".bad", encoding: .utf8), "my notes, not json")
        XCTAssertEqual(store.all(), ["k": ReadingPosition(postId: "a", offset: 0)])
    }

    func testR5_credentialsAreNeverShownOrKept() throws {
        let location = SourceLocation("http://reader:s3cret@127.0.0.1:8080/live#tickaroo_event_id=e1")
        XCTAssertEqual(location.description, "http://127.0.0.1:8080/live#tickaroo_event_id=e1")
        XCTAssertEqual(location.positionKey, "http://127.0.0.1:8080/live")
        let url = URL(string: "http://reader:s3cret@127.0.0.1:1/feed")!
        XCTAssertEqual(FetchError(url: url, kind: .connectionRefused).description,
                       "http://127.0.0.1:1/feed: connection refused")
        XCTAssertEqual(FetchError(url: url, kind: .redirectLoop(url)).description,
                       "http://127.0.0.1:1/feed: redirect loop back to http://127.0.0.1:1/feed")
        let recorder = CaptureRecorder(source: location.description)
        let response = FetchResponse(url: url, finalURL: url, status: 200, headers: [:], body: Data("{}".utf8),
                                     redirects: [])
        recorder.record(FetchCompletion(id: FetchID(1), request: FetchRequest(url: url), result: .success(response),
                                        timing: FetchTiming(startedSeconds: 0, firstAnswerSeconds: 0, endedSeconds: 0)),
                        kind: .liveblog, startedTick: 0, endedTick: 1)
        let written = dir + "/s.capture.json"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try recorder.write(to: written)
        let text = try String(contentsOfFile: written, encoding: .utf8)
        XCTAssertFalse(text.contains("s3cret") || text.contains("reader"), text)
        XCTAssertTrue(text.contains("http:\\/\\/127.0.0.1:1\\/feed") || text.contains("http://127.0.0.1:1/feed"), text)
    }
}
