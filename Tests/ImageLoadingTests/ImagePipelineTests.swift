import Fetch
import Foundation
import ImageDecoding
import TestSupport
import XCTest
@testable import ImageLoading

/// R2, R6: real images over loopback HTTP (R7) and from files, decoded off the drawing thread,
/// failures named with their URL or path.
final class ImagePipelineTests: XCTestCase {
    static let fixtures = TestPaths.root + "/Tests/ImageDecodingTests/Fixtures"
    var server: LoopbackServer!
    var pipeline: ImagePipeline!

    override func setUpWithError() throws {
        server = try LoopbackServer(serving: [Self.fixtures])
        var config = FetchConfig()
        config.connectTimeout = 1
        config.idleTimeout = 1
        pipeline = ImagePipeline(fetch: config)
    }

    override func tearDown() {
        pipeline = nil
        server?.stop()
        server = nil
    }

    func url(_ path: String) -> ImageSource { .url(server.url(path)) }

    /// Polls (as the run loop does each tick) until `count` arrivals, bounded.
    func arrivals(_ count: Int) -> [String: ImageArrival] {
        var all: [String: ImageArrival] = [:]
        let deadline = Date(timeIntervalSinceNow: 20)
        while all.count < count, Date() < deadline {
            for a in pipeline.poll() { all[a.key] = a }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return all
    }

    func testR2_EachTypeOverHTTPDecodedWithPixels() throws {
        for name in ["quadrants.png", "quadrants.jpg", "quadrants.webp", "quadrants.gif"] {
            pipeline.request(key: name, source: url("/files/\(name)"))
        }
        let got = arrivals(4)
        XCTAssertEqual(got.count, 4)
        for (name, arrival) in got {
            let image = try arrival.result.get()
            XCTAssertEqual([image.width, image.height], [16, 16], name)
            let red = image.pixel(x: 4, y: 4)
            XCTAssertEqual(Int(red.r), 255, accuracy: 12, name)
            XCTAssertEqual(Int(red.g), 0, accuracy: 12, name)
            XCTAssertNotNil(arrival.timing, name)
            XCTAssertNotNil(arrival.decodeSeconds, name)
        }
        XCTAssertEqual(pipeline.pendingCount, 0)
    }

    func testR2_FilesDecodedToo() throws {
        pipeline.request(key: "gif", source: .file(Self.fixtures + "/animated.gif"))
        pipeline.request(key: "none", source: .file("/nonexistent/liveblog-test.png"))
        let got = arrivals(2)
        XCTAssertEqual(try got["gif"]?.result.get().width, 16)
        XCTAssertNil(got["gif"]?.timing)
        XCTAssertThrowsError(try got["none"]?.result.get()) { error in
            XCTAssertEqual("\(error)", "/nonexistent/liveblog-test.png: no such file")
        }
    }

    func testR6_EachFailureNamesTheURL() throws {
        let base = server.origin
        pipeline.request(key: "404", source: url("/files/missing.jpg"))
        pipeline.request(key: "html", source: url("/status/200"))
        pipeline.request(key: "stall", source: url("/stall-head"))
        pipeline.request(key: "cut", source: url("/truncated"))
        let got = arrivals(4)
        func message(_ key: String) -> String {
            guard case let .failure(error)? = got[key]?.result else { return "no failure for \(key)" }
            return error.description
        }
        XCTAssertEqual(message("404"), "\(base)/files/missing.jpg: HTTP status 404 Not Found")
        XCTAssertEqual(message("html"), "\(base)/status/200: not an image (PNG, JPEG, WebP or GIF): "
                                        + "starts with \"status body\"")
        XCTAssertEqual(message("stall"), "\(base)/stall-head: no answer within 1 s (connect timeout)")
        XCTAssertEqual(message("cut"), "\(base)/truncated: truncated body: 100 of 1000 bytes")
    }

    /// Issue 31: an image that is a gzip bomb (1 MB sent, 1 GiB decoded) ends at the body cap:
    /// decoded bytes count as they arrive.
    func testR6_anImageThatIsAGzipBombEndsAtTheCap() throws {
        pipeline.request(key: "bomb", source: url("/gzip-bomb?mib=1024"))
        let got = arrivals(1)
        guard case let .failure(error)? = got["bomb"]?.result else { return XCTFail("the bomb failed: \(got)") }
        XCTAssertTrue(error.description.hasPrefix(server.origin + "/gzip-bomb?mib=1024: body over the size cap"),
                      error.description)
    }
}
