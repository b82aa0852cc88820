import Embed
import Host
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RealSources
import Simulation
import XCTest

/// A world on a real source served by a loopback server the test starts (R7), advanced in step
/// with the clock as the terminal's run loop advances it; every trace record kept.
class RealWorldTestCase: XCTestCase {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = tests.appendingPathComponent("RealSourcesTests/Fixtures")

    var server: Process!
    var port = 0
    var records: [TraceRecord] = []

    override func setUpWithError() throws {
        server = Process()
        let output = Pipe()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["python3", Self.tests.appendingPathComponent("FetchTests/server.py").path,
                            Self.fixtures.path]
        server.standardOutput = output
        try server.run()
        let text = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        port = try XCTUnwrap(Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), "no loopback server")
    }

    override func tearDown() {
        if server?.isRunning == true {
            server.terminate()
            server.waitUntilExit()
        }
    }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    func setLiveStep(_ step: Int) throws { _ = try Data(contentsOf: url("/live-step/\(step)")) }

    func config(platform: Platform = .ios) -> WorldConfig {
        var c = WorldConfig()
        c.cols = 60
        c.rows = 20
        c.platform = platform
        return c
    }

    /// A world on `session`, its trace kept in `records`.
    func world(_ session: RealSession, _ config: WorldConfig) -> World {
        let world = World(liveblog: session.liveblog, config: config, loader: session.loader)
        world.liveFeed = session.liveFeed
        world.sink = { [unowned self] in self.records.append($0) }
        world.advance(to: 0)
        return world
    }

    /// Advances `world` in step with the clock (120 ticks a second) until `done` or `seconds`.
    func run(_ world: World, seconds: Double, until done: () -> Bool = { false }) {
        let start = Date()
        while Date().timeIntervalSince(start) < seconds, !done() {
            let tick = Int(Date().timeIntervalSince(start) * 120)
            world.advance(to: max(world.tick + 1, tick))
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    func events(_ kinds: Set<String>) -> [String] {
        records.filter { kinds.contains($0.event.kind) }.map(\.json)
    }
}
