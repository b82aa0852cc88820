import Foundation
import TestSupport
import XCTest

/// End-to-end tests: the real binary in tmux (principle 4, docs/architecture.md), driven with `send-keys` and read
/// with `capture-pane -p`. `swift test` builds the binary; these tests skip when it or tmux is
/// missing (and fail so under CI). Each test has its own tmux server (`Tmux`), killed in tearDown.
final class EndToEndTests: XCTestCase {
    var tmux: Tmux!
    /// A working directory away from the repository: assets must be found from anywhere (C1).
    var workDir: String { tmux.directory }

    override func setUpWithError() throws {
        _ = try Requirement.liveblogBinary()
        tmux = try Tmux(name: "lbtest")
    }

    override func tearDown() {
        tmux?.kill()
        tmux = nil
    }

    func spawn(_ path: String, _ args: [String]) -> Subprocess.Result {
        Subprocess.output(path, args)
    }

    /// Starts the binary in a detached session; its exit status goes to `tmux.exitFile`, and the
    /// pane stays open afterwards so that the terminal's state can be read.
    func start(cols: Int = 100, rows: Int = 30, args: String = "", env: String = "") throws {
        tmux.launch("\(env) '\(Fixture.binary)' \(args)", cols: cols, rows: rows)
        tmux.run(["set-option", "-g", "escape-time", "0"])
    }

    func capture() -> String { tmux.capture() }
    func format(_ f: String) -> String { tmux.format(f) }
    func keys(_ k: String...) { tmux.keys(k) }
    func literal(_ s: String) { tmux.literal(s) }

    /// Polls the screen until `ok` holds or the deadline passes; returns the last capture.
    @discardableResult
    func waitFor(_ what: String, timeout: Double = 10, file: StaticString = #filePath, line: UInt = #line,
                 _ ok: (String) -> Bool) -> String {
        tmux.waitFor(what, timeout: timeout, file: file, line: line, ok)
    }

    func waitForExit(timeout: Double = 10) -> String? { tmux.exitStatus(timeout: timeout) }

    func lines(_ screen: String) -> [String] { screen.components(separatedBy: "\n") }

    func assertTerminalRestored(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(format("#{alternate_on}"), "0", "alternate screen off", file: file, line: line)
        XCTAssertEqual(format("#{mouse_any_flag}#{mouse_button_flag}#{mouse_sgr_flag}"), "000", "mouse reporting off", file: file, line: line)
        XCTAssertEqual(format("#{cursor_flag}"), "1", "cursor visible", file: file, line: line)
    }

    // MARK: - Tests

    /// C1, T2, P5, P6, T5, T6: the sample with no arguments from another directory; help; J
    /// animates; wheel and drag scroll and fling; a resize re-lays; q exits 0 and restores.
    func testC1_T6_sampleHelpFlingMouseResizeQuit() throws {
        try start()
        waitFor("the sample's title") { $0.contains("Coastal Cup Final") && $0.contains("j/k scroll") }
        XCTAssertEqual(format("#{alternate_on}"), "1", "alternate screen while running")
        XCTAssertEqual(format("#{mouse_sgr_flag}"), "1", "SGR mouse while running")

        // ? shows the help; any key closes it.
        keys("?")
        waitFor("the help") { $0.contains("Keys") && $0.contains("key closes") }
        keys("x")
        waitFor("the help to close") { !$0.contains("key closes") }

        // J animates: several captures in a row differ.
        let beforeFling = capture()
        keys("J")
        var shots: [String] = []
        for _ in 0..<6 { usleep(120_000); shots.append(capture()) }
        XCTAssertGreaterThanOrEqual(Set(shots).count, 3, "the fling animates over several captures")
        XCTAssertNotEqual(shots.first, beforeFling)
        // It comes to rest.
        var settled = false
        for _ in 0..<100 {
            let a = capture(); usleep(300_000)
            if a == capture() { settled = true; break }
        }
        XCTAssertTrue(settled, "the fling ends")

        // g back to the top, then an SGR wheel notch down scrolls.
        keys("g")
        let top = waitFor("the top") { $0.contains(" LIVE") && $0.contains("Follow every moment") }
        usleep(700_000)
        let atTop = capture()
        literal("\u{1b}[<65;10;10M")
        _ = top
        // One notch is three rows (48 pt): what was on rows 5… is now on rows 2… (the last column
        // holds the scroll indicator).
        let before = lines(atTop).map { String($0.prefix(90)) }
        waitFor("the wheel to scroll three rows") { s in
            let now = self.lines(s).map { String($0.prefix(90)) }
            return now.count > 20 && (0..<15).allSatisfy { now[2 + $0] == before[5 + $0] }
        }

        // A fast drag moves the content with the finger, and it keeps moving after the release.
        // Each sample is a tmux spawn: on a loaded machine one can come more than 40 ms after the
        // last (P1: no fling after a pause), so a gesture that did not fling is tried again, up to
        // three times; a viewer that never flings fails all three.
        var flung = false
        for _ in 0..<3 where !flung {
            usleep(700_000)
            let beforeDrag = capture()
            literal("\u{1b}[<0;40;25M")
            for y in [22, 19, 16, 13, 10] { usleep(16_000); literal("\u{1b}[<32;40;\(y)M") }
            // The last move and the release in one write, so that a slow tmux spawn on a busy machine
            // cannot put a pause (no fling after 40 ms still, P1) between them.
            usleep(16_000)
            literal("\u{1b}[<32;40;7M\u{1b}[<0;40;7m")
            usleep(60_000)
            let atRelease = capture()
            XCTAssertNotEqual(atRelease, beforeDrag, "the drag moved the content")
            usleep(400_000)
            flung = capture() != atRelease
        }
        XCTAssertTrue(flung, "the content keeps moving after a fast release (fling)")

        // A resize re-lays the page at the new width.
        tmux.resize(cols: 80, rows: 24)
        let small = waitFor("the re-layout at 80×24") { s in
            let ls = self.lines(s)
            return ls.count >= 24 && ls[23].contains("j/k scroll") || ls.count >= 24 && ls[23].contains("jump #")
        }
        for l in lines(small) { XCTAssertLessThanOrEqual(l.count, 80) }
        XCTAssertTrue(lines(small)[1].contains("liveblog · www.example.com"), "the nav bar at 80 columns")

        // q exits 0 with the terminal restored.
        keys("q")
        XCTAssertEqual(waitForExit(), "EXIT=0")
        assertTerminalRestored()
    }

