@testable import BrowserEngine
import Embed
import Foundation
import ImageDecoding
import LiveblogModel
import TestSupport
@testable import WebKitEngine
import XCTest

/// X14, pixels from snapshots: a WebKit page captured into the terminal's row tiles (`PageTiles`
/// behind `PagePixels`, the helper's snapshot of its window cropped and scaled to the cell), in
/// real time as `view` runs it. The test serves a page with coloured blocks at known places.
final class WebKitPixelsTests: XCTestCase {
    /// 10 × 20-pixel cells: a 16-pt row is 20 pixels tall.
    let spec = TileSpec(cellPixelHeight: 20)
    var delivered: [String: RGBAImage] = [:]
    /// Seconds each drawn frame took, waiting for the wall clock not counted.
    var frameCosts: [Double] = []
    var dir = ""
    var server: LoopbackServer?

    override func setUpWithError() throws {
        try WebKitPageTests.requireWebKit()
        dir = NSTemporaryDirectory() + "liveblog-webkit-pixels-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // White, 4000 px tall: a red block at 320–480 (rows 20–29), x 80–240; a blue one at
        // 2400–2560 (rows 150–159); `?scroll=Y` scrolls the page itself to Y a second after its load.
        try """
            <!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width">
            <body style="margin: 0; background: #fff; height: 4000px; position: relative">
            <div style="position: absolute; top: 320px; left: 80px; width: 160px; height: 160px; background: #f00"></div>
            <div style="position: absolute; top: 2400px; left: 80px; width: 160px; height: 160px; background: #00f"></div>
            <script>
            const m = /scroll=(\\d+)/.exec(location.search);
            if (m) addEventListener("load", () => setTimeout(() => scrollTo(0, +m[1]), 1000));
            // `?tall=1`: 12 000 px, a green block at 10 000–10 160 (rows 625–634), below the
            // WebKit window's 8192 px.
            if (/tall=1/.test(location.search)) {
              document.body.style.height = "12000px";
              const g = document.createElement("div");
              g.style.cssText = "position: absolute; top: 10000px; left: 80px; width: 160px; height: 160px; background: #0f0";
              document.body.appendChild(g);
            }
            </script>
            """.write(toFile: dir + "/blocks.html", atomically: true, encoding: .utf8)
        server = try LoopbackServer(serving: [dir])
    }

    override func tearDown() {
        server = nil
        try? FileManager.default.removeItem(atPath: dir)
    }

    private func tiled(query: String = "") throws -> EngineWebPage {
        var config = EngineConfig(device: .iphone15)
        config.time = .realTime
        config.hook = nil
        let url = try XCTUnwrap(server).origin + "/files/blocks.html?type=text/html\(query)"
        let engine = try WebKitPage(source: .url(url, network: .instant, seed: 1), config: config)
        let web = EngineWebPage(engine: engine, liveblog: Liveblog(id: "w", title: "WebKit pixels", posts: []),
                                config: PageConfig(), width: 393, firstJumpId: 1, hook: nil, defaultHook: nil)
        web.tiles = PageTiles(spec: spec) { [unowned self] key, image in delivered[key] = image }
        return web
    }

    /// Frames every 1/60 s (the view's loop), drawing `y0 ..< y1` in 49 columns (nil: the web
    /// view's viewport where it is scrolled), until `done`.
    @discardableResult
    private func draw(_ web: EngineWebPage, from y0: Double? = nil, to y1: Double? = nil, seconds: Double = 15,
                      until done: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        var tick = web.driver.tick
        while Date() < end {
            tick += 2
            let started = Date(), waited = (web.driver as? WebKitPage)?.waitedSeconds ?? 0
            web.frame(tick: tick)
            web.prepareToDraw(from: y0 ?? web.scrollY, to: y1 ?? web.scrollY + web.viewportHeight, columns: 49)
            frameCosts.append(Date().timeIntervalSince(started) - ((web.driver as? WebKitPage)?.waitedSeconds ?? 0) + waited)
            if done() { return true }
            usleep(16_667)
        }
        return false
    }

    private func have(_ web: EngineWebPage, _ rows: Range<Int>) -> Bool {
        rows.allSatisfy { web.tiles?.tiles[$0] != nil }
    }

