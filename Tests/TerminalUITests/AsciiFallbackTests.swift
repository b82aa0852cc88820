import XCTest
@testable import TerminalUI
import TerminalKit

/// T6: without a UTF-8 locale every character becomes one ASCII character (lines keep their length).
final class AsciiFallbackTests: XCTestCase {
    func testT6_asciiFallbackKeepsLengthAndMeaning() {
        let t = Theme(caps: TerminalCapabilities(colorMode: .none, unicode: false))
        XCTAssertEqual(t.ascii("3–2 · “Café” … 5×2"), "3-2 . \"Cafe\" . 5x2")
        XCTAssertEqual(t.ascii("⚽ Øre 漢"), "? ?re ?")
        XCTAssertEqual(t.ascii("a\u{1b}]2;x\u{7}b"), "a?b", "escapes are sanitised first, then shown as ASCII")
        let u = Theme(caps: TerminalCapabilities(colorMode: .palette256, unicode: true))
        XCTAssertEqual(u.ascii("3–2 · “Café”"), "3–2 · “Café”")
    }
}
