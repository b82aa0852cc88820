@testable import TerminalCaps
import XCTest

/// G1, G3, G4, G6: the replies of the capability queries, as xterm's ctlseqs and the kitty
/// docs write them, become a `TerminalFeatures` value.
final class ReplyParserTests: XCTestCase {
    static let esc = "\u{1B}"

    func testG1_parsesEveryReplyKind() {
        let e = Self.esc
        let bytes = e + "_Gi=31;OK" + e + "\\" + e + "P>|kitty(0.31.0)" + e + "\\" + e + "[?2026;2$y"
            + e + "[?1016;2$y" + e + "[?1004;1$y" + e + "[4;800;1200t" + e + "[6;20;10t" + e + "[?62;4;22c"
        let r = ReplyParser.parse(Array(bytes.utf8))
        XCTAssertTrue(r.kittyAnswered)
        XCTAssertTrue(r.kittyOK)
        XCTAssertEqual(r.version, "kitty(0.31.0)")
        XCTAssertEqual(r.modes, [2026: 2, 1016: 2, 1004: 1])
        XCTAssertEqual(r.textArea, CellPixelSize(width: 1200, height: 800))
        XCTAssertEqual(r.cell, CellPixelSize(width: 10, height: 20))
        XCTAssertEqual(r.da1, [62, 4, 22])
        XCTAssertTrue(r.sixel)
    }

    func testG1_kittyErrorAndUnknownModesAreNotSupport() {
        let e = Self.esc
        let r = ReplyParser.parse(Array((e + "_Gi=31;ENOTSUPPORTED:no" + e + "\\" + e + "[?2026;0$y"
            + e + "[?1016;4$y" + e + "[?1;2c").utf8))
        XCTAssertTrue(r.kittyAnswered)
        XCTAssertFalse(r.kittyOK)
        XCTAssertFalse(r.modeSupported(2026))
        XCTAssertFalse(r.modeSupported(1016), "permanently reset is not usable")
        XCTAssertFalse(r.sixel)
        XCTAssertEqual(r.da1, [1, 2])
    }

    func testG1_incompleteDA1IsNotTheSentinel() {
        XCTAssertFalse(ReplyParser.hasDA1(Array("\u{1B}[?62;4".utf8)))
        XCTAssertTrue(ReplyParser.hasDA1(Array("\u{1B}[?62;4c".utf8)))
        XCTAssertFalse(ReplyParser.hasDA1(Array("\u{1B}[>1;2c".utf8)), "DA2 is not DA1")
    }

    func testG1_queriesAreTheDocumentedBytes() {
        let all = CapabilityQueries.all()
        XCTAssertTrue(all.hasPrefix("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"))
        XCTAssertTrue(all.contains("\u{1B}[?2026$p"))
        XCTAssertTrue(all.contains("\u{1B}[?1016$p"))
        XCTAssertTrue(all.contains("\u{1B}[?1004$p"))
        XCTAssertTrue(all.contains("\u{1B}[>0q"))
        XCTAssertTrue(all.contains("\u{1B}[14t\u{1B}[16t"))
        XCTAssertTrue(all.hasSuffix("\u{1B}[c"), "DA1 last: the sentinel")
    }
}

final class CapabilityDecisionTests: XCTestCase {
    let ctx = CapabilityDecision.Context(unicode: true, richColor: true, cols: 120, rows: 40)

    func replies(_ s: String) -> TerminalReplies { ReplyParser.parse(Array(s.utf8)) }

    func testG1_ladderKittyThenSixelThenITerm2ThenCells() {
        let e = "\u{1B}"
        let kitty = replies(e + "_Gi=31;OK" + e + "\\" + e + "[?62;4c")
        XCTAssertEqual(CapabilityDecision.decide(kitty, ctx).graphics, .kitty)
        let sixel = replies(e + "P>|XTerm(379)" + e + "\\" + e + "[?63;1;4c")
        XCTAssertEqual(CapabilityDecision.decide(sixel, ctx).graphics, .sixel)
        let iterm = replies(e + "P>|iTerm2 3.5.0" + e + "\\" + e + "[?62;22c")
        XCTAssertEqual(CapabilityDecision.decide(iterm, ctx).graphics, .iterm2)
        let modern = replies(e + "P>|foot(1.16)" + e + "\\" + e + "[?62;22c")
        XCTAssertEqual(CapabilityDecision.decide(modern, ctx).graphics, .symbols)
        let old = replies(e + "[?1;2c")
        XCTAssertEqual(CapabilityDecision.decide(old, ctx).graphics, .halfblocks)
        var plain = ctx
        plain.unicode = false
        XCTAssertEqual(CapabilityDecision.decide(old, plain).graphics, .ascii)
    }