    /// Rows' pixels at page x `x` (pt), one colour class a pixel row: "r", "b", "w" or "?".
    private func column(_ web: EngineWebPage, rows: Range<Int>, x: Double) throws -> [Character] {
        var out: [Character] = []
        for row in rows {
            let img = try XCTUnwrap(web.tiles?.tiles[row], "row \(row) has a tile").image
            for y in 0..<img.height {
                let p = img.pixel(x: Int(x * 1.25), y: y)
                out.append(p.r > 200 && p.g < 60 && p.b < 60 ? "r" : p.b > 200 && p.r < 60 && p.g < 60 ? "b"
                           : p.g > 200 && p.r < 60 && p.b < 60 ? "g" : p.r > 240 && p.g > 240 && p.b > 240 ? "w" : "?")
            }
        }
        return out
    }

    func testX14_aWebKitPagesTilesHoldItsPixelsWhereItsLayoutPutThem() throws {
        let web = try tiled()
        defer { web.driver.close() }
        let tiles = try XCTUnwrap(web.tiles)
        web.prepareToDraw(from: 0, to: 600, columns: 49)
        XCTAssertTrue(tiles.isCapturing, "the first frame asks for a capture (WebKit's snapshot)")
        XCTAssertTrue(tiles.tiles.isEmpty, "and draws without it")
        XCTAssertTrue(draw(web, from: 0, to: 600) { self.have(web, 0..<38) }, "tiles of rows 0–37")
        let t0 = try XCTUnwrap(tiles.tiles[0])
        XCTAssertEqual(t0.image.height, 20, "a row is the cell's height in pixels")
        XCTAssertEqual(t0.image.width, 490, "49 columns of 8 pt at 20/16 px a pt")
        // Down the red block's middle (x 160): white to 320 pt (400 px), red to 480 pt (600 px), white after.
        let mid = try column(web, rows: 0..<38, x: 160)
        XCTAssertEqual(mid.firstIndex(of: "r") ?? -1, 400, accuracy: 1, "the block's top edge")
        XCTAssertEqual(mid.lastIndex(of: "r") ?? -1, 599, accuracy: 1, "the block's bottom edge")
        XCTAssertGreaterThan(mid.filter { $0 == "r" }.count, 195)
        XCTAssertEqual(Set(mid[0..<396]), ["w"], "the page's white above it")
        // Left of it (x 40) the page's white all the way down; its left edge at 80 pt (100 px).
        XCTAssertEqual(Set(try column(web, rows: 0..<38, x: 40)), ["w"])
        let row25 = try XCTUnwrap(tiles.tiles[25]).image
        let across = (0..<row25.width).map { x in row25.pixel(x: x, y: 10).r > 200 && row25.pixel(x: x, y: 10).g < 60 }
        XCTAssertEqual(across.firstIndex(of: true) ?? -1, 100, accuracy: 1, "the block's left edge")
        XCTAssertEqual(across.lastIndex(of: true) ?? -1, 299, accuracy: 1, "the block's right edge")
        for t in tiles.tiles.values { XCTAssertEqual(delivered[t.key], t.image) }
        // Far down the content-sized view (its window holds the whole 4000-pt document): the blue block.
        XCTAssertTrue(draw(web, from: 2240, to: 2720) { self.have(web, 140..<170) })
        let far = try column(web, rows: 140..<170, x: 160)
        XCTAssertEqual(far.firstIndex(of: "b") ?? -1, (2400 - 2240) * 5 / 4, accuracy: 1)
        XCTAssertEqual(far.lastIndex(of: "b") ?? -1, (2560 - 2240) * 5 / 4 - 1, accuracy: 1)
        let ms = tiles.measures.map { $0.seconds * 1000 }.sorted()
        let busy = try XCTUnwrap(web.driver as? WebKitPage).captureBusy.sorted()
        let costs = frameCosts.map { $0 * 1000 }.sorted()
        print(String(format: "WebKit frames measured: %d frames while capturing, p50 %.1f ms, p99 %.1f ms, max %.1f ms",
                     costs.count, costs[costs.count / 2], costs[costs.count * 99 / 100], costs.last ?? 0))
        print(String(format: "WebKit tiles measured: %d captures, per band median %.0f ms, max %.0f ms, rows %@; "
                     + "the helper's main loop busy median %.1f ms, max %.1f ms",
                     ms.count, ms[ms.count / 2], ms.last ?? 0, tiles.measures.map { String($0.rows) }.joined(separator: ","),
                     busy.isEmpty ? 0 : busy[busy.count / 2], busy.last ?? 0))
    }

