import Foundation
import XCTest
import LiveblogModel
import Embed
import Host
import Simulation
import TerminalKit
@testable import TerminalUI

/// C7: a `--record`ed session, replayed by the scenario runner (`simulate`), gives the same trace.
/// The App is driven as its run loop drives it: the world advances to the input's tick, then the
/// input is handled (and recorded at that tick).
final class RecordReplayTests: XCTestCase {
    func testC7_recordedSessionReplaysTheSameJumpEvents() throws {
        let lb = try Fixture.sample()
        let cfg = Fixture.config(cols: 80, rows: 24, network: .threeG, seed: 7)
        let world = World(liveblog: lb, config: cfg)
        var live: [TraceRecord] = []
        world.sink = { live.append($0) }
        let app = App(world: world)
        let out = NSTemporaryDirectory() + "/lb-record-\(getpid()).json"
        defer { try? FileManager.default.removeItem(atPath: out) }
        app.recorder = Recorder(config: cfg, liveblogPath: Fixture.samplePath, outputPath: out)
        world.advance(to: 0)

        func at(_ tick: Int, _ e: InputEvent) { world.advance(to: tick); app.handle(e) }
        func key(_ tick: Int, _ c: Character) { at(tick, .key(.char(c))) }
        func mouse(_ tick: Int, _ k: MouseEvent.Kind, row: Int, col: Int = 30) { at(tick, .mouse(MouseEvent(kind: k, row: row, col: col))) }

        // Odd ticks on purpose: a time written with three decimals must read back as its tick.
        key(2, "/"); key(5, "0"); key(7, "4"); key(10, "9"); at(14, .key(.tab)); at(17, .key(.enter))   // jump to ev-049
        mouse(200, .wheelDown, row: 10)                                                            // ends the hold (E16)
        key(263, "h"); key(266, "3")                                                                // a highlight
        mouse(401, .press(button: 1), row: 18)
        for (i, row) in [17, 15, 13, 11, 9].enumerated() { mouse(403 + 2 * i, .drag, row: row) }
        mouse(413, .release, row: 9)                                                                // a fling
        key(700, "p")                                                                               // android
        key(733, "s"); at(745, .key(.enter))                                                        // a scorer
        key(1001, "J"); key(1130, "K")
        at(1211, .resize(cols: 100, rows: 30))
        world.advance(to: 1800)
        try app.recorder!.write(endTick: world.tick)

        let scenario = try Scenario.load(path: out)
        let runner = ScenarioRunner(scenario: scenario)
        runner.run()
        let replay = runner.records.filter { $0.tick <= 1800 }

        func lines(_ rs: [TraceRecord], _ kinds: Set<String>) -> [String] { rs.filter { kinds.contains($0.event.kind) }.map(\.json) }
        let jumpKinds: Set<String> = ["hook", "host", "hold-end", "nav"]
        let liveJumps = lines(live, jumpKinds), replayJumps = lines(replay, jumpKinds)
        XCTAssertGreaterThan(liveJumps.filter { $0.contains("\"ev\":\"hook\"") }.count, 3, "the session made jumps")
        XCTAssertEqual(liveJumps.count, replayJumps.count)
        for (a, b) in zip(liveJumps, replayJumps) where a != b { XCTFail("live: \(a)\nreplay: \(b)"); break }
        // Not only the jumps: every line, frames included.
        let all = Set(["hook", "host", "hold-end", "nav", "frame", "input", "layout", "setting", "console"])
        let liveAll = lines(live, all), replayAll = lines(replay, all)
        XCTAssertEqual(liveAll.count, replayAll.count)
        for (a, b) in zip(liveAll, replayAll) where a != b { XCTFail("first difference\nlive: \(a)\nreplay: \(b)"); break }
    }

    /// C7: every recorded time reads back as its own tick (as written, three decimals).
    func testC7_recordedTimesReadBackAsTheirTick() throws {
        for tick in 0..<200_000 {
            guard case .number(let d) = Recorder.at(tick) else { return XCTFail("a number") }
            let written = Double(JSONWriter.number(d))!
            if VirtualClock.ticks(written) != tick { return XCTFail("tick \(tick) written as \(JSONWriter.number(d)) reads back as \(VirtualClock.ticks(written))") }
        }
    }
}
