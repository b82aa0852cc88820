import CEngineGuard
import CSignals
import Foundation
import TerminalKit
import TestSupport
import XCTest

/// T6 and X2 through the one signal chain (issue 39): whichever of the engine guard and the
/// terminal restorer registers first, and after the terminal is re-installed, a SIGTERM kills the
/// engine's process group, removes its run directory, writes the recording, restores the terminal,
/// and the process still dies by the signal. Before the chain the terminal's handler, installed
/// after the guard's, replaced it and never chained: the group lived on until its pipe closed.
///
/// Each case runs in a child (this bundle run again with `runnerKey` set, naming a test below; its
/// class set-up is the runner, no test of it runs): it starts `sleep` in a process group of its own
/// through the engine's spawn, registers the cleanups in the case's order with stdout on a
/// pseudo-terminal, says it is ready, and waits for the test's SIGTERM.
final class SignalChainTests: XCTestCase {
    static let runnerKey = "LIVEBLOG_SIGNAL_CHAIN_RUNNER"
    static let restoreMarker = "<restored by the chain>"

    /// In the runner: `steps|file` in the environment. Not a test: in the suite it does nothing.
    override class func setUp() {
        super.setUp()
        guard let spec = ProcessInfo.processInfo.environment[runnerKey] else { return }
        let parts = spec.split(separator: "|", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { exit(64) }
        exit(runner(steps: parts[0].split(separator: ",").map(String.init), file: parts[1]))
    }

    private static func runner(steps: [String], file: String) -> Int32 {
        var fds: [Int32] = [0, 0]
        guard lb_engine_pipe(&fds) == 0 else { return 71 }
        var group: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("60"), nil]
        let envp: [UnsafeMutablePointer<CChar>?] = [nil]
        guard lb_engine_spawn("/bin/sleep", argv, envp, fds[0], fds[1], "/dev/null", uid_t.max, gid_t.max, &group) == 0
        else { return 71 }
        let profile = file + ".profile"
        guard mkdir(profile, 0o700) == 0,
              FileManager.default.createFile(atPath: profile + "/owner.pid", contents: Data("\(getpid())\n".utf8)) else { return 73 }
        let profileFD = open(profile, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        let recording = file + ".recording", temporary = recording + ".tmp"
        for step in steps {
            switch step {
            case "engine":
                lb_engine_guard_install()
                guard lb_engine_guard_add(group) == 0, lb_engine_guard_add_dir(profileFD, profile) == 0 else { return 70 }
            case "terminal":
                TerminalRestorer.saveTerminalModes()
                TerminalRestorer.install(restoreSequence: restoreMarker)
                TerminalRestorer.resetRecording()
                TerminalRestorer.setRecordingPaths(temporary: temporary, final: recording)
                TerminalRestorer.appendRecording(Array("{\"events\": [".utf8))
                TerminalRestorer.setRecordingTail(Array("], \"duration\": \u{1}}\n".utf8), tick: 0, minTick: 0, ticksPerSecond: 120)
                TerminalRestorer.setRecording(fileDescriptor: open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600))
            case "shutdown":
                TerminalRestorer.uninstall()
            case "ignore":
                // nohup's HUP, liveblog's XFSZ: ignored before the chain, ignored after it.
                signal(SIGHUP, SIG_IGN)
                signal(SIGXFSZ, SIG_IGN)
            case "reporter":
                // A crash reporter as Swift's is: SA_SIGINFO, and it returns.
                var sa = sigaction()
                sa.__sigaction_handler.sa_sigaction = { _, _, _ in _ = write(STDOUT_FILENO, "<reporter>", 10) }
                sa.sa_flags = SA_SIGINFO
                for sig in [SIGQUIT, SIGSEGV] { sigaction(sig, &sa, nil) }
            default:
                return 64
            }
        }
        // The one handler is SIGTERM's disposition whatever the order.
        guard lb_signal_chain_handles(SIGTERM) == 1 else { return 75 }
        if steps.contains("ignore"), lb_signal_chain_handles(SIGHUP) == 1 || lb_signal_chain_handles(SIGXFSZ) == 1 { return 76 }
        guard FileManager.default.createFile(atPath: file, contents: Data("\(group)\n\(profile)\n".utf8)) else { return 73 }
        sleep(60)
        return 0
    }

