import Foundation
import XCTest
import LiveblogModel
import Embed
import Host
@testable import QA
import Simulation
import TerminalKit
@testable import TerminalUI
import TestSupport

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

/// C7, issue 18: `--record` writes the scenario on every exit path (q, SIGINT, SIGTERM, SIGHUP),
/// from the signal handler before it restores the terminal, and refuses an unwritable path before
/// the session starts. The real binary in tmux, as EndToEndTests drives it.
final class RecordSignalTests: XCTestCase {
    var tmux: Tmux!
    var workDir: String { tmux.directory }

    override func setUpWithError() throws {
        _ = try Requirement.liveblogBinary()
        tmux = try Tmux(name: "lbrec")
    }

    override func tearDown() {
        tmux?.kill()
        tmux = nil
    }

    func start(_ args: String) {
        tmux.launch("'\(Fixture.binary)' \(args) 2> '\(workDir)/stderr'")
        tmux.run(["set-option", "-g", "escape-time", "0"])
    }

    func waitFor(_ what: String, timeout: Double = 15, _ ok: () -> Bool) {
        if !Wait.until(timeout: timeout, ok) { XCTFail("timed out waiting for \(what); screen:\n\(tmux.capture())") }
    }

    func exitStatus() -> String? {
        let status = tmux.exitStatus(timeout: 15)
        if status == nil { XCTFail("timed out waiting for the exit; screen:\n\(tmux.capture())") }
        return status
    }

    /// A session with a few world keys, ended by `sig`: the file is a scenario with those keys,
    /// and the terminal is restored.
    func recordThenSignal(_ sig: Int32) throws {
        let rec = workDir + "/session.json"
        start("--record '\(rec)'")
        waitFor("the sample") { tmux.capture().contains("Coastal Cup Final") }
        for k in ["j", "j", "x", "p"] { tmux.keys(k) }  // V2: x then p, the lab's platform key
        waitFor("the platform switch") { tmux.capture().contains("android") }
        let pid = try XCTUnwrap(tmux.programPid())
        kill(pid, sig)
        XCTAssertEqual(exitStatus(), "EXIT=\(128 + sig)", "ended by the signal, re-raised")
        let scenario = try Scenario.load(path: rec)
        let keys = scenario.events.compactMap { e -> KeyName? in if case .key(let k) = e.event { return k } else { return nil } }
        XCTAssertEqual(keys, [.char("j"), .char("j"), .char("p")])
        XCTAssertEqual(tmux.format("#{alternate_on}"), "0")
        // It replays.
        let runner = ScenarioRunner(scenario: scenario)
        runner.run()
        XCTAssertTrue(runner.records.contains { $0.event == .setting(name: "platform", value: "android") })
    }

    /// Q11: a session with expectations (`e`, twice), ended by `sig` after two idle seconds: the
    /// file is the scenario q writes (its four expectations, its duration to the moment of the
    /// signal, which the held ones run until), and `simulate` replays it with every one passing.
    func recordExpectationsThenSignal(_ sig: Int32) throws {
        let rec = workDir + "/session.json"
        start("--record '\(rec)' --event ev-019 --network instant")
        waitFor("the sample") { tmux.capture().contains("Coastal Cup Final") }
        usleep(800_000)
        tmux.keys("e")
        waitFor("the expectation") { tmux.capture().contains("recorded: ev-019") }
        usleep(400_000)
        tmux.keys("e")
        usleep(2_000_000)
        let pid = try XCTUnwrap(tmux.programPid())
        kill(pid, sig)
        XCTAssertEqual(exitStatus(), "EXIT=\(128 + sig)", "ended by the signal, re-raised")
        let json = try JSONParser.parse(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: rec))))
        let expect = try XCTUnwrap(json["expect"]?.arrayValue)
        XCTAssertEqual(expect.count, 4, "two expectations for each e")
        XCTAssertEqual(expect.compactMap { $0["name"]?.stringValue }.filter { $0.hasSuffix(": held") }.count, 2)
        let duration = try XCTUnwrap(json["duration"]?.doubleValue)
        let lastBy = try XCTUnwrap(expect.compactMap { $0["by"]?.doubleValue }.max())
        XCTAssertGreaterThan(duration - lastBy, 2.6, "a second after the signal, which came 2 s after the last e")
        XCTAssertLessThan(duration - lastBy, 4.5)
        for held in expect where held["stillFrom"] != nil { XCTAssertEqual(held["until"]?.doubleValue, duration) }
        XCTAssertEqual(json["terminal"]?["cols"], .number(100))
        XCTAssertTrue(try String(contentsOfFile: rec, encoding: .utf8).contains("\"cols\":100,"), "integers as integers")
        let replay = Subprocess.output(Fixture.binary, ["simulate", rec])
        XCTAssertTrue(replay.out.contains("recorded session: 4 passed, 0 failed"), replay.out)
    }

    func testQ11_sigintWritesTheExpectationsAndTheDurationToTheSignal() throws {
        try recordExpectationsThenSignal(SIGINT)
    }

    func testQ11_sigtermWritesTheExpectationsAndTheDurationToTheSignal() throws {
        try recordExpectationsThenSignal(SIGTERM)
    }

    func testQ11_sighupWritesTheExpectationsAndTheDurationToTheSignal() throws {
        try recordExpectationsThenSignal(SIGHUP)
    }

    /// Q11: `view --record X > out` is refused (exit 64), not ignored: nothing would be recorded.
    func testQ11_recordingOffATerminalIsRefused() throws {
        let status = Subprocess.run(Fixture.binary, ["--record", workDir + "/x.json"], stdout: workDir + "/out",
                                    stderr: workDir + "/err")
        let err = (try? String(contentsOfFile: workDir + "/err", encoding: .utf8)) ?? ""
        XCTAssertEqual(status, 64, err)
        XCTAssertTrue(err.contains("--record records a session on the screen"), err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: workDir + "/x.json"))
    }

    func testC7_sigtermWritesTheRecording() throws { try recordThenSignal(SIGTERM) }
    func testC7_sighupWritesTheRecording() throws { try recordThenSignal(SIGHUP) }
    func testC7_sigintWritesTheRecording() throws { try recordThenSignal(SIGINT) }

    /// An unwritable --record path is refused before the session starts (exit 73, EX_CANTCREAT).
    func testC7_unwritableRecordPathFailsBeforeTheSession() throws {
        start("--record '\(workDir)/no/such/dir/session.json'")
        XCTAssertEqual(exitStatus(), "EXIT=73")
        let err = (try? String(contentsOfFile: workDir + "/stderr", encoding: .utf8)) ?? ""
        XCTAssertTrue(err.contains("cannot write the recording"), err)
    }
}
