import XCTest
@testable import TerminalKit

final class CellGridTests: XCTestCase {
    /// T8: grid never stores control characters
    func testT8_gridNeverStoresControlCharacters() {
        let g = CellGrid(cols: 40, rows: 3)
        let nasty = "a\u{1B}[31mb\u{07}c\u{9B}d\r\ne\u{7F}f\u{0}g\u{85}h\t"
        let used = g.put(row: 0, col: 0, nasty, .plain)
        g.fill(row: 1, col: 0, width: 5, "\u{1B}", .plain)
        g.put(row: 2, col: 0, "x\u{1B}]0;title\u{07}y", .plain)
        for cell in g.cells {
            for u in cell.text.unicodeScalars {
                XCTAssertFalse(u.value < 0x20 || (0x7F...0x9F).contains(u.value),
                               "control U+\(String(u.value, radix: 16)) stored")
            }
        }
        // Each control became one visible "?" (the escape's printable tail stays text).
        XCTAssertEqual(g.rowText(0), "a?[31mb?c?d?e?f?g?h?")
        XCTAssertEqual(used, 20)
        XCTAssertEqual(g.rowText(1), "?????")
    }

    func testCellGridWideCharacters() {
        let g = CellGrid(cols: 10, rows: 2)
        XCTAssertEqual(g.put(row: 0, col: 0, "漢a字", .plain), 5)
        XCTAssertEqual(g.cell(row: 0, col: 0).text, "漢")
        XCTAssertEqual(g.cell(row: 0, col: 1).text, "")      // right half
        XCTAssertEqual(g.cell(row: 0, col: 2).text, "a")
        XCTAssertEqual(g.cell(row: 0, col: 3).text, "字")
        XCTAssertEqual(g.rowText(0), "漢a字")
        // Overwriting the right half of a wide character blanks its left half.
        g.put(row: 0, col: 1, "x", .plain)
        XCTAssertEqual(g.rowText(0), " xa字")
        // Overwriting the left half blanks the right half.
        g.put(row: 0, col: 3, "y", .plain)
        XCTAssertEqual(g.rowText(0), " xay")
        // A wide fill character: width 5 → two characters and a space.
        g.fill(row: 1, col: 0, width: 5, "字", .plain)
        XCTAssertEqual(g.rowText(1), "字字")
        XCTAssertEqual(g.cell(row: 1, col: 4).text, " ")
        // Combining marks stay in their cluster; zero-width clusters are dropped.
        let h = CellGrid(cols: 5, rows: 1)
        XCTAssertEqual(h.put(row: 0, col: 0, "e\u{301}\u{200B}z", .plain), 2)
        XCTAssertEqual(h.cell(row: 0, col: 0).text, "e\u{301}")
        XCTAssertEqual(h.cell(row: 0, col: 1).text, "z")
    }

    func testCellGridClipsAtRightEdge() {
        let g = CellGrid(cols: 5, rows: 2)
        XCTAssertEqual(g.put(row: 0, col: 2, "abcdefg", .plain), 3)
        XCTAssertEqual(g.rowText(0), "  abc")
        // A wide character that does not fit is not drawn.
        XCTAssertEqual(g.put(row: 1, col: 2, "ab漢", .plain), 2)
        XCTAssertEqual(g.rowText(1), "  ab")
        // Outside the grid: nothing, and no crash.
        XCTAssertEqual(g.put(row: 5, col: 0, "x", .plain), 0)
        XCTAssertEqual(g.put(row: 0, col: 9, "x", .plain), 0)
        // Left of the edge: skipped but counted, a cut wide character leaves a blank.
        XCTAssertEqual(g.put(row: 1, col: -2, "xyz", .plain), 3)
        XCTAssertEqual(g.cell(row: 1, col: 0).text, "z")
        XCTAssertEqual(g.put(row: 1, col: -1, "漢q", .plain), 3)
        XCTAssertEqual(g.cell(row: 1, col: 0).text, " ")
        XCTAssertEqual(g.cell(row: 1, col: 1).text, "q")
        // Fill clips too.
        g.fill(row: 0, col: 3, width: 10, "-", .plain)
        XCTAssertEqual(g.rowText(0), "  a--")
    }

    func testCellGridStylesTextAndResize() {
        let g = CellGrid(cols: 6, rows: 2)
        let bold = Style(fg: .indexed(1), bold: true)
        g.put(row: 1, col: 1, "hi", bold)
        XCTAssertEqual(g.styleAt(row: 1, col: 2), bold)
        XCTAssertEqual(g.styleAt(row: 1, col: 3), .plain)
        XCTAssertEqual(g.text(), "\n hi")
        g.present(); g.present()
        XCTAssertEqual(g.presentCount, 2)
        g.erase()
        XCTAssertEqual(g.text(), "\n")
        g.resize(cols: 3, rows: 3)
        XCTAssertEqual(g.cols, 3)
        XCTAssertEqual(g.rows, 3)
        XCTAssertEqual(g.put(row: 2, col: 0, "abcd", .plain), 3)
        XCTAssertEqual(g.text(), "\n\nabc")
        XCTAssertEqual(g.capabilities, TerminalCapabilities(colorMode: .palette256, unicode: true))
    }
}