    /// What a child running `steps` left when SIGTERM ended it.
    struct Ending {
        var reason: Process.TerminationReason
        var status: Int32
        var groupLeft: [Int32]
        var profileLeft: Bool
        var terminal: String
        var recording: String?
        /// The recording's temporary file is still there (a crash signal's discard removes it).
        var temporaryLeft: Bool
    }

    func sigterm(after steps: [String], first: [Int32] = [], signal: Int32 = SIGTERM, name: String = #function) throws -> Ending {
        let file = NSTemporaryDirectory() + "liveblog-chain-\(getpid())-\(steps.joined(separator: "-"))"
        for leftover in [file, file + ".recording", file + ".recording.tmp"] { try? FileManager.default.removeItem(atPath: leftover) }
        try? FileManager.default.removeItem(atPath: file + ".profile")
        let pty = try PseudoTerminal.openPair(rows: 24, cols: 80)
        defer { close(pty.master); close(pty.slave) }
        let runner = Process()
        runner.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        runner.arguments = ["TerminalKitTests.SignalChainTests/\(name.replacingOccurrences(of: "()", with: ""))"]
        runner.environment = ProcessInfo.processInfo.environment.merging([Self.runnerKey: steps.joined(separator: ",") + "|" + file]) { $1 }
        runner.standardInput = FileHandle.nullDevice
        runner.standardOutput = FileHandle(fileDescriptor: pty.slave, closeOnDealloc: false)
        runner.standardError = FileHandle.nullDevice
        try runner.run()
        defer { if runner.isRunning { kill(runner.processIdentifier, SIGKILL) } }
        var written: [Substring] = []
        let ready = Wait.until(timeout: 60) {
            written = ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n")
            return written.count == 2 || !runner.isRunning
        }
        XCTAssertTrue(ready && runner.isRunning, "the runner got ready (exit \(runner.terminationStatusIfEnded))")
        let group = try XCTUnwrap(written.first.flatMap { Int32($0) }, "the runner started a group")
        XCTAssertFalse(EngineProcesses.inGroup(group).isEmpty, "the group runs")
        for sig in first {
            kill(runner.processIdentifier, sig)
            usleep(100_000)
            XCTAssertTrue(runner.isRunning, "signal \(sig) is ignored")
            XCTAssertFalse(EngineProcesses.inGroup(group).isEmpty, "signal \(sig) killed no group")
        }
        kill(runner.processIdentifier, signal)
        XCTAssertTrue(Wait.until(timeout: 30) { !runner.isRunning }, "signal \(signal) ended the runner")
        if runner.isRunning { kill(runner.processIdentifier, SIGKILL) }
        runner.waitUntilExit()
        let ending = Ending(reason: runner.terminationReason, status: runner.terminationStatus,
                            groupLeft: EngineProcesses.waitUntilGone(group),
                            profileLeft: FileManager.default.fileExists(atPath: String(written[1])),
                            terminal: Self.drain(pty.master),
                            recording: try? String(contentsOfFile: file + ".recording", encoding: .utf8),
                            temporaryLeft: FileManager.default.fileExists(atPath: file + ".recording.tmp"))
        for leftover in [file, file + ".recording", file + ".recording.tmp"] { try? FileManager.default.removeItem(atPath: leftover) }
        if !ending.groupLeft.isEmpty { kill(-group, SIGKILL) }
        return ending
    }

