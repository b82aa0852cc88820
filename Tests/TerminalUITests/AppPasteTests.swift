import Foundation
import XCTest
import TerminalKit
@testable import TerminalUI

/// A bracketed paste (T2, T8; issue 15) is text in the `/` prompt and ignored elsewhere.
final class AppPasteTests: XCTestCase {
    func testT2_pasteGoesIntoThePromptOnly() throws {
        let w = try Fixture.world(cols: 80, rows: 24)
        w.advance(to: 12)
        let app = App(world: w)
        let before = w.scrollView.offset
        app.handle(.paste("qjjjJ?/"))
        XCTAssertNil(app.ui.overlay, "a paste outside the prompt is no keystrokes")
        XCTAssertTrue(app.running)
        w.advance(to: 120)
        XCTAssertEqual(w.scrollView.offset, before, "nothing scrolled")
        app.handle(.key(.char("/")))
        app.handle(.paste("ev-\u{1B}[2J0\n10"))
        XCTAssertEqual(app.ui.overlay as? PromptOverlay, PromptOverlay(text: "ev- [2J0 10", selected: 0), "one safe line (T8)")
        app.handle(.paste(String(repeating: "x", count: 1 << 20)))
        guard let text = (app.ui.overlay as? PromptOverlay)?.text else { return XCTFail("the prompt stays open") }
        XCTAssertEqual(text.count, PromptOverlay.limit, "a 1 MB paste fills the prompt to its limit")
    }
}
