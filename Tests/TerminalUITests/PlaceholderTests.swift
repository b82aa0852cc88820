import Foundation
import XCTest
import LiveblogModel
import Embed
import Simulation
import TerminalKit
@testable import TerminalUI

/// Issue 32, placeholders that cost one line: a broken image's one-line card names its domain and
/// reason; a line break in a highlight's text reads as a space in the panel, not ␊; the console
/// shows whole messages.
final class PlaceholderTests: XCTestCase {
    func testI3_brokenImageCardNamesTheReasonAndTheDomain() throws {
        let lb = try LiveblogLoader.load(path: Fixture.repoRoot + "/Tests/RealSourcesTests/Fixtures/tickaroo.json")
        for (c, r) in [(80, 24), (200, 60), (40, 12)] {
            let w = World(liveblog: lb, config: Fixture.config(cols: c, rows: r))
            w.advance(to: 0)
            w.advance(to: 60)
            if r < 24 { for _ in 0..<6 { w.key("j") } }
            w.advance(to: 240)
            var ui = UIState()
            ui.nativeRows = .source
            let g = Fixture.draw(w, ui)
            assertGolden("broken-image-\(c)x\(r)", g)
            assertLightGolden("broken-image-\(c)x\(r)", w, ui)
            let row = try XCTUnwrap((0..<r).first { g.rowText($0).contains("broken image") }, g.text())
            if c >= 80 {
                XCTAssertTrue(g.rowText(row).contains("(not a PNG)"), g.rowText(row))
                XCTAssertTrue(g.rowText(row).contains("· quadrants.jpg"), "its file: \(g.rowText(row))")
            }
            XCTAssertFalse(g.rowText(row + 1).contains("broken"), "one line")
        }
    }

    /// L6, issue 32: an embed whose address no web view loads (a `javascript:` URL, none, no host)
    /// becomes a one-line card with the reason and the domain at the next frame, its post one
    /// line shorter than the 150 pt it reserved; a pending embed (offline) keeps its reserved box.
    func testL6_anEmbedThatWillNotLoadIsOneLineAndAPendingOneKeepsItsBox() throws {
        func liveblog(_ url: String) -> Liveblog {
            let posts = (0..<4).map { i in
                Post(id: "p\(i)", createdAt: 1716052800 + Double(i) * 60,
                     blocks: [.text(RichText(plain: "Post \(i).")),
                              i == 2 ? .embed(WebEmbed(id: "e2", url: url))
                                     : .embed(WebEmbed(id: "e\(i)", url: "https://social.example.com/\(i)", declaredHeight: 32))])
            }
            return Liveblog(id: "x", title: "Embeds", posts: posts.reversed())
        }
        func world(_ url: String, _ net: NetworkProfile = .instant) -> World {
            let w = World(liveblog: liveblog(url), config: Fixture.config(cols: 80, rows: 24, network: net))
            w.advance(to: 0)
            w.advance(to: 60)
            return w
        }
        // Offline, the good address's embed is pending: its reserved 150 pt.
        let pending = world("https://social.example.com/2", .offline)
        let line = pending.line
        for (url, why) in [("javascript:alert(1)", "javascript: is not loaded in a web view"),
                           ("", "no address"), ("https://", "no host"), ("twitter.com/x", "not a web address")] {
            let w = world(url)
            let i = try XCTUnwrap(w.page.liveblog.posts.firstIndex { $0.id == "p2" })
            XCTAssertEqual(w.page.postHeight(index: i), pending.page.postHeight(index: i) - 150 + line, accuracy: 0.01, url)
            let g = Fixture.draw(w)
            let rows = (0..<24).filter { g.rowText($0).contains("embed did not load") }
            XCTAssertEqual(rows.count, 1, "one line for \(url):\n\(g.text())")
            guard let row = rows.first else { continue }
            XCTAssertTrue(g.rowText(row).contains("(\(why))"), g.rowText(row))
            XCTAssertTrue(w.page.console.contains { $0.contains("embed e2 will not load") }, "said in the console")
            if url == "javascript:alert(1)" { assertGolden("failed-embed-80x24", g) }
        }
        let i = try XCTUnwrap(pending.page.liveblog.posts.firstIndex { $0.id == "p2" })
        let items = pending.page.items(from: pending.page.postTop(index: i), to: pending.page.postTop(index: i + 1))
        let box = try XCTUnwrap(items.first { if case .embed(let e, false) = $0.kind { e.id == "e2" } else { false } })
        XCTAssertEqual(box.height, 150, "a pending embed keeps its reserved 150 pt")
        XCTAssertTrue(Fixture.draw(pending).text().contains("loading embed"))
    }

    func testL7_highlightWithALineBreakReadsAsOneLine() {
        let post = Post(id: "h1", createdAt: 1716052800, highlight: .sticky,
                        blocks: [.text(RichText(plain: "The goals\n23' Mensah"))])
        let lb = Liveblog(id: "x", title: "X", posts: [post])
        let label = PanelOverlay.entries(.highlights, lb).first?.label ?? ""
        XCTAssertTrue(label.hasSuffix("The goals 23' Mensah"), label)
        XCTAssertFalse(label.contains("␊") || label.contains("\n"))
    }

    func testT4_consoleShowsAWholeLongMessageWrapped() throws {
        let w = try Fixture.world(cols: 80, rows: 24)
        w.advance(to: 60)
        let long = "live update failed: http://127.0.0.1:9/very/long/path/that/goes/on/feed.json: "
            + "could not connect to the server (connection refused); the page keeps what it has and tries again"
        w.page.log("warn", long)
        var ui = UIState()
        ui.overlay = ConsoleOverlay()
        let text = Fixture.draw(w, ui).text()
        for word in ["refused);", "keeps", "tries", "again"] { XCTAssertTrue(text.contains(word), "\(word)\n\(text)") }
    }
}
