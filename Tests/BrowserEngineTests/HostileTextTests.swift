@testable import BrowserEngine
@testable import Chromium
import Embed
@testable import EngineProcess
import LiveblogModel
import TestSupport
import XCTest

/// S7: ordinary text stays text. A post that reads `<!--` and `<script` used to switch the HTML
/// parser into script-data escaped states inside the embed's inline JSON, so the embed never
/// loaded (exit 70 after 30 s).
final class HostileTextTests: EngineTestCase {
    static let hostileText = "Fans wrote <!-- then <script>alert(1)</script> and </script><b>bold</b> & more"

    func testS7_postTextWithCommentAndScriptOpenersLoadsAsText() throws {
        var lb = engineFixture(6)
        lb.posts[2] = Post(id: lb.posts[2].id, createdAt: lb.posts[2].createdAt, headline: "<!-- <script>",
                           blocks: [.text(RichText(plain: Self.hostileText))])
        lb.title = "Title <!-- <script>"
        let page = try open(lb)
        XCTAssertEqual(try page.postIds(), lb.posts.map(\.id), "the embed loaded every post")
        let text = try page.evaluate("document.querySelector('[data-post-id=\"p2\"]').textContent", doing: "reading")
        XCTAssertTrue(text.stringValue?.contains(Self.hostileText) == true, "\(text)")
        let scripts = try page.evaluate("document.scripts.length", doing: "reading").intValue ?? 0
        XCTAssertLessThanOrEqual(scripts, 4, "no script element came from the text")
    }

    func testS7_theInlineJSONHasNoAngleBracketAtAll() {
        let lb = Liveblog(id: "x", title: "</script><!--<script>", posts: [])
        let text = LiveblogJSON.scriptSafe(LiveblogJSON.config(liveblog: lb, page: PageConfig(), loaded: 0))
        XCTAssertFalse(text.contains("<"), text)
        XCTAssertEqual(try JSONParser.parse(text)["liveblog"]?["title"]?.stringValue, "</script><!--<script>",
                       "the same JSON")
    }
}

/// Q17: both engines agree on whether a hook threw: a hook whose template literal calls a
/// function that throws (0 emulated, 1 in Chromium before).
final class HookThrowAgreementTests: EngineTestCase {
    static let hook = #"function (top, info) { const s = `${(() => { throw new Error("iife") })()}`; }"#

    func testQ17_aThrowFromAnIIFEInATemplateIsAThrowInBothEngines() throws {
        XCTAssertEqual(try HookSignature(parsing: Self.hook).throwsMessage, "iife", "the emulated page's reading")
        let page = try open(hook: .custom(Self.hook, forwardToApp: true))
        try page.navigate(to: "p10", topOffset: nil)
        let hooks = try run(page, seconds: 0.5).hooks
        XCTAssertFalse(hooks.isEmpty, "the jump called the hook")
        XCTAssertTrue(hooks.allSatisfy(\.threw), "Chromium: the call threw: \(hooks)")
    }
}
