import Foundation
import XCTest
@testable import LiveblogModel

/// Issue 31: inputs within the file cap must not crash. One post (or the part outside the
/// posts: the title) is read up to 16 MiB of JSON; past that the error names the place before
/// anything is parsed, on the mapped-file, the read-bytes and the parallel paths alike.
final class PostSizeLimitTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "post-size-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// A post of `images` images (each in `media` and in a block), after `before` small posts.
    func mediaPost(images: Int, before: Int = 0) -> String {
        var s = "{\"game\":{\"local_id\":\"g\",\"meta_info\":{\"title\":\"t\"}},\"events\":["
        for i in 0..<before {
            s += "{\"local_id\":\"s\(i)\",\"created_at\":\(i + 10),\"contents\":[]},"
        }
        s += "{\"local_id\":\"a\",\"created_at\":1,\"contents\":[{\"_type\":\"Tik::ApiModel::Media::MultiMediaContentBlock\",\"items\":["
        s += (0..<images).map { "{\"media_local_id\":\"m\($0)\"}" }.joined(separator: ",")
        s += "]}],\"media\":["
        s += (0..<images).map { "{\"local_id\":\"m\($0)\",\"subtype\":\"i\",\"width\":10,\"height\":10,\"url\":\"x.png\"}" }
            .joined(separator: ",")
        return s + "]}]}"
    }

    func write(_ text: String) -> String {
        let path = dir + "/lb-\(UUID().uuidString).json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    func message(_ load: () throws -> Liveblog) -> String {
        do {
            _ = try load()
            return "loaded"
        } catch { return "\(error)" }
    }

    func testL4_aPostOverSixteenMiBIsRefusedNamingIt() throws {
        let text = mediaPost(images: 170_000, before: 3)  // about 17 MiB
        XCTAssertGreaterThan(text.utf8.count, PostSizeLimit.maxBytes)
        let path = write(text)
        for why in [message { try LiveblogLoader.load(path: path) },
                    message { try LiveblogLoader.load(bytes: Array(text.utf8), name: path) }] {
            XCTAssertTrue(why.hasPrefix("\(path): events[3]: the post is 16."), why)
            XCTAssertTrue(why.hasSuffix("MiB of JSON; liveblog reads posts of up to 16 MiB each"), why)
        }
    }

    func testL4_aTitleOverSixteenMiBIsRefused() throws {
        let title = String(repeating: "word ", count: (PostSizeLimit.maxBytes / 5) + 1000)
        let text = "{\"game\":{\"local_id\":\"g\",\"meta_info\":{\"title\":\"\(title)\"}},\"events\":[]}"
        let path = write(text)
        let why = message { try LiveblogLoader.load(path: path) }
        XCTAssertTrue(why.contains("the liveblog outside its posts (title, scoreboard, other fields) is 16."), why)
    }

    func testL4_aLargePostUnderTheLimitLoads() throws {
        let path = write(mediaPost(images: 20_000))
        let lb = try LiveblogLoader.load(path: path)
        XCTAssertEqual(lb.posts.count, 1)
    }
}
