import XCTest
@testable import TerminalKit
import TextCells

/// Text by grapheme cluster (issue 18): a cell holds one cluster, whole, and emoji presentation
/// takes two columns.
final class ClusterTests: XCTestCase {
    static let emoji: [(String, Int)] = [
        ("🇩🇪", 2), ("👍🏽", 2), ("👩‍👩‍👧", 2), ("👩🏽‍💻", 2), ("🏳️‍🌈", 2), ("1️⃣", 2), ("❤️", 2),
        ("❤", 1), ("é", 1), ("e\u{301}", 1), ("中", 2), ("a", 1),
    ]

    func testT8_clusterWidthsAsModernTerminalsDrawThem() {
        for (s, w) in Self.emoji {
            XCTAssertEqual(TextWidth.width(Character(s)), w, "\(s) \(s.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    func testT8_gridCellsHoldWholeClusters() {
        let g = CellGrid(cols: 40, rows: 1)
        let text = "🇩🇪👍🏽👩‍👩‍👧👩🏽‍💻🏳️‍🌈1️⃣❤️|"
        XCTAssertEqual(g.put(row: 0, col: 0, text, .plain), 15)
        let expected = ["🇩🇪", "👍🏽", "👩‍👩‍👧", "👩🏽‍💻", "🏳️‍🌈", "1️⃣", "❤️"]
        for (i, e) in expected.enumerated() {
            XCTAssertEqual(g.cell(row: 0, col: 2 * i).text, e)
            XCTAssertEqual(g.cell(row: 0, col: 2 * i + 1).text, "", "right half of \(e)")
        }
        XCTAssertEqual(g.cell(row: 0, col: 14).text, "|")
        XCTAssertEqual(g.rowText(0), text)
        // A wide cluster that does not fit at the right edge is not drawn, nor cut.
        let narrow = CellGrid(cols: 3, rows: 1)
        XCTAssertEqual(narrow.put(row: 0, col: 0, "a🏳️‍🌈🇩🇪", .plain), 3)
        XCTAssertEqual(narrow.rowText(0), "a🏳️‍🌈")
    }

    /// What ncurses gets for a cell: every scalar of the cluster (up to the five a `cchar_t` holds).
    func testT8_ncursesCellsGetEveryScalar() {
        for (s, _) in Self.emoji {
            XCTAssertEqual(NcursesScreen.cellScalars(Character(s)), s.unicodeScalars.map(\.value), s)
        }
        // 👨‍👩‍👧‍👦 has seven scalars: the longest prefix that fits and does not end in a joiner.
        let family = Character("👨‍👩‍👧‍👦")
        XCTAssertEqual(NcursesScreen.cellScalars(family), [0x1F468, 0x200D, 0x1F469, 0x200D, 0x1F467])
        XCTAssertEqual(NcursesScreen.cellScalars(Character("👩🏽‍❤️‍👨🏻")).last.map { $0 == 0x200D }, false)
    }
}
