import Foundation
import XCTest
import LiveblogModel
@testable import TerminalKit

/// Issue 15: the TERM fallback decision and the line writer on a closed pipe (the linear reader:
/// TerminalUITests/LinearReaderTests).
final class LinearAndFallbackTests: XCTestCase {
    func testT6_termFallbackDecisions() {
        let known: [String: TermFallback.Probe] = ["xterm-256color": .usable, "vt100": .usable,
                                                   "dumb": .noCursorAddressing, "screen": .usable]
        let probe: (String) -> TermFallback.Probe = { known[$0] ?? .missing }
        XCTAssertEqual(TermFallback.decide(term: "screen", probe: probe), .screen(term: "screen", note: nil))
        XCTAssertEqual(TermFallback.decide(term: "xterm-kitty", probe: probe),
                       .screen(term: "xterm-256color",
                               note: "no usable terminfo entry for TERM=xterm-kitty; used xterm-256color"))
        guard case .linear = TermFallback.decide(term: "dumb", probe: probe) else {
            return XCTFail("dumb reads linearly")
        }
        guard case .linear = TermFallback.decide(term: nil, probe: probe) else {
            return XCTFail("no TERM reads linearly")
        }
        guard case .linear = TermFallback.decide(term: "", probe: probe) else {
            return XCTFail("empty TERM reads linearly")
        }
        let onlyVT = TermFallback.decide(term: "nonsense") { $0 == "vt100" ? .usable : .missing }
        XCTAssertEqual(onlyVT, .screen(term: "vt100",
                                       note: "no usable terminfo entry for TERM=nonsense; used vt100"))
        guard case .linear = TermFallback.decide(term: "nonsense", probe: { _ in .missing }) else {
            return XCTFail("nothing usable reads linearly")
        }
        // A TERM with an escape in it is printed safely (T8).
        if case .screen(_, let note?) = TermFallback.decide(term: "x\u{1B}[2J", probe: probe) {
            XCTAssertFalse(note.unicodeScalars.contains { $0.value < 0x20 })
        } else { XCTFail("a fallback") }
    }

    func testT6_probeOfRealEntries() {
        // ncurses-base ships these; the probe must agree with terminfo.
        XCTAssertEqual(TermFallback.probe("vt100"), .usable)
        XCTAssertEqual(TermFallback.probe("dumb"), .noCursorAddressing)
        XCTAssertEqual(TermFallback.probe("no-such-terminal-here"), .missing)
        XCTAssertEqual(TermFallback.probe("../../etc/passwd"), .missing)
    }

    func testC6_lineWriterStopsQuietlyOnAClosedPipe() {
        LineWriter.ignoreSIGPIPE()
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        close(fds[0])
        let w = LineWriter(fd: fds[1], capacity: 16)
        var accepted = 0
        for _ in 0..<1000 where w.line("0123456789") { accepted += 1 }
        XCTAssertTrue(w.closed)
        XCTAssertNil(w.failure)
        XCTAssertLessThan(accepted, 5, "it stops at the first full buffer")
        close(fds[1])
    }

    func testC5_defaultWidth() {
        let notATTY = open("/dev/null", O_WRONLY)
        defer { close(notATTY) }
        XCTAssertEqual(LineWriter.defaultWidth(fd: notATTY, environment: ["COLUMNS": "132"]), 132)
        XCTAssertEqual(LineWriter.defaultWidth(fd: notATTY, environment: ["COLUMNS": "zero"]), 80)
        XCTAssertEqual(LineWriter.defaultWidth(fd: notATTY, environment: [:]), 80)
    }
}
