@testable import TerminalKit
import XCTest

final class FocusDecodeTests: XCTestCase {
    /// G6: `CSI I` and `CSI O` (mode 1004) are focus in and out, not keys.
    func testG6_focusReportsDecode() {
        let units: [InputUnit] = [27, 0x5B, 0x49, 27, 0x5B, 0x4F, 0x6A].map { .char($0) }
        XCTAssertEqual(InputDecoder.decodeAll(units), [.focus(true), .focus(false), .key(.char("j"))])
    }
}
