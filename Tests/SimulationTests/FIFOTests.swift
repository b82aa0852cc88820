import XCTest
@testable import Simulation

/// B7: the pending web-row resizes wait in a `FIFO` (O(1) removal): it gives back exactly what a
/// plain array's append/removeFirst gives, across the compactions it makes.
final class FIFOTests: XCTestCase {
    func testB7_fifoKeepsArrayOrder() {
        var rng = SplitMix(seed: 5)
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

    private struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
