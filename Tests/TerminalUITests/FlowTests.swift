import Foundation
import XCTest
import LiveblogModel
import Simulation
import Host
import QA
@testable import TerminalUI

/// The two other flows issue 25 counts, beside `KeyFlowTests.keyPressJToScreen`: the page's hook
/// call to the android host's scroll, and a scenario file to its text report. Counted the same
/// way: with `--enable-code-coverage`, run with `LIVEBLOG_FLOW_REPEAT=1` and `=3`; the source files
/// whose execution counts differ between the two runs are the files the flow executes (each test
/// makes three fresh worlds, or none, in both runs, and runs the flow in `REPEAT` of them).
final class FlowTests: XCTestCase {
    static var repeats: Int { Int(ProcessInfo.processInfo.environment["LIVEBLOG_FLOW_REPEAT"] ?? "") ?? 1 }

    /// A jump: the page calls the hook, the call crosses the bridge, and the android host writes
    /// the list's scroll (the `host` trace line is written where its effect is applied; the
    /// terminal's bridge has no delay, so within the jump's tick). The host's action, nil if the
    /// host did not act within 2 s.
    @inline(never)
    func hookCallToAndroidScroll(_ w: World) -> HostAction? {
        var action: HostAction?
        w.sink = { r in if action == nil, case .host(let a) = r.event { action = a } }
        w.send(.jump(id: "ev-019", topOffset: nil))
        for _ in 0..<240 where action == nil { w.advance(to: w.tick + 1) }
        return action
    }

    func testH3_theHookCallReachesTheAndroidHostsScroll() throws {
        for i in 0..<3 {
            let w = try Fixture.world(cols: 80, rows: 24, platform: .android)
            w.advance(to: 60)
            XCTAssertEqual(w.scrollView.offset, w.scrollView.minOffset, "the list rests at its top")
            guard i < FlowTests.repeats else { continue }
            let a = try XCTUnwrap(hookCallToAndroidScroll(w), "the host never scrolled")
            XCTAssertEqual(a.kind, .scroll)
            XCTAssertEqual(a.animated, true, "smoothScrollBy")
            XCTAssertGreaterThan(a.target ?? 0, 0)
        }
    }

    /// What `liveblog simulate SCENARIO.json` does between its arguments and its output: load the
    /// scenario, run it, make its result, render the text report.
    @inline(never)
    func scenarioFileToTextReport(_ path: String) throws -> String {
        let scenario = try Scenario.load(path: path)
        let runner = ScenarioRunner(scenario: scenario)
        runner.keepFrameRecords = runner.needsFrameRecords
        let outcomes = runner.run()
        let result = ScenarioResult(path: path, title: scenario.name, status: .ran(outcomes),
                                    virtualSeconds: scenario.duration)
        return ReportFormat.text.render([result])
    }

    func testC2_aScenarioFileRunsToItsTextReport() throws {
        let path = Fixture.repoRoot + "/Assets/scenarios/android-3g-landing.json"
        for _ in 0..<FlowTests.repeats {
            let text = try scenarioFileToTextReport(path)
            XCTAssertTrue(text.contains("PASS"), text)
            XCTAssertTrue(text.contains("ev-019"), text)
        }
    }
}