    /// What the pseudo-terminal holds now (without waiting for more).
    static func drain(_ master: Int32) -> String {
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(master, &buffer, buffer.count)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func assertBothRanAndTheSignalEndedIt(_ e: Ending, signal: Int32 = SIGTERM, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(e.reason, .uncaughtSignal, "the process died by the signal", file: file, line: line)
        XCTAssertEqual(e.status, signal, "by the signal (a shell says 128+\(signal))", file: file, line: line)
        XCTAssertEqual(e.groupLeft, [], "the engine's group was killed", file: file, line: line)
        XCTAssertFalse(e.profileLeft, "the engine's run directory was removed", file: file, line: line)
        XCTAssertTrue(e.terminal.contains(Self.restoreMarker), "the terminal was restored: \(e.terminal.debugDescription)",
                      file: file, line: line)
        // The duration is the moment of the signal: a second after the anchor, and a little more.
        // A crash signal discards the recording instead (the path keeps what it had: nothing).
        guard [SIGTERM, SIGINT, SIGHUP, SIGQUIT].contains(signal) else {
            XCTAssertFalse(e.temporaryLeft, "a crash signal discards the recording's temporary file", file: file, line: line)
            return XCTAssertNil(e.recording, "a crash signal writes no recording", file: file, line: line)
        }
        let prefix = "{\"events\": [], \"duration\": "
        let duration = e.recording.flatMap { r in
            r.hasPrefix(prefix) && r.hasSuffix("}\n") ? Double(r.dropFirst(prefix.count).prefix { $0.isNumber || $0 == "." }) : nil
        }
        // A second after the anchor, plus however long a loaded machine took to send the signal.
        XCTAssertTrue(duration.map { $0 >= 1 && $0 < 60 } == true,
                      "SIGTERM wrote the recording: \(e.recording ?? "none")", file: file, line: line)
    }

    func testT6_X2_engineGuardThenTerminal_SIGTERMRunsBoth() throws {
        assertBothRanAndTheSignalEndedIt(try sigterm(after: ["engine", "terminal"]))
    }

    func testT6_X2_terminalThenEngineGuard_SIGTERMRunsBoth() throws {
        assertBothRanAndTheSignalEndedIt(try sigterm(after: ["terminal", "engine"]))
    }

    /// `compare` installs the terminal twice; a second screen after a shutdown installs it again.
    func testT6_X2_terminalReinstalledAfterTheEngineGuard_SIGTERMRunsBoth() throws {
        assertBothRanAndTheSignalEndedIt(try sigterm(after: ["engine", "terminal", "terminal"]))
        assertBothRanAndTheSignalEndedIt(try sigterm(after: ["terminal", "engine", "shutdown", "terminal"]))
    }

    /// A normal shutdown of the terminal takes its cleanup out of the chain and leaves the engine's.
    func testT6_X2_terminalShutDown_SIGTERMStillKillsTheEngineAndEndsTheProcess() throws {
        let e = try sigterm(after: ["engine", "terminal", "shutdown"])
        XCTAssertEqual(e.reason, .uncaughtSignal)
        XCTAssertEqual(e.status, SIGTERM)
        XCTAssertEqual(e.groupLeft, [], "the engine's group was killed")
        XCTAssertFalse(e.profileLeft, "the engine's run directory was removed")
        XCTAssertFalse(e.terminal.contains(Self.restoreMarker), "no terminal to restore after its shutdown")
        XCTAssertNil(e.recording, "no recording written after the terminal's shutdown")
    }
}

extension SignalChainTests {
    /// An ignored signal stays ignored when the chain comes (nohup's HUP, liveblog's XFSZ): it
    /// neither ends the run nor kills the engine.
    func testT6_X2_signalsIgnoredBeforeTheChainStayIgnored() throws {
        assertBothRanAndTheSignalEndedIt(try sigterm(after: ["ignore", "engine", "terminal"], first: [SIGHUP, SIGXFSZ]))
    }

    /// S8: SIGQUIT is not handed to a crash reporter that returns (the run would go on), nor is a
    /// crash signal sent from outside; both still run the cleanups and end the process.
    func testS8_SIGQUITAndASentSIGSEGVPassACrashReporterBy() throws {
        for sig in [SIGQUIT, SIGSEGV] {
            let e = try sigterm(after: ["reporter", "engine", "terminal"], signal: sig)
            assertBothRanAndTheSignalEndedIt(e, signal: sig)
            XCTAssertFalse(e.terminal.contains("<reporter>"), "signal \(sig) was not handed to the reporter")
        }
    }
}

private extension Process {
    var terminationStatusIfEnded: String { isRunning ? "none, it runs" : "\(terminationStatus)" }
}