    /// T7: while nothing moves the program sleeps in input (no busy loop): an idle second costs
    /// next to no CPU, and a fling is drawn frame after frame (the LIVEBLOG_FPS_LOG frame log has a
    /// frame for each 60 Hz step while it moves, and none once it rests).
    func testT7_sleepsWhenIdleAndDrawsFramesWhileMoving() throws {
        let log = workDir + "/fps.log"
        try start(args: "--network instant", env: "LIVEBLOG_FPS_LOG='\(log)'")
        waitFor("the sample") { $0.contains("Coastal Cup Final") && $0.contains("j/k scroll") }
        // At rest (images decoded, indicator hidden): no frame drawn for half a second.
        var drawnSoFar = -1
        XCTAssertTrue(Wait.until(timeout: 20, every: 0.5) {
            let n = frames(log)
            defer { drawnSoFar = n }
            return n == drawnSoFar
        }, "the viewer comes to rest")
        guard let pid = tmux.programPid() else { return XCTFail("the program's pid") }
        func cpuTicks() -> Int {
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            // Fields after the command name: state is field 3; utime and stime are 14 and 15.
            guard let close = stat.lastIndex(of: ")") else { return -1 }
            let f = stat[stat.index(after: close)...].split(separator: " ")
            return (Int(f[11]) ?? 0) + (Int(f[12]) ?? 0)
        }
        let idleFrames0 = frames(log)
        let t0 = cpuTicks()
        usleep(2_000_000)
        let idle = cpuTicks() - t0
        XCTAssertLessThanOrEqual(idle, 10, "2 s at rest cost \(idle) clock ticks of CPU (a busy loop costs ~200)")
        XCTAssertLessThanOrEqual(frames(log) - idleFrames0, 2, "no frames drawn while nothing moves")
        let before = frames(log)
        keys("J")
        usleep(1_000_000)
        let drawn = frames(log) - before
        XCTAssertGreaterThan(drawn, 20, "a fling is drawn frame after frame (\(drawn) frames in its first second)")
        XCTAssertLessThanOrEqual(drawn, 62, "at most 60 frames a second (\(drawn))")
        keys("q")
        XCTAssertEqual(waitForExit(), "EXIT=0")
    }

    func frames(_ path: String) -> Int {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    /// T6: SIGTERM restores the terminal too.
    func testT6_sigtermRestoresTheTerminal() throws {
        try start()
        waitFor("the sample") { $0.contains("Coastal Cup Final") }
        XCTAssertEqual(format("#{alternate_on}"), "1")
        guard let pid = tmux.programPid() else { return XCTFail("the program's pid") }
        kill(pid, SIGTERM)
        let status = waitForExit()
        XCTAssertNotNil(status, "the program ended")
        XCTAssertNotEqual(status, "EXIT=0", "ended by the signal (re-raised)")
        assertTerminalRestored()
    }

    /// C7: a session recorded with --record, replayed by `simulate --trace`, has the jump.
    func testC7_recordInTmuxThenSimulate() throws {
        let rec = workDir + "/session.json", trace = workDir + "/trace.jsonl"
        try start(args: "--network 3g --record '\(rec)'")
        waitFor("the sample") { $0.contains("Coastal Cup Final") && $0.contains("rec") }
        literal("/ev-049")
        keys("Enter")
        waitFor("the jump") { $0.contains("jump #1 → ev-049") }
        usleep(1_500_000)
        literal("\u{1b}[<65;10;10M")
        usleep(500_000)
        keys("q")
        XCTAssertEqual(waitForExit(), "EXIT=0")
        let sim = spawn(Fixture.binary, ["simulate", rec, "--trace", trace])
        XCTAssertEqual(sim.code, 0, sim.out)
        let lines = ((try? String(contentsOfFile: trace, encoding: .utf8)) ?? "").split(separator: "\n")
        let hooks = lines.filter { $0.contains("\"ev\":\"hook\"") }
        XCTAssertFalse(hooks.isEmpty, "the replay has the jump's hook calls")
        XCTAssertTrue(lines.contains { $0.contains("\"ev\":\"nav\"") && $0.contains("ev-049") })
        XCTAssertTrue(lines.contains { $0.contains("\"ev\":\"hold-end\"") && $0.contains("\"input\"") }, "the wheel ended the hold (E16)")
    }
}
