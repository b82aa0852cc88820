import Foundation
import TestSupport
import XCTest

/// X9 with pixels: `view --engine chromium` on a sixel terminal (xterm in VT340 mode under Xvfb,
/// 6×13-pixel cells) draws the web row as the engine painted it, in row tiles (PageTiles): the
/// reference embed's own look (its yellow "Highlight" badge, antialiased text), the post under
/// the bar after a jump, the scoreboard image where the engine put it, and after scrolling every
/// pixel row of the page exactly where the scroll moved it (nothing stale).
final class EnginePixelsXtermTests: XCTestCase {
    /// The reference embed's highlight badge (#FFDC00); xterm's own colours are far from it.
    static let badge = (255, 220, 0)
    static let cell = (w: 6, h: 13)
    /// A 100×40 xterm: the two bars above the list, the viewport notice and the toolbar below.
    static let list = (2 * 13)..<(38 * 13)

    func testX9_xtermShowsTheEnginesPixelsWithThePostUnderTheBarAndNothingStaleAfterScrolling() throws {
        try Requirement.browserEngine()
        let bin = try Requirement.liveblogBinary()
        let x = try XvfbXterm()
        defer { x.stop() }
        let command = [bin, "view", TestPaths.sample, "--engine", "chromium", "--device", "pixel-8",
                       "--network", "instant", "--event", "ev-019"]
        try x.runTyping(command, setup: "export LANG=C.UTF-8 LC_ALL=C.UTF-8", cols: 100, rows: 40)
        let browser = waitForBrowser(command)
        _ = try x.waitFor("shown", seconds: 40) { $0.count(x: 0..<600, y: Self.list, near: Self.badge, tol: 12) > 40 }
        // The jump's hold runs out first (its countdown changes the toolbar every frame).
        let landed = try XCTUnwrap(try x.settledShots("landed", seconds: 40).last, "the screen never settled")
        let web = Self.webColumns(landed)
        XCTAssertGreaterThan(web.count, 40 * Self.cell.w, "the web row's pixels span the phone's columns")
        // The post under the bar: the badge in the list's first cell row, drawn by the engine.
        let firstRow = Self.list.lowerBound..<(Self.list.lowerBound + Self.cell.h)
        XCTAssertGreaterThan(landed.count(x: web, y: firstRow, near: Self.badge, tol: 12), 40,
                             "the post's highlight badge, in the engine's colours, under the bar")
        XCTAssertEqual(landed.count(x: web, y: (firstRow.upperBound)..<Self.list.upperBound, near: Self.badge, tol: 12)
                       > 0, true, "more highlighted posts below it")
        XCTAssertGreaterThan(Self.greys(landed, web), 40, "antialiased text: the engine's pixels, not xterm's font")
        try Self.rowsMoveWithTheList(x, from: landed, web: web)
        // The scoreboard image of ev-063 where the engine put it: its frame colour, in whole rows.
        x.type("/ev-063\r")
        let image = try XCTUnwrap(try x.settledShots("image", seconds: 40).last, "no settled screen after the jump")
        // Its frame and its panel's colours (Assets/images/scoreboard.png), as the engine scaled it.
        let rows = Self.list.filter { y in
            image.count(x: web, y: y..<(y + 1), near: (23, 23, 28), tol: 4)
                + image.count(x: web, y: y..<(y + 1), near: (38, 38, 46), tol: 4) >= 40
        }
        XCTAssertGreaterThan(rows.count, 5 * Self.cell.h, "the scoreboard, in the engine's pixels")
        x.type("q")
        if let browser {
            XCTAssertEqual(EngineProcesses.waitUntilGone(browser, seconds: 20), [], "no engine process outlives it")
        }
    }

    /// The browser liveblog started (its child in a process group of its own), once it runs: the
    /// child of the process whose command line is `command` (tests in parallel run other views).
    private func waitForBrowser(_ command: [String]) -> Int32? {
        var found: Int32?
        _ = Wait.until(timeout: 30) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            for name in names {
                guard let pid = Int32(name),
                      let cmd = try? String(contentsOfFile: "/proc/\(name)/cmdline", encoding: .utf8),
                      cmd == command.joined(separator: "\0") + "\0" else { continue }
                found = RealEngineCommandTests.children(of: pid).first
            }
            return found != nil
        }
        return found
    }

    /// A row down at a time (j, 16 pt): every pixel row of the page moves up one cell row, the row
    /// that comes in is the page's (a prefetched tile, or its capture a few frames later); and
    /// back a row at a time (k): the same screen as before, pixel for pixel.
    static func rowsMoveWithTheList(_ x: XvfbXterm, from landed: PPMImage, web: Range<Int>,
                                    file: StaticString = #filePath, line: UInt = #line) throws {
        var before = landed
        for step in 1...3 {
            x.type("j")
            let after = try XCTUnwrap(try x.settledShots("down\(step)").last, "no settled screen after j \(step)")
            let stale = differing(before, after, x: web, rows: (list.lowerBound + cell.h)..<list.upperBound,
                                  offset: -cell.h)
            XCTAssertLessThan(stale, list.count / 100, "step \(step): pixel rows that did not move with the list",
                              file: file, line: line)
            XCTAssertGreaterThan(differing(before, after, x: web, rows: list, offset: 0), 13,
                                 "step \(step): the screen moved", file: file, line: line)
            before = after
        }
        for step in 1...3 {
            x.type("k")
            _ = try x.settledShots("up\(step)")
        }
        let back = try XCTUnwrap(try x.settledShots("back").last, "no settled screen after k")
        XCTAssertLessThan(differing(landed, back, x: web, rows: list, offset: 0), list.count / 100,
                          "back where it was, nothing stale", file: file, line: line)
    }

    /// The columns (pixels) of the list that are not xterm's white in any list row: the web row.
    static func webColumns(_ s: PPMImage) -> Range<Int> {
        var lo = Int.max, hi = Int.min
        for y in stride(from: list.lowerBound, to: list.upperBound, by: 3) {
            for x in 0..<s.width where s.at(x, y) != (255, 255, 255) && s.at(x, y) != (0, 0, 0) {
                lo = min(lo, x)
                hi = max(hi, x)
            }
        }
        return lo <= hi ? lo..<(hi + 1) : 0..<0
    }

    /// Distinct grey levels in the list's web columns (xterm's bitmap font has two).
    static func greys(_ s: PPMImage, _ x: Range<Int>) -> Int {
        var levels = Set<Int>()
        for y in list {
            for xx in x {
                let p = s.at(xx, y)
                if p.0 == p.1 && p.1 == p.2 { levels.insert(p.0) }
            }
        }
        return levels.count
    }

    /// Pixel rows `rows` of `b` that differ (in more than 2 % of `x`) from `a`'s rows `offset` away.
    static func differing(_ a: PPMImage, _ b: PPMImage, x: Range<Int>, rows: Range<Int>, offset: Int) -> Int {
        rows.filter { y in
            let bad = x.filter { xx in
                let p = a.at(xx, y), q = b.at(xx, y + offset)
                return abs(p.0 - q.0) + abs(p.1 - q.1) + abs(p.2 - q.2) > 24
            }.count
            return bad * 50 > x.count
        }.count
    }
}
