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

final class AppFocusTests: XCTestCase {
    /// G6 in the App: focus out, two live posts arrive, focus in: "2 new since you left".
    func testG6_appSaysHowManyPostsCameWhileUnfocused() throws {
        let w = try Fixture.world(cols: 80, rows: 24)
        w.advance(to: 12)
        let app = App(world: w)
        app.handle(.focus(false))
        XCTAssertFalse(app.focus.focused)
        app.send(.live(2))
        app.handle(.focus(true))
        XCTAssertTrue(app.focus.focused)
        XCTAssertEqual(app.ui.message?.text, "2 new since you left")
    }

    /// G5: an external link is offered; y copies it with OSC 52 through the terminal.
    func testG5_yCopiesTheOfferedLinkWithOSC52() throws {
        let w = try Fixture.world(cols: 80, rows: 24)
        w.advance(to: 12)
        let app = App(world: w)
        var written = ""
        app.terminalWrite = { written += $0 }
        app.offerExternalLink("https://www.example.com/x")
        XCTAssertTrue(app.ui.message?.text.contains("https://www.example.com/x") ?? false)
        app.handle(.key(.char("y")))
        XCTAssertEqual(written, "\u{1B}]52;c;aHR0cHM6Ly93d3cuZXhhbXBsZS5jb20veA==\u{1B}\\")
        XCTAssertNil(app.pendingLink)
    }
}
