import XCTest
import LiveblogModel
import Simulation
import TerminalKit
@testable import TerminalUI

/// V4: quiet chrome for reading: the source's own name, emulation badges only when they are not
/// the defaults (all of them in the lab or with a device), the key hints back when a jump ends.
final class ReaderChromeTests: XCTestCase {
    func facts(mode: String = "content", platform: String = "ios", hook: String = "hook 2p",
               network: String = "fast", device: String? = "terminal") -> NavFacts {
        NavFacts(title: "t", origin: "o", canGoBack: false, canGoForward: false, mode: mode, platform: platform,
                 hook: hook, network: network, device: device)
    }

    func testV4_badgesOnlyWhereTheEmulationIsNotTheDefault() {
        let reader = UIState()
        XCTAssertEqual(NavBar.emulation(facts(), reader), [])
        XCTAssertEqual(NavBar.emulation(facts(device: nil), reader), [])
        XCTAssertEqual(NavBar.emulation(facts(platform: "android", network: "3g"), reader), ["android", "3g"])
        var real = UIState()
        real.networkLabel = "real"
        XCTAssertEqual(NavBar.emulation(facts(network: "instant"), real), [])
        var lab = UIState()
        lab.lab = true
        XCTAssertEqual(NavBar.emulation(facts(), lab), ["content", "ios", "hook 2p", "fast", "terminal"])
        XCTAssertEqual(NavBar.emulation(facts(device: "iphone-se"), reader), ["content", "ios", "hook 2p", "fast", "iphone-se"],
                       "with a device, every badge")
    }

    func testV4_theSourceIsNamedByItsSiteFileOrHost() {
        let feed = Liveblog(id: "https://news.example.net/council.json", title: "Council", posts: [])
        let plain = Liveblog(id: "council", title: "Council", posts: [])
        XCTAssertEqual(UIState.sourceName("/tmp/x/council.json", feed), "news.example.net")
        XCTAssertEqual(UIState.sourceName("/tmp/x/council.json", plain), "council.json")
        XCTAssertEqual(UIState.sourceName("https://live.example.org/feed", plain), "live.example.org")
    }

    /// A reader's toolbar shows the jump while it holds, then the keys again; the lab keeps it.
    func testV4_keyHintsBackWhenAJumpEnds() throws {
        for lab in [false, true] {
            let w = try Fixture.world(cols: 80, rows: 24)
            w.advance(to: 12)
            let app = App(world: w)
            app.lab = lab
            app.jump("ev-030")
            w.advance(to: 120)
            XCTAssertTrue(Fixture.draw(w, app.ui).rowText(23).contains("jump #1"), "while it holds")
            w.advance(to: 12 * 120)
            let bar = Fixture.draw(w, app.ui).rowText(23)
            if lab {
                XCTAssertTrue(bar.contains("jump #1") && bar.contains("ended"), bar)
            } else {
                XCTAssertTrue(bar.contains("j/k scroll") && !bar.contains("jump #"), bar)
                XCTAssertTrue(bar.contains("post "), bar)
            }
        }
    }

    /// V6: the panels and the timeline strip's cards read times in the reader's zone, marked, as
    /// the list does.
    func testV6_panelsAndCardsInTheReadersZone() throws {
        let zone = TimeZone(secondsFromGMT: 2 * 3600)!
        let w = try Fixture.world(cols: 100, rows: 30)
        w.advance(to: 12)
        let app = App(world: w)
        app.ui.timeZone = zone
        app.handle(.key(.char("h")))
        let panel = Fixture.draw(w, app.ui).text()
        XCTAssertTrue(panel.contains("UTC+2  "), panel)
        let first = try XCTUnwrap(w.page.liveblog.highlights.first)
        XCTAssertTrue(panel.contains(PostClock(zone: zone, span: nil).text(first.createdAt)), panel)
        // The strip's cards (E15, the timeline layout).
        var c = Fixture.config(cols: 100, rows: 30)
        c.page.layout = .timeline
        let strip = World(liveblog: try Fixture.sample(), config: c)
        strip.advance(to: 120)
        var ui = UIState()
        ui.timeZone = zone
        let text = Fixture.draw(strip, ui).text()
        XCTAssertTrue(text.contains("UTC+2"), text)
    }

    /// V2–V4, issue 40's golden screens: a reader's chrome over a feed by file (its site in the
    /// bar, no default badge, the header's line and one blank row, a remote image one line, the
    /// key hints and the position), at 40×12, 80×24 and 200×60, dark and light.
    func testV4_readersChromeGoldens() throws {
        let t0 = 1_772_528_400.0 // 2026-03-03 09:00 UTC
        let posts = (0..<12).map { i -> Post in
            var blocks: [Block] = [.text(RichText(plain: "Item \(12 - i): the council hears the budget's line \(12 - i)."))]
            if i == 2 {
                blocks.append(.media([Media(id: "m1", kind: .image, width: 600, height: 300,
                                            url: "https://news.example.net/img/chamber.jpg", alt: "the chamber")]))
            }
            return Post(id: "c\(12 - i)", createdAt: t0 - Double(i) * 1800, blocks: blocks)
        }
        let lb = Liveblog(id: "https://news.example.net/council.json", title: "Council budget hearings", posts: posts)
        for (c, r) in [(40, 12), (80, 24), (200, 60)] {
            var cfg = Fixture.config(cols: c, rows: r, network: .fast)
            cfg.headerRows = 1
            cfg.page.fetchesRemoteMedia = false
            let w = World(liveblog: lb, config: cfg)
            w.advance(to: 240)
            var ui = UIState()
            ui.nativeRows = .source
            ui.source = UIState.sourceName("/tmp/council.json", lb)
            let g = Fixture.draw(w, ui)
            assertGolden("reader-chrome-\(c)x\(r)", g)
            assertLightGolden("reader-chrome-\(c)x\(r)", w, ui)
            XCTAssertTrue(g.rowText(1).contains("news.example.net"), g.text())
            XCTAssertFalse(g.rowText(1).contains("hook"), g.text())
            XCTAssertTrue(g.rowText(r - 1).contains("q quit"), g.text())
            if r >= 24 { XCTAssertTrue(g.text().contains("[image: the chamber · 600×300 · not fetched]"), g.text()) }
        }
    }
}
