import Foundation
import XCTest
import LiveblogModel
@testable import QA
@testable import Simulation

/// The QA contract (docs/contract.md): no silent passes (Q1), the expectation kinds QA needs (Q2), every world value in
/// every frame (Q3), stable report ids (Q4), and a failure that says why (Q6).
final class QAContractTests: XCTestCase, ScenarioParsing {
    static let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/scenarios").path

    /// The bundled iOS 3g landing (jump to ev-019 at 0.2 s; corrections at 0.85 and 1.383 s, each
    /// re-aimed; the post settles under the bar from t=1.633; the hold times out at 10.2 s) with
    /// the given expectations.
    static func ios3g(_ expect: String, duration: Double = 12, extra: String = "") -> String {
        """
        {"liveblog": "../liveblogs/sample.json", "platform": "ios", "network": {"profile": "3g", "seed": 7},
         "native": {"headerRows": 6, "footerRows": 20}, "duration": \(duration)\(extra),
         "events": [{"at": 0.2, "jump": "ev-019"}], "expect": [\(expect)]}
        """
    }

    func parse(_ text: String) throws -> Scenario {
        try Scenario.parse(try JSONParser.parse(text), file: "t.json", baseDirectory: QAContractTests.dir)
    }

    func run(_ text: String) throws -> [ExpectationResult] { ScenarioRunner(scenario: try parse(text)).run() }


    // MARK: Q1

