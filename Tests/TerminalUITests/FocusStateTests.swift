@testable import TerminalUI
import XCTest

final class FocusStateTests: XCTestCase {
    func testG6_newSinceYouLeftCountsPostsThatCameWhileUnfocused() {
        var f = FocusState()
        XCTAssertTrue(f.focused)
        XCTAssertNil(f.focus(postCount: 10), "focus without a blur says nothing")
        f.blur(postCount: 10)
        XCTAssertFalse(f.focused)
        f.blur(postCount: 12) // a second blur report does not move the mark
        XCTAssertEqual(f.focus(postCount: 13), "3 new since you left")
        XCTAssertTrue(f.focused)
        f.blur(postCount: 13)
        XCTAssertNil(f.focus(postCount: 13), "nothing new: nothing said")
    }
}
