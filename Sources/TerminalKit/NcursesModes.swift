import CNcurses
import Foundation
import TerminalCaps

/// The terminal modes liveblog turns on after ncurses' set-up, and off at exit or on a signal:
/// mouse tracking (1002, SGR 1006), SGR-Pixels (1016, G4) and focus reports (1004, G6) where the
/// probe found them, and bracketed paste (2004, issue 15) always.
extension NcursesScreen {
    /// Writes bytes of liveblog's own to the terminal (OSC 52), between frames.
    public func write(_ s: String) {
        guard isOpen else { return }
        writeTTY(s)
    }

    func startModes(mouse: Bool) {
        let f = capabilities.features
        if mouse, f.sgrPixels, let cell = f.cellPixels {
            // Pixel reports: ncurses must not decode them as cell reports; our decoder does.
            pixelPointer = PixelPointer(cellPixels: cell)
            keyok(LB_KEY_MOUSE, false)
        } else if mouse {
            mouseinterval(0)
            mousemask(LB_ALL_MOUSE_EVENTS | LB_REPORT_MOUSE_POSITION, nil)
        }
        if f.graphics == .sixel || f.graphics == .iterm2 {
            // Sixel and iTerm2 pixels move with a scrolled region, into rows liveblog does not know
            // to repaint: ncurses repaints rows instead of scrolling them (G1: no stale pixels).
            // idlok(FALSE) stops insert/delete line only; the probe window lets each frame stop
            // scroll regions too and find the rows ncurses writes (`rowsWritten`, issue 32).
            idlok(lb_stdscr(), false)
            cellProbe = newwin(1, 1, 0, 0)
        }
        // Flush ncurses' own set-up (smcup, keypad, its mouse mode 1000) before ours, so
        // that 1002 is the last tracking mode the terminal sees.
        wrefresh(lb_stdscr())
        var on = mouse ? Self.mouseOn : ""
        if pixelPointer != nil { on += TerminalSequences.sgrPixelsOn }
        if f.focusEvents { on += TerminalSequences.focusOn }
        on += PasteCollector.enable   // issue 15: pastes arrive as text, not keystrokes
        writeTTY(on)
        TerminalRestorer.install(restoreSequence: Self.restoreSequence(mouse: mouse, modes: modesOff))
        TerminalRestorer.wrapSuspend(resumeSequence: on)
    }

    /// Everything `startModes` turned on, off again; synchronized output ended in case a signal
    /// came mid-frame.
    var modesOff: String {
        var s = capabilities.features.synchronizedOutput ? TerminalSequences.syncEnd : ""
        if pixelPointer != nil { s += TerminalSequences.sgrPixelsOff }
        if capabilities.features.focusEvents { s += TerminalSequences.focusOff }
        s += PasteCollector.disable
        return s + (mouseEnabled ? Self.mouseOff : "")
    }
}

/// The start-up probe (G1): asks the terminal before ncurses takes it, then decides with what
/// ncurses knows about colours. `LIVEBLOG_PROBE=0` skips the questions (a silent terminal).
struct TerminalProbe {
    let replies: TerminalReplies
    let env: [String: String]
    let tmuxPassthrough: Bool

    init(environment env: [String: String]) {
        self.env = env
        let insideTmux = !(env["TMUX"] ?? "").isEmpty
        tmuxPassthrough = insideTmux && TmuxPassthrough.allowed()
        if env["LIVEBLOG_PROBE"] == "0" {
            replies = TerminalReplies()
        } else {
            let ms = env["LIVEBLOG_PROBE_TIMEOUT_MS"].flatMap { Int($0) } ?? 150
            replies = CapabilityProbe(timeoutMs: min(max(ms, 0), 1000))
                .run(passthrough: tmuxPassthrough, insideTmux: insideTmux)
        }
    }

    func features(_ caps: TerminalCapabilities, cols: Int, rows: Int,
                  choice: GraphicsChoice) -> TerminalFeatures {
        let ctx = CapabilityDecision.Context(
            unicode: caps.unicode, richColor: caps.colorMode >= .palette256,
            insideTmux: !(env["TMUX"] ?? "").isEmpty, tmuxAllowsPassthrough: tmuxPassthrough,
            termProgram: env["TERM_PROGRAM"], cols: cols, rows: rows)
        var f = CapabilityDecision.decide(replies, ctx, choice: choice)
        // Without colour or Unicode the cell rungs step down, whatever was asked.
        if !f.graphics.isPixels && !caps.unicode { f.graphics = .ascii }
        return f
    }
}
