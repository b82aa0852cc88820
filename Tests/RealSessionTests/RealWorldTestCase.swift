import Embed
import Host
import Foundation
import RealSources
import Simulation
import TestSupport
import XCTest

/// A world on a real source served by a loopback server the test starts (R7), advanced in step
/// with the clock as the terminal's run loop advances it; every trace record kept.
class RealWorldTestCase: XCTestCase {
    static let fixtures = TestPaths.root + "/Tests/RealSourcesTests/Fixtures"

    var server: LoopbackServer!
    var records: [TraceRecord] = []

    override func setUpWithError() throws {
        server = try LoopbackServer(serving: [Self.fixtures])
    }

    override func tearDown() {
        server?.stop()
        server = nil
    }

    func url(_ path: String) -> URL { server.url(path) }

    func setLiveStep(_ step: Int) throws { try server.setLiveStep(step) }

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
