import TestSupport
import XCTest
import Foundation
import LiveblogModel
import Embed
@testable import QA
@testable import Simulation
import TerminalKit
@testable import TerminalUI

/// Section 10 is measured by `liveblog bench`, never by timed tests. These check the mechanisms
/// the figures rest on, with counts, not clocks.
final class CostMechanismTests: XCTestCase {
    /// B1: a frame touches only the visible rows: at 10 000 posts, drawing the middle of the page
    /// builds the items of the few posts on screen, not of every post.
    func testB1_aFrameBuildsOnlyTheVisiblePosts() {
        var cfg = WorldConfig()
        cfg.cols = 200
        cfg.rows = 60
        cfg.page.networkProfile = .offline
        let world = World(liveblog: LiveblogGenerator.generate(posts: 10_000, seed: 5), config: cfg)
        world.advance(to: 2)
        world.send(.listOffset((world.scrollView.minOffset + world.scrollView.maxOffset) / 2))
        let grid = CellGrid(cols: 200, rows: 60)
        Renderer().draw(world, UIState(), on: grid)
        let built = world.emulatedPage!.cachedPostLayouts
        XCTAssertGreaterThan(built, 0)
        XCTAssertLessThanOrEqual(built, 60, "a 60-row screen shows at most 60 posts; \(built) were built")
        let drawnRows = grid.text().split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        XCTAssertGreaterThan(drawnRows.count, 40, "the middle of the page is drawn")
    }

    /// B4: `simulate` runs in virtual time: ten minutes of scenario are 72 000 ticks and 36 000
    /// frames, whatever the wall clock does (nothing sleeps or reads it).
    func testB4_simulateRunsInVirtualTime() {
        let lb = LiveblogGenerator.generate(posts: 200, seed: 2)
        var cfg = WorldConfig()
        cfg.page.networkProfile = .threeG
        let s = Scenario(liveblog: lb, config: cfg, duration: 600, events: [.init(at: 1, event: .jump(id: lb.posts[150].id, topOffset: nil))],
                         expectations: [], name: "ten minutes")
        let r = ScenarioRunner(scenario: s)
        var frames = 0
        r.traceLine = { if $0.contains("\"ev\":\"frame\"") { frames += 1 } }
        r.keepRecords = false
        r.run()
        XCTAssertEqual(r.world.tick, 600 * 120)
        XCTAssertEqual(frames, 600 * 60)
    }

}

/// B5 on a real pseudo-terminal, with the liveblog binary as a child (the heavy tier of scripts/test).
final class CostOnATerminalTests: XCTestCase {
    /// B5: ncurses scrolls lines: one row scrolled costs a small part of a full frame, on a real
    /// pseudo-terminal. The B5 row of `liveblog bench` alone (the rest of the bench measures other
    /// things): its child, `bench --only scroll`, draws a 1 000-post liveblog on a 200×60 pty, then
    /// scrolls a row a frame, writing "F" on stderr after each frame and waiting for a byte; the
    /// bytes of each frame are counted here as the bench counts them.
    func testB5_oneRowScrolledCostsAboutOneRow() throws {
        let frames = try scrollFrameBytes(posts: 1_000)
        XCTAssertEqual(frames.count, 25, "the full frame, then 24 one-row scrolls")
        let full = Double(try XCTUnwrap(frames.first))
        let rows = frames.dropFirst().map(Double.init).sorted()
        let perRow = rows[rows.count / 2]
        XCTAssertGreaterThan(perRow, 0)
        XCTAssertLessThan(perRow * 10, full, "a one-row scroll (\(perRow) B) is far less than a full frame (\(full) B)")
        XCTAssertLessThan(perRow, 3 * 200 * 4, "about one 200-column row of text (\(perRow) B)")
    }

    /// The bytes of each frame `liveblog bench --only scroll` draws on a 200×60 pseudo-terminal.
    private func scrollFrameBytes(posts: Int) throws -> [Int] {
        let (master, slave) = try PseudoTerminal.openPair(rows: 60, cols: 200)
        defer { close(master) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try Requirement.liveblogBinary())
        p.arguments = ["bench", "--only", "scroll", "--posts", String(posts)]
        var env = ProcessInfo.processInfo.environment
        env["TERM"] = "xterm-256color"
        env["LANG"] = "C.UTF-8"
        env["LC_ALL"] = "C.UTF-8"
        env.removeValue(forKey: "NO_COLOR")
        env.removeValue(forKey: "TMUX")
        p.environment = env
        let slaveHandle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        p.standardInput = slaveHandle
        p.standardOutput = slaveHandle
        let err = Pipe()
        p.standardError = err
        try p.run()
        close(slave)
        defer { if p.isRunning { p.terminate() }; p.waitUntilExit() }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        let errFD = err.fileHandleForReading.fileDescriptor
        var counts: [Int] = [], current = 0
        var buf = [UInt8](repeating: 0, count: 1 << 16)
        func drain() {
            while true {
                let n = buf.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if n > 0 { current += n } else { break }
            }
        }
        // A generous bound on a hang (a frame takes milliseconds): the child never answering.
        while true {
            var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: errFD, events: Int16(POLLIN), revents: 0)]
            guard poll(&fds, 2, 30_000) > 0 else { XCTFail("the bench child went silent"); break }
            if fds[0].revents & Int16(POLLIN) != 0 { drain() }
            guard fds[1].revents != 0 else { continue }
            var b: UInt8 = 0
            guard read(errFD, &b, 1) == 1 else { break }
            guard b == UInt8(ascii: "F") else { continue }
            drain()   // the child waits for us: everything of this frame is in the pty now
            counts.append(current)
            current = 0
            var ack: UInt8 = 0x2E
            _ = write(master, &ack, 1)
        }
        return counts
    }
}
