import Foundation
@testable import TerminalCaps
import TestSupport
import XCTest

/// G7: a pseudo-terminal answers the capability queries each way (supported, unsupported,
/// silent); the probe decides from the answers and never waits past its timeout.
final class CapabilityProbeTests: XCTestCase {
    let ctx = CapabilityDecision.Context(unicode: true, richColor: true, cols: 120, rows: 40)

    func probe(_ profile: PseudoTerminal.Profile, timeoutMs: Int = 150) throws -> (TerminalFeatures, Double, String) {
        let term = try PseudoTerminal(profile)
        defer { term.close() }
        let probe = CapabilityProbe(input: term.slave, output: term.slave, timeoutMs: timeoutMs)
        let t0 = Date()
        let replies = probe.run()
        let ms = Date().timeIntervalSince(t0) * 1000
        usleep(20_000)
        return (CapabilityDecision.decide(replies, ctx), ms, term.text)
    }

    func testG7_supportedTerminalAnswersAndTheProbeEndsAtDA1() throws {
        let (f, ms, sent) = try probe(.kitty, timeoutMs: 60_000)
        XCTAssertEqual(sent, CapabilityQueries.all(), "the queries reach the terminal as documented")
        XCTAssertEqual(f.graphics, .kitty)
        XCTAssertTrue(f.synchronizedOutput)
        XCTAssertTrue(f.sgrPixels)
        XCTAssertTrue(f.focusEvents)
        XCTAssertTrue(f.hyperlinks)
        XCTAssertEqual(f.cellPixels, CellPixelSize(width: 10, height: 20))
        XCTAssertEqual(f.terminalName, "kitty(0.31.0)")
        // A minute's timeout: ending at all within half of it is ending at DA1 (how long the
        // timeout is waited is checked on a virtual clock below).
        XCTAssertLessThan(ms, 30_000, "ends at the DA1 reply, not at the timeout")
    }

    func testG7_sixelTerminal() throws {
        let (f, _, _) = try probe(.xtermSixel(cellWidth: 6, cellHeight: 13), timeoutMs: 2000)
        XCTAssertEqual(f.graphics, .sixel)
        XCTAssertFalse(f.synchronizedOutput)
        XCTAssertTrue(f.sgrPixels)
        XCTAssertEqual(f.cellPixels, CellPixelSize(width: 6, height: 13))
    }

    func testG7_unsupportedTerminalGetsNothingExtra() throws {
        let (f, _, _) = try probe(.unsupported, timeoutMs: 2000)
        XCTAssertEqual(f.graphics, .halfblocks)
        XCTAssertFalse(f.synchronizedOutput)
        XCTAssertFalse(f.sgrPixels)
        XCTAssertFalse(f.focusEvents)
        XCTAssertFalse(f.hyperlinks)
        XCTAssertNil(f.cellPixels)
    }

    func testG7_silentTerminalCostsAtMostTheTimeout() throws {
        let (f, ms, _) = try probe(.silent, timeoutMs: 150)
        XCTAssertEqual(f, CapabilityDecision.decide(TerminalReplies(), ctx))
        XCTAssertEqual(f.graphics, .halfblocks)
        XCTAssertGreaterThanOrEqual(ms, 140, "it did wait for an answer")
        XCTAssertLessThan(ms, 10_000, "bounded: no hang (the timeout itself: on a virtual clock below)")
    }

    /// The wait for a silent terminal on a virtual clock, where each wait for input advances the
    /// clock by what it was given, some of it in pieces (a signal cutting a poll short): the probe
    /// waits the timeout in all, never past it, and asks for no wait past the deadline.
    func testG7_silentTerminalWaitsExactlyTheTimeoutOnAVirtualClock() throws {
        let term = try PseudoTerminal(.silent)
        defer { term.close() }
        for (timeout, piece) in [(150, 1_000), (150, 40), (1000, 7), (0, 1_000)] {
            var probe = CapabilityProbe(input: term.slave, output: term.slave, timeoutMs: timeout)
            var clock: UInt64 = 5_000_000_000
            var asked: [Int32] = []
            probe.now = { clock }
            probe.waitForInput = { _, ms in
                asked.append(ms)
                clock += UInt64(min(Int(ms), piece)) * 1_000_000
                return false
            }
            let replies = probe.run()
            XCTAssertEqual(replies, TerminalReplies(), "\(timeout) ms")
            XCTAssertEqual(clock - 5_000_000_000, UInt64(timeout) * 1_000_000, "waits the timeout, no more (\(timeout) ms)")
            XCTAssertEqual(asked.reduce(0) { $0 + min(Int($1), piece) }, timeout)
            XCTAssertLessThanOrEqual(asked.max() ?? 0, Int32(timeout), "no wait asked past the deadline")
        }
    }
}

final class TmuxProbeTests: XCTestCase {
    /// tmux takes an APC string for the pane's title: inside tmux without pass-through the kitty
    /// query is not sent; with pass-through it goes wrapped.
    func testG1_insideTmuxTheKittyQueryIsWithheldOrWrapped() throws {
        for (passthrough, expected) in [(false, ""), (true, TmuxPassthrough.wrap(CapabilityQueries.kitty))] {
            let term = try PseudoTerminal(.unsupported)
            _ = CapabilityProbe(input: term.slave, output: term.slave, timeoutMs: 2000)
                .run(passthrough: passthrough, insideTmux: true)
            usleep(20_000)
            XCTAssertEqual(term.text, CapabilityQueries.all(kittyQuery: expected))
            term.close()
        }
    }
}
