import Foundation
import XCTest
import LiveblogModel
import Embed
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
