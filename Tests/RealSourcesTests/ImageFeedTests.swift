import Fetch
import Foundation
import ImageDecoding
import ImageLoading
import TestSupport
import XCTest
@testable import RealSources

/// R2, R6, R7: images of a real source over loopback HTTP through the session network.
final class ImageFeedTests: XCTestCase {
    var server: LoopbackServer!
    var network: RealNetwork!
    var temporary: String!

    override func setUpWithError() throws {
        temporary = NSTemporaryDirectory() + "imagefeed-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        try Self.jpegBomb().write(to: URL(fileURLWithPath: temporary + "/bomb.jpg"))
        server = try LoopbackServer(serving: [Fixtures.directory, temporary])
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
}
