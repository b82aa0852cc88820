import Foundation
import XCTest
import LiveblogModel
@testable import TerminalKit

/// Issue 15: the TERM fallback decision, the linear reader's steps, and the line writer on a
/// closed pipe.
final class LinearAndFallbackTests: XCTestCase {
    func testT6_termFallbackDecisions() {
        let known: [String: TermFallback.Probe] = ["xterm-256color": .usable, "vt100": .usable,
                                                   "dumb": .noCursorAddressing, "screen": .usable]
        let probe: (String) -> TermFallback.Probe = { known[$0] ?? .missing }
        XCTAssertEqual(TermFallback.decide(term: "screen", probe: probe), .screen(term: "screen", note: nil))
        XCTAssertEqual(TermFallback.decide(term: "xterm-kitty", probe: probe),
                       .screen(term: "xterm-256color",
                               note: "no usable terminfo entry for TERM=xterm-kitty; used xterm-256color"))
        guard case .linear = TermFallback.decide(term: "dumb", probe: probe) else {
            return XCTFail("dumb reads linearly")
        }
        guard case .linear = TermFallback.decide(term: nil, probe: probe) else {
            return XCTFail("no TERM reads linearly")
        }
        guard case .linear = TermFallback.decide(term: "", probe: probe) else {
            return XCTFail("empty TERM reads linearly")
        }
        let onlyVT = TermFallback.decide(term: "nonsense") { $0 == "vt100" ? .usable : .missing }
        XCTAssertEqual(onlyVT, .screen(term: "vt100",
                                       note: "no usable terminfo entry for TERM=nonsense; used vt100"))
        guard case .linear = TermFallback.decide(term: "nonsense", probe: { _ in .missing }) else {
            return XCTFail("nothing usable reads linearly")
        }
        // A TERM with an escape in it is printed safely (T8).
        if case .screen(_, let note?) = TermFallback.decide(term: "x\u{1B}[2J", probe: probe) {
            XCTAssertFalse(note.unicodeScalars.contains { $0.value < 0x20 })
        } else { XCTFail("a fallback") }
    }

    func testT6_probeOfRealEntries() {
        // ncurses-base ships these; the probe must agree with terminfo.
        XCTAssertEqual(TermFallback.probe("vt100"), .usable)
        XCTAssertEqual(TermFallback.probe("dumb"), .noCursorAddressing)
        XCTAssertEqual(TermFallback.probe("no-such-terminal-here"), .missing)
        XCTAssertEqual(TermFallback.probe("../../etc/passwd"), .missing)
    }

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
        XCTAssertEqual(rc, 0)
        XCTAssertFalse(bytes.contains { $0 < 0x20 && $0 != 0x0A }, "only text and newlines")
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(text.components(separatedBy: "(id a)").count, 3, text)
        XCTAssertTrue(text.contains("End: no older posts."), text)
    }

    func testC6_lineWriterStopsQuietlyOnAClosedPipe() {
        LineWriter.ignoreSIGPIPE()
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        close(fds[0])
        let w = LineWriter(fd: fds[1], capacity: 16)
        var accepted = 0
        for _ in 0..<1000 where w.line("0123456789") { accepted += 1 }
        XCTAssertTrue(w.closed)
        XCTAssertNil(w.failure)
        XCTAssertLessThan(accepted, 5, "it stops at the first full buffer")
        close(fds[1])
    }

    func testC5_defaultWidth() {
        let notATTY = open("/dev/null", O_WRONLY)
        defer { close(notATTY) }
        XCTAssertEqual(LineWriter.defaultWidth(fd: notATTY, environment: ["COLUMNS": "132"]), 132)
        XCTAssertEqual(LineWriter.defaultWidth(fd: notATTY, environment: ["COLUMNS": "zero"]), 80)
        XCTAssertEqual(LineWriter.defaultWidth(fd: notATTY, environment: [:]), 80)
    }
}
