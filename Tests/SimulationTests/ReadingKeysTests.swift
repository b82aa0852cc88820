import XCTest
import LiveblogModel
@testable import Simulation
import Embed

/// Issue 32, `--reading`: a held key's repeats (every 33 ms) scroll a line each and stop at the
/// last press; without it (the emulation's default) their speed carries into inertia, as a
/// stream of wheel notches does.
final class ReadingKeysTests: XCTestCase {
    private func heldJ(calm: Bool) -> (moved: Double, expected: Double) {
        let w = World(liveblog: fixture(60), config: config(network: .instant))
        w.advance(to: 0)
        w.advance(to: 60)
        w.send(.calmKeys(calm))
        let start = w.scrollView.offset
        var t = w.tick
        for _ in 0..<20 {
            w.send(.key(.char("j")))
            t += 4
            w.advance(to: t)
        }
        w.advance(to: t + 600)
        return (w.scrollView.offset - start, 20 * w.line)
    }

    func testP5_calmReaderStopsAtTheLastPress() {
        let calm = heldJ(calm: true)
        XCTAssertEqual(calm.moved, calm.expected, accuracy: 0.5, "twenty lines, no more")
    }

    func testP5_emulationKeepsKeyRepeatInertiaByDefault() {
        let free = heldJ(calm: false)
        XCTAssertGreaterThan(free.moved, free.expected + 16, "the repeats' speed carried into a fling")
    }
}
