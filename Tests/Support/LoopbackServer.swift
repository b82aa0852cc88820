import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An HTTP server a test starts on the loopback (R7: tests talk only to servers they start) and
/// stops in its tearDown (or when it is released). Two scripts are its implementation, in
/// Tests/Support/Python: `fixture_server.py` (files from the given folders, slow and broken
/// bodies, ETags, live polls) and `hostile_server.py` (bombs, endless bodies, hostile headers),
/// each on a free port it prints, each exiting by itself after two minutes so that a crashed test
/// run leaves nothing behind.
public final class LoopbackServer {
    public enum Address: String {
        case ipv4 = "127.0.0.1"
        case ipv6 = "::1"
    }

    /// python3 ran, but no port came: the script failed (a failure, not a skip).
    public struct DidNotStart: Error, CustomStringConvertible {
        public let description: String
    }

    public let port: Int
    public let address: Address
    private let process = Process()

    /// `http://127.0.0.1:PORT` or `http://[::1]:PORT`.
    public var origin: String {
        address == .ipv6 ? "http://[::1]:\(port)" : "http://127.0.0.1:\(port)"
    }

    /// fixture_server.py serving the files of `directories` (searched in order) under /files/.
    public convenience init(serving directories: [String] = []) throws {
        try self.init(script: "fixture_server.py", directories, address: .ipv4)
    }

    /// hostile_server.py on `address`.
    public convenience init(hostileOn address: Address) throws {
        try self.init(script: "hostile_server.py", [address == .ipv6 ? "6" : "4"], address: address)
    }

    private init(script: String, _ args: [String], address: Address) throws {
        let python = try Requirement.tool("python3", package: "python3")
        if address == .ipv6 { try Requirement.check(Self.ipv6LoopbackWorks(), "an IPv6 loopback (::1)") }
        self.address = address
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [TestPaths.support + "/Python/" + script] + args
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            process.waitUntilExit()
            throw DidNotStart(description: "the loopback server \(script) did not start")
        }
        self.port = port
    }

    deinit { stop() }

    public func url(_ path: String) -> URL { URL(string: origin + path)! }

    /// Sets the step of fixture_server.py's /live/NAME route (which snapshot a poll gets).
    public func setLiveStep(_ step: Int) throws {
        _ = try Data(contentsOf: url("/live-step/\(step)"))
    }

    public func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Whether a socket can be bound on ::1 here.
    static func ipv6LoopbackWorks() -> Bool {
        let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var a = sockaddr_in6()
        a.sin6_family = sa_family_t(AF_INET6)
        a.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &a) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
            }
        }
    }
}
