import Foundation
import XCTest
import LiveblogModel
@testable import QA
@testable import Simulation

/// Issue 31: a scenario of the longest duration (86 400 s) held 1.5 GB of frame records. The
/// runner keeps frame lines only for an expectation that reads them (a `count` that can match
/// frames); the other expectations read the watched series.
final class FrameRecordTests: XCTestCase {
    func scenario(_ expect: String) throws -> Scenario {
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/liveblogs/sample.json").path
        let text = "{\"liveblog\": \"\(sample)\", \"duration\": 4, \"events\": [{\"at\": 0, \"jump\": \"ev-049\"}], "
            + "\"expect\": [\(expect)]}"
        return try Scenario.parse(try JSONParser.parse(bytes: Array(text.utf8)), file: "s.json", baseDirectory: "/")
    }

    func testQ1_frameRecordsAreKeptOnlyWhenAnExpectationReadsThem() throws {
        let lands = try scenario("{\"post\": \"ev-049\", \"landsAt\": 0, \"tolerance\": 16, \"by\": 3}")
        let lean = ScenarioRunner(scenario: lands)
        XCTAssertFalse(lean.needsFrameRecords)
        lean.keepFrameRecords = lean.needsFrameRecords
        let full = ScenarioRunner(scenario: lands)
        XCTAssertEqual(lean.run(), full.run(), "the same outcomes without the frame records")
        XCTAssertFalse(lean.records.contains { $0.event.isFrame })
        XCTAssertEqual(lean.records, full.records.filter { !$0.event.isFrame })
        for pattern in ["{\"jumpId\": 1}", "{\"ev\": \"frame\"}"] {
            let counting = ScenarioRunner(scenario: try scenario("{\"count\": \(pattern), \"min\": 1}"))
            XCTAssertTrue(counting.needsFrameRecords, pattern)
        }
        let hosts = ScenarioRunner(scenario: try scenario("{\"count\": {\"ev\": \"host\"}, \"min\": 1}"))
        XCTAssertFalse(hosts.needsFrameRecords)
    }
}