final class InputAndCapabilityTests: XCTestCase {
    /// T3: sgr mouse reports decode
    func testT3_sgrMouseReportsDecode() {
        XCTAssertEqual(MouseReport.decodeSGR("64;10;5", final: "M"), MouseEvent(kind: .wheelUp, row: 4, col: 9))
        XCTAssertEqual(MouseReport.decodeSGR("65;10;5", final: "M"), MouseEvent(kind: .wheelDown, row: 4, col: 9))
        XCTAssertEqual(MouseReport.decodeSGR("0;10;5", final: "M"), MouseEvent(kind: .press(button: 1), row: 4, col: 9))
        XCTAssertEqual(MouseReport.decodeSGR("32;10;8", final: "M"), MouseEvent(kind: .drag, row: 7, col: 9))
        XCTAssertEqual(MouseReport.decodeSGR("0;10;8", final: "m"), MouseEvent(kind: .release, row: 7, col: 9))
        XCTAssertEqual(MouseReport.decodeSGR("35;1;1", final: "M"), MouseEvent(kind: .move, row: 0, col: 0))
        XCTAssertEqual(MouseReport.decodeSGR("2;3;4", final: "M"), MouseEvent(kind: .press(button: 3), row: 3, col: 2))
        XCTAssertEqual(MouseReport.decodeSGR("16;3;4", final: "M"), MouseEvent(kind: .press(button: 1), row: 3, col: 2)) // ctrl
        XCTAssertNil(MouseReport.decodeSGR("1;2", final: "M"))
        XCTAssertNil(MouseReport.decodeSGR("66;1;1", final: "M")) // horizontal wheel
        // X10: bytes offset by 32, release is button 3.
        XCTAssertEqual(MouseReport.decodeX10(32, 33 + 9, 33 + 4), MouseEvent(kind: .press(button: 1), row: 4, col: 9))
        XCTAssertEqual(MouseReport.decodeX10(35, 33, 33), MouseEvent(kind: .release, row: 0, col: 0))
        XCTAssertEqual(MouseReport.decodeX10(96, 40, 40), MouseEvent(kind: .wheelUp, row: 7, col: 7))
        XCTAssertEqual(MouseReport.decodeX10(64, 40, 40), MouseEvent(kind: .drag, row: 7, col: 7))
    }

    /// T2: control characters become keys
    func testT2_controlCharactersBecomeKeys() {
        XCTAssertEqual(Key.fromChar(9), .tab)
        XCTAssertEqual(Key.fromChar(13), .enter)
        XCTAssertEqual(Key.fromChar(127), .backspace)
        XCTAssertEqual(Key.fromChar(27), .escape)
        XCTAssertEqual(Key.fromChar(3), .ctrl("c"))
        XCTAssertEqual(Key.fromChar(0x6A), .char("j"))
        XCTAssertEqual(Key.fromChar(0x6F22), .char("漢"))
        XCTAssertNil(Key.fromChar(0x85))
    }

    /// T6: capabilities from environment
    func testT6_capabilitiesFromEnvironment() {
        let utf8 = ["LANG": "en_US.UTF-8"]
        XCTAssertEqual(TerminalCapabilities.detect(environment: utf8, terminalColors: 256, terminalHasDirectColor: false),
                       TerminalCapabilities(colorMode: .palette256, unicode: true))
        XCTAssertEqual(TerminalCapabilities.detect(environment: utf8.merging(["NO_COLOR": "1"]) { $1 },
                                                   terminalColors: 256, terminalHasDirectColor: true).colorMode, .none)
        XCTAssertEqual(TerminalCapabilities.detect(environment: ["COLORTERM": "truecolor"], terminalColors: 0x1000000,
                                                   terminalHasDirectColor: true),
                       TerminalCapabilities(colorMode: .direct, unicode: false))
        XCTAssertEqual(TerminalCapabilities.detect(environment: [:], terminalColors: 8, terminalHasDirectColor: false).colorMode, .basic8)
        XCTAssertEqual(TerminalCapabilities.detect(environment: [:], terminalColors: 8, terminalHasDirectColor: false,
                                                   terminalHasColors: false).colorMode, .none)
        // LC_ALL wins over LANG; C locale → ASCII fallback.
        XCTAssertFalse(TerminalCapabilities.localeIsUTF8(["LC_ALL": "C", "LANG": "en_US.UTF-8"]))
        XCTAssertTrue(TerminalCapabilities.localeIsUTF8(["LC_CTYPE": "C.utf8"]))
        XCTAssertFalse(TerminalCapabilities.localeIsUTF8([:]))
        XCTAssertEqual(TerminalCapabilities.fromEnvironment(["TERM": "xterm-256color", "LANG": "C.UTF-8"]),
                       TerminalCapabilities(colorMode: .palette256, unicode: true))
        XCTAssertEqual(TerminalCapabilities.fromEnvironment(["TERM": "xterm", "COLORTERM": "24bit"]).colorMode, .direct)
        XCTAssertEqual(TerminalCapabilities.fromEnvironment(["TERM": "dumb"]).colorMode, .none)
    }

    /// T6: restore sequence padding stripped
    func testT6_restoreSequencePaddingStripped() {
        XCTAssertEqual(NcursesScreen.stripPadding("\u{1B}[?5h$<100/>\u{1B}[?5l"), "\u{1B}[?5h\u{1B}[?5l")
        XCTAssertTrue(TerminalRestorer.defaultRestoreSequence.contains("\u{1B}[?1049l"))
        XCTAssertTrue(TerminalRestorer.defaultRestoreSequence.contains("\u{1B}[?1002l"))
    }
}
