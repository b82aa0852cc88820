import Foundation
import ImageDecoding
import TerminalCaps
@testable import TerminalGraphics
import TestSupport
import XCTest

/// G7: xterm under Xvfb in VT340 mode shows a PNG and a JPEG as sixel pixels (compared with the
/// expected quadrant colours in a screenshot), and once text is drawn over the image's rows,
/// as the screen does when the image scrolls away (`PixelFrame.staleRows`), no pixel of it is left.
final class XtermSixelTests: XCTestCase {
    static let colours: [(Int, Int, Int)] = [(255, 0, 0), (0, 160, 0), (0, 0, 255), (255, 200, 0)]

    /// Four quadrants: red, green / blue, yellow.
    static func quadrants(_ w: Int, _ h: Int) -> RGBAImage {
        var b: [UInt8] = []
        for y in 0..<h {
            for x in 0..<w {
                let c = colours[(y < h / 2 ? 0 : 2) + (x < w / 2 ? 0 : 1)]
                b += [UInt8(c.0), UInt8(c.1), UInt8(c.2), 255]
            }
        }
        return RGBAImage(width: w, height: h, pixels: b)
    }

    /// Writes `img` as a file of `format` (png, jpg) with ImageMagick and reads it back as RGBA.
    static func roundTrip(_ img: RGBAImage, format: String, dir: URL) throws -> RGBAImage {
        let raw = dir.appendingPathComponent("in.rgba"), file = dir.appendingPathComponent("img." + format)
        let back = dir.appendingPathComponent("back.rgba")
        try Data(img.pixels).write(to: raw)
        try XvfbXterm.exec(XvfbXterm.tool("convert")!, ["-size", "\(img.width)x\(img.height)", "-depth", "8",
                                                      "rgba:" + raw.path, file.path])
        try XvfbXterm.exec(XvfbXterm.tool("convert")!, [file.path, "-depth", "8", "rgba:" + back.path])
        let bytes = [UInt8](try Data(contentsOf: back))
        return RGBAImage(width: img.width, height: img.height, pixels: bytes)
    }

    func testG7_xtermShowsPNGAndJPEGAsSixelAndLeavesNoStalePixels() throws {
        let x = try XvfbXterm()
        defer { x.stop() }
        let cell = CellPixelSize(width: 6, height: 13) // xterm's default "fixed" font
        let (cols, rows, top, left) = (20, 8, 2, 4)
        var script = ""
        for (i, format) in ["png", "jpg"].enumerated() {
            let img = try Self.roundTrip(Self.quadrants(120, 104), format: format, dir: x.dir)
            let six = ChafaEncoder.encode(img, proto: .sixel, cols: cols, rows: rows, cell: cell)
            let f = x.dir.appendingPathComponent("\(format).six")
            try Data(Array("\u{1B}[\(top + 1);\(left + 1 + i * 30)H".utf8) + six).write(to: f)
            script += "cat \(f.path)\n"
        }
        // Then, on a signal file, text over the image rows: what the screen repaints for staleRows.
        let go = x.dir.appendingPathComponent("go").path
        let blank = String(repeating: " ", count: 80)
        script += "while [ ! -f \(go) ]; do sleep 0.1; done\n"
        script += "printf '\\033[\(top + 1);1H'\n"
        script += "for i in $(seq \(rows)); do printf '\(blank)'; done\n"
        script += "printf '\\033[1;1Hdone'\nsleep 60\n"
        try x.run(script)
        for (i, format) in ["png", "jpg"].enumerated() {
            let shot = try x.waitFor("shown") { s in
                s.count(x: self.quadrant(0, left + i * 30, cell, cols), y: self.quadrantY(0, top, cell, rows),
                        near: Self.colours[3]) > 100
            }
            for q in 0..<4 {
                let n = shot.count(x: quadrant(q, left + i * 30, cell, cols), y: quadrantY(q, top, cell, rows),
                                   near: Self.colours[q])
                let area = (cols * cell.width / 2 - 4) * (rows * cell.height / 2 - 8)
                XCTAssertGreaterThan(n, area * 8 / 10, "\(format) quadrant \(q): \(n) of \(area) pixels")
            }
        }
        _ = FileManager.default.createFile(atPath: go, contents: Data())
        let after = try x.waitFor("after") { s in
            (0..<4).allSatisfy { q in s.count(x: 0..<480, y: 0..<312, near: Self.colours[q], tol: 60) == 0 }
        }
        for q in 0..<4 {
            XCTAssertEqual(after.count(x: 0..<480, y: 0..<312, near: Self.colours[q], tol: 60), 0,
                           "no stale pixels of colour \(q)")
        }
    }

    /// The pixel columns inside quadrant q (0 TL, 1 TR, 2 BL, 3 BR), 2 px in from each edge.
    func quadrant(_ q: Int, _ col: Int, _ cell: CellPixelSize, _ cols: Int) -> Range<Int> {
        let x0 = col * cell.width, half = cols * cell.width / 2
        return q % 2 == 0 ? (x0 + 2)..<(x0 + half - 2) : (x0 + half + 2)..<(x0 + 2 * half - 2)
    }

    /// The pixel rows inside quadrant q, 4 px in from each edge (sixel bands trim the bottom).
    func quadrantY(_ q: Int, _ row: Int, _ cell: CellPixelSize, _ rows: Int) -> Range<Int> {
        let y0 = row * cell.height, half = rows * cell.height / 2
        return q < 2 ? (y0 + 4)..<(y0 + half - 4) : (y0 + half + 4)..<(y0 + 2 * half - 4)
    }
}
