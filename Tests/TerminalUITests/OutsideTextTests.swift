import Foundation
import TestSupport
import XCTest

/// Issue 31, T8: no escape sequence reaches a terminal from text liveblog did not write. Each
/// family of messages that quotes outside text is run through the binary with escape
/// sequences in that text; stdout and stderr must hold none (ESC, the 8-bit CSI/OSC/DCS), and
/// the message must still say what it says.
final class OutsideTextTests: XCTestCase {
    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/liveblogs/sample.json").path
    /// OSC 0 (title), OSC 52 (clipboard), ED (clear), a C1 CSI: as JSON escapes.
    static let evil = "\\u001b]0;PWNED\\u0007\\u001b]52;c;SGVsbG8=\\u0007\\u001b[2J\\u009b31m"
    var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "/lb-outside-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func write(_ name: String, _ text: String) -> String {
        let path = dir + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    /// Runs the binary; asserts no escape in its output and that stderr says `says`.
    func assertClean(_ args: [String], says: String, code: Int32 = 65,
                     file: StaticString = #filePath, line: UInt = #line) throws {
        let r = Subprocess.output(try Requirement.liveblogBinary(), args, timeout: 60)
        XCTAssertEqual(r.code, code, r.err, file: file, line: line)
        for (name, text) in [("stdout", r.out), ("stderr", r.err)] {
            XCTAssertFalse(text.unicodeScalars.contains { $0.value == 0x1B || (0x80...0x9F).contains($0.value) },
                           "an escape reached \(name): \(text.debugDescription)", file: file, line: line)
        }
        XCTAssertTrue(r.err.contains(says), "\(says) in: \(r.err)", file: file, line: line)
    }

    func scenario(_ fields: String) -> String {
        write("s.json", "{\"liveblog\": \"\(Self.sample)\", \(fields)}")
    }

    func testT8_scenarioValuesInValidationErrorsAreSanitised() throws {
        for field in ["device", "mode", "platform", "physics"] {
            try assertClean(["simulate", scenario("\"\(field)\": \"\(Self.evil)\"")], says: "\(field): unknown \(field)")
        }
        try assertClean(["simulate", scenario("\"events\": [{\"at\": 0, \"key\": \"\(Self.evil)\"}]")],
                        says: "events[0].key: unknown key")
        try assertClean(["simulate", scenario("\"\(Self.evil)\": 1")], says: "unknown field")
        try assertClean(["simulate", scenario("\"expect\": [{\"post\": \"\(Self.evil)\", \"landsAt\": 0, \"by\": 1}]")],
                        says: "expect[0].post: the liveblog has no post")
    }

    func testT8_aCapturesKindIsSanitised() throws {
        _ = write("c.capture.json", """
            {"capture": 1, "source": "http://127.0.0.1:1/", "responses": [{"kind": "\(Self.evil)",
             "url": "http://127.0.0.1:1/", "started_tick": 0, "ended_tick": 1}]}
            """)
        let s = write("c.json", "{\"capture\": \"c.capture.json\", \"network\": {\"profile\": \"capture\"}}")
        try assertClean(["simulate", s], says: "not a capture")
    }

    func testT8_postIdsFromATraceAreSanitisedInMetricsAndPlot() throws {
        let s = scenario("\"events\": [{\"at\": 0, \"jump\": \"\(Self.evil)\"}], \"duration\": 1")
        let trace = dir + "/t.jsonl"
        XCTAssertEqual(Subprocess.output(try Requirement.liveblogBinary(), ["simulate", s, "--trace", trace], timeout: 60).code, 0)
        let r = Subprocess.output(try Requirement.liveblogBinary(), ["metrics", trace], timeout: 60)
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertFalse(r.out.unicodeScalars.contains { $0.value == 0x1B || (0x80...0x9F).contains($0.value) },
                       "metrics printed the raw id: \(r.out.debugDescription)")
        XCTAssertTrue(r.out.contains("nav not-found"), r.out)
        let evilID = "\u{1B}]0;PWNED\u{07}"
        try assertClean(["metrics", trace, "--post", evilID], says: "the trace has no frame naming post")
        try assertClean(["plot", trace, "--post", evilID, "--out", dir + "/p.svg"], says: "the trace has no frame naming post")
    }

    func testT8_commandLineTextInUsageErrorsIsSanitised() throws {
        try assertClean(["check", "--\u{1B}]0;PWNED\u{07}"], says: "unknown option", code: 64)
    }
}
