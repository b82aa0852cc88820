import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// FetchTests/server.py on 127.0.0.1 serving this folder's Fixtures (and any extra folders) (R7):
/// started by a test, stopped in tearDown; it exits by itself after two minutes.
final class LoopbackFixtureServer {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    let process = Process()
    let port: Int

    init(extraDirectories: [String] = []) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.tests.appendingPathComponent("FetchTests/server.py").path,
                             Self.fixtures.path] + extraDirectories
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let port = Int(text) else {
            process.terminate()
            throw XCTSkip("the loopback server did not start (is python3 installed?)")
        }
        self.port = port
    }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// Sets the step of the /live/NAME route (which snapshot a poll gets).
    func setLiveStep(_ step: Int) throws {
        _ = try Data(contentsOf: url("/live-step/\(step)"))
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
