import ImageDecoding
import TerminalCaps
import TerminalGraphics
@testable import TerminalKit
import XCTest

/// G3, G5, G1: what a frame writes around ncurses' output, by the terminal's features.
final class FrameDecorationsTests: XCTestCase {
    let img = RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 16))

    func testG3_syncWrapsTheFrameOnlyWhereSupported() {
        let on = FrameDecorations(features: TerminalFeatures(graphics: .halfblocks, synchronizedOutput: true),
                                  colorMode: .direct).plan()
        XCTAssertEqual(on.before, Array("\u{1B}[?2026h".utf8))
        XCTAssertEqual(on.after, Array("\u{1B}[?2026l".utf8))
        let off = FrameDecorations(features: .silent, colorMode: .direct).plan()
        XCTAssertEqual(off, FrameDecorations.Plan())
    }

    func testG5_linkTextInOSC8WithItsStyleAndNothingWhereUnsupported() {
        let d = FrameDecorations(features: TerminalFeatures(graphics: .symbols, hyperlinks: true), colorMode: .palette256)
        let style = Style(fg: .indexed(33), underline: true)
        d.link(LinkSpan(row: 3, col: 5, text: "the report", style: style, uri: "https://x.org/r"))
        let after = String(decoding: d.plan().after, as: UTF8.self)
        XCTAssertEqual(after, "\u{1B}7\u{1B}[4;6H\u{1B}[0;4;38;5;33m\u{1B}]8;;https://x.org/r\u{1B}\\the report"
                       + "\u{1B}]8;;\u{1B}\\\u{1B}[0m\u{1B}8")
        let none = FrameDecorations(features: .silent, colorMode: .palette256)
        none.link(LinkSpan(row: 3, col: 5, text: "the report", style: style, uri: "https://x.org/r"))
        XCTAssertEqual(none.plan(), FrameDecorations.Plan())
    }

    func testG1_pixelImagesOnlyForPixelProtocols() {
        let req = PixelImageRequest(key: 1, top: 2, col: 0, rows: 2, cols: 2)
        let cells = FrameDecorations(features: TerminalFeatures(graphics: .symbols), colorMode: .direct)
        cells.placeImage(req, pixels: img, clip: 1..<10)
        XCTAssertFalse(cells.drawsPixels)
        XCTAssertEqual(cells.plan(), FrameDecorations.Plan())
        let kitty = FrameDecorations(features: TerminalFeatures(graphics: .kitty, cellPixels: CellPixelSize(width: 10, height: 20)),
                                     colorMode: .direct)
        kitty.placeImage(req, pixels: img, clip: 1..<10)
        let after = String(decoding: kitty.plan().after, as: UTF8.self)
        XCTAssertTrue(after.contains("\u{1B}_Ga=t,i=2"))
        XCTAssertTrue(after.contains("\u{1B}[3;1H\u{1B}_Ga=p,i=2,p=1"))
        // The next frame without it: the placement is deleted.
        XCTAssertEqual(String(decoding: kitty.plan().after, as: UTF8.self), "\u{1B}7\u{1B}_Ga=d,d=i,i=2,q=2\u{1B}\\\u{1B}8")
    }

    func testG5_sgrMatchesTheColourMode() {
        let s = Style(fg: .rgb(10, 20, 30), bg: .indexed(4), bold: true)
        XCTAssertEqual(SGR.sequence(s, mode: .direct), "\u{1B}[0;1;38;2;10;20;30;44m")
        XCTAssertEqual(SGR.sequence(s, mode: .none), "\u{1B}[0;1m")
        XCTAssertEqual(SGR.sequence(Style(fg: .indexed(9)), mode: .basic8), "\u{1B}[0;1;31m")
    }
}
