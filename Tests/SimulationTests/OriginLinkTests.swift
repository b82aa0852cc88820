import XCTest
import LiveblogModel
@testable import Simulation
import Embed
import Host

/// E14: the page's origin must be enabled; links to other origins go to the app; links to posts jump.
final class OriginLinkTests: XCTestCase {
    func linkedLiveblog() -> Liveblog {
        var lb = fixture(30)
        lb.posts[0].blocks = [.text(RichText(runs: [
            TextRun(text: "See "),
            TextRun(text: "the goal", link: "#tickaroo_event_id=p20"),
            TextRun(text: " and "),
            TextRun(text: "the report", link: "https://news.other.org/report"),
            TextRun(text: " or "),
            TextRun(text: "home", link: "https://www.example.com/about"),
        ]))]
        return lb
    }

    /// E14: origin not enabled does not initialize
    func testE14_originNotEnabledDoesNotInitialize() {
        var c = config(network: .instant)
        c.page.url = "https://evil.example.net/live#tickaroo_event_id=p5"
        c.page.enabledDomains = ["www.example.com"]
        var lines: [String] = []
        let w = World(liveblog: fixture(), config: c)
        w.sink = { lines.append($0.json) }
        w.advance(to: 10)
        XCTAssertFalse(w.emulatedPage!.initialized)
        XCTAssertEqual(w.page.loadedCount > 0 ? w.page.postTop(id: "p5") : nil, nil, "no posts are laid out")
        XCTAssertTrue(w.page.console.contains { $0.contains("evil.example.net") && $0.contains("not one of the enabled domains") })
        XCTAssertFalse(lines.contains { $0.contains("\"ev\":\"hook\"") }, "the fragment does not jump")
        w.send(.jump(id: "p5", topOffset: nil))
        XCTAssertTrue(lines.contains { $0.contains("\"ev\":\"nav\"") && $0.contains("not-found") })
        // What the reader sees says why.
        let notices = w.page.items(from: 0, to: 200).compactMap { if case .notice(let n) = $0.kind { return n } else { return nil } }
        XCTAssertTrue(notices.joined(separator: " ").contains("enabled domains"))
    }

    /// E14: enabled origin initializes and reads fragment
    func testE14_enabledOriginInitializesAndReadsFragment() {
        var c = config(network: .instant)
        c.page.url = "https://www.example.com/live#tickaroo_event_id=p5"
        c.page.enabledDomains = ["www.example.com", "m.example.com"]
        let w = World(liveblog: fixture(), config: c)
        var hooks = 0
        w.sink = { if case .hook = $0.event { hooks += 1 } }
        w.advance(to: 120)
        XCTAssertTrue(w.emulatedPage!.initialized)
        XCTAssertGreaterThanOrEqual(hooks, 1, "the fragment deep link jumped")
        XCTAssertEqual(w.postY("p5")!, 0, accuracy: 1)
    }

    /// E14: external link handed to the app
    func testE14_externalLinkHandedToTheApp() {
        var c = config(network: .instant)
        c.page.url = "https://www.example.com/live"
        let w = World(liveblog: linkedLiveblog(), config: c)
        var externals: [String] = []
        w.sink = { if case .external(let u, .link) = $0.event { externals.append(u) } }
        w.advance(to: 10)
        w.page.followLink("https://news.other.org/report")
        w.advance(to: 12)
        XCTAssertEqual(externals, ["https://news.other.org/report"])
        XCTAssertEqual(w.externalLinks, ["https://news.other.org/report"])
        XCTAssertNil(w.page.held, "nothing jumps inside the page")
        // Same origin but not a post: blocked, logged.
        w.page.followLink("https://www.example.com/about")
        XCTAssertTrue(w.page.console.last!.contains("blocked"))
        XCTAssertEqual(w.externalLinks.count, 1)
    }

    /// E14: link to apost of the same liveblog jumps
    func testE14_linkToAPostOfTheSameLiveblogJumps() {
        var c = config(network: .instant)
        c.page.url = "https://www.example.com/live"
        let w = World(liveblog: linkedLiveblog(), config: c)
        var hookTops: [Double] = []
        w.sink = { if case .hook(_, let top, _, _, _) = $0.event { hookTops.append(top) } }
        w.advance(to: 30)
        // Click the link where it is drawn: find its row and column.
        guard let (row, col) = findLink(w, "#tickaroo_event_id=p20") else { return XCTFail("link not on screen") }
        w.send(.pointer(phase: .down, x: Double(col) * 8 + 4, y: Double(row) * 16 + 8))
        w.send(.pointer(phase: .up, x: Double(col) * 8 + 4, y: Double(row) * 16 + 8))
        w.advance(to: w.tick + 120)
        XCTAssertEqual(hookTops.first, w.page.postTop(id: "p20"))
        XCTAssertEqual(w.postY("p20")!, 0, accuracy: 1)
    }

    /// E14: tab focuses links and enter follows
    func testE14_tabFocusesLinksAndEnterFollows() {
        var c = config(network: .instant)
        c.page.url = "https://www.example.com/live"
        let w = World(liveblog: linkedLiveblog(), config: c)
        w.advance(to: 30)
        w.send(.key(.tab))
        XCTAssertEqual(w.focusedLink?.href, "#tickaroo_event_id=p20")
        w.send(.key(.tab))
        XCTAssertEqual(w.focusedLink?.href, "https://news.other.org/report")
        w.send(.key(.enter))
        XCTAssertEqual(w.externalLinks, ["https://news.other.org/report"])
        w.send(.key(.backTab))
        w.send(.key(.enter))
        w.advance(to: w.tick + 120)
        XCTAssertEqual(w.postY("p20")!, 0, accuracy: 1)
        w.send(.key(.escape))
        XCTAssertNil(w.focusedLink)
    }

    func findLink(_ w: World, _ href: String) -> (Int, Int)? {
        for r in 0..<w.config.rows {
            guard case .page(let py) = w.rowContent(r) else { continue }
            for c in 0..<w.config.cols where w.link(atPageY: py, column: c) == href { return (r, c) }
        }
        return nil
    }
}
