@testable import Chromium
@testable import EngineProcess
import Foundation
import TestSupport
import XCTest

/// X2: the engine never outlives liveblog, even when liveblog is killed with SIGKILL (no handler
/// runs then): the engine ends when its DevTools pipe closes. A child runner (this test bundle
/// run again with `runnerKey` set; its class set-up is the runner, no test of it runs) starts an
/// engine and waits; the test kills the runner with SIGKILL and checks the engine's group empties.
final class OutlivingTests: XCTestCase {
    static let runnerKey = "LIVEBLOG_ENGINE_RUNNER_FILE"

    /// In the runner (this bundle run again with `runnerKey` set, naming one of the tests below):
    /// starts an engine, writes its process group and run directory into the file, waits to be
    /// killed, and exits before any test runs. Not a test: in the suite it does nothing.
    override class func setUp() {
        super.setUp()
        guard let file = ProcessInfo.processInfo.environment[runnerKey] else { return }
        do {
            let browser = try Browser.launch()
            try "\(browser.pid)\n\(browser.runDirectory)\n".write(toFile: file, atomically: true, encoding: .utf8)
            sleep(60)
            browser.close()
            exit(0)
        } catch {
            exit(70)
        }
    }

    func testX2_engineDiesWithARunnerKilledBySIGKILL() throws {
        try killRunner(signal: SIGKILL)
    }

    func testX2_engineDiesWithARunnerEndedBySIGTERM() throws {
        try killRunner(signal: SIGTERM)
    }

    private func killRunner(signal: Int32) throws {
        try EngineLaunch.requireEngine()
        let file = NSTemporaryDirectory() + "liveblog-runner-\(getpid())-\(signal)"
        try? FileManager.default.removeItem(atPath: file)
        let runner = Process()
        runner.executableURL = URL(fileURLWithPath: try selfExecutable())
        runner.arguments = ["EngineProcessTests.OutlivingTests/testX2_engineDiesWithARunnerEndedBySIGTERM"]
        runner.environment = ProcessInfo.processInfo.environment.merging([Self.runnerKey: file]) { $1 }
        runner.standardOutput = FileHandle.nullDevice
        runner.standardError = FileHandle.nullDevice
        try runner.run()
        defer { if runner.isRunning { kill(runner.processIdentifier, SIGKILL) } }
        let deadline = Date().addingTimeInterval(30)
        var written: [Substring] = []
        while written.count < 2, Date() < deadline, runner.isRunning {
            written = ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n")
            usleep(50_000)
        }
        let group = try XCTUnwrap(written.first.flatMap { Int32($0) }, "the runner started an engine")
        let profile = String(written.last ?? "")
        XCTAssertFalse(EngineProcesses.inGroup(group).isEmpty, "the engine runs")
        kill(runner.processIdentifier, signal)
        runner.waitUntilExit()
        XCTAssertEqual(EngineProcesses.waitUntilGone(group), [], "no engine process outlives its runner")
        try? FileManager.default.removeItem(atPath: file)
        if signal != SIGKILL {
            // S1: a runner ended by a signal it can handle removes its own run directory.
            XCTAssertFalse(FileManager.default.fileExists(atPath: profile), "\(profile) left after signal \(signal)")
        }
        // A killed runner could not remove its profile: the next launch does.
        BrowserProcess.removeStaleProfiles()
        XCTAssertFalse(FileManager.default.fileExists(atPath: profile), profile)
    }

    private func selfExecutable() throws -> String {
        try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    }
}
