import Foundation
import TestSupport
import XCTest
import LiveblogModel

/// The QA contract (docs/contract.md) through the real binary: every Q1 case exits 65 naming its place, a failing Q2
/// expectation exits 1 with the expected and the observed value in the report, an invalid
/// scenario is an `<error>` test case in a JUnit report that validates, and the trace on stdout
/// never mixes with the report (Q4).
final class QACommandLineTests: XCTestCase {
    static let root = TestPaths.root
    /// The built binary (setUp checks `Requirement.liveblogBinary()`).
    static var binary: String { TestPaths.liveblog }

    var dir = ""

    override func setUpWithError() throws {
        _ = try Requirement.liveblogBinary()
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("liveblog-qa-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        dir = d.path
        addTeardownBlock { try? FileManager.default.removeItem(at: d) }
    }

    /// Writes a scenario next to nothing: its liveblog is the bundled sample by absolute path.
    func scenario(_ name: String, _ body: String) throws -> String {
        let path = dir + "/" + name
        let json = body.replacingOccurrences(of: "SAMPLE", with: QACommandLineTests.root + "/Assets/liveblogs/sample.json")
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func simulate(_ args: [String]) throws -> (status: Int32, out: String, err: String) {
        try QACommandLineTests.simulate(args)
    }

    /// `liveblog simulate ARGS` in `directory` (this process's by default).
    static func simulate(_ args: [String], in directory: String? = nil) throws
        -> (status: Int32, out: String, err: String) {
        try liveblog(["simulate"] + args, in: directory)
    }

    /// `liveblog ARGS` in `directory` (this process's by default): its status, stdout and stderr.
    static func liveblog(_ args: [String], in directory: String? = nil) throws
        -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: QACommandLineTests.binary)
        p.arguments = args
        if let directory { p.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    func testQ1_eachCaseExits65NamingThePlace() throws {
        let jump = #""events": [{"at": 0.2, "jump": "ev-019"}]"#
        let cases: [(String, String)] = [
            (#"{"liveblog": "SAMPLE", "duration": 2, \#(jump), "expect": [{"post": "ev-019", "landsAt": 0, "by": 99}]}"#,
             "expect[0].by: 99.0 is after the scenario's end"),
            (#"{"liveblog": "SAMPLE", "duration": 2, "events": [{"at": 2.5, "key": "j"}]}"#,
             "events[0].at: 2.5 is after the scenario's end"),
            (#"{"liveblog": "SAMPLE", \#(jump), "expect": [{"post": "ev-19", "landsAt": 0, "by": 11}]}"#,
             "expect[0].post: the liveblog has no post \"ev-19\""),
            (#"{"liveblog": "SAMPLE", \#(jump), "expect": [{"value": "headerFade", "at": 1, "equals": 1}]}"#,
             "expect[0].value: headerFade never changes in content mode"),
        ]
        for (i, (body, message)) in cases.enumerated() {
            let path = try scenario("q1-\(i).json", body)
            let r = try simulate([path])
            XCTAssertEqual(r.status, 65, body)
            XCTAssertTrue(r.err.contains("\(path): \(message)"), r.err)
        }
        // A jump to an unknown id is valid, and with no expectations the run says nothing was checked.
        let ok = try simulate([try scenario("q1-ok.json", #"{"liveblog": "SAMPLE", "duration": 1, "events": [{"at": 0.1, "jump": "zz"}]}"#)])
        XCTAssertEqual(ok.status, 0, ok.err)
        XCTAssertTrue(ok.out.contains("nothing checked"), ok.out)
    }

    func testQ2_aFailingKindExits1WithExpectedAndObserved() throws {
        let path = try scenario("q2.json", #"""
            {"liveblog": "SAMPLE", "network": {"profile": "3g", "seed": 7}, "events": [{"at": 0.2, "jump": "ev-019"}],
             "expect": [{"name": "settles", "post": "ev-019", "settlesBy": 1},
                        {"count": {"ev": "host", "action": "reaim"}, "min": 2, "max": 2}]}
            """#)
        let r = try simulate([path, "--report", "json"])
        XCTAssertEqual(r.status, 1, r.err)
        let v = try JSONParser.parse(r.out)
        let e = try XCTUnwrap(v["scenarios"]?.arrayValue?.first?["expectations"]?.arrayValue)
        XCTAssertEqual(e.map { $0["passed"] }, [.bool(false), .bool(true)])
        XCTAssertEqual(e[0]["id"]?.stringValue, "settles")
        XCTAssertEqual(e[0]["expected"]?.doubleValue, 1)
        XCTAssertEqual(e[0]["observed"]?.doubleValue, 1.633)
        XCTAssertEqual(e[0]["at"]?.doubleValue, 1.633)
    }

    func testQ4_invalidScenarioIsAnErrorTestCaseAndTheTraceNeverMixesWithTheReport() throws {
        let bad = try scenario("bad.json", #"{"liveblog": "SAMPLE", "duration": 1, "expect": [{"holdEnds": "input", "by": 5}]}"#)
        let r = try simulate([bad, "--report", "junit"])
        XCTAssertEqual(r.status, 65)
        let cases = try JUnitValidation.check(r.out)
        if !cases.isEmpty { XCTAssertEqual(cases.map(\.outcome), ["error"]) }
        XCTAssertTrue(r.out.contains("expect[0].by: 5.0 is after the scenario&apos;s end")
                      || r.out.contains("expect[0].by: 5.0 is after the scenario's end"), r.out)

        let good = QACommandLineTests.root + "/Assets/scenarios/ios-3g-landing.json"
        let report = dir + "/report.xml"
        let t = try simulate([good, "--trace", "-", "--report", "junit", "--report-file", report])
        XCTAssertEqual(t.status, 0, t.err)
        let lines = t.out.split(separator: "\n")
        let golden = QACommandLineTests.root + "/Tests/SimulationTests/GoldenTraces/ios-3g-landing.jsonl"
        let goldenLines = try String(contentsOfFile: golden, encoding: .utf8).split(separator: "\n").count
        XCTAssertEqual(lines.count, goldenLines, "the trace alone on stdout (as many lines as its golden)")
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("{\"t\":") }, "nothing but JSON lines on stdout")
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        let ok = try JUnitValidation.check(xml)
        if !ok.isEmpty { XCTAssertEqual(ok.map(\.outcome), ["pass", "pass", "pass"]) }
        let noFile = try simulate([good, "--trace", "-", "--report", "junit"])
        XCTAssertTrue(noFile.out.split(separator: "\n").allSatisfy { $0.hasPrefix("{\"t\":") })
        XCTAssertTrue(noFile.err.contains("<testsuites"), "without --report-file the report goes to stderr")
        XCTAssertEqual(try simulate([good, "--report-file", dir + "/no/such/dir/r.xml"]).status, 73)
        XCTAssertEqual(try simulate([dir + "/missing.json"]).status, 66)
    }
}