    /// A self-scrolling web view paints its viewport: the tiles are its document's rows inside it,
    /// and they follow the page's own scroll (WebKit's snapshot leaves the scroll alone).
    func testX14_aSelfScrollingWebKitViewsTilesFollowThePagesOwnScroll() throws {
        let web = try tiled(query: "&scroll=2240")
        defer { web.driver.close() }
        web.selfScrolling = true
        web.viewportHeight = 480
        web.fitViewport()
        // The page scrolls itself to 2240 a second after its load: the web view follows it and
        // captures the rows it paints there (the blue block at 2400).
        XCTAssertTrue(draw(web) {
            web.scrollY == 2240 && self.have(web, 140..<170)
        }, "followed the page to \(web.scrollY)")
        let far = try column(web, rows: 140..<170, x: 160)
        XCTAssertEqual(far.firstIndex(of: "b") ?? -1, 200, accuracy: 1, "the blue block's top edge")
        XCTAssertEqual(far.lastIndex(of: "b") ?? -1, 399, accuracy: 1)
        XCTAssertEqual(try web.driver.geometry().scrollY, 2240, accuracy: 1, "the captures left the page's scroll alone")
        XCTAssertTrue(web.tiles?.tiles.keys.allSatisfy { (140..<170).contains($0) } ?? false,
                      "only the viewport's rows: \(web.tiles?.tiles.keys.sorted() ?? [])")
    }

    /// The band drawn from the web view (the default) is what WebKit's own snapshot of the window
    /// shows, cropped: the same pixels, within the scaling's rounding.
    func testX14_theViewsDrawingOfABandIsWebKitsSnapshotOfIt() throws {
        let web = try tiled()
        defer { web.driver.close() }
        let page = try XCTUnwrap(web.driver as? WebKitPage)
        draw(web, from: 0, to: 480, seconds: 0.5) { false }
        func band(_ source: String) throws -> RGBAImage {
            setenv("LIVEBLOG_WEBKIT_TILES", source, 1)
            defer { unsetenv("LIVEBLOG_WEBKIT_TILES") }
            let ticket = try page.askPixels(x: 0, y: 256, width: 392, height: 320, pixelsPerPoint: 1.25)
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                if case let .came(picture) = try page.pollPixels(ticket) { return try XCTUnwrap(picture()).image }
                usleep(5000)
            }
            return try XCTUnwrap(nil as RGBAImage?, "no answer from the helper in 10 s")
        }
        let (drawn, snapped) = (try band("view"), try band("snapshot"))
        XCTAssertEqual(drawn.width, 490)
        XCTAssertEqual(drawn.height, 400)
        XCTAssertEqual(snapped.width, drawn.width)
        XCTAssertEqual(snapped.height, drawn.height)
        let differ = stride(from: 0, to: drawn.pixels.count, by: 4).filter { abs(Int(drawn.pixels[$0]) - Int(snapped.pixels[$0])) > 24 }
        XCTAssertLessThan(differ.count, 490 * 2, "pixels that differ: \(differ.count)")
        // The red block from 320 pt: 64 pt into the band, 80 pixels down.
        let p = drawn.pixel(x: 200, y: 90), q = drawn.pixel(x: 200, y: 70)
        XCTAssertTrue(p.r > 200 && p.g < 60, "red inside the block: \(p)")
        XCTAssertTrue(q.r > 240 && q.g > 240, "white above it: \(q)")
    }

    /// A content-sized document taller than the WebKit window (8192 px): the window is moved over
    /// the document to the reader's screen, and the rows there are captured.
    func testX14_aDocumentTallerThanTheWindowIsCapturedWhereTheReaderIs() throws {
        let web = try tiled(query: "&tall=1")
        defer { web.driver.close() }
        let page = try XCTUnwrap(web.driver as? WebKitPage)
        XCTAssertTrue(draw(web, from: 0, to: 480) { page.contentHeight >= 12000 && self.have(web, 0..<30) })
        XCTAssertEqual(page.viewportHeight, 12000, "content-sized: the web view is the document's height")
        XCTAssertNotNil(page.capturable, "the window holds 8192 px of it")
        XCTAssertTrue(draw(web, from: 9760, to: 10240) { self.have(web, 610..<640) }, "rows 610–639 captured")
        XCTAssertTrue(page.capturable?.contains(9760) == true && page.capturable?.contains(10239) == true,
                      "the window was moved over them: \(String(describing: page.capturable))")
        let green = try column(web, rows: 610..<640, x: 160)
        XCTAssertEqual(green.firstIndex(of: "g") ?? -1, (10000 - 9760) * 5 / 4, accuracy: 1, "the green block's top edge")
        XCTAssertEqual(green.lastIndex(of: "g") ?? -1, (10160 - 9760) * 5 / 4 - 1, accuracy: 1)
    }
}
