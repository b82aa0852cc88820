@testable import BrowserEngine
@testable import Chromium
import Embed
@testable import EngineProcess
import Foundation
import LiveblogModel
import TestSupport
import XCTest

/// V5 on the real engine: the bundled sample laid out by Chromium at the width `view` gives it in
/// a 100-column terminal (90 columns, 720 pt), its line boxes read as the terminal reads them
/// and placed in cell rows by `PageCellLayout`: each paragraph's lines on consecutive rows, no
/// row wider than its cells, the embed one card row naming its site.
final class EngineTextRowsTests: EngineTestCase {
    static let width = 720.0
    static let columns = 89
    static let fixture = TestPaths.root + "/Tests/BrowserEngineTests/Fixtures/sample-layout-720.json"

    /// The engine's answer for the page's first `height` pt, as engine-view.js gives it.
    private func sampleLayout(height: Double) throws -> String {
        let lb = try LiveblogLoader.load(path: TestPaths.sample)
        let page = try open(lb, device: EngineDevice(width: Self.width, height: 480, density: 1, platform: .ios))
        try run(page, seconds: 0.5)
        let v = try page.evaluate("window.__liveblogView.layout(0, \(Int(height)), null)", doing: "test")
        guard let json = v.stringValue else { throw EngineError.malformed("no layout") }
        return json
    }

    func testV5_theSamplesLineBoxesReadAsWholeRowsInTheRealEngine() throws {
        let json = try sampleLayout(height: 40_000)
        if ProcessInfo.processInfo.environment["LIVEBLOG_RECORD_TEXT_ROWS"] != nil {
            // The in-process tests' fixture (PageCellRowsTests): the same answer.
            try json.write(toFile: Self.fixture, atomically: true, encoding: .utf8)
        }
        let s = try PageLayoutSnapshot.parse(.string(json), from: 0, to: 40_000)
        let rows = PageCellRowsCheck(snapshot: s, columns: Self.columns)
        XCTAssertEqual(rows.tooWide, [], "no row wider than its cells")
        XCTAssertTrue(rows.consecutive("Full report and reaction on our site."), rows.dump(around: "Full report"))
        XCTAssertTrue(rows.consecutive("in at the back post. His tenth goal of the cup run."),
                      rows.dump(around: "Mensah scores"))
        XCTAssertEqual(rows.paragraphsNotOnConsecutiveRows, [], "no blank row inside a paragraph")
        let cards = rows.lines.filter { $0.contains("twitter.com") }
        XCTAssertEqual(cards.count, 1, rows.dump(around: "twitter.com"))
        XCTAssertTrue(cards.first?.hasPrefix("▸ twitter.com ·") ?? false, "\(cards)")
    }
}
