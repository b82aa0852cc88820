import Foundation
import TestSupport
import XCTest
import LiveblogModel
import TerminalKit
@testable import TerminalUI

/// Issue 15: the linear reader's steps, and what it writes; issue 25: a write that fails is the
/// session's failure (the command's exit 74), never a quiet 0.
final class LinearReaderTests: XCTestCase {
    func post(_ id: String, _ t: Double, _ text: String) -> Post {
        Post(id: id, createdAt: t, blocks: [.text(RichText(plain: text))])
    }

    func testT2_linearReaderSteps() {
        let lb = Liveblog(id: "l", title: "Title", posts: [post("a", 60, "newest"), post("b", 0, "older")])
        let r = LinearReader(liveblog: lb, width: 40)
        let first = r.opening()
        XCTAssertTrue(first.hasPrefix("Title\n2 posts, newest first\nKeys:"), first)
        XCTAssertTrue(first.hasSuffix("1970-01-01 00:01Z (id a)\nnewest"),
                      "the cursor stays on the post: \(first)")
        XCTAssertNil(r.respond(to: .none))
        XCTAssertEqual(r.respond(to: .previous), "\n\nStart: this is the newest post.")
        XCTAssertEqual(r.respond(to: .next), "\n\n1970-01-01 00:00Z (id b)\nolder")
        XCTAssertEqual(r.index, 1)
        XCTAssertEqual(r.respond(to: .next), "\n\nEnd: no older posts.")
        XCTAssertEqual(r.respond(to: .previous), "\n\n1970-01-01 00:01Z (id a)\nnewest")
        XCTAssertEqual(r.respond(to: .quit), "\n")
        XCTAssertEqual(LinearReader.command(for: UInt8(ascii: " ")), .next)
        XCTAssertEqual(LinearReader.command(for: UInt8(ascii: "j")), .next)
        XCTAssertEqual(LinearReader.command(for: UInt8(ascii: "k")), .previous)
        XCTAssertEqual(LinearReader.command(for: UInt8(ascii: "b")), .previous)
        XCTAssertEqual(LinearReader.command(for: UInt8(ascii: "q")), .quit)
        XCTAssertEqual(LinearReader.command(for: 0x1B), .none)
        // An empty liveblog says so, and every key keeps it calm.
        let empty = LinearReader(liveblog: Liveblog(id: "e", title: "E", posts: []), width: 20)
        XCTAssertTrue(empty.opening().hasSuffix("No posts."))
        XCTAssertEqual(empty.respond(to: .next), "\n\nEnd: no older posts.")
        XCTAssertEqual(empty.respond(to: .previous), "\n\nStart: this is the newest post.")
    }

    /// The linear reader on a pipe: what it writes holds no escape (T8) and ends on q.
    func testT2_linearReaderRunWritesOnlyText() throws {
        let posts = [post("a", 60, "x\u{1B}]0;t\u{7}y"), post("b", 0, "z")]
        let lb = Liveblog(id: "l", title: "T\u{1B}[2J", posts: posts)
        var inPipe: [Int32] = [0, 0], outPipe: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&inPipe), 0)
        XCTAssertEqual(pipe(&outPipe), 0)
        _ = write(inPipe[1], "jjkq", 4)
        close(inPipe[1])
        let rc = LinearReader(liveblog: lb, width: 30).run(input: inPipe[0], output: outPipe[1])
        close(outPipe[1])
        close(inPipe[0])
        var bytes: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(outPipe[0], &buf, buf.count)
            if n <= 0 { break }
            bytes += buf[0..<n]
        }
        close(outPipe[0])
        XCTAssertEqual(rc, .finished)
        XCTAssertFalse(bytes.contains { $0 < 0x20 && $0 != 0x0A }, "only text and newlines")
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(text.components(separatedBy: "(id a)").count, 3, text)
        XCTAssertTrue(text.contains("End: no older posts."), text)
    }

    /// C6: /dev/full refuses every byte: the reader stops at once and says why.
    func testC6_linearReaderOnAFullDeviceEndsInAnOutputFailure() throws {
        let full = open("/dev/full", O_WRONLY)
        try Requirement.check(full >= 0, "/dev/full")
        defer { close(full) }
        var inPipe: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&inPipe), 0)
        _ = write(inPipe[1], "jq", 2)
        close(inPipe[1])
        defer { close(inPipe[0]) }
        let lb = Liveblog(id: "l", title: "T", posts: [post("a", 0, "text")])
        let end = LinearReader(liveblog: lb, width: 30).run(input: inPipe[0], output: full)
        guard case .outputFailed(let why) = end else { return XCTFail("a full device is a failure: \(end)") }
        XCTAssertTrue(why.contains("No space left on device"), why)
    }
}
