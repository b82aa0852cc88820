@testable import BrowserEngine
@testable import Chromium
import Embed
import Foundation
import ImageDecoding
import LiveblogModel
import TestSupport
import XCTest

/// X9 with pixels: the engine's page captured in row tiles (`PageTiles`), in real time as `view`
/// runs it. A frame never waits for a capture; the tiles hold the engine's pixels where its
/// layout put them; a change of the page makes them stale and they are captured again; only the
/// rows near the screen are kept.
final class PageTilesTests: EngineTestCase {
    /// 10 × 20-pixel cells: a 16-pt row is 20 pixels tall, 8 pt are 10 pixels wide.
    let spec = TileSpec(cellPixelHeight: 20)
    var delivered: [String: RGBAImage] = [:]

    override func setUpWithError() throws {
        try super.setUpWithError()
        browser.close()
        var options = LaunchOptions()
        options.deterministic = false
        browser = try Browser.launch(options)
    }

    private func tiled(_ lb: Liveblog) throws -> EngineWebPage {
        let engine = try open(lb, page: pageConfig(), time: .realTime)
        let web = EngineWebPage(engine: engine, liveblog: lb, config: pageConfig(), width: 412, firstJumpId: 1,
                                hook: nil, defaultHook: nil)
        web.tiles = PageTiles(spec: spec) { [unowned self] key, image in delivered[key] = image }
        return web
    }

    /// Frames every 1/60 s (the view's loop), drawing `y0 ..< y1` in 51 columns, until `done`.
    @discardableResult
    private func draw(_ web: EngineWebPage, from y0: Double, to y1: Double, seconds: Double = 15,
                      until done: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        var tick = web.engine.tick
        while Date() < end {
            tick += 2
            web.frame(tick: tick)
            web.prepareToDraw(from: y0, to: y1, columns: 51)
            if done() { return true }
            usleep(16_667)
        }
        return false
    }

    private func fresh(_ web: EngineWebPage, _ rows: Range<Int>) -> Bool {
        guard let v = try? web.engine.layout(from: 0, to: 1)?.version else { return false }
        return rows.allSatisfy { web.tiles?.tiles[$0]?.version == web.engine.documents << 32 | v }
    }

    func testX9_aFrameNeverWaitsAndTheTilesHoldTheEnginesImageWhereItsLayoutPutIt() throws {
        let web = try tiled(engineFixture(8, undeclaredEvery: 0, embedEvery: 0, declaredEvery: 2))
        let tiles = try XCTUnwrap(web.tiles)
        web.prepareToDraw(from: 0, to: 600, columns: 51)
        XCTAssertTrue(tiles.isCapturing, "the first frame asks for a capture")
        XCTAssertTrue(tiles.tiles.isEmpty, "and draws without it (the engine's text layout meanwhile)")
        XCTAssertTrue(web.items(from: 0, to: 600).contains { if case .text = $0.kind { true } else { false } })
        let loaded = { (try? web.engine.layout(from: 0, to: 600))??.images.contains { $0.state == .loaded } ?? false }
        XCTAssertTrue(draw(web, from: 0, to: 600) { loaded() && self.fresh(web, 0..<38) }, "tiles of rows 0–37")
        let box = try XCTUnwrap(try web.engine.layout(from: 0, to: 600)?.images.first { $0.state == .loaded && $0.y + $0.height < 600 })
        let t0 = try XCTUnwrap(tiles.tiles[0])
        XCTAssertEqual(t0.image.height, 20, "a row is the cell's height in pixels")
        XCTAssertEqual(Double(t0.image.width), 408 * 1.25, accuracy: 2, "51 columns of 8 pt, at 20/16 px per pt")
        // Inside the image's box the tiles are the image's pixels; the row's margin left of it is the page's.
        let px = Double(t0.image.width) / 408
        var inside = 0, total = 0
        for row in Int((box.y / 16).rounded(.up))..<Int(((box.y + box.height) / 16).rounded(.down)) {
            let img = try XCTUnwrap(tiles.tiles[row]).image
            for y in 0..<img.height {
                for x in Int((box.x + 2) * px)..<Int((box.x + box.width - 2) * px) {
                    let p = img.pixel(x: x, y: y)
                    total += 1
                    if !(p.r > 245 && p.g > 245 && p.b > 245) { inside += 1 }
                }
                let margin = img.pixel(x: Int(box.x * px / 2), y: y)
                XCTAssertTrue(margin.r > 240 && margin.g > 240 && margin.b > 240, "the page's white left of the image")
            }
        }
        XCTAssertGreaterThan(total, 1000)
        // Its top and bottom edges, down the box's middle column, at the pixel rows its layout gives.
        let column = Int((box.x + box.width / 2) * px)
        func white(_ y: Int) -> Bool {
            guard let t = tiles.tiles[y / 20] else { return true }
            let p = t.image.pixel(x: column, y: y % 20)
            return p.r > 245 && p.g > 245 && p.b > 245
        }
        let top = Int((box.y * 1.25).rounded()), bottom = Int(((box.y + box.height) * 1.25).rounded())
        XCTAssertEqual(((top - 6)..<(top + 6)).first { !white($0) } ?? -1, top, accuracy: 1, "the image's top edge")
        XCTAssertEqual(((bottom - 6)..<(bottom + 6)).last { !white($0) } ?? -1, bottom - 1, accuracy: 1,
                       "the image's bottom edge")
        XCTAssertGreaterThan(inside * 10, total * 9, "the image's pixels inside its box: \(inside) of \(total)")
        // Every tile is one delivered picture; the items draw them, one a row.
        let items = web.items(from: 0, to: 600)
        let tileItems = items.filter { if case .media(let m, _) = $0.kind { m.id.hasPrefix("engine-tile:") } else { false } }
        XCTAssertEqual(tileItems.count, 38)
        XCTAssertEqual(Set(tileItems.map(\.y)), Set((0..<38).map { Double($0) * 16 }))
        for t in tiles.tiles.values { XCTAssertEqual(delivered[t.key], t.image) }
        // For docs/engine.md (X14: WebKit's against Chromium's, WebKitPixelsTests prints its own).
        let ms = tiles.measures.map { $0.seconds * 1000 }.sorted()
        print(String(format: "Chromium tiles measured: %d captures, per band median %.0f ms, max %.0f ms",
                     ms.count, ms[ms.count / 2], ms.last ?? 0))
    }

