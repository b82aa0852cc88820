import Fetch
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// server.py run by python3 on 127.0.0.1 (R7): started by a test, stopped in its tearDown; it
/// also exits by itself after two minutes.
final class LoopbackServer {
    struct ServerDidNotStart: Error, CustomStringConvertible {
        var description: String { "the loopback server did not start (is python3 installed?)" }
    }

    let process = Process()
    let port: Int

    init() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("server.py")
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let text = String(data: line, encoding: .utf8),
              let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw ServerDidNotStart()
        }
        self.port = port
    }

    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// A loopback port nothing listens on (R6).
    static func closedPort() -> Int { LoopbackPort.unused() }
}