    func testQ1_timesOutsideTheRunAreInvalidNamingThePlace() {
        let late = invalid(QAContractTests.ios3g(#"{"post": "ev-019", "landsAt": 0, "by": 99}"#, duration: 2))
        XCTAssertEqual(late?.place, "expect[0].by")
        XCTAssertEqual(late?.message, "99.0 is after the scenario's end (duration 2.0 s)")
        let event = invalid(#"{"liveblog": "../liveblogs/sample.json", "duration": 2, "events": [{"at": 0.1, "jump": "ev-1"},"#
                            + #" {"at": 3, "key": "j"}]}"#)
        XCTAssertEqual(event?.place, "events[1].at")
        XCTAssertEqual(invalid(QAContractTests.ios3g(#"{"post": "ev-019", "from": 1, "until": 13, "within": [0, 1]}"#))?.place,
                       "expect[0].until")
        XCTAssertEqual(invalid(QAContractTests.ios3g(#"{"count": {"ev": "host"}, "until": 12.5, "max": 1}"#))?.place,
                       "expect[0].until")
        XCTAssertEqual(invalid(QAContractTests.ios3g(#"{"noHost": {"jumpId": 1}, "after": 20}"#))?.place, "expect[0].after")
        XCTAssertEqual(invalid(QAContractTests.ios3g(#"{"post": "ev-019", "settlesBy": 12.01}"#))?.place,
                       "expect[0].settlesBy")
        XCTAssertEqual(invalid(QAContractTests.ios3g(#"{"value": "offset", "at": -1, "equals": 0}"#))?.place, "expect[0].at")
    }

    func testQ1_anExpectationOnAPostTheLiveblogDoesNotContainIsInvalid() throws {
        let e = invalid(QAContractTests.ios3g(#"{"holdEnds": "timeout", "by": 11}, {"post": "ev-O19", "landsAt": 0, "by": 11}"#))
        XCTAssertEqual(e?.place, "expect[1].post")
        XCTAssertEqual(e?.message, "the liveblog has no post \"ev-O19\"")
        // A jump to an unknown id stays valid (E3's not-found is behaviour to test), and so does
        // an expectation on a live post a `live` event makes.
        let s = try parse(#"{"liveblog": "../liveblogs/sample.json", "duration": 3, "events": [{"at": 0.1, "jump": "nope"},"#
                          + #" {"at": 0.5, "live": 1}], "expect": [{"post": "live-1", "stillFrom": 1, "until": 2}]}"#)
        XCTAssertEqual(s.events.count, 2)
    }

    func testQ1_aValueNeverObservableInTheModeIsInvalid() throws {
        for (mode, value) in [("content", "headerShift"), ("content", "webOffset"), ("content", "webRemaining"),
                              ("nested", "headerFade")] {
            let e = invalid(QAContractTests.ios3g(#"{"value": "\#(value)", "at": 1, "equals": 0}"#,
                                                  extra: #", "mode": "\#(mode)""#))
            XCTAssertEqual(e?.place, "expect[0].value", "\(value) in \(mode)")
            XCTAssertTrue(e?.message.contains("never changes in \(mode) mode") ?? false, e?.message ?? "")
        }
        // In header mode it is observable, and with an `m` key the mode can change.
        _ = try parse(QAContractTests.ios3g(#"{"value": "headerShift", "at": 1, "equals": 0}"#, extra: #", "mode": "header""#))
        _ = try parse(#"{"liveblog": "../liveblogs/sample.json", "events": [{"at": 1, "key": "m"}],"#
                      + #" "expect": [{"value": "webOffset", "at": 2, "equals": 0}]}"#)
    }

    func testQ1_namesAreUniqueAndCountFieldsExist() {
        let dup = invalid(QAContractTests.ios3g(#"{"name": "lands", "post": "ev-019", "landsAt": 0, "by": 11},"#
                                                + #" {"name": "lands", "holdEnds": "timeout", "by": 11}"#))
        XCTAssertEqual(dup?.place, "expect[1].name")
        XCTAssertEqual(invalid(QAContractTests.ios3g(#"{"count": {"ev": "host", "acton": "drop"}, "max": 0}"#))?.place,
                       "expect[0].count.acton")
        XCTAssertEqual(invalid(QAContractTests.ios3g(#"{"count": {"ev": "hosts"}, "max": 0}"#))?.place, "expect[0].count.ev")
        XCTAssertEqual(invalid(QAContractTests.ios3g(#"{"count": {"ev": "host"}}"#))?.message,
                       "count needs \"min\", \"max\" or both")
    }

    func testQ1_aScenarioWithoutExpectationsRunsAndSaysNothingChecked() throws {
        let s = try parse(#"{"liveblog": "../liveblogs/sample.json", "duration": 1, "expect": []}"#)
        let out = ScenarioRunner(scenario: s).run()
        XCTAssertTrue(out.isEmpty)
        let r = ScenarioResult(path: "t.json", title: s.name, status: .ran(out), virtualSeconds: 1)
        XCTAssertTrue(Report.text([r]).contains("nothing checked"))
        XCTAssertTrue(Report.junit([r]).contains("<skipped message=\"the scenario has no expectations: nothing checked\"/>"))
        XCTAssertEqual(try JSONParser.parse(Report.json([r]))["scenarios"]?.arrayValue?[0]["nothingChecked"], .bool(true))
    }

    // MARK: Q2: each kind holds where it should and fails, with expected and observed, where not

    func testQ2_withinOverAWindow() throws {
        let out = try run(QAContractTests.ios3g(#"{"name": "held", "post": "ev-019", "from": 9, "until": 12, "within": [-1, 1]},"#
                                                + #" {"post": "ev-019", "from": 0.5, "until": 2, "within": [-16, 16]}"#))
        XCTAssertEqual(out.map(\.passed), [true, false], out.map(\.detail).joined(separator: "; "))
        XCTAssertEqual(out[0].id, "held")
        XCTAssertEqual(out[1].id, "expect[1]")
        XCTAssertEqual(out[1].expected, .array([.number(-16), .number(16)]))
        XCTAssertEqual(out[1].observed.arrayValue?[1].doubleValue, 816, "the first correction pushed the post 816 pt down")
        XCTAssertEqual(out[1].at, 0.85)
    }

    func testQ2_settlesBy() throws {
        let out = try run(QAContractTests.ios3g(#"{"post": "ev-019", "settlesBy": 2, "tolerance": 16},"#
                                                + #" {"post": "ev-019", "settlesBy": 1, "tolerance": 16}"#))
        XCTAssertEqual(out.map(\.passed), [true, false], out.map(\.detail).joined(separator: "; "))
        XCTAssertEqual(out[1].observed, .number(1.633))
        XCTAssertEqual(out[1].expected, .number(1))
        XCTAssertTrue(out[1].detail.hasPrefix("settled at t=1.633 at y=0.0"), out[1].detail)
    }

    func testQ2_countOfTraceLines() throws {
        let out = try run(QAContractTests.ios3g(#"{"count": {"ev": "host", "action": "reaim", "jumpId": 1}, "min": 2, "max": 2},"#
                                                + #" {"count": {"ev": "host", "action": "drop"}, "from": 0, "until": 12, "min": 1},"#
                                                + #" {"count": {"ev": "hook", "correction": true}, "from": 1, "until": 2, "max": 0}"#))
        XCTAssertEqual(out.map(\.passed), [true, false, false], out.map(\.detail).joined(separator: "; "))
        XCTAssertEqual(out[0].observed, .number(2))
        XCTAssertEqual(out[1].observed, .number(0))
        XCTAssertEqual(out[1].expected, .object([("min", .number(1))]))
        XCTAssertEqual(out[2].observed, .number(1))
        XCTAssertEqual(out[2].at, 1.383, "the line past the maximum")
    }

    func testQ2_noHostAfter() throws {
        let out = try run(QAContractTests.ios3g(#"{"noHost": {"jumpId": 1}, "after": 2}, {"noHost": {"jumpId": 1}, "after": 1}"#))
        XCTAssertEqual(out.map(\.passed), [true, false], out.map(\.detail).joined(separator: "; "))
        XCTAssertEqual(out[1].observed, .number(2))
        XCTAssertEqual(out[1].at, 1.383)
        XCTAssertEqual(out[1].detail, "2 host lines that move the list, first scroll at t=1.383")
    }

    // MARK: Q3

    func testQ3_everyFrameCarriesEveryValueInEveryMode() throws {
        let keys = Scenario.ValueKind.allCases.map(\.rawValue)
        XCTAssertEqual(keys, ["offset", "webOffset", "webHeight", "documentHeight", "overscroll", "webRemaining",
                              "headerShift", "headerFade", "edgeEffect"])
        for (name, mode) in [("ios-3g-landing.json", "content"), ("nested-handover.json", "nested"),
                             ("header-collapse.json", "header")] {
            let s = try Scenario.load(path: QAContractTests.dir + "/" + name)
            XCTAssertEqual(s.config.mode.rawValue, mode)
            let runner = ScenarioRunner(scenario: s)
            var frames: [JSONValue] = []
            runner.traceLine = { if $0.contains("\"ev\":\"frame\"") { frames.append(try! JSONParser.parse($0)) } }
            runner.run()
            XCTAssertEqual(frames.count, Int(s.duration * 60), name)
            for f in frames {
                XCTAssertEqual(f.objectPairs?.map(\.0).filter(keys.contains), keys, name)
                XCTAssertTrue(keys.allSatisfy { f[$0]?.doubleValue?.isFinite == true }, name)
            }
            func all(_ k: String) -> [Double] { frames.compactMap { $0[k]?.doubleValue } }
            if mode == "content" {
                XCTAssertEqual(Set(all("webOffset") + all("webRemaining") + all("headerShift")), [0], name)
                XCTAssertEqual(Set(all("headerFade")), [1], name)
                XCTAssertEqual(all("webHeight").last, all("documentHeight").last, "the row has the page's height")
            }
            if mode == "nested" {
                XCTAssertGreaterThan(Set(all("webOffset")).count, 1, "the web view scrolls itself")
                XCTAssertLessThan(all("webHeight").max()!, all("documentHeight").min()!, "the row is a viewport, not the page")
                XCTAssertEqual(Set(all("headerShift")), [0], name)
            }
            if mode == "header" {
                XCTAssertEqual(all("headerShift").max(), 96, name)
                XCTAssertEqual(all("headerFade").min(), 0, name)
            }
        }
    }

    // MARK: Q4, Q6

    func testQ4_reportIdsStayWhenAToleranceChanges() throws {
        func junit(_ tol: Int) throws -> [String] {
            let text = QAContractTests.ios3g(#"{"post": "ev-019", "landsAt": 0, "tolerance": \#(tol), "by": 11},"#
                                             + #" {"name": "still", "post": "ev-019", "stillFrom": 9, "until": 12, "tolerance": \#(tol)}"#)
            let out = try run(text)
            let xml = Report.junit([ScenarioResult(path: "s.json", title: "s", status: .ran(out))])
            return xml.split(separator: "\n").filter { $0.contains("<testcase ") }.map(String.init)
        }
        let a = try junit(16), b = try junit(1)
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.count, 2)
        XCTAssertTrue(a[0].contains("name=\"expect[0]\"") && a[1].contains("name=\"still\""), a.joined())
    }

    func testQ6_anExpectationOnAPostNeverFoundSaysSo() throws {
        let out = try run(#"{"liveblog": "../liveblogs/sample.json", "page": {"pageSize": 10, "deepLinkLimit": 1},"#
                          + #" "duration": 2, "events": [{"at": 0.1, "jump": "ev-001"}],"#
                          + #" "expect": [{"post": "ev-001", "landsAt": 0, "by": 2}, {"post": "ev-002", "settlesBy": 2}]}"#)
        XCTAssertEqual(out.map(\.passed), [false, false])
        XCTAssertEqual(out[0].detail, "the post was never found: the nav line at t=0.1 says not-found")
        XCTAssertEqual(out[1].detail, "the post is not laid out at t=2.0 (no jump to it, and no nav line for it)")
    }
}
