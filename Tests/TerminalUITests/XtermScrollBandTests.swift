import Foundation
import TestSupport
import XCTest

/// G1 in a real terminal (issue 32, "pixels without scars"): while the reader scrolls over the
/// scoreboard's sixel image in xterm (VT340 mode, under Xvfb) with `j`, space and the page keys,
/// no band of background-coloured pixels crosses it. Each settled screenshot with the image on
/// screen is checked: inside the image's bounding box every pixel row has image colours.
final class XtermScrollBandTests: XCTestCase {
    /// The outer frame of Assets/images/scoreboard.png as xterm shows it; nothing else on the
    /// screen has it (text is black on white, the bars blue and black).
    static let frame = (23, 23, 28)
    /// xterm's background (`-bg white`).
    static let background = (255, 255, 255)
    /// The list's pixel rows of a 100×40 xterm of 6×13 cells: below the two-row navigation bar,
    /// above the toolbar.
    static let list = (2 * 13)..<(39 * 13)

    func testG1_G7_scrollingOverASixelImageLeavesNoBandOfBackgroundAcrossIt() throws {
        let bin = try Requirement.liveblogBinary()
        let x = try XvfbXterm()
        defer { x.stop() }
        try x.runTyping([bin, "view", TestPaths.sample, "--network", "instant", "--event", "ev-063"],
                        setup: "export LANG=C.UTF-8 LC_ALL=C.UTF-8", cols: 100, rows: 40)
        let shown = try x.waitFor("shown", seconds: 30) { Self.box($0)?.rows.count ?? 0 > 200 }
        XCTAssertGreaterThan(Self.box(shown)?.rows.count ?? 0, 200, "the scoreboard as sixel pixels")
        _ = try x.settledShots("jumped", seconds: 15) // the jump's countdown runs out first
        // Line by line down and back, a page down (space and the key) and up again, more lines.
        let keys = ["j", "j", "j", "j", "k", "j", " ", "\u{1B}[5~", "j", "j", "\u{1B}[6~", "\u{1B}[5~", "j"]
        var checked = 0
        for (i, key) in keys.enumerated() {
            x.type(key)
            for (n, shot) in try x.settledShots("key\(i)").enumerated() {
                guard let box = Self.box(shot) else { continue }
                checked += 1
                let bands = Self.bandRows(shot, box)
                XCTAssertEqual(bands, [], "key \(i) (\(key.debugDescription)), shot \(n): pixel rows of background "
                               + "across the image (box x \(box.cols), y \(box.rows))")
            }
        }
        XCTAssertGreaterThan(checked, 8, "screenshots with the image on screen")
        x.type("q")
    }

    /// The image's bounding box in the list: the pixel rows and columns its frame colour spans
    /// (nil when fewer than 13 rows of it, a cell's height, are on screen).
    static func box(_ s: PPMImage) -> (cols: Range<Int>, rows: Range<Int>)? {
        var rows: [Int] = [], x0 = Int.max, x1 = Int.min
        for y in list where y < s.height {
            var hits = 0
            for xx in 0..<min(s.width, 600) where near(s.at(xx, y), frame, 4) {
                hits += 1
                x0 = min(x0, xx)
                x1 = max(x1, xx)
            }
            if hits >= 4 { rows.append(y) }
        }
        guard let top = rows.first, let bottom = rows.last, bottom - top >= 13, x1 - x0 > 100 else { return nil }
        return (x0..<(x1 + 1), top..<(bottom + 1))
    }

    /// The pixel rows inside the box that are (almost) all background: a band across the image.
    static func bandRows(_ s: PPMImage, _ box: (cols: Range<Int>, rows: Range<Int>)) -> [Int] {
        box.rows.filter { y in
            let bg = box.cols.filter { near(s.at($0, y), background, 8) }.count
            return bg * 100 >= box.cols.count * 95
        }
    }

    static func near(_ p: (Int, Int, Int), _ c: (Int, Int, Int), _ tol: Int) -> Bool {
        abs(p.0 - c.0) <= tol && abs(p.1 - c.1) <= tol && abs(p.2 - c.2) <= tol
    }
}
