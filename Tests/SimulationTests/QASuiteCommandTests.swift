import Foundation
import TestSupport
import XCTest
import LiveblogModel
@testable import Simulation

/// Q12, Q13 through the real binary: a suite leaves what a CI needs (a trace per scenario, a plot
/// per failing one, JUnit with each scenario's title and wall time and each test case's time),
/// directories are scanned recursively in sorted order without the recorder's capture files, and
/// `"xfail"` is skipped while it fails and a failure once it passes, in every report.
final class QASuiteCommandTests: XCTestCase {
    var dir = ""
    var suite: String { dir + "/suite" }

    override func setUpWithError() throws {
        _ = try Requirement.liveblogBinary()
        let d = FileManager.default.temporaryDirectory
            .appendingPathComponent("liveblog-suite-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        dir = d.path
        try FileManager.default.createDirectory(atPath: suite + "/b/deeper", withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: d) }
    }

    func simulate(_ args: String...) throws -> (status: Int32, out: String, err: String) {
        try QACommandLineTests.simulate(args, in: dir)
    }

    /// The bundled iOS 3g landing under another name and expectations.
    func write(_ rel: String, name: String, _ expect: String, xfail: String? = nil) throws {
        let sample = QACommandLineTests.root + "/Assets/liveblogs/sample.json"
        let x = xfail.map { #", "xfail": "\#($0)""# } ?? ""
        let body = #"{"name": "\#(name)", "liveblog": "\#(sample)", "network": {"profile": "3g", "seed": 7}\#(x),"#
            + #" "events": [{"at": 0.2, "jump": "ev-019"}], "expect": [\#(expect)]}"#
        try body.write(toFile: suite + "/" + rel, atomically: true, encoding: .utf8)
    }

    static let lands = #"{"name": "lands", "post": "ev-019", "landsAt": 0, "by": 11}"#
    static let wrong = #"{"name": "wrong", "post": "ev-019", "landsAt": 400, "by": 11}"#

    func testQ12_traceDirAndPlotDirLeaveATracePerScenarioAndAPlotPerFailingOne() throws {
        try write("a.json", name: "passes", QASuiteCommandTests.lands)
        try write("b/fails.json", name: "fails", QASuiteCommandTests.wrong)
        try write("b/deeper/c.json", name: "deep", QASuiteCommandTests.lands)
        try #"{"t": 1}"#.write(toFile: suite + "/b/fails.capture.json", atomically: true, encoding: .utf8)
        let r = try simulate("suite", "--trace-dir", "traces", "--plot-dir", "plots", "--jobs", "2")
        XCTAssertEqual(r.status, 1, r.err)
        // Recursive, sorted, and the recorder's capture file is no scenario.
        let order = r.out.split(separator: "\n").filter { $0.hasPrefix("passes:") || $0.hasPrefix("fails:")
            || $0.hasPrefix("deep:") }.map { String($0.prefix { $0 != ":" }) }
        XCTAssertEqual(order, ["passes", "deep", "fails"], r.out)
        XCTAssertTrue(r.out.hasSuffix("3 scenarios: 2 passed, 1 failed, 0 invalid; 3 expectations, 1 failed\n"), r.out)
        for (rel, name) in [("a", "a.json"), ("b/fails", "b/fails.json"), ("b/deeper/c", "b/deeper/c.json")] {
            let kept = try String(contentsOfFile: dir + "/traces/\(rel).jsonl", encoding: .utf8)
            let alone = try simulate("suite/" + name, "--trace", "-")
            XCTAssertEqual(kept, alone.out, "\(rel): the suite's trace is the scenario's own")
        }
        let plots = try FileManager.default.subpathsOfDirectory(atPath: dir + "/plots").filter { $0.hasSuffix(".svg") }
        XCTAssertEqual(plots, ["b/fails.svg"], "a plot for the failing scenario only")
        let svg = try String(contentsOfFile: dir + "/plots/b/fails.svg", encoding: .utf8)
        XCTAssertTrue(svg.hasPrefix("<?xml") && svg.contains("post ev-019, jump #1"), String(svg.prefix(300)))
    }

    func testQ12_traceWorksWithASuiteOfOneAndIsRefusedForMore() throws {
        try write("b/deeper/only.json", name: "only", QASuiteCommandTests.lands)
        let one = try simulate("suite", "--trace", "one.jsonl", "--jobs", "2")
        XCTAssertEqual(one.status, 0, one.err)
        let alone = try simulate("suite/b/deeper/only.json", "--trace", "-")
        XCTAssertEqual(try String(contentsOfFile: dir + "/one.jsonl", encoding: .utf8), alone.out)
        try write("a.json", name: "second", QASuiteCommandTests.lands)
        let two = try simulate("suite", "--trace", "two.jsonl")
        XCTAssertEqual(two.status, 64)
        XCTAssertTrue(two.err.contains("--trace-dir DIR writes one per scenario"), two.err)
    }

    /// A JSON file in a suite's directory that is no scenario is named as such.
    func testQ12_aFileThatIsNotAScenarioIsNamed() throws {
        try write("a.json", name: "passes", QASuiteCommandTests.lands)
        try FileManager.default.copyItem(atPath: QACommandLineTests.root + "/Assets/liveblogs/sample.json",
                                         toPath: suite + "/b/liveblog.json")
        let r = try simulate("suite")
        XCTAssertEqual(r.status, 65)
        XCTAssertTrue(r.err.contains("suite/b/liveblog.json: not a scenario: it has no \"liveblog\" or \"capture\" field"),
                      r.err)
    }

    func testQ12_junitInSuiteModeKeepsTitlesAndWallTimes() throws {
        try write("a.json", name: "first <title>", QASuiteCommandTests.lands + ", " + QASuiteCommandTests.wrong)
        try write("b/two.json", name: "second title", QASuiteCommandTests.lands)
        let r = try simulate("suite", "--report", "junit", "--jobs", "2")
        XCTAssertEqual(r.status, 1, r.err)
        let cases = try JUnitValidation.check(r.out)
        guard !cases.isEmpty else { throw Requirement.missing("python3 is not installed: the report was not parsed back",
                                                           install: "apt-get install -y python3") }
        XCTAssertEqual(cases.map(\.suite), ["suite/a.json", "suite/a.json", "suite/b/two.json"])
        XCTAssertEqual(cases.map(\.title), ["first <title>", "first <title>", "second title"])
        XCTAssertEqual(cases.map(\.outcome), ["pass", "failure", "pass"])
        for c in cases {
            XCTAssertGreaterThan(c.suiteTime, 0, "a scenario's real wall time: \(c.suite)")
            XCTAssertGreaterThan(c.time, 0, "each test case its share of it: \(c.suite) \(c.name)")
        }
    }

    func testQ13_xfailIsSkippedWhileItFailsAndAFailureOnceItPasses() throws {
        let knownBug = #"{"name": "known bug", "post": "ev-019", "landsAt": 400, "by": 11, "xfail": "BUG-12: lands short"}"#
        try write("a.json", name: "expectation xfail fails", QASuiteCommandTests.lands + ", " + knownBug)
        let stillFailing = try simulate("suite/a.json", "--report", "json")
        XCTAssertEqual(stillFailing.status, 0, "an expected failure fails nothing")
        let json = try JSONParser.parse(stillFailing.out)
        XCTAssertEqual(json["skipped"]?.doubleValue, 1)
        XCTAssertEqual(json["failures"]?.doubleValue, 0)
        let e = try XCTUnwrap(json["scenarios"]?.arrayValue?[0]["expectations"]?.arrayValue?[1])
        XCTAssertEqual(e["status"]?.stringValue, "xfail")
        XCTAssertEqual(e["xfail"]?.stringValue, "BUG-12: lands short")
        let text = try simulate("suite/a.json")
        XCTAssertTrue(text.out.contains("XFAIL  [known bug] post ev-019 lands at y=400.0"), text.out)
        XCTAssertTrue(text.out.contains("expected to fail: BUG-12: lands short"), text.out)
        let junit = try simulate("suite/a.json", "--report", "junit")
        XCTAssertTrue(junit.out.contains("<skipped message=\"expected to fail: BUG-12: lands short\"/>"), junit.out)
        if let cases = try? JUnitValidation.check(junit.out), !cases.isEmpty {
            XCTAssertEqual(cases.map(\.outcome), ["pass", "skipped"])
        }

        // Fixed: the same expectation now holds, and the xfail says so.
        let fixed = #"{"name": "known bug", "post": "ev-019", "landsAt": 0, "by": 11, "xfail": "BUG-12: lands short"}"#
        try write("a.json", name: "expectation xfail passes", fixed)
        let passing = try simulate("suite/a.json", "--report", "json")
        XCTAssertEqual(passing.status, 1, "an xfail that passes is a failure")
        let pj = try JSONParser.parse(passing.out)
        XCTAssertEqual(pj["failures"]?.doubleValue, 1)
        XCTAssertEqual(pj["scenarios"]?.arrayValue?[0]["expectations"]?.arrayValue?[0]["status"]?.stringValue, "xpass")
        let ptext = try simulate("suite/a.json")
        XCTAssertTrue(ptext.out.contains("XPASS  [known bug]") && ptext.out.contains("fixed? remove xfail"), ptext.out)
        let pjunit = try simulate("suite/a.json", "--report", "junit")
        XCTAssertTrue(pjunit.out.contains("type=\"xpass\""), pjunit.out)
        if let cases = try? JUnitValidation.check(pjunit.out), !cases.isEmpty {
            XCTAssertEqual(cases.map(\.outcome), ["failure"])
        }
    }

    func testQ13_aScenarioMarkedXfail() throws {
        try write("a.json", name: "scenario xfail", QASuiteCommandTests.lands + ", " + QASuiteCommandTests.wrong,
                  xfail: "BUG-7")
        let failing = try simulate("suite/a.json", "--report", "junit")
        XCTAssertEqual(failing.status, 0, failing.out)
        XCTAssertTrue(failing.out.contains("<skipped message=\"expected to fail: BUG-7\"/>"), failing.out)
        XCTAssertTrue(failing.out.contains("<property name=\"xfail\" value=\"BUG-7\"/>"), failing.out)
        try write("a.json", name: "scenario xfail", QASuiteCommandTests.lands, xfail: "BUG-7")
        let fixed = try simulate("suite/a.json")
        XCTAssertEqual(fixed.status, 1)
        XCTAssertTrue(fixed.out.contains("XPASS  the scenario is expected to fail (BUG-7) but every expectation passes: "
                                         + "fixed? remove xfail"), fixed.out)
        let junit = try simulate("suite/a.json", "--report", "junit")
        if let cases = try? JUnitValidation.check(junit.out), !cases.isEmpty {
            XCTAssertEqual(cases.map(\.name), ["lands", "xfail"])
            XCTAssertEqual(cases.map(\.outcome), ["pass", "failure"])
        }
        let json = try JSONParser.parse(try simulate("suite/a.json", "--report", "json").out)
        XCTAssertEqual(json["scenarios"]?.arrayValue?[0]["xpassed"], .bool(true))
        // An empty reason is refused: the reason is what the report shows.
        try write("a.json", name: "no reason", QASuiteCommandTests.lands, xfail: " ")
        XCTAssertEqual(try simulate("suite/a.json").status, 65)
    }

    /// Q13: `"xfailIn"` scopes an expectation's xfail to engines (a real engine's difference,
    /// docs/engine.md): in another engine it is checked as any other; an unknown engine, or one
    /// without `"xfail"`, is refused.
    func testQ13_xfailInScopesAnExpectedFailureToEngines() throws {
        let wrongIn = { (engines: String) in
            #"{"name": "engine only", "post": "ev-019", "landsAt": 400, "by": 11, "xfail": "an engine's layout", "xfailIn": [\#(engines)]}"#
        }
        try write("a.json", name: "xfail in the emulated page", wrongIn(#""emulated""#))
        let here = try simulate("suite/a.json")
        XCTAssertEqual(here.status, 0, here.out)
        XCTAssertTrue(here.out.contains("XFAIL  [engine only]") && here.out.contains("expected to fail: an engine's layout"),
                      here.out)
        try write("a.json", name: "xfail in the engines", wrongIn(#""chromium", "webkit""#))
        let elsewhere = try simulate("suite/a.json")
        XCTAssertEqual(elsewhere.status, 1, "not this run's engine: an ordinary failure")
        XCTAssertTrue(elsewhere.out.contains("FAIL  [engine only]") && !elsewhere.out.contains("XFAIL"), elsewhere.out)
        for bad in [wrongIn(#""safari""#), wrongIn(""),
                    #"{"post": "ev-019", "landsAt": 400, "by": 11, "xfailIn": ["webkit"]}"#] {
            try write("a.json", name: "refused", bad)
            let r = try simulate("suite/a.json")
            XCTAssertEqual(r.status, 65, bad)
            XCTAssertTrue(r.err.contains("xfailIn"), r.err)
        }
    }

    /// JSON reports and recordings write whole numbers as integers (`"tests": 2`).
    func testIntegersInTheJSONReport() throws {
        try write("a.json", name: "numbers", QASuiteCommandTests.lands + ", " + QASuiteCommandTests.wrong)
        let r = try simulate("suite/a.json", "--report", "json")
        XCTAssertTrue(r.out.contains("\"tests\": 2,"), r.out)
        XCTAssertTrue(r.out.contains("\"index\": 1,"), r.out)
        XCTAssertFalse(r.out.contains("\"tests\": 2.0"), r.out)
    }
}
