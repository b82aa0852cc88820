import Foundation
import XCTest
import LiveblogModel
import Embed
@testable import QA
import Simulation
import TerminalKit
@testable import TerminalUI

/// Q7: `e` in a `--record`ed session writes "this post's y now, and held from here" into the
/// recording, so the replay checks something: it passes on the replay of the same session, and it
/// fails when the replayed run differs (here: the same session on another network).
final class RecordExpectationTests: XCTestCase {
    func record(network: NetworkProfile) throws -> JSONValue {
        let lb = try Fixture.sample()
        let cfg = Fixture.config(cols: 80, rows: 24, network: network, seed: 7)
        let world = World(liveblog: lb, config: cfg)
        let app = App(world: world)
        let out = NSTemporaryDirectory() + "/lb-record-e-\(getpid()).json"
        defer { try? FileManager.default.removeItem(atPath: out) }
        app.recorder = Recorder(config: cfg, liveblogPath: Fixture.samplePath, outputPath: out)
        world.advance(to: 0)
        func key(_ tick: Int, _ k: Key) {
            world.advance(to: tick)
            app.handle(.key(k))
        }
        key(1, .char("e"))                                         // no jump yet: nothing recorded
        XCTAssertTrue(app.ui.message?.text.contains("no jump yet") ?? false)
        key(2, .char("/"))
        for (i, c) in "019".enumerated() { key(4 + i, .char(c)) }
        key(8, .tab)
        key(10, .enter)                                            // jump to ev-019 under 3g
        key(360, .char("e"))                                       // 3 s in: landed, images still loading
        XCTAssertTrue(app.ui.message?.text.hasPrefix("recorded: ev-019 at y=") ?? false, app.ui.message?.text ?? "")
        world.advance(to: 1200)
        return app.recorder!.scenarioJSON(endTick: world.tick)
    }

    func testQ7_eRecordsAnExpectationTheReplayChecks() throws {
        let json = try record(network: .threeG)
        let expect = try XCTUnwrap(json["expect"]?.arrayValue)
        XCTAssertEqual(expect.count, 2)
        XCTAssertEqual(expect[0]["post"]?.stringValue, "ev-019")
        XCTAssertEqual(expect[0]["by"]?.doubleValue, 3)
        XCTAssertEqual(expect[1]["stillFrom"]?.doubleValue, 3)
        XCTAssertEqual(expect[1]["until"], json["duration"])
        let s = try Scenario.parse(json, file: "recorded.json", baseDirectory: Fixture.repoRoot)
        XCTAssertEqual(s.expectationNames.compactMap { $0 }.count, 2)
        let out = ScenarioRunner(scenario: s).run()
        XCTAssertEqual(out.count, 2)
        XCTAssertTrue(out.allSatisfy(\.passed), out.map { "\($0.id): \($0.detail)" }.joined(separator: "; "))

        // The same recording's expectations against another run: the post is elsewhere at 3 s.
        var other = try Scenario.parse(try record(network: .slow), file: "slow.json", baseDirectory: Fixture.repoRoot)
        other.expectations = s.expectations
        other.expectationNames = s.expectationNames
        XCTAssertFalse(ScenarioRunner(scenario: other).run().allSatisfy(\.passed), "a recorded expectation can fail")
    }
}

/// Q11 in the process: what the signal handler writes (`TerminalRestorer.flushRecordingNow`) is
/// the scenario `q` writes, field for field: the events, every expectation `e` recorded, and the
/// duration to this moment.
final class RecordSignalPathTests: XCTestCase {
    func testQ11_theSignalPathWritesTheScenarioQWrites() throws {
        let cfg = Fixture.config(cols: 80, rows: 24, network: .instant, seed: 7)
        let path = NSTemporaryDirectory() + "/lb-signal-path-\(getpid()).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try Recorder.openOutput(path)
        defer {
            TerminalRestorer.setRecording(fileDescriptor: -1)
            Recorder.discard(output)
        }
        let recorder = Recorder(config: cfg, liveblogPath: Fixture.samplePath, outputPath: path)
        recorder.armSignalPath(output, tick: 0)
        recorder.record(0, .jump(id: "ev-019", topOffset: nil))
        recorder.recordExpectation(130, post: "ev-019", y: 0)
        recorder.record(200, .key(KeyName("j")!))
        recorder.recordExpectation(300, post: "ev-019", y: -16)
        TerminalRestorer.flushRecordingNow()
        // Written to the temporary file beside the path (renamed over it when the session ends).
        let file = output.temporaryPath ?? path
        let written = try JSONParser.parse(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        let q = recorder.scenarioJSON(endTick: 300)
        func fields(_ v: JSONValue) -> [String: JSONValue] {
            Dictionary(uniqueKeysWithValues: (v.objectPairs ?? []).map { ($0.0, $0.1) })
        }
        XCTAssertEqual(Set(fields(written).keys), Set(fields(q).keys))
        for (k, v) in fields(q) where k != "duration" && k != "expect" { XCTAssertEqual(fields(written)[k], v, k) }
        let d = try XCTUnwrap(written["duration"]?.doubleValue), qd = try XCTUnwrap(q["duration"]?.doubleValue)
        XCTAssertEqual(d, qd, accuracy: 0.05, "the duration to this moment: a second after the last event")
        let expect = try XCTUnwrap(written["expect"]?.arrayValue)
        XCTAssertEqual(expect.count, 4)
        XCTAssertEqual(expect.map { $0["name"] }, q["expect"]?.arrayValue?.map { $0["name"] })
        XCTAssertEqual(expect[1]["until"]?.doubleValue, d, "held to the end")
        XCTAssertNoThrow(try Scenario.parse(written, file: path, baseDirectory: Fixture.repoRoot))
    }
}
