import Foundation
import TestSupport
import XCTest

/// X14, pixels from snapshots: `view --engine webkit` on a sixel terminal (xterm in VT340 mode
/// under Xvfb, 6×13-pixel cells) draws the web row as WebKit painted it, in row tiles (the helper
/// draws each band from its web view): the reference embed's own look (its yellow "Highlight"
/// badge, antialiased text) with the post under the bar after a jump far down the document
/// (beyond the WebKit window's 8192 px, which follows the reader), and after scrolling every
/// pixel row exactly where the scroll moved it (nothing stale).
final class WebKitPixelsXtermTests: XCTestCase {
    typealias Shots = EnginePixelsXtermTests

    func testX14_xtermShowsWebKitsPixelsWithThePostUnderTheBarAndNothingStaleAfterScrolling() throws {
        try Self.requireWebKit()
        let bin = try Requirement.liveblogBinary()
        let x = try XvfbXterm()
        defer { x.stop() }
        try x.runTyping([bin, "view", TestPaths.sample, "--engine", "webkit", "--device", "iphone-15",
                         "--network", "instant", "--event", "ev-019"],
                        setup: "export LANG=C.UTF-8 LC_ALL=C.UTF-8", cols: 100, rows: 40)
        _ = try x.waitFor("shown", seconds: 60) {
            $0.count(x: 0..<600, y: Shots.list, near: Shots.badge, tol: 12) > 40
        }
        // The jump's hold runs out first (its countdown replaces the toolbar, whose right end, the
        // post and the percentage, comes back after it; WebKit's hold lasts some 8 s here).
        _ = try x.waitFor("held", seconds: 40) { $0.count(x: 480..<600, y: (39 * 13)..<(40 * 13), near: (255, 255, 255), tol: 60) > 20 }
        let landed = try XCTUnwrap(try x.settledShots("landed", seconds: 40).last, "the screen never settled")
        let web = Shots.webColumns(landed)
        XCTAssertGreaterThan(web.count, 40 * Shots.cell.w, "the web row's pixels span the phone's columns")
        // The post under the bar: its badge in the list's first two cell rows (WebKit's post has its
        // time above it), drawn by WebKit.
        let firstRows = Shots.list.lowerBound..<(Shots.list.lowerBound + 2 * Shots.cell.h)
        XCTAssertGreaterThan(landed.count(x: web, y: firstRows, near: Shots.badge, tol: 12), 40,
                             "the post's highlight badge, in WebKit's colours, under the bar")
        XCTAssertGreaterThan(Shots.greys(landed, web), 40, "antialiased text: WebKit's pixels, not xterm's font")
        try Shots.rowsMoveWithTheList(x, from: landed, web: web)
        x.type("q")
    }

    /// WebKit as liveblog builds its helper: WebKitGTK's and json-glib's development packages.
    static func requireWebKit() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["pkg-config", "--exists", "webkit2gtk-4.1", "json-glib-1.0"]
        let found = (try? p.run()).map { p.waitUntilExit(); return p.terminationStatus == 0 } ?? false
        try Requirement.check(found, "WebKit (the helper is built from libwebkit2gtk-4.1-dev and libjson-glib-dev)",
                              install: "apt-get install -y libwebkit2gtk-4.1-dev libjson-glib-dev xvfb")
    }
}
