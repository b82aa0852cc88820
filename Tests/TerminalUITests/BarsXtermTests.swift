import Foundation
import TestSupport
import XCTest

/// V1 in a real terminal (issue 40, "the screen tears in xterm"): `xterm -ti vt340` under Xvfb,
/// at 100×30 in DejaVu Sans Mono 11 (9×19-pixel cells) and at 80×24 in xterm's default font
/// (6×13): the sample scrolled over its pictures with `j`, pages and `G`, after a deep link to the
/// last posts. After each key, read from the screenshot's pixels, the navigation bar's first row
/// has its colour where it had it on the first screen, and the toolbar's row its colour and the
/// same key hints on its left: no picture scrolled the terminal or was drawn on a bar.
final class BarsXtermTests: XCTestCase {
    struct Run {
        let cols: Int, rows: Int
        let face: (name: String, size: Int)?
        let cell: (w: Int, h: Int)
        var name: String { "\(cols)x\(rows)" }
    }

    static let runs = [
        Run(cols: 100, rows: 30, face: ("DejaVu Sans Mono", 11), cell: (9, 19)),
        Run(cols: 80, rows: 24, face: nil, cell: (6, 13)),
    ]

    /// The most common colour along a pixel line (a bar's background).
    static func commonColour(_ s: PPMImage, y: Int, width: Int) -> (Int, Int, Int) {
        var counts: [Int: Int] = [:]
        for x in 0..<min(width, s.width) {
            let p = s.at(x, y)
            counts[p.0 << 16 | p.1 << 8 | p.2, default: 0] += 1
        }
        let c = counts.max { $0.value < $1.value }!.key
        return (c >> 16, (c >> 8) & 255, c & 255)
    }

    /// The fraction of the pixel line `y` that has colour `c`.
    static func share(_ s: PPMImage, y: Int, width: Int, _ c: (Int, Int, Int)) -> Double {
        Double(s.count(x: 0..<width, y: y..<(y + 1), near: c, tol: 6)) / Double(width)
    }

    /// The pixels of a cell row's band, `cols` cells from the left: the hint's text.
    /// The row's pixel lines but its first: a box-drawing glyph of the row above may reach one
    /// pixel into it in xterm's default font (an embed's border at 80x24), which is the font's, not
    /// a picture on the bar; a picture drawn there covers far more than one line.
    static func band(_ s: PPMImage, row: Int, cols: Int, _ r: Run) -> [UInt8] {
        var out: [UInt8] = []
        for y in (row * r.cell.h + 1)..<((row + 1) * r.cell.h) {
            let o = (y * s.width) * 3
            out += s.rgb[o..<(o + cols * r.cell.w * 3)]
        }
        return out
    }

    /// One run in its own xterm on its own display: what was wrong, in the order it was seen.
    static func check(_ r: Run, in x: XvfbXterm, bin: String, engine: Bool) throws -> [String] {
        var problems: [String] = []
        func expect(_ ok: Bool, _ what: String) { if !ok { problems.append(what) } }
        defer { x.stop() }
        let extra = engine ? ["--engine", "chromium"] : []
        try x.runTyping([bin, "view", TestPaths.sample, "--network", "instant", "--event", "ev-064"] + extra,
                        setup: "export LANG=C.UTF-8 LC_ALL=C.UTF-8", cols: r.cols, rows: r.rows, face: r.face)
        let width = r.cols * r.cell.w, barLine = 1, toolLine = (r.rows - 1) * r.cell.h + 1
        // The first screen, once the deep link's hold has run out (its countdown is in the toolbar).
        // Shown: both bars' lines not the page's white, and text (white on the dark bar) in the
        // toolbar's row; not the display's black before xterm maps its window, nor xterm's white
        // before the program draws.
        let white = (255, 255, 255)
        _ = try x.waitFor("\(r.name)-shown", seconds: 40) { s in
            Self.share(s, y: barLine, width: width, white) < 0.5 && Self.share(s, y: toolLine, width: width, white) < 0.5
                && s.count(x: 0..<width, y: ((r.rows - 1) * r.cell.h)..<(r.rows * r.cell.h), near: white, tol: 30) > 40
                && Self.share(s, y: (r.rows / 2) * r.cell.h, width: width, white) > 0.2
        }
        guard let first = try x.settledShots("\(r.name)-first", seconds: 40).last else { return ["\(r.name): never settled"] }
        let nav = Self.commonColour(first, y: barLine, width: width)
        let tool = Self.commonColour(first, y: toolLine, width: width)
        expect(Self.share(first, y: barLine, width: width, nav) > 0.8, "\(r.name): the nav bar")
        expect(!(nav == (255, 255, 255)), "\(r.name): the nav bar has its own colour, not the page's")
        expect(!(tool == (255, 255, 255)), "\(r.name): the toolbar has its own colour, not the page's")
        let hints = Self.band(first, row: r.rows - 1, cols: 20, r)
        // Down over the first pictures a line at a time, then page by page over every other
        // one to the end, back up a little, and Ctrl-L (the repaint redraws every picture).
        let keys = ["g"] + Array(repeating: "j", count: 30) + [" ", " ", "\u{1B}[6~", "\u{1B}[5~", "f", "b"]
            + Array(repeating: " ", count: 24) + ["G", "k", "k", "\u{0C}"]
        var checked = 0
        for (i, key) in keys.enumerated() {
            x.type(key)
            // Every third j, and every other key, is looked at settled.
            if key == "j" && i % 3 != 0 { usleep(120_000); continue }
            guard let shot = try x.settledShots("\(r.name)-key\(i)").last else { continue }
            checked += 1
            let what = "\(r.name)\(engine ? " engine" : "") key \(i) \(key.debugDescription)"
            expect(Self.share(shot, y: barLine, width: width, nav) > 0.8, "\(what): the nav bar's row")
            expect(Self.share(shot, y: toolLine, width: width, tool) > 0.8, "\(what): the toolbar's row")
            expect(Self.band(shot, row: r.rows - 1, cols: 20, r) == hints, "\(what): the toolbar's hints")
        }
        expect(checked > 15, "\(r.name): \(checked) screens checked, not more than 15")
        x.type("q")
        return problems
    }

    /// Both runs at once, each in its own xterm on its own display (started one after the other,
    /// as each takes the first free display): the test waits on screens settling far more than it
    /// computes, so the two runs take little more than the longer one. Their findings are
    /// reported here, in the runs' order.
    func checkBoth(engine: Bool) throws {
        let bin = try Requirement.liveblogBinary()
        _ = try Requirement.tool("python3", package: "python3")
        var terminals: [XvfbXterm] = []
        defer { for x in terminals { x.stop() } }
        for _ in Self.runs { terminals.append(try XvfbXterm(screen: "1000x700x24")) }
        let found = InParallel.map(Array(zip(Self.runs, terminals)), workers: Self.runs.count) { run, x in
            Result { try Self.check(run, in: x, bin: bin, engine: engine) }
        }
        for (r, f) in zip(Self.runs, found) {
            switch f {
            case .success(let problems): for p in problems { XCTFail(p) }
            case .failure(let e): XCTFail("\(r.name): \(e)")
            }
        }
    }

    func testV1_barsStayWhereTheyAreInXterm() throws {
        try checkBoth(engine: false)
    }

    func testV1_theEnginesPixelsKeepTheBarsInXterm() throws {
        try Requirement.browserEngine()
        try checkBoth(engine: true)
    }
}
