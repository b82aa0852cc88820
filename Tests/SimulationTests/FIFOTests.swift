import XCTest
import LiveblogModel
@testable import Simulation

/// B7: the pending web-row resizes wait in a `FIFO` (O(1) removal): it gives back exactly what a
/// plain array's append/removeFirst gives, across the compactions it makes.
final class FIFOTests: XCTestCase {
    func testB7_fifoKeepsArrayOrder() {
        var rng = SeededRandom(seed: 5)
        var fifo = FIFO<Int>()
        var array: [Int] = []
        var next = 0
        for step in 0..<60000 {
            // Bursts of appends (a frame of media loads), then drains.
            let appendNow = step % 7000 < 4000 ? rng.next() % 4 != 0 : rng.next() % 4 == 0
            if appendNow || array.isEmpty {
                fifo.append(next)
                array.append(next)
                next += 1
            } else {
                XCTAssertEqual(fifo.removeFirst(), array.removeFirst())
            }
            XCTAssertEqual(fifo.count, array.count)
            XCTAssertEqual(fifo.first, array.first)
            XCTAssertEqual(fifo.isEmpty, array.isEmpty)
        }
        fifo.removeAll()
        XCTAssertTrue(fifo.isEmpty)
        XCTAssertNil(fifo.first)
    }
}