    func testX9_aLivePostMakesTheTilesStaleAndTheyAreCapturedAgain() throws {
        let web = try tiled(engineFixture(10, embedEvery: 0))
        let tiles = try XCTUnwrap(web.tiles)
        XCTAssertTrue(draw(web, from: 0, to: 480) { self.fresh(web, 0..<30) })
        let before = tiles.tiles.mapValues(\.key)
        let v0 = try XCTUnwrap(web.engine.layout(from: 0, to: 1)?.version)
        web.insertPostsAtTop([Post(id: "live1", createdAt: 1_700_000_100,
                                   blocks: [.text(RichText(plain: "A live post from the stadium"))])])
        // The page says it changed (engine-view.js's notice, real time), then its rows are captured again.
        XCTAssertTrue(draw(web, from: 0, to: 480) { (try? web.engine.layout(from: 0, to: 1))??.version != v0 },
                      "the page's version moves within frames")
        XCTAssertTrue(draw(web, from: 0, to: 480) { self.fresh(web, 0..<30) }, "captured again after the change")
        for row in 0..<30 {
            XCTAssertNotEqual(tiles.tiles[row]?.key, before[row], "row \(row) is a new capture")
            XCTAssertNil(delivered[before[row]!], "the old picture of row \(row) is dropped")
        }
    }

    func testX9_onlyTheRowsNearTheScreenAreKept() throws {
        let web = try tiled(engineFixture(40))
        let tiles = try XCTUnwrap(web.tiles)
        XCTAssertTrue(draw(web, from: 0, to: 480) { self.fresh(web, 0..<30) && !tiles.isCapturing })
        let far = 3200.0
        XCTAssertTrue(draw(web, from: far, to: far + 480) { self.fresh(web, 200..<230) })
        // Drawn once more with nothing left to capture near the screen: 30 rows on screen, a
        // screen either side (and two rows), nothing of the top of the page.
        draw(web, from: far, to: far + 480, seconds: 3) { false }
        XCTAssertLessThanOrEqual(tiles.tiles.count, 30 * 3 + 4)
        XCTAssertTrue(tiles.tiles.keys.allSatisfy { $0 >= 200 - 32 && $0 < 230 + 32 }, "\(tiles.tiles.keys.sorted())")
        XCTAssertEqual(Set(delivered.keys), Set(tiles.tiles.values.map(\.key)),
                       "the dropped rows' pictures are dropped where the terminal keeps them")
        XCTAssertGreaterThan(tiles.measures.count, 1)
    }

    func testX9_aSelfScrollingWebViewsTilesAreItsDocumentsRowsInsideItsViewport() throws {
        let web = try tiled(engineFixture(20, undeclaredEvery: 0, embedEvery: 0))  // text only: a layout that does not move
        let tiles = try XCTUnwrap(web.tiles)
        // Content-sized first: rows 50–79 as the whole page's capture paints them.
        XCTAssertTrue(draw(web, from: 800, to: 1280) { self.fresh(web, 50..<80) })
        let whole = tiles.tiles.filter { (50..<80).contains($0.key) }.mapValues(\.image)
        // The same rows in a self-scrolling web view of 480 pt scrolled to them.
        web.selfScrolling = true
        web.viewportHeight = 480
        web.fitViewport()
        web.scrollY = 800
        XCTAssertTrue(draw(web, from: 800, to: 1280) { abs(((try? web.engine.geometry().scrollY) ?? 0) - 800) < 1 }, "scrolled")
        // Captured again once the page has said it scrolled (a capture asked before is stale by then).
        draw(web, from: 800, to: 1280, seconds: 1) { false }
        XCTAssertTrue(draw(web, from: 800, to: 1280) { self.fresh(web, 50..<80) }, "captured again in the viewport")
        for row in 50..<80 {
            let a = try XCTUnwrap(whole[row]), b = try XCTUnwrap(tiles.tiles[row]).image
            XCTAssertEqual(a.width, b.width)
            let differ = stride(from: 0, to: a.pixels.count, by: 4).filter { abs(Int(a.pixels[$0]) - Int(b.pixels[$0])) > 24 }
            XCTAssertLessThan(differ.count, a.width * a.height / 50, "row \(row): the document's row, not the viewport's")
        }
        // A viewport past the content's end (the page shrank before its scroll was clamped):
        // nothing to capture, and no range upside down.
        try tiles.update(web.engine, visible: 500..<530, version: 1, width: 408, contentHeight: 100, within: 600..<630)
        let now = tiles.tiles[50]?.version
        let outside = tiles.tiles.filter { !(50..<80).contains($0.key) && $0.value.version == now }
        XCTAssertEqual(outside.keys.sorted(), [], "nothing outside the viewport captured since")
    }
}
