import Foundation
import TestSupport
import XCTest
import LiveblogModel
@testable import QA
@testable import Simulation

/// Q4: reports a CI reads. The JUnit report validates (xmllint against the JUnit schema CI
/// servers import, and Python's xml.etree with its totals checked), an invalid scenario is an
/// `<error>` test case, a scenario without expectations says "nothing checked", and the JSON report
/// carries numbers.
final class QAReportTests: XCTestCase {
    static let sample: [ScenarioResult] = [
        ScenarioResult(path: "Assets/scenarios/ios-3g-landing.json", title: "iOS <lands> & \"stays\"", status: .ran([
            ExpectationResult(index: 0, kind: "landsAt", description: "post ev-019 lands at y=0.0 ±16.0 by t=11.0",
                              passed: true, detail: "y=0.0 at t=11.0", expected: .number(0), observed: .number(0), at: 11),
            ExpectationResult(index: 1, name: "stays put", kind: "stillFrom",
                              description: "post ev-019 still within ±1.0 from t=0.5 until t=12.0", passed: false,
                              detail: "moved at most 816.0 (at t=0.85)", expected: .number(1), observed: .number(816),
                              at: 0.85),
        ]), virtualSeconds: 12, wallSeconds: 0.25),
        ScenarioResult(path: "suite/v1.2/broken.json", title: "broken.json",
                       status: .invalid("suite/v1.2/broken.json: expect[0].by: 99.0 is after the scenario's end (2.0 s)")),
        ScenarioResult(path: "recorded.json", title: "a recorded session \u{1B}[31m", status: .ran([]), virtualSeconds: 3,
                       wallSeconds: 0.01),
    ]

    func testQ4_junitValidatesWithSuitesCasesTimesFailuresAndErrors() throws {
        let xml = JUnitReport.xml(QAReportTests.sample)
        let cases = try JUnitValidation.check(xml)
        XCTAssertEqual(cases.isEmpty, Requirement.find("python3") == nil, "Python read the test cases")
        if !cases.isEmpty {
            XCTAssertEqual(cases.map(\.suite), ["Assets/scenarios/ios-3g-landing.json", "Assets/scenarios/ios-3g-landing.json",
                                                "suite/v1.2/broken.json", "recorded.json"])
            XCTAssertEqual(cases.map(\.name), ["expect[0]", "stays put", "scenario", "nothing checked"])
            XCTAssertEqual(cases.map(\.outcome), ["pass", "failure", "error", "skipped"])
        }
        XCTAssertTrue(xml.contains("classname=\"Assets/scenarios/ios-3g-landing\""), xml)
        XCTAssertTrue(xml.contains("classname=\"suite/v1_2/broken\""), xml)
        XCTAssertTrue(xml.contains("expected: 1.0\nobserved: 816.0\nat: t=0.85 s</failure>"), xml)
        XCTAssertTrue(xml.contains("<testsuites name=\"liveblog simulate\" tests=\"4\" failures=\"1\" errors=\"1\" "
                                   + "skipped=\"1\" time=\"0.26\">"), xml)
        XCTAssertFalse(xml.contains("\u{1B}"), "no escape character reaches the XML")
    }

    /// The validator can fail: the report of before Q4 (a bare `<testsuite>`, no time) does not pass.
    func testQ4_theValidatorRejectsTheOldShape() throws {
        let old = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuite name="x" tests="1" failures="1">
              <testcase classname="x" name="a hold ends (input) by t=3.0">
                <failure message="no hold ended"/>
              </testcase>
            </testsuite>
            """
        let xmllint = try Requirement.tool("xmllint", package: "libxml2-utils")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("liveblog-old-\(getpid()).xml").path
        let xsd = path + ".xsd"
        try old.write(toFile: path, atomically: true, encoding: .utf8)
        try JUnitValidation.schema.write(toFile: xsd, atomically: true, encoding: .utf8)
        defer {
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: xsd)
        }
        XCTAssertNotEqual(try JUnitValidation.run(xmllint, ["--noout", "--schema", xsd, path]).status, 0)
    }

    func testQ4_jsonReportGivesNumbers() throws {
        let v = try JSONParser.parse(Report.json(QAReportTests.sample))
        XCTAssertEqual(v["passed"], .bool(false))
        XCTAssertEqual(v["errors"]?.doubleValue, 1)
        let s = try XCTUnwrap(v["scenarios"]?.arrayValue)
        XCTAssertEqual(s.count, 3)
        let e = try XCTUnwrap(s[0]["expectations"]?.arrayValue)
        XCTAssertEqual(e[1]["id"]?.stringValue, "stays put")
        XCTAssertEqual(e[1]["expected"]?.doubleValue, 1)
        XCTAssertEqual(e[1]["observed"]?.doubleValue, 816)
        XCTAssertEqual(e[1]["at"]?.doubleValue, 0.85)
        XCTAssertEqual(e[0]["id"]?.stringValue, "expect[0]")
        XCTAssertEqual(s[1]["error"]?.stringValue?.contains("expect[0].by"), true)
        XCTAssertEqual(s[2]["nothingChecked"], .bool(true))
    }

    func testQ1_aScenarioWithoutExpectationsSaysNothingChecked() {
        let text = Report.text([QAReportTests.sample[2]])
        XCTAssertTrue(text.contains("nothing checked"), text)
        XCTAssertFalse(text.contains("\u{1B}"))
        XCTAssertTrue(QAReportTests.sample[2].passed, "it ran, and nothing failed")
    }
}
