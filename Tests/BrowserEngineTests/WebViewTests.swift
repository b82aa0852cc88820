@testable import BrowserEngine
@testable import Chromium
import Embed
@testable import EngineProcess
import LiveblogModel
import XCTest

/// X5 and E14 in the real engine: the web view is the platform's (width, density, user agent,
/// touch), content-sized from the document's height; the enabled-domains check; links.
final class WebViewTests: EngineTestCase {
    private func value(_ page: EnginePage, _ js: String) throws -> JSONValue {
        try page.evaluate(js, doing: "test")
    }

    func testX5_androidWebViewIsThePlatforms() throws {
        let page = try open(device: .pixel8)
        XCTAssertEqual(try value(page, "innerWidth").intValue, 412)
        XCTAssertEqual(try value(page, "devicePixelRatio").doubleValue, 2.625)
        let ua = try XCTUnwrap(value(page, "navigator.userAgent").stringValue)
        // Android WebView's shape, with the engine's own version (whatever Chromium is installed):
        // "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/…; wv) AppleWebKit/537.36 (KHTML, like Gecko)
        // Version/4.0 Chrome/<digits.…> Mobile Safari/537.36".
        let version = String(browser.product.split(separator: "/").last ?? "")
        XCTAssertTrue(version.split(separator: ".", omittingEmptySubsequences: false)
                        .allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) },
                      "the engine reports a version of digits: \(browser.product)")
        XCTAssertTrue(ua.hasPrefix("Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/"), ua)
        XCTAssertTrue(ua.hasSuffix("; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/\(version) Mobile Safari/537.36"),
                      "Android WebView's shape with the engine's own version \(version): \(ua)")
        XCTAssertEqual(try value(page, "navigator.maxTouchPoints").intValue, 5)
        XCTAssertEqual(try value(page, "typeof tik4Android.tickarooLiveblogScrollTo").stringValue, "function")
        XCTAssertEqual(try value(page, "window.tickarooLiveblogScrollTo.length").intValue, 2)
        // @JavascriptInterface matches by the number of arguments.
        XCTAssertEqual(try value(page, "(() => { try { tik4Android.tickarooLiveblogScrollTo(1) } catch (e) { return String(e) } })()")
                        .stringValue, "Error: Method not found")
    }

    func testX5_iOSWebViewIsThePlatforms() throws {
        let page = try open(device: .iphone15)
        XCTAssertEqual(try value(page, "innerWidth").intValue, 393)
        XCTAssertEqual(try value(page, "devicePixelRatio").doubleValue, 3)
        // The screen is the device's (WebKitPageTests reads the same from inside a page in WebKit).
        XCTAssertEqual(try value(page, "[screen.width, screen.height, screen.availWidth, screen.availHeight]")
                        .arrayValue?.compactMap(\.intValue), [393, 852, 393, 852])
        let ua = try XCTUnwrap(value(page, "navigator.userAgent").stringValue)
        XCTAssertTrue(ua.contains("iPhone OS 17_5") && ua.hasSuffix("Mobile/15E148"), ua)
        _ = take(page)
        _ = try value(page, "webkit.messageHandlers.scrollToSwift.postMessage({top: 12.5, correction: 1, jumpId: 3.5})")
        _ = try value(page, "webkit.messageHandlers.scrollToSwift.postMessage({correction: true})")
        try page.absorb(doing: "test")
        // As the sample's handler reads the body: `as? Bool` of 1 is true, `as? Int` of 3.5 is nil → 0;
        // a message without a number for top is dropped.
        XCTAssertEqual(take(page).bridges, [BoundBridgeCall(platform: .ios, top: 12.5, correction: true, jumpId: 0)])
    }

    func testX5_contentSizedFromTheDocumentsHeight() throws {
        let page = try open(engineFixture(), page: pageConfig(network: .instant))
        let first = page.contentHeight
        XCTAssertEqual(try page.geometry().contentHeight, first)
        XCTAssertTrue(take(page).layouts.isEmpty, "the height at load is the row's first height, not a change")
        let events = try run(page, seconds: 0.2)
        let grown = try XCTUnwrap(events.layouts.last)
        XCTAssertGreaterThan(grown.0, first, "images load: the document grows")
        XCTAssertEqual(page.contentHeight, grown.0)
        try page.setViewportHeight(page.contentHeight)
        XCTAssertEqual(try value(page, "innerHeight").doubleValue ?? 0, page.contentHeight.rounded(.up), accuracy: 1)
        XCTAssertEqual(try run(page, seconds: 0.1).layouts.count, 0, "a row as tall as the page changes nothing")
        XCTAssertEqual(try page.postIds(), (0..<30).map { "p\($0)" }, "the posts, in page order")
    }

    func testX5_widthChangeLaysThePageOutAgain() throws {
        let page = try open(engineFixture(), page: pageConfig(network: .offline))
        let before = page.contentHeight
        try page.setWidth(300)
        let events = try run(page, seconds: 0.05)
        XCTAssertEqual(events.layouts.last?.1, "resize")
        XCTAssertGreaterThan(page.contentHeight, before, "narrower: taller")
    }

    func testE14_anOriginNotEnabledDoesNotInitialize() throws {
        var pc = pageConfig(url: "https://www.example.com/liveblog.html")
        pc.enabledDomains = ["other.example.org"]
        let page = try open(engineFixture(), page: pc)
        let load = take(page)
        let reason = "the page's origin www.example.com is not one of the enabled domains (other.example.org): "
            + "the liveblog does not initialize"
        XCTAssertTrue(load.consoles.contains("[error] " + reason), "\(load.consoles)")
        XCTAssertEqual(try page.postIds(), [])
        try page.navigate(to: "p1", topOffset: nil)
        XCTAssertEqual(take(page).navs.map(\.1), [.notFound])
    }

    func testE14_linksToOtherOriginsGoToTheApp() throws {
        let post = Post(id: "l0", createdAt: 1_700_000_000, blocks: [
            .text(RichText(runs: [TextRun(text: "elsewhere", link: "https://news.example.org/a"),
                                  TextRun(text: " and a clip ", link: nil),
                                  TextRun(text: "video", link: "https://cdn.example.org/clip.mp4")]))])
        let page = try open(Liveblog(id: "l", title: "Links", posts: [post]), page: pageConfig(url: "https://www.example.com/"))
        var events: [EngineEvent] = []
        for text in ["elsewhere", "video"] {
            let box = try value(page, "JSON.stringify([...document.querySelectorAll('a')].find(a => a.textContent === '\(text)')"
                                + ".getBoundingClientRect())")
            let r = try JSONParser.parse(XCTUnwrap(box.stringValue))
            try page.tap(x: (r["x"]?.doubleValue ?? 0) + 4, y: (r["y"]?.doubleValue ?? 0) + 4)
            events += try run(page, seconds: 0.1)
        }
        // A tap is a touch, then the click the browser makes of it: the page's own link rules run.
        XCTAssertTrue(events.contains(.page(.externalLink("https://news.example.org/a"))), "\(events)")
        XCTAssertTrue(events.contains(.page(.mediaHandoff("https://cdn.example.org/clip.mp4"))), "\(events)")
        XCTAssertTrue(events.consoles.contains("[info] external link handed to the app: https://news.example.org/a"))
        XCTAssertEqual(try value(page, "location.pathname").stringValue.map(EmbedSite.sitePath), "/liveblog.html",
                       "the web view stayed (under the run's token, S2)")
    }
}

/// X3: the reference embed shows any liveblog of section 1: the bundled ones in our three formats.
final class FormatsTests: EngineTestCase {
    func testX3_theBundledLiveblogsOfEachFormatShowEveryPost() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/liveblogs").path
        for name in ["sample.json", "sample-feed.json", "sample-jsonld.html"] {
            let lb = try LiveblogLoader.load(path: dir + "/" + name)
            let page = try open(lb, page: pageConfig(network: .instant))
            XCTAssertEqual(try page.postIds(), lb.posts.map(\.id), "\(name): every post, newest first")
            let errors = take(page).consoles.filter { $0.hasPrefix("[error]") }
            XCTAssertEqual(errors, [], name)
            _ = try run(page, seconds: 0.2)
            let title = try page.evaluate("document.querySelector('.lb-title').textContent", doing: "test").stringValue
            XCTAssertEqual(title, lb.title, name)
            page.close()
        }
    }
}
