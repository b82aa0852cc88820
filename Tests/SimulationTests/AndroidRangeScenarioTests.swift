import Foundation
import XCTest
import Host
@testable import QA
@testable import Simulation

/// F8 through the whole World: the bundled android-estimate-stops-short scenario stops short with
/// LinearLayoutManager's estimated range and finishes with settle(); with the exact range the same
/// jump is one movement (the offset never rests between 1.9 s and 2.2 s).
final class AndroidRangeScenarioTests: XCTestCase {
    static let path = GoldenTraceTests.root.appendingPathComponent("Assets/scenarios/android-estimate-stops-short.json").path

    func run(_ mode: AndroidRangeMode) throws -> (outcomes: [ScenarioRunner.Outcome], trace: [String]) {
        var s = try Scenario.load(path: AndroidRangeScenarioTests.path)
        s.config.androidRange = mode
        let r = ScenarioRunner(scenario: s)
        var lines: [String] = []
        r.traceLine = { lines.append($0) }
        return (r.run(), lines)
    }

    func testF8_estimatedRangeStopsShortThenSettleFinishes() throws {
        let (outcomes, trace) = try run(.estimated)
        XCTAssertTrue(outcomes.allSatisfy(\.passed), outcomes.map(\.detail).joined(separator: "\n"))
        let hosts = trace.filter { $0.contains("\"ev\":\"host\"") }
        XCTAssertTrue(hosts.allSatisfy { $0.contains("\"mode\":\"estimated\"") })
        // The second movement is the sample's settle() after the row grew: an instant scrollBy.
        XCTAssertTrue(hosts.contains { $0.contains("\"action\":\"settle\"") && $0.contains("\"animated\":false") })
    }

    func testF8_exactRangeLandsInOneMovement() throws {
        let (outcomes, trace) = try run(.exact)
        XCTAssertFalse(outcomes[0].passed, "with the exact range the list is still moving at 1.9–2.2 s")
        XCTAssertTrue(outcomes[1].passed, outcomes[1].detail)
        XCTAssertTrue(trace.contains { $0.contains("\"action\":\"scroll\"") && $0.contains("\"clamped\":true") })
    }
}
