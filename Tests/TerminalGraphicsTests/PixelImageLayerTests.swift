import TerminalCaps
@testable import TerminalGraphics
import XCTest

/// G1: pixel images scroll with the text, clip at the bars and leave no stale pixels.
final class PixelImageLayerTests: XCTestCase {
    let cell = CellPixelSize(width: 10, height: 20)
    let area = 1..<21 // rows between the navigation bar (row 0) and the toolbar (row 21)
    let image = ChafaEncoderTests.split(40, 80)

    func text(_ f: PixelFrame) -> String { String(decoding: f.bytes, as: UTF8.self) }

    func testG1_kittyTransmitsOnceThenMovesClipsAndDeletesByID() {
        let layer = PixelImageLayer(proto: .kitty, cell: cell)
        let req = PixelImageRequest(key: 4, top: 5, col: 2, rows: 4, cols: 4)
        let f1 = text(layer.frame([req], area: area) { _ in self.image })
        XCTAssertTrue(f1.hasPrefix("\u{1B}7"), "cursor saved")
        XCTAssertTrue(f1.hasSuffix("\u{1B}8"), "cursor restored")
        XCTAssertTrue(f1.contains("\u{1B}_Ga=t,i=5,q=2,f=32,s=40,v=80,c=4,r=4,m=1\u{1B}\\"), f1.prefix(80).debugDescription)
        XCTAssertTrue(f1.contains("\u{1B}[6;3H\u{1B}_Ga=p,i=5,p=1,x=0,y=0,w=40,h=80,c=4,r=4,C=1,q=2\u{1B}\\"))
        // Unchanged: nothing at all.
        XCTAssertEqual(layer.frame([req], area: area) { _ in self.image }, PixelFrame())
        // Scrolled up so that one row hides under the navigation bar: placed again, clipped, not re-sent.
        var up = req
        up.top = 0
        let f3 = text(layer.frame([up], area: area) { _ in self.image })
        XCTAssertFalse(f3.contains("a=t"), "the image data is not sent again")
        XCTAssertTrue(f3.contains("\u{1B}[2;3H\u{1B}_Ga=p,i=5,p=1,x=0,y=20,w=40,h=60,c=4,r=3,C=1,q=2\u{1B}\\"))
        // Scrolled away: its placement is deleted by id.
        up.top = -10
        let f4 = layer.frame([up], area: area) { _ in self.image }
        XCTAssertEqual(text(f4), "\u{1B}7\u{1B}_Ga=d,d=i,i=5,q=2\u{1B}\\\u{1B}8")
        XCTAssertEqual(f4.staleRows, [])
    }

    func testG1_X9_kittyFreesTheOldestImagesOffScreenPastItsLimit() {
        // An engine page's row tiles: a new picture with each capture, each shown once.
        let layer = PixelImageLayer(proto: .kitty, cell: cell)
        let limit = PixelImageLayer.maxTransmitted
        var freed: [String] = []
        for key in 0..<(limit + 10) {
            let f = text(layer.frame([PixelImageRequest(key: key, top: 2, col: 0, rows: 1, cols: 4)], area: area) { _ in
                self.image
            })
            freed += f.components(separatedBy: "\u{1B}_Ga=d,d=I,").dropFirst().map { String($0.prefix { $0 != "," }) }
        }
        // The ten oldest pictures' data is freed (the one on screen never), each once, oldest first.
        XCTAssertEqual(freed, (0..<10).map { "i=\(PixelImageLayer.kittyID($0))" })
        // One of the first 256 shown again after that is transmitted again.
        let again = text(layer.frame([PixelImageRequest(key: 0, top: 2, col: 0, rows: 1, cols: 4)], area: area) { _ in
            self.image
        })
        XCTAssertTrue(again.contains("a=t,i=\(PixelImageLayer.kittyID(0)),"), "a freed picture is sent again")
    }

