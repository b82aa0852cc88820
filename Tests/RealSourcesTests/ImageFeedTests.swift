import Fetch
import Foundation
import ImageDecoding
import ImageLoading
import TestSupport
import XCTest
@testable import RealSources

/// R2, R6, R7: images of a real source over loopback HTTP through the session network, and from
/// files, decoded off the drawing thread, failures named with their URL or path.
final class ImageFeedTests: XCTestCase {
    var server: LoopbackServer!
    var network: RealNetwork!
    var temporary: String!

    override func setUpWithError() throws {
        temporary = NSTemporaryDirectory() + "imagefeed-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        try Self.jpegBomb().write(to: URL(fileURLWithPath: temporary + "/bomb.jpg"))
        server = try LoopbackServer(serving: [Fixtures.directory, temporary, Self.decodingFixtures])
        var config = FetchConfig()
        config.connectTimeout = 1
        config.idleTimeout = 1
        network = RealNetwork(fetcher: Fetcher(config: config))
    }

    override func tearDown() {
        network?.fetcher.invalidate()
        server?.stop()
        try? FileManager.default.removeItem(atPath: temporary)
    }

    /// The decoders' fixtures: a 16×16 picture of four quadrants in each type, an animated GIF.
    static let decodingFixtures = TestPaths.root + "/Tests/ImageDecodingTests/Fixtures"

    /// quadrants.jpg with its SOF claiming 65500×65500 (4.3 Gpx): refused from the header.
    static func jpegBomb() throws -> Data {
        var bytes = [UInt8](try Data(contentsOf: Fixtures.url.appendingPathComponent("quadrants.jpg")))
        let sof = (2..<bytes.count - 1).first { bytes[$0] == 0xFF && (0xC0...0xC2).contains(bytes[$0 + 1]) }!
        for offset in [sof + 5, sof + 7] {
            bytes[offset] = UInt8(65_500 >> 8)
            bytes[offset + 1] = UInt8(65_500 & 0xFF)
        }
        return Data(bytes)
    }

    /// Polls as the run loop does, one tick per 10 ms, until `count` deliveries (bounded).
    func deliveries(_ feed: ImageFeed, _ count: Int) -> [String: ImageDelivery] {
        var all: [String: ImageDelivery] = [:]
        var tick = 0
        let deadline = Date(timeIntervalSinceNow: 20)
        while all.count < count, Date() < deadline {
            tick += 1
            for d in feed.poll(atTick: tick) { all[d.key] = d }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return all
    }

    func testR2_JPEGOverHTTPDecodedWithTheSamePixelsAsTheFile() throws {
        let feed = ImageFeed(network: network)
        feed.request(key: "m1", source: .url(server.url("/files/quadrants.jpg")), atTick: 0)
        let got = deliveries(feed, 1)
        let image = try XCTUnwrap(try got["m1"]?.result.get())
        let file = try Data(contentsOf: Fixtures.url.appendingPathComponent("quadrants.jpg"))
        let expected = try ImageDecoder.decode(data: [UInt8](file)).get()
        XCTAssertEqual(image.width, 16)
        XCTAssertEqual(image, expected)
        XCTAssertGreaterThan(Set(stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] }).count, 1)
    }

    func testR6_BadBytesBombAndNeverAnsweringEndFailedWithTheURL() {
        let feed = ImageFeed(network: network)
        feed.request(key: "bad", source: .url(server.url("/files/notimage.jpg")), atTick: 0)
        feed.request(key: "bomb", source: .url(server.url("/files/bomb.jpg")), atTick: 0)
        feed.request(key: "never", source: .url(server.url("/stall-head")), atTick: 0)
        feed.request(key: "gone", source: .url(server.url("/files/nothing.jpg")), atTick: 0)
        let got = deliveries(feed, 4)
        func message(_ key: String) -> String {
            guard case let .failure(error)? = got[key]?.result else { return "no failure for \(key)" }
            return error.description
        }
        XCTAssertTrue(message("bad").hasPrefix(server.url("/files/notimage.jpg").absoluteString), message("bad"))
        XCTAssertTrue(message("bad").contains("not an image"), message("bad"))
        XCTAssertTrue(message("bomb").contains("65500"), message("bomb"))
        XCTAssertTrue(message("never").contains("connect timeout"), message("never"))
        XCTAssertTrue(message("gone").contains("HTTP status 404"), message("gone"))
    }

    func testR2_EachTypeOverHTTPDecodedWithPixels() throws {
        let feed = ImageFeed(network: network)
        for name in ["quadrants.png", "quadrants.jpg", "quadrants.webp", "quadrants.gif"] {
            feed.request(key: name, source: .url(server.url("/files/\(name)")), atTick: 0)
        }
        let got = deliveries(feed, 4)
        XCTAssertEqual(got.count, 4)
        for (name, delivery) in got {
            let image = try delivery.result.get()
            XCTAssertEqual([image.width, image.height], [16, 16], name)
            let red = image.pixel(x: 4, y: 4)
            XCTAssertEqual(Int(red.r), 255, accuracy: 12, name)
            XCTAssertEqual(Int(red.g), 0, accuracy: 12, name)
        }
        XCTAssertEqual(feed.pendingCount, 0)
    }

    func testR2_FilesDecodedToo() throws {
        let feed = ImageFeed(network: network)
        feed.request(key: "gif", source: .file(Self.decodingFixtures + "/animated.gif"), atTick: 0)
        feed.request(key: "none", source: .file("/nonexistent/liveblog-test.png"), atTick: 0)
        let got = deliveries(feed, 2)
        XCTAssertEqual(try got["gif"]?.result.get().width, 16)
        XCTAssertThrowsError(try got["none"]?.result.get()) { error in
            XCTAssertEqual("\(error)", "/nonexistent/liveblog-test.png: no such file")
        }
    }

    func testR6_EachFailureNamesTheURL() throws {
        let feed = ImageFeed(network: network)
        let base = server.origin
        feed.request(key: "404", source: .url(server.url("/files/missing.jpg")), atTick: 0)
        feed.request(key: "html", source: .url(server.url("/status/200")), atTick: 0)
        feed.request(key: "stall", source: .url(server.url("/stall-head")), atTick: 0)
        feed.request(key: "cut", source: .url(server.url("/truncated")), atTick: 0)
        let got = deliveries(feed, 4)
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
        let feed = ImageFeed(network: network)
        feed.request(key: "bomb", source: .url(server.url("/gzip-bomb?mib=1024")), atTick: 0)
        let got = deliveries(feed, 1)
        guard case let .failure(error)? = got["bomb"]?.result else { return XCTFail("the bomb failed: \(got)") }
        XCTAssertTrue(error.description.hasPrefix(server.origin + "/gzip-bomb?mib=1024: body over the size cap"),
                      error.description)
    }
}
