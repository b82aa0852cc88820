@testable import BrowserEngine
@testable import Chromium
import Embed
import Foundation
import LiveblogModel
import TestSupport
import XCTest

/// X4: `--page-url`: the user's own page, loaded as it is. Here a customer-style embed served by
/// the test on 127.0.0.1: posts built by its own script (marked `data-event-id`), images without
/// sizes, its own `<tickaroo-liveblog>` with `navigateToEventId` and its own corrections.
final class PageURLTests: EngineTestCase {
    static let page = """
        <!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1">
        <style>body{margin:0;font:16px "DejaVu Sans"} img{display:block;width:100%} .ev{padding:8px}</style>
        </head><body><tickaroo-liveblog></tickaroo-liveblog><script>
        let jump = 0, held = null;
        function topOf(el) { return scrollY + el.getBoundingClientRect().top; }
        function watch() {
          if (!held) return;
          const t = topOf(held.el);
          if (Math.abs(t - held.sent) > 5) { held.sent = t; window.tickarooLiveblogScrollTo(t, {correction: true, jumpId: held.id}); }
          requestAnimationFrame(watch);
        }
        customElements.define("tickaroo-liveblog", class extends HTMLElement {
          connectedCallback() {
            for (let i = 0; i < 12; i++) {
              const d = document.createElement("div");
              d.className = "ev"; d.dataset.eventId = "e" + i; d.textContent = "Event " + i;
              if (i % 2 === 0) { const img = new Image(); img.src = "/files/" + i + ".png?type=image/png"; d.appendChild(img); }
              this.appendChild(d);
            }
            const m = /tickaroo_event_id=([^&]+)/.exec(location.hash);
            if (m) this.navigateToEventId(m[1]);
          }
          navigateToEventId(id) {
            const el = this.querySelector('[data-event-id="' + id + '"]');
            if (!el) return Promise.resolve(false);
            held = { id: ++jump, el, sent: topOf(el) };
            window.tickarooLiveblogScrollTo(held.sent, {correction: false, jumpId: held.id});
            requestAnimationFrame(watch);
            return Promise.resolve(true);
          }
        });
        </script></body></html>
        """

    private var server: LoopbackServer?
    private var site = ""

    override func tearDown() {
        server?.stop()
        server = nil
        if !site.isEmpty { try? FileManager.default.removeItem(atPath: site) }
        super.tearDown()
    }

    /// The customer's site, as files the test's loopback server serves: the page and its images.
    private func openCustomerPage(fragment: String = "") throws -> EnginePage {
        site = NSTemporaryDirectory() + "/lb-customer-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        try PageURLTests.page.write(toFile: site + "/liveblog.html", atomically: true, encoding: .utf8)
        let png = Data(PNGWriter.write(width: 400, height: 300, rgba: []))
        for i in stride(from: 0, to: 12, by: 2) { try png.write(to: URL(fileURLWithPath: site + "/\(i).png")) }
        let server = try LoopbackServer(serving: [site])
        self.server = server
        var config = EngineConfig(device: .pixel8)
        config.postSelector = "[data-event-id]"
        config.postIdAttribute = "data-event-id"
        let url = server.origin + "/files/liveblog.html?type=text/html;charset=utf-8" + fragment
        return try EnginePage(browser: browser, source: .url(url, network: .instant, seed: 1), config: config)
    }

    func testX4_aPageByURLIsLoadedAsItIs() throws {
        let page = try openCustomerPage()
        defer { page.close() }
        let load = take(page)
        XCTAssertTrue(load.contains(.engine(.navigation(url: page.url))), "\(load)")
        XCTAssertFalse(page.speaksProtocol)
        XCTAssertEqual(try page.postIds(), (0..<12).map { "e\($0)" }, "found by the selector option")
        try page.navigate(to: "e9", topOffset: nil)
        var events = try run(page, seconds: 0.5)
        XCTAssertEqual(events.navs.map { "\($0.0) \($0.1.rawValue) \($0.2)" }, ["e9 found api"], "navigateToEventId's Promise")
        XCTAssertEqual(events.hooks.first?.correction, false)
        XCTAssertGreaterThan(events.hooks.filter(\.correction).count, 0, "the page's own corrections as its images load")
        XCTAssertEqual(events.bridges.count, events.hooks.count, "each call reached the app through the shim")
        try page.navigate(to: "nope", topOffset: nil)
        events = try run(page, seconds: 0.05)
        XCTAssertEqual(events.navs.map(\.1), [.notFound])
    }

    func testX4_aFragmentInTheURLDeepLinksAtLoad() throws {
        let page = try openCustomerPage(fragment: "#tickaroo_event_id=e7")
        defer { page.close() }
        let events = take(page) + (try run(page, seconds: 0.5))
        let hooks = events.hooks
        XCTAssertEqual(hooks.first?.correction, false, "the shim existed before the deep link at load")
        XCTAssertEqual(hooks.first?.jumpId, 1)
        XCTAssertGreaterThan(hooks.count, 1, "then corrections")
        XCTAssertEqual(hooks.last?.top ?? 0, try XCTUnwrap(page.postTop(id: "e7")), accuracy: 5)
    }
}
