import Foundation
import XCTest
import LiveblogModel
@testable import QA
@testable import Simulation

/// Q17, no vacuous pass, round three: each case below passed before, checking nothing.
final class VacuityRoundThreeTests: XCTestCase, ScenarioParsing {
    func parse(_ text: String) throws -> Scenario {
        try Scenario.parse(try JSONParser.parse(text), file: "t.json", baseDirectory: QAContractTests.dir)
    }

    func run(_ text: String) throws -> [ExpectationResult] { ScenarioRunner(scenario: try parse(text)).run() }

    /// Traps b14 and b15: a hook that cannot throw, with `count` of `threw: true`.
    func testQ17_countOfThrewOnAHookThatCannotThrowIsRefused() throws {
        for hook in [#"function (top, info) { console.log(\"throw\") }"#, "function (top, info) { /* never throw */ }",
                     #"function (top, info) { const f = () => { throw new Error(\"x\") }; }"#] {
            for bound in [#""min": 1"#, #""max": 0"#] {
                let text = VacuityTests.scenario(#"{"count": {"ev": "hook", "threw": true}, \#(bound)}"#,
                                                 extra: ", \"hook\": \"\(hook)\"")
                let refused = invalid(text)
                XCTAssertEqual(refused?.place, "expect[0].count.threw", hook)
                XCTAssertTrue(refused?.message.contains("runs no throw statement") == true, refused?.message ?? "")
            }
        }
        // A hook that throws: the count is a check, and it holds.
        let throwing = VacuityTests.scenario(#"{"count": {"ev": "hook", "threw": true}, "min": 1}"#,
                                             extra: #", "hook": "function (top, info) { throw new Error(\"boom\") }""#)
        let r = try run(throwing)
        XCTAssertTrue(r.allSatisfy(\.passed), r.map(\.detail).joined(separator: "\n"))
        XCTAssertNil(r.first?.refusal)
    }

    /// The naive host is the control that pulls back; with no correction after the drag there
    /// is nothing to pull back to, and the check said "no pull-back" all the same.
    func testQ17_noPullBackAfterDragNeedsACorrectionSentAfterTheDrag() throws {
        // An instant network: every image has loaded before the drag, so no correction follows it.
        let text = #"{"liveblog": "../liveblogs/sample.json", "platform": "naive", "network": {"profile": "instant"}, "#
            + #""duration": 6, "events": [{"at": 0.1, "jump": "ev-019"}, {"at": 2, "drag": {"dy": 200, "duration": 0.3}}], "#
            + #""expect": [{"noPullBackAfterDrag": true}]}"#
        let r = try run(text)
        XCTAssertEqual(r.count, 1)
        XCTAssertFalse(r[0].passed, "nothing was checked")
        XCTAssertTrue(r[0].detail.contains("no correction was sent after the reader's drag"), r[0].detail)
        // With corrections after the drag (slow images), the naive host pulls back and fails it.
        let bundled = try String(contentsOfFile: QAContractTests.dir + "/naive-pullback.json", encoding: .utf8)
            .replacingOccurrences(of: #""noPullBackAfterDrag": false"#, with: #""noPullBackAfterDrag": true"#)
        let pulled = try run(bundled)
        XCTAssertFalse(pulled[0].passed)
        XCTAssertTrue(pulled[0].detail.contains("pull-back"), pulled[0].detail)
        XCTAssertFalse(pulled[0].detail.contains("nothing to check"), pulled[0].detail)
    }
}
