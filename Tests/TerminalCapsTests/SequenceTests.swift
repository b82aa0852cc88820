@testable import TerminalCaps
import TestSupport
import XCTest

final class SequenceTests: XCTestCase {
    func testG5_osc8AroundLinkText() {
        let s = TerminalSequences.hyperlink("https://example.org/a?b=1", text: "read more", id: "p7")
        XCTAssertEqual(s, "\u{1B}]8;id=p7;https://example.org/a?b=1\u{1B}\\read more\u{1B}]8;;\u{1B}\\")
    }

    func testG5_osc8URICannotCarryControls() {
        let s = TerminalSequences.hyperlinkOpen("https://x.org/\u{1B}]52;c;AAAA\u{07} é")
        XCTAssertEqual(s, "\u{1B}]8;;https://x.org/%1B]52;c;AAAA%07%20%C3%A9\u{1B}\\")
    }

    func testG5_osc52CopiesBase64() {
        XCTAssertEqual(TerminalSequences.copyToClipboard("https://x.org/ü"), "\u{1B}]52;c;aHR0cHM6Ly94Lm9yZy/DvA==\u{1B}\\")
    }

    func testG3_syncAndModeBytes() {
        XCTAssertEqual(TerminalSequences.syncBegin, "\u{1B}[?2026h")
        XCTAssertEqual(TerminalSequences.syncEnd, "\u{1B}[?2026l")
        XCTAssertEqual(TerminalSequences.sgrPixelsOn, "\u{1B}[?1016h")
        XCTAssertEqual(TerminalSequences.focusOn, "\u{1B}[?1004h")
    }

    func testG4_pixelsBecomePointsBelowCellSteps() {
        let p = PixelPointer(cellPixels: CellPixelSize(width: 10, height: 20))
        let a = p.points(xPx: 1, yPx: 1), b = p.points(xPx: 6, yPx: 11)
        XCTAssertEqual(a.x, 0)
        XCTAssertEqual(b.x, 4, accuracy: 1e-9, "5 px of a 10 px cell = half of 8 pt")
        XCTAssertEqual(b.y, 8, accuracy: 1e-9, "10 px of a 20 px cell = half of 16 pt")
        XCTAssertEqual(p.cell(xPx: 25, yPx: 41).col, 2)
        XCTAssertEqual(p.cell(xPx: 25, yPx: 41).row, 2)
        let c = PixelPointer.cellCentre(row: 1, col: 2)
        XCTAssertEqual(c.x, 20)
        XCTAssertEqual(c.y, 24)
    }
}

final class ExternalLinkOpenerTests: XCTestCase {
    func testG5_browserOrXdgOpenWithTheURLAsOneArgument() {
        let u = "https://example.org/a b;rm -rf"
        XCTAssertNil(ExternalLinkOpener.command(for: u, environment: [:]), "a space in the URL: refused")
        let ok = "https://example.org/a?b=1&c=2"
        XCTAssertEqual(ExternalLinkOpener.command(for: ok, environment: [:]), ["xdg-open", ok])
        XCTAssertEqual(ExternalLinkOpener.command(for: ok, environment: ["BROWSER": "firefox --new-tab"]),
                       ["firefox", "--new-tab", ok])
        XCTAssertEqual(ExternalLinkOpener.command(for: ok, environment: ["BROWSER": "w3m %s:lynx"]), ["w3m", ok])
        XCTAssertNil(ExternalLinkOpener.command(for: "javascript:alert(1)", environment: [:]))
        XCTAssertNil(ExternalLinkOpener.command(for: "file:///etc/passwd", environment: [:]))
    }

    func testG5_opensThroughBrowserCommand() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lb-open-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("opened").path
        let script = dir.appendingPathComponent("browser.sh")
        try "#!/bin/sh\nprintf '%s' \"$1\" > \(out)\n".write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        XCTAssertTrue(ExternalLinkOpener.open("https://example.org/x", environment: ["BROWSER": script.path]))
        let opened = { (try? String(contentsOfFile: out, encoding: .utf8)) ?? "" }
        Wait.until(timeout: 10) { opened() == "https://example.org/x" }
        XCTAssertEqual(opened(), "https://example.org/x")
    }
}