    func testG1_neverByNameAloneAndTheOverrideWins() {
        var c = ctx
        c.termProgram = "iTerm.app"
        // A terminal that says nothing at all is not taken for iTerm2 by its name.
        XCTAssertEqual(CapabilityDecision.decide(TerminalReplies(), c).graphics, .halfblocks)
        // Answered DA1 but not XTVERSION: the name breaks the tie.
        XCTAssertEqual(CapabilityDecision.decide(replies("\u{1B}[?62;22c"), c).graphics, .iterm2)
        XCTAssertEqual(CapabilityDecision.decide(TerminalReplies(), c, choice: .forced(.sixel)).graphics, .sixel)
        XCTAssertEqual(GraphicsChoice(argument: "kitty"), .forced(.kitty))
        XCTAssertEqual(GraphicsChoice(argument: "auto"), .auto)
        XCTAssertNil(GraphicsChoice(argument: "png"))
    }

    func testG1_tmuxPixelsOnlyWithPassthrough() {
        let e = "\u{1B}"
        let r = replies(e + "_Gi=31;OK" + e + "\\" + e + "P>|tmux 3.3a" + e + "\\" + e + "[?62;4c")
        var c = ctx
        c.insideTmux = true
        let off = CapabilityDecision.decide(r, c)
        XCTAssertEqual(off.graphics, .symbols)
        XCTAssertFalse(off.tmuxPassthrough)
        c.tmuxAllowsPassthrough = true
        let on = CapabilityDecision.decide(r, c)
        XCTAssertEqual(on.graphics, .kitty)
        XCTAssertTrue(on.tmuxPassthrough)
        XCTAssertTrue(TmuxPassthrough.parse("on\n"))
        XCTAssertTrue(TmuxPassthrough.parse("all"))
        XCTAssertFalse(TmuxPassthrough.parse("off"))
        XCTAssertEqual(TmuxPassthrough.wrap(e + "_Ga=q" + e + "\\"), e + "Ptmux;" + e + e + "_Ga=q" + e + e + "\\" + e + "\\")
    }

    func testG3G4G6_modesAndCellSize() {
        let e = "\u{1B}"
        let r = replies(e + "[?2026;2$y" + e + "[?1016;2$y" + e + "[?1004;2$y" + e + "[4;800;1200t" + e + "[?62c")
        let f = CapabilityDecision.decide(r, ctx)
        XCTAssertTrue(f.synchronizedOutput)
        XCTAssertTrue(f.sgrPixels)
        XCTAssertTrue(f.focusEvents)
        XCTAssertTrue(f.hyperlinks)
        XCTAssertEqual(f.cellPixels, CellPixelSize(width: 10, height: 20), "CSI 14 t ÷ 120 × 40")
        let none = CapabilityDecision.decide(replies(e + "[?2026;0$y" + e + "[?1;2c"), ctx)
        XCTAssertFalse(none.synchronizedOutput)
        XCTAssertFalse(none.sgrPixels)
        XCTAssertFalse(none.focusEvents)
        XCTAssertFalse(none.hyperlinks)
        XCTAssertNil(none.cellPixels)
        var xterm = replies(e + "[?63;4c")
        xterm.winsizePixels = CellPixelSize(width: 480, height: 312)
        var grid = ctx
        grid.cols = 80
        grid.rows = 24
        XCTAssertEqual(CapabilityDecision.decide(xterm, grid).cellPixels, CellPixelSize(width: 6, height: 13),
                       "TIOCGWINSZ pixels ÷ the grid where the window ops are not answered")
    }
}
