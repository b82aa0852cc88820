import Fetch
import Foundation
import LiveblogModel
import TestSupport
import XCTest
@testable import RealSources

/// R1, R6, R7: liveblogs read from a loopback HTTP server the test starts.
final class SourceLoaderTests: XCTestCase {
    var server: LoopbackServer!
    var fetcher: Fetcher!

    override func setUpWithError() throws {
        server = try LoopbackServer(serving: [Fixtures.directory])
        var config = FetchConfig()
        config.connectTimeout = 1.5
        config.idleTimeout = 1.5
        config.maxBodyBytes = 1 << 20
        fetcher = Fetcher(config: config)
    }

    override func tearDown() {
        fetcher?.invalidate()
        server?.stop()
    }

    func load(_ path: String) -> Result<LoadedSource, SourceError> {
        SourceLoader.load(.url(server.url(path)), fetcher: fetcher, timeout: 20)
    }

    func liveblog(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> Liveblog {
        switch load(path) {
        case let .success(source): return source.liveblog
        case let .failure(error):
            XCTFail("\(path): \(error)", file: file, line: line)
            throw error
        }
    }

    func message(_ path: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        switch load(path) {
        case .success:
            XCTFail("\(path) loaded", file: file, line: line)
            return ""
        case let .failure(error): return error.description
        }
    }

    func testR1_TickarooByURLWithMediaResolvedAgainstTheURL() throws {
        // Served as image/jpeg on purpose: the Content-Type is only a hint (R1).
        let lb = try liveblog("/files/tickaroo.json?type=image/jpeg")
        XCTAssertEqual(lb.format, .tickaroo)
        XCTAssertEqual(lb.title, "Cup final")
        XCTAssertEqual(lb.posts.map(\.id), ["e2", "e1"])
        let media = lb.posts[0].blocks.compactMap { block -> [Media]? in
            if case let .media(items) = block { return items }
            return nil
        }.flatMap { $0 }
        XCTAssertEqual(media.map(\.url), [server.url("/files/quadrants.jpg").absoluteString])
    }

    func testR1_JSONFeedByURL() throws {
        let lb = try liveblog("/files/feed.json?type=application/feed%2Bjson")
        XCTAssertEqual(lb.format, .jsonFeed)
        XCTAssertEqual(lb.posts.map(\.id), ["f2", "f1"])
    }

    func testR1_JSONLDPageByURL() throws {
        let lb = try liveblog("/files/page.html?type=text/html")
        XCTAssertEqual(lb.format, .jsonLD)
        XCTAssertEqual(lb.title, "Election night live")
        XCTAssertEqual(lb.posts.map(\.headline), ["Turnout", "First result", "Polls close"],
                       "updates in any order come out by datePublished, newest first")
        XCTAssertEqual(lb.posts[0].blocks.first.flatMap { block -> [TextRun]? in
            if case let .text(text) = block { return text.runs }
            return nil
        }?.contains { $0.bold && $0.text == "high" }, true, "HTML articleBody")
    }

    func testR1_JSONLDWithOneUpdateObject() throws {
        let lb = try liveblog("/files/single.html?type=text/html")
        XCTAssertEqual(lb.posts.count, 1)
        XCTAssertEqual(lb.title, "Quiet day")
    }

    func testR1_AFileSourceStillLoads() throws {
        let path = Fixtures.url.appendingPathComponent("tickaroo.json").path
        guard case let .success(source) = SourceLoader.load(.file(path), fetcher: fetcher) else {
            return XCTFail("the file did not load")
        }
        XCTAssertEqual(source.liveblog.posts.count, 2)
        XCTAssertNil(source.completion)
    }

    func testR6_StatusNamesURLAndCode() {
        let text = message("/status/503")
        XCTAssertTrue(text.hasPrefix(server.url("/status/503").absoluteString), text)
        XCTAssertTrue(text.contains("HTTP status 503"), text)
        XCTAssertTrue(message("/files/missing.json").contains("HTTP status 404"))
    }

    func testR6_RefusedConnection() {
        let url = URL(string: "http://127.0.0.1:\(LoopbackPort.unused())/live.json")!
        guard case let .failure(error) = SourceLoader.load(.url(url), fetcher: fetcher, timeout: 20) else {
            return XCTFail("loaded from a closed port")
        }
        XCTAssertEqual(error.description, "\(url.absoluteString): connection refused")
    }

    func testR6_NotALiveblogNamesTheContentTypeHint() {
        let text = message("/text")
        XCTAssertTrue(text.hasPrefix(server.url("/text").absoluteString), text)
        XCTAssertTrue(text.contains("Content-Type text/plain"), text)
        XCTAssertTrue(text.contains("not a liveblog: the body is neither JSON nor HTML (it starts with \"hello\")"),
                      text)
        XCTAssertTrue(message("/files/quadrants.jpg").contains("not a liveblog"), "an image is no liveblog")
    }

    func testR6_TruncatedBodies() {
        XCTAssertTrue(message("/truncated").contains("truncated body: 100 of 1000 bytes"))
        let cut = message("/files/truncated.json?type=application/json")
        XCTAssertTrue(cut.hasPrefix(server.url("/files/truncated.json").absoluteString), cut)
        XCTAssertTrue(cut.contains("line"), "a JSON cut short names the place: \(cut)")
    }

    func testR6_StallRedirectLoopAndOverCap() {
        XCTAssertTrue(message("/stall-head").contains("connect timeout"))
        XCTAssertTrue(message("/stall-body").contains("idle timeout"))
        XCTAssertTrue(message("/loop/a").contains("redirect loop"))
        XCTAssertTrue(message("/big?n=2000000&chunked=1").contains("size cap of 1048576 bytes"))
    }

    func testR1_DeepLinkFragmentAndPositionKey() {
        let location = SourceLocation("http://127.0.0.1:8/live#tickaroo_event_id=e%2042")
        XCTAssertTrue(location.isURL)
        XCTAssertEqual(location.deepLinkID, "e 42")
        XCTAssertEqual(location.positionKey, "http://127.0.0.1:8/live")
        XCTAssertFalse(SourceLocation("match.json").isURL)
    }

}
