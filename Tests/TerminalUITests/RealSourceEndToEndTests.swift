import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// R2, R3, R7 end to end: the real binary in tmux reads a liveblog from a loopback HTTP server the
/// test starts (FetchTests/server.py), shows its JPEG as an image, and applies a live poll
/// without moving the text under the reader. Skips without tmux, python3 or the binary.
final class RealSourceEndToEndTests: XCTestCase {
    nonisolated(unsafe) static var counter = 0
    var socket = ""
    var tmuxPath = ""
    var workDir = ""
    var server: Process?
    var port = 0

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: Fixture.binary) else {
            throw XCTSkip("\(Fixture.binary) is missing: run `swift build` first")
        }
        guard let t = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("tmux is not installed")
        }
        tmuxPath = t
        Self.counter += 1
        socket = "lbreal-\(getpid())-\(Self.counter)"
        workDir = NSTemporaryDirectory() + "/\(socket)"
        try FileManager.default.createDirectory(atPath: workDir, withIntermediateDirectories: true)
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", tests.appendingPathComponent("FetchTests/server.py").path,
                             tests.appendingPathComponent("RealSourcesTests/Fixtures").path]
        process.standardOutput = output
        try process.run()
        server = process
        let text = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard let p = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw XCTSkip("the loopback server did not start (is python3 installed?)")
        }
        port = p
    }

    override func tearDown() {
        if !socket.isEmpty {
            tmux(["kill-server"])
            let dir = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
            try? FileManager.default.removeItem(atPath: "\(dir)/tmux-\(getuid())/\(socket)")
        }
        if let server, server.isRunning {
            server.terminate()
            server.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: workDir)
    }

    /// tmux through posix_spawn and waitpid (see EndToEndTests.spawn for why not Process).
    @discardableResult
    func tmux(_ args: [String]) -> String {
        Fixture.output(tmuxPath, ["-L", socket, "-f", "/dev/null"] + args, in: workDir).out
    }

    func start(_ args: String) {
        let env = "XDG_STATE_HOME='\(workDir)/state'"
        let cmd = "cd '\(workDir)' && \(env) '\(Fixture.binary)' \(args); echo EXIT=$?; sleep 30"
        tmux(["new-session", "-d", "-x", "90", "-y", "30", "-c", workDir, "sh", "-c", cmd])
    }

    func capture() -> [String] { tmux(["capture-pane", "-p"]).components(separatedBy: "\n") }

    @discardableResult
    func waitFor(_ what: String, timeout: Double = 15, _ ok: ([String]) -> Bool) -> [String] {
        let end = Date().addingTimeInterval(timeout)
        var last: [String] = []
        while Date() < end {
            last = capture()
            if ok(last) { return last }
            usleep(50_000)
        }
        XCTFail("timed out waiting for \(what); screen:\n\(last.joined(separator: "\n"))")
        return last
    }

    static func isImageRow(_ line: String) -> Bool {
        let shades = Set("░▒▓█")
        let used = Set(line.filter { shades.contains($0) })
        return line.contains("▀▀▀▀▀▀▀▀") || used.count >= 2
    }

    func testR2_ViewURLShowsAJPEGAsAnImage() {
        start("view 'http://127.0.0.1:\(port)/files/tickaroo.json?type=application/json'")
        // Half blocks in colour; shades of the quadrants without colour (the pending placeholder
        // is one even shade with a label).
        let screen = waitFor("the JPEG drawn as an image") { $0.filter(Self.isImageRow).count >= 4 }
        XCTAssertTrue(screen.contains { $0.contains("Second post") })
        XCTAssertTrue(screen.contains { $0.contains("real") }, "the network badge says real")
        tmux(["send-keys", "q"])
    }

    func testR3_LivePostArrivesWithoutMovingTheTextUnderTheReader() throws {
        start("view 'http://127.0.0.1:\(port)/live/live' --poll 1")
        waitFor("the liveblog") { $0.contains { $0.contains("Post 12.") } }
        // One line at a time (keys 120 ms apart, not a stream that flings) until post 8 is the
        // post at the top of the view (or post 9 above it): every change of the poll (post 13 new,
        // 12 and 10 deleted, 11 edited) is above.
        // Rows 4-6: under the bar (rows 0-1) and the pill's row (2).
        let marker = " Post 8. Words"
        var settled = capture()
        var presses = 0
        func markerPlaced() -> Bool {
            (4...6).contains { settled.indices.contains($0) && settled[$0].hasPrefix(marker) }
        }
        while presses < 120, !markerPlaced() {
            tmux(["send-keys", "j"])
            presses += 1
            usleep(120_000)
            settled = capture()
        }
        // The scroll has settled when two captures 300 ms apart agree.
        for _ in 0..<20 {
            usleep(300_000)
            let next = capture()
            if next == settled { break }
            settled = next
        }
        let row = try XCTUnwrap(settled.firstIndex { $0.hasPrefix(marker) },
                                "post 8 not in view:\n\(settled.joined(separator: "\n"))")
        let line = settled[row]
        _ = try Data(contentsOf: URL(string: "http://127.0.0.1:\(port)/live-step/1")!)
        let after = waitFor("the new-posts pill") { $0.contains { $0.contains("1 new post") } }
        XCTAssertEqual(after.firstIndex(of: line), row, "the text under the reader did not move")
        tmux(["send-keys", "N"])
        waitFor("the newest post at the top") { $0.contains { $0.contains("Post 13 arrives live") } }
        tmux(["send-keys", "q"])
    }
}
