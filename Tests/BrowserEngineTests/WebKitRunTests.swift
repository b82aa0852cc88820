import EngineProcess
import Foundation
import LiveblogModel
import TestSupport
import XCTest

/// X11 through the binary: a bundled iOS scenario run with `--engine webkit` gives hook lines
/// from WebKit, and no process of the WebKit helper's group (the helper, its Xvfb, WebKit's
/// processes) outlives liveblog: after a normal end, SIGTERM, SIGKILL, and a killed helper.
final class WebKitRunTests: XCTestCase {
    static let scenario = TestPaths.root + "/Assets/scenarios/device-iphone-15-deep-link.json"

    func testX11_aBundledIosScenarioGivesHookLinesFromWebKitAndLeavesNothing() throws {
        try WebKitPageTests.requireWebKit()
        let trace = NSTemporaryDirectory() + "liveblog-webkit-trace-\(getpid()).jsonl"
        defer { unlink(trace) }
        let (process, group) = try start(["simulate", Self.scenario, "--engine", "webkit", "--trace", trace])
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "the scenario's expectations pass in WebKit")
        XCTAssertEqual(EngineProcesses.waitUntilGone(group), [], "nothing of the helper's group is left")
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
            .compactMap { try? JSONParser.parse(String($0)) }
        XCTAssertTrue(lines.contains { $0["ev"]?.stringValue == "engine" && $0["kind"]?.stringValue == "start"
                                        && $0["product"]?.stringValue?.hasPrefix("WebKitGTK/") == true })
        XCTAssertTrue(lines.contains { $0["message"]?.stringValue?.contains("steps with the World's frames") == true },
                      "the trace says WebKit's page runs on a clock stepped with the World's frames (X13)")
        let hooks = lines.filter { $0["ev"]?.stringValue == "hook" }
        XCTAssertEqual(hooks.first?["jumpId"]?.intValue, 1)
        XCTAssertEqual(hooks.first?["correction"]?.boolValue, false, "the first call")
        XCTAssertTrue(hooks.allSatisfy { $0["args"]?.intValue == 2 && $0["jumpId"]?.intValue == 1 }, "\(hooks)")
        XCTAssertTrue(lines.contains { $0["ev"]?.stringValue == "nav" && $0["id"]?.stringValue == "ev-040"
                                        && $0["result"]?.stringValue == "found" })
        // W1: WebKit's estimated-load-progress, below 1 while the 3g images load, then 1.
        let progress = lines.filter { $0["ev"]?.stringValue == "progress" }.compactMap { $0["value"]?.doubleValue }
        XCTAssertGreaterThanOrEqual(progress.count, 2, "\(progress)")
        XCTAssertLessThan(progress.first ?? 1, 1, "\(progress)")
        XCTAssertEqual(progress.last, 1, "\(progress)")
        XCTAssertEqual(progress, progress.sorted(), "the value never goes back during the load")
    }

    func testX11_noProcessOfWebKitOutlivesLiveblogEndedBySIGTERMOrSIGKILL() throws {
        try WebKitPageTests.requireWebKit()
        for signal in [SIGTERM, SIGKILL] {
            let (process, group) = try start(["simulate", Self.scenario, "--engine", "webkit"])
            XCTAssertGreaterThanOrEqual(waitForGroup(group, atLeast: 3), 3, "the helper, its Xvfb and WebKit run")
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            XCTAssertEqual(EngineProcesses.waitUntilGone(group), [], "nothing outlives liveblog ended by signal \(signal)")
        }
    }

    func testX11_aKilledHelperEndsTheRunWithItsCauseAndLeavesNothing() throws {
        try WebKitPageTests.requireWebKit()
        let err = NSTemporaryDirectory() + "liveblog-webkit-err-\(getpid())"
        defer { unlink(err) }
        let (process, group) = try start(["simulate", Self.scenario, "--engine", "webkit"], stderr: err)
        XCTAssertGreaterThanOrEqual(waitForGroup(group, atLeast: 3), 3)
        Thread.sleep(forTimeInterval: 1)
        kill(group, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 70, "the engine ended the run")
        let said = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
        XCTAssertTrue(said.contains("killed by signal 9"), said)
        XCTAssertEqual(EngineProcesses.waitUntilGone(group), [], "Xvfb and WebKit's processes end with their helper")
    }

    /// `--engine platform`: an iOS scenario's page in WebKit, an Android one's in Chromium.
    func testX11_platformRunsIosInWebKitAndAndroidInChromium() throws {
        try WebKitPageTests.requireWebKit()
        for (name, product) in [("device-iphone-15-deep-link", "WebKitGTK/"), ("device-pixel-8-deep-link", "HeadlessChrome/")] {
            let trace = NSTemporaryDirectory() + "liveblog-platform-\(getpid())-\(name).jsonl"
            defer { unlink(trace) }
            let r = Subprocess.output(TestPaths.liveblog, ["simulate", TestPaths.root + "/Assets/scenarios/\(name).json",
                                                          "--engine", "platform", "--trace", trace], timeout: 120)
            XCTAssertEqual(r.code, 0, r.err)
            let text = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
            XCTAssertTrue(text.contains("\"product\":\"\(product)"), "\(name) runs in \(product): \(text.prefix(300))")
        }
    }

    // MARK: - Helpers

    /// Starts liveblog and waits (up to 60 s) for its WebKit helper: the process and the helper's group.
    private func start(_ args: [String], stderr: String? = nil) throws -> (Process, Int32) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: TestPaths.liveblog)
        p.arguments = args
        p.standardOutput = FileHandle.nullDevice
        p.standardError = stderr.flatMap { FileManager.default.createFile(atPath: $0, contents: nil) ? FileHandle(forWritingAtPath: $0) : nil }
            ?? FileHandle.nullDevice
        try p.run()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, p.isRunning {
            if let g = helperGroup(parent: p.processIdentifier) { return (p, g) }
            usleep(20_000)
        }
        if p.isRunning { kill(p.processIdentifier, SIGKILL) }
        throw NoHelper()
    }

    /// The process group of `parent`'s child `liveblog-webkit-…` (its comm is cut to 15 bytes).
    private func helperGroup(parent: Int32) -> Int32? {
        for pid in children(of: parent) {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  stat.contains("(liveblog-webki"), let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 3, Int32(fields[1]) == parent { return Int32(fields[2]) }
        }
        return nil
    }

    private func children(of parent: Int32) -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name -> Int32? in
            guard let pid = Int32(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && Int32(fields[1]) == parent ? pid : nil
        }
    }

    /// Waits (up to 30 s) until the group has `n` live processes; how many it has.
    private func waitForGroup(_ group: Int32, atLeast n: Int) -> Int {
        let deadline = Date().addingTimeInterval(30)
        var count = EngineProcesses.inGroup(group).count
        while count < n, Date() < deadline {
            usleep(50_000)
            count = EngineProcesses.inGroup(group).count
        }
        return count
    }
}

private struct NoHelper: Error, CustomStringConvertible {
    var description: String { "liveblog started no WebKit helper within 60 s" }
}