    func testG1_sixelRedrawsVisibleRowsAndRepaintsTheRowsItLeft() throws {
        let layer = PixelImageLayer(proto: .sixel, cell: cell)
        let req = PixelImageRequest(key: 1, top: 18, col: 0, rows: 4, cols: 4)
        let f1 = layer.frame([req], area: area) { _ in self.image }
        let t1 = text(f1)
        XCTAssertTrue(t1.hasPrefix("\u{1B}7\u{1B}[19;1H\u{1B}P"), t1.prefix(20).debugDescription)
        // Clipped at the toolbar: rows 18, 19, 20 show, three rows of 20 px (chafa keeps whole sixel bands).
        let six = Array(f1.bytes.dropFirst(2 + 7).dropLast(2))
        let img = try XCTUnwrap(SixelDecoderHarness.decode(six))
        XCTAssertEqual(img.width, 40)
        XCTAssertLessThanOrEqual(img.height, 60)
        XCTAssertGreaterThan(img.height, 54)
        XCTAssertEqual(f1.staleRows, [])
        var moved = req
        moved.top = 16
        let f2 = layer.frame([moved], area: area) { _ in self.image }
        XCTAssertEqual(f2.staleRows, [18, 19, 20], "the old rows are repainted before the new image")
        let spaces = String(repeating: " ", count: 4)
        XCTAssertEqual(String(decoding: f2.blank, as: UTF8.self),
                       "\u{1B}7\u{1B}[0m\u{1B}[19;1H\(spaces)\u{1B}[20;1H\(spaces)\u{1B}[21;1H\(spaces)\u{1B}8",
                       "written spaces clear the pixels where ncurses believes the cells blank")
        XCTAssertTrue(text(f2).contains("\u{1B}[17;1H\u{1B}P"))
        let f3 = layer.frame([], area: area) { _ in self.image }
        XCTAssertEqual(f3.staleRows, [16, 17, 18, 19], "scrolled away: no stale pixels")
        XCTAssertEqual(f3.bytes, [])
    }

    /// Issue 32: text written over a sixel or iTerm2 image's row clears its pixels there, so an
    /// image that did not move is drawn again when the screen says it writes one of its rows;
    /// kitty placements are not in the cells and the layer does not ask.
    func testG1_anUnmovedCellImageIsDrawnAgainWhereTheTextLayerWritesItsRows() {
        let req = PixelImageRequest(key: 3, top: 4, col: 1, rows: 3, cols: 4)
        for proto in [GraphicsProtocol.sixel, .iterm2] {
            let layer = PixelImageLayer(proto: proto, cell: cell)
            XCTAssertFalse(layer.frame([req], area: area) { _ in self.image }.bytes.isEmpty, "\(proto): drawn")
            var told: [[Int]] = []
            let quiet = layer.frame([req], area: area, written: { told.append($0); return [2, 3, 7, 20] }) { _ in
                self.image
            }
            XCTAssertEqual(quiet, PixelFrame(), "\(proto): rows around the image written, nothing to draw")
            XCTAssertEqual(told, [[]], "\(proto): asked once, no stale rows")
            let again = text(layer.frame([req], area: area, written: { _ in [6] }) { _ in self.image })
            XCTAssertTrue(again.hasPrefix("\u{1B}7\u{1B}[5;2H"), "\(proto): drawn again where it is")
            XCTAssertTrue(again.hasSuffix("\u{1B}8"))
        }
        let kitty = PixelImageLayer(proto: .kitty, cell: cell)
        _ = kitty.frame([req], area: area) { _ in self.image }
        var asked = false
        XCTAssertEqual(kitty.frame([req], area: area, written: { _ in asked = true; return [5] }) { _ in self.image },
                       PixelFrame())
        XCTAssertFalse(asked, "kitty: never asked")
    }

