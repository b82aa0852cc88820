import Foundation
import XCTest
import LiveblogModel
@testable import QA
@testable import Simulation

/// Q9, no vacuous pass (issue 30): each case below passed before, checking nothing; each is now
/// refused (exit 65, the reason named) or fails saying what the run lacked.
final class VacuityTests: XCTestCase, ScenarioParsing {
    static let sample = #""liveblog": "../liveblogs/sample.json", "network": {"profile": "3g", "seed": 7}"#

    /// The bundled iOS 3g landing (jump to ev-019 at 0.2 s, 12 s) with other events and expectations.
    static func scenario(events: String = #"{"at": 0.2, "jump": "ev-019"}"#, _ expect: String,
                         extra: String = "") -> String {
        #"{\#(sample), "platform": "ios", "duration": 12\#(extra), "events": [\#(events)], "expect": [\#(expect)]}"#
    }

    func parse(_ text: String) throws -> Scenario {
        try Scenario.parse(try JSONParser.parse(text), file: "t.json", baseDirectory: QAContractTests.dir)
    }


    func run(_ text: String) throws -> [ExpectationResult] { ScenarioRunner(scenario: try parse(text)).run() }

    // MARK: noPullBackAfterDrag

    func testQ9_noPullBackAfterDragWithNoDragOrNoEventsIsInvalid() {
        let noDrag = invalid(VacuityTests.scenario(#"{"noPullBackAfterDrag": true}"#))
        XCTAssertEqual(noDrag?.place, "expect[0].noPullBackAfterDrag")
        XCTAssertTrue(noDrag?.message.contains("no reader scroll") ?? false, noDrag?.message ?? "")
        let nothing = invalid(#"{\#(VacuityTests.sample), "duration": 3, "expect": [{"noPullBackAfterDrag": true}]}"#)
        XCTAssertTrue(nothing?.message.contains("never jumps") ?? false, nothing?.message ?? "")
    }

    func testQ9_noPullBackAfterDragFailsWhenTheRunHasNoFoundJumpOrNoDragAfterIt() throws {
        let cases: [(String, String, String)] = [
            ("a 5 pt drag is a tap", #"{"at": 0.2, "jump": "ev-019"}, {"at": 3, "drag": {"dy": 5, "duration": 0.2}}"#,
             "no reader drag the list took after the jump's first call"),
            ("the drag comes before the jump", #"{"at": 0.1, "drag": {"dy": -200}}, {"at": 2, "jump": "ev-019"}"#,
             "no reader drag the list took after the jump's first call"),
            ("the jump finds nothing", #"{"at": 0.2, "jump": "no-such-post"}, {"at": 3, "drag": {"dy": -200}}"#,
             "the run has no found jump (nav lines: no-such-post not-found)"),
        ]
        for (what, events, why) in cases {
            let out = try run(VacuityTests.scenario(events: events, #"{"noPullBackAfterDrag": true}"#))
            XCTAssertEqual(out.map(\.passed), [false], what)
            XCTAssertTrue(out[0].detail.hasPrefix("nothing to check: " + why), "\(what): \(out[0].detail)")
        }
        // A drag after the jump's first call: the check means something, and holds on iOS.
        let real = try run(VacuityTests.scenario(events: #"{"at": 0.2, "jump": "ev-019"}, {"at": 0.6, "drag": {"dy": -200}}"#,
                                                 #"{"noPullBackAfterDrag": true}"#))
        XCTAssertEqual(real.map(\.passed), [true], real.map(\.detail).joined())
        XCTAssertTrue(real[0].detail.contains("first drag at t=0.6"), real[0].detail)
    }

    // MARK: count and noHost against the trace's vocabulary

    func testQ9_countAndNoHostValuesAreCheckedAgainstTheTracesVocabularyAndTypes() {
        let cases: [(String, String, String)] = [
            (#"{"count": {"ev": "host", "action": "scrol"}, "min": 1}"#, "expect[0].count.action",
             #"unknown value "scrol" (allowed: "scroll", "drop", "reaim", "settle")"#),
            (#"{"count": {"ev": "hold-end", "reason": "timout"}, "min": 1}"#, "expect[0].count.reason",
             #"unknown value "timout" (allowed: "timeout", "new-jump", "input", "removed", "idle", "hook-removed")"#),
            (#"{"count": {"ev": "host", "jumpId": "1"}, "min": 1}"#, "expect[0].count.jumpId",
             #"expected a jump id (a whole number from 1), found "1""#),
            (#"{"count": {"ev": "host", "clamped": "false"}, "max": 0}"#, "expect[0].count.clamped",
             #"expected true or false, found "false""#),
            (#"{"count": {"ev": "host", "px": {"densty": 3}}, "max": 0}"#, "expect[0].count.px.densty",
             "no \"host\" trace line has this field (allowed: density, target, requested, scrollBy)"),
            (#"{"count": {"ev": "hook", "args": 3}, "max": 0}"#, "expect[0].count.args", "expected 1 or 2, found 3"),
            (#"{"count": {"ev": "input", "kind": "drag"}, "max": 0}"#, "expect[0].count.kind",
             #"unknown value "drag" (allowed: "drag-begin", "drag-end", "tap", "wheel", "key", "resize")"#),
            (#"{"count": {"action": "scrol"}, "max": 0}"#, "expect[0].count.action",
             #"unknown value "scrol" (allowed: "scroll", "drop", "reaim", "settle")"#),
            (#"{"noHost": {"jumpId": "1"}, "after": 1}"#, "expect[0].noHost.jumpId",
             #"expected a jump id (a whole number from 1), found "1""#),
            (#"{"noHost": {"jumpId": 0}, "after": 1}"#, "expect[0].noHost.jumpId",
             "expected a jump id (a whole number from 1), found 0"),
        ]
        for (expect, place, message) in cases {
            let e = invalid(VacuityTests.scenario(expect))
            XCTAssertEqual(e?.place, place, expect)
            XCTAssertEqual(e?.message, message, expect)
        }
        // Valid words and types still parse.
        XCTAssertNoThrow(try parse(VacuityTests.scenario(#"{"count": {"ev": "host", "action": "drop", "jumpId": 1, "#
                                                         + #""clamped": false, "px": {"density": 3}}, "max": 0}"#)))
    }

    /// A jumpId the run never makes matches nothing: the run refuses it (exit 65 where it runs).
    func testQ9_aJumpIdTheRunNeverMakesIsRefused() throws {
        let out = try run(VacuityTests.scenario(#"{"noHost": {"jumpId": 2}, "after": 1},"#
                                                + #" {"count": {"ev": "host", "jumpId": 5}, "max": 0},"#
                                                + #" {"noHost": {"jumpId": 1}, "after": 5}"#))
        XCTAssertEqual(out[0].refusal?.place, "expect[0].noHost.jumpId")
        XCTAssertEqual(out[0].refusal?.message, "there is no jump 2: the run makes jumps 1 … 1")
        XCTAssertEqual(out[1].refusal?.place, "expect[1].count.jumpId")
        XCTAssertNil(out[2].refusal, "jump 1 exists")
        XCTAssertTrue(out[2].passed, out[2].detail)
    }

    // MARK: checks that cannot fail

    func testQ9_checksThatCannotFailAreRefusedWithTheReason() throws {
        let statics: [(String, String, String)] = [
            (#"{"count": {"ev": "host"}, "min": 0}"#, "expect[0].min", "min 0 and no max cannot fail"),
            (#"{"post": "ev-019", "stillFrom": 2, "until": 2}"#, "expect[0].until", "a zero-length window (t=2.0)"),
            (#"{"post": "ev-019", "from": 3, "until": 3, "within": [-10, 10]}"#, "expect[0].until", "a zero-length window"),
            (#"{"value": "offset", "changesFrom": 1, "until": 1}"#, "expect[0].until", "a zero-length window"),
            (#"{"count": {"ev": "host"}, "from": 4, "until": 4, "max": 3}"#, "expect[0].until", "a zero-length window"),
            (#"{"count": {"ev": "host"}, "from": 12, "max": 3}"#, "expect[0].from", "a zero-length window (t=12.0)"),
            (#"{"noHost": {"jumpId": 1}, "after": 12}"#, "expect[0].after", "a zero-length window (t=12.0)"),
        ]
        for (expect, place, message) in statics {
            let e = invalid(VacuityTests.scenario(expect))
            XCTAssertEqual(e?.place, place, expect)
            XCTAssertTrue(e?.message.hasPrefix(message) ?? false, "\(expect): \(e?.message ?? "")")
        }
        // Wider than the list's whole scroll range in the run (about 11 000 pt here): refused after it.
        let out = try run(VacuityTests.scenario(#"{"post": "ev-019", "landsAt": 0, "tolerance": 1000000, "by": 11},"#
                                                + #" {"post": "ev-019", "from": 1, "until": 12, "within": [-1e9, 1e9]},"#
                                                + #" {"value": "offset", "from": 0, "until": 12, "within": [-50000, 50000]},"#
                                                + #" {"post": "ev-019", "landsAt": 0, "tolerance": 16, "by": 11}"#))
        XCTAssertEqual(out.map { $0.refusal?.place }, ["expect[0].tolerance", "expect[1].within", "expect[2].within", nil])
        let why = out[0].refusal?.message ?? ""
        XCTAssertTrue(why.hasPrefix("±1000000.0 pt is wider than the list's whole scroll range in this run ("), why)
        XCTAssertTrue(why.hasSuffix("pt): the check cannot fail"), why)
    }

    // MARK: live posts

    /// A `live-K` post no `live` event makes is invalid (exit 65), as the README says.
    func testQ9_Q1_aLivePostNoLiveEventMakesIsInvalid() throws {
        let events = #"{"at": 0.2, "jump": "ev-019"}, {"at": 1, "live": 2}"#
        let e = invalid(VacuityTests.scenario(events: events, #"{"post": "live-3", "stillFrom": 2, "until": 3}"#))
        XCTAssertEqual(e?.place, "expect[0].post")
        XCTAssertTrue(e?.message.contains("live-1 … live-2") ?? false, e?.message ?? "")
        XCTAssertNoThrow(try parse(VacuityTests.scenario(events: events, #"{"post": "live-2", "stillFrom": 2, "until": 3}"#)))
        XCTAssertNotNil(invalid(VacuityTests.scenario(events: events, #"{"post": "live-02", "stillFrom": 2, "until": 3}"#)))
    }
}
