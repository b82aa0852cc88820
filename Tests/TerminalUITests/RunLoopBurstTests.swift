import Foundation
import XCTest
import LiveblogModel
import Simulation
import TerminalKit
@testable import TerminalUI

/// P5, T7: keys that arrive together (tmux `send-keys j j j`, one write) reach the World at one
/// moment, however long handling each takes. Before, each input of a burst was read only after
/// the one before it had been handled: on a real engine's page, where handling a key takes more
/// than a tick, three `j` landed ticks apart, formed a key-repeat stream and its speed carried
/// into inertia (about 335 pt instead of 48).
final class RunLoopBurstTests: XCTestCase {
    /// A client whose handling of each input takes three ticks of the fake clock.
    final class SlowClient: RunLoopClient {
        var running = true
        var focused = true
        var isMoving = false
        var isWaiting = false
        var hasPendingImages = false
        var imageGeneration = 0
        var clock = 100
        var handled: [(tick: Int, event: InputEvent)] = []
        private var advancedTo = 0
        func start(on screen: NcursesScreen) {}
        func advance(to tick: Int) { advancedTo = max(advancedTo, tick) }
        func handle(_ event: InputEvent) {
            handled.append((advancedTo, event))
            clock += 3
        }
        func turn() -> Bool { false }
        func draw(on screen: Screen) {}
        func finish() -> SessionEnd { .finished }
    }

    func testP5_keysQueuedTogetherReachTheWorldAtOneTickWhateverHandlingCosts() {
        let client = SlowClient()
        var queued: [InputEvent] = [.key(.char("j")), .key(.char("j"))]
        let burst = TerminalRunLoop.readBurst(first: .key(.char("j")), now: { client.clock },
                                              next: { queued.isEmpty ? nil : queued.removeFirst() })
        TerminalRunLoop.deliver(burst, to: client)
        XCTAssertEqual(client.handled.count, 3)
        XCTAssertEqual(client.handled.map(\.tick), [100, 100, 100], "one moment for the three keys")
        XCTAssertEqual(client.clock, 109, "each was handled")
    }

    /// The World end of it: three `j` at one tick scroll three lines (48 pt) and stop; the same
    /// three keys a tick apart are a stream whose speed carries into inertia (what the slow
    /// handling made of them).
    func testP5_threeLineKeysAtOneTickScrollThreeLinesAndStop() {
        func scrolled(ticksApart: Int) -> Double {
            let w = World(liveblog: LiveblogGenerator.generate(posts: 60, seed: 3), config: Fixture.config(cols: 80, rows: 24))
            w.advance(to: 60)
            let before = w.scrollView.offset
            for i in 0..<3 {
                w.advance(to: 60 + i * ticksApart)
                w.send(.key(.char("j")))
            }
            w.advance(to: 60 + 600)
            return w.scrollView.offset - before
        }
        XCTAssertEqual(scrolled(ticksApart: 0), 48, accuracy: 0.5)
        XCTAssertGreaterThan(scrolled(ticksApart: 1), 100, "a stream of repeats carries into inertia (P5)")
    }
}