    func testG1_insideTmuxImagesAreWrappedForPassthrough() {
        let layer = PixelImageLayer(proto: .kitty, cell: cell, passthrough: true)
        let f = text(layer.frame([PixelImageRequest(key: 0, top: 2, col: 0, rows: 2, cols: 2)], area: area) { _ in
            self.image
        })
        XCTAssertTrue(f.contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=p,i=1"), f.prefix(60).debugDescription)
        XCTAssertTrue(layer.teardown().starts(with: Array("\u{1B}Ptmux;".utf8)))
    }
    /// The pixel rows a sixel image's bands cover (six a band: what moves xterm's cursor).
    static func bandPixels(_ bytes: [UInt8]) -> Int {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let start = text.range(of: "\u{1B}P"), let end = text.range(of: "\u{1B}\\", range: start.upperBound..<text.endIndex)
        else { return 0 }
        let body = text[start.upperBound..<end.lowerBound]
        var bands = body.filter { $0 == "-" }.count + 1
        if body.hasSuffix("-") { bands -= 1 }
        return bands * 6
    }

    /// V1 (issue 40): with xterm's 13-px cell rows, an image that ends on the list's last row
    /// (above the toolbar, the screen's last) is not padded to whole bands into the toolbar's
    /// row: its bands end inside its own rows. Higher up, padding stays within the list.
    func testV1_sixelBandsNeverReachTheToolbarsRow() throws {
        let cell = CellPixelSize(width: 6, height: 13)
        let area = 2..<23 // a 24-row screen: the two-row navigation bar, the toolbar on row 23
        for (top, rows) in [(20, 3), (21, 5), (22, 1), (19, 4), (10, 1)] {
            let layer = PixelImageLayer(proto: .sixel, cell: cell)
            let req = PixelImageRequest(key: 1, top: top, col: 0, rows: rows, cols: 10)
            let f = layer.frame([req], area: area, screenRows: 24) { _ in self.image }
            let lo = max(top, area.lowerBound), hi = min(top + rows, area.upperBound)
            let band = Self.bandPixels(f.bytes)
            XCTAssertGreaterThan(band, 0, "\(top)+\(rows): drawn")
            XCTAssertLessThanOrEqual(lo * 13 + band, (hi < area.upperBound ? area.upperBound : hi) * 13,
                                     "\(top)+\(rows): bands of \(band) px from row \(lo) reach past the list")
            XCTAssertTrue(text(f).contains("\u{1B}[\(lo + 1);1H\u{1B}P"), "\(top)+\(rows)")
        }
    }

    /// V1: with no bars (the list is the whole screen) no picture is drawn on the screen's last
    /// row, in any protocol.
    func testV1_noPictureOnTheScreensLastRow() {
        let cell = CellPixelSize(width: 6, height: 13)
        for proto in [GraphicsProtocol.sixel, .iterm2, .kitty] {
            let layer = PixelImageLayer(proto: proto, cell: cell)
            let only = layer.frame([PixelImageRequest(key: 1, top: 23, col: 0, rows: 2, cols: 10)], area: 0..<24,
                                   screenRows: 24) { _ in self.image }
            XCTAssertTrue(only.bytes.isEmpty, "\(proto): an image on the last row alone is not drawn")
            let layer2 = PixelImageLayer(proto: proto, cell: cell)
            let two = layer2.frame([PixelImageRequest(key: 1, top: 21, col: 0, rows: 3, cols: 10)], area: 0..<24,
                                   screenRows: 24) { _ in self.image }
            XCTAssertTrue(text(two).contains("\u{1B}[22;1H"), "\(proto): its rows above the last are drawn")
            if proto == .sixel {
                XCTAssertLessThanOrEqual(21 * 13 + Self.bandPixels(two.bytes), 23 * 13, "sixel bands end above the last row")
            }
            if proto == .kitty { XCTAssertTrue(text(two).contains("r=2"), "kitty: two rows placed, \(text(two).suffix(80))") }
        }
    }
}

enum SixelDecoderHarness {
    static func decode(_ b: [UInt8]) -> SixelImage? { SixelImage.decode(b) }

}
