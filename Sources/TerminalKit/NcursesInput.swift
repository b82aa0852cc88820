import CNcurses
import Foundation
import TerminalCaps

/// Input from the terminal (T2, T3): `get_wch` units, decoded by ncurses (keys, KEY_MOUSE,
/// KEY_RESIZE) or, after an ESC ncurses did not decode, by `InputDecoder`.
extension NcursesScreen {
    /// The next input event, waiting up to `timeoutMs` ms (-1: block; 0: poll). nil on timeout.
    /// Keys come from ncurses' key decoding; mouse reports from ncurses (KEY_MOUSE) or, when
    /// the terminfo announces another mouse format than the terminal sends (tmux-256color:
    /// `kmous=\E[M` while we ask for SGR 1006), from our own SGR/X10 parser.
    /// Waits up to `timeoutMs` (-1: forever) for input with poll(2) on stdin, then reads what came
    /// without blocking. ncurses' own timed wait (wtimeout + get_wch) overshoots by several
    /// milliseconds under load, which costs frames at 60 Hz; poll does not. A signal (SIGWINCH)
    /// ends the wait too, and the read then returns KEY_RESIZE.
    public func waitInput(timeoutMs: Int) -> InputEvent? {
        guard isOpen else { return nil }
        if !pending.isEmpty || timeoutMs == 0 { return readInput(timeoutMs: 0) }
        var p = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        _ = poll(&p, 1, Int32(clamping: timeoutMs))
        return readInput(timeoutMs: 0)
    }

    public func readInput(timeoutMs: Int) -> InputEvent? {
        guard isOpen else { return nil }
        let start = DispatchTime.now().uptimeNanoseconds
        let deadline = timeoutMs > 0 ? start + UInt64(timeoutMs) * 1_000_000 : 0
        while true {
            if !pending.isEmpty { return pending.removeFirst() }
            var t = Int32(clamping: timeoutMs < 0 ? -1 : timeoutMs)
            if timeoutMs > 0 {
                let now = DispatchTime.now().uptimeNanoseconds
                t = now >= deadline ? 0 : Int32(clamping: (deadline - now + 999_999) / 1_000_000)
            }
            guard let unit = decoder.takePushback() ?? nextUnit(timeoutMs: t) else { return nil }
            for ev in decoder.decode(unit, next: { [unowned self] in self.nextUnit(timeoutMs: 0) }) {
                pending.append(track(ev))
            }
            let late = timeoutMs > 0 && DispatchTime.now().uptimeNanoseconds >= deadline
            if pending.isEmpty && late { return nil }
        }
    }

    /// One unit from `get_wch`, waiting up to `timeoutMs` (-1: forever; 0: only what is there).
    private func nextUnit(timeoutMs: Int32) -> InputUnit? {
        let w = lb_stdscr()
        wtimeout(w, timeoutMs)
        var ch: Int32 = 0
        let rc = lb_wget_wch(w, &ch)
        if rc == LB_ERR { return nil }
        guard rc == LB_KEY_CODE_YES else { return .char(UInt32(bitPattern: ch)) }
        switch ch {
        case LB_KEY_MOUSE: return ncursesMouse().map { .event($0) } ?? .ignored
        case LB_KEY_RESIZE:
            // The terminal may have reflowed what it showed: repaint it all on the next frame,
            // or cells ncurses believes current stay blank (seen after a storm of resizes).
            lb_repaint_all_next()
            return .event(.resize(cols: cols, rows: rows))
        default: return Self.keyCode(ch).map { .event(.key($0)) } ?? .ignored
        }
    }

    static func keyCode(_ ch: Int32) -> Key? {
        switch ch {
        case LB_KEY_UP: return .up
        case LB_KEY_DOWN: return .down
        case LB_KEY_LEFT: return .left
        case LB_KEY_RIGHT: return .right
        case LB_KEY_PPAGE: return .pageUp
        case LB_KEY_NPAGE: return .pageDown
        case LB_KEY_HOME: return .home
        case LB_KEY_END: return .end
        case LB_KEY_ENTER: return .enter
        case LB_KEY_BTAB: return .backTab
        case LB_KEY_BACKSPACE: return .backspace
        case LB_KEY_DC: return .delete
        case LB_KEY_IC: return .insert
        case (LB_KEY_F0 + 1)...(LB_KEY_F0 + 63): return .function(Int(ch - LB_KEY_F0))
        default: return nil
        }
    }

    /// Keeps track of the left button (ncurses reports motion without saying which button).
    /// With SGR-Pixels the report's "cell" is a pixel: it becomes the cell and the point (G4).
    private func track(_ ev: InputEvent) -> InputEvent {
        guard case .mouse(var m) = ev else { return ev }
        switch m.kind {
        case .press(button: 1): buttonDown = true
        case .release: buttonDown = false
        default: break
        }
        if let pp = pixelPointer {
            let (xPx, yPx) = (m.col + 1, m.row + 1)
            (m.row, m.col) = pp.cell(xPx: xPx, yPx: yPx)
            (m.exactCol, m.exactRow) = pp.cells(xPx: xPx, yPx: yPx)
        }
        return .mouse(m)
    }

    private func ncursesMouse() -> InputEvent? {
        var x: Int32 = 0, y: Int32 = 0
        var b: mmask_t = 0
        guard lb_getmouse(&x, &y, &b) == LB_OK else { return nil }
        let row = Int(y), col = Int(x)
        let kind: MouseEvent.Kind
        if b & LB_BUTTON4_PRESSED != 0 { kind = .wheelUp }
        else if b & LB_BUTTON5_PRESSED != 0 { kind = .wheelDown }
        else if b & LB_BUTTON1_PRESSED != 0 { kind = .press(button: 1) }
        else if b & LB_BUTTON2_PRESSED != 0 { kind = .press(button: 2) }
        else if b & LB_BUTTON3_PRESSED != 0 { kind = .press(button: 3) }
        else if b & (LB_BUTTON1_RELEASED | LB_BUTTON2_RELEASED | LB_BUTTON3_RELEASED) != 0 { kind = .release }
        else if b & LB_REPORT_MOUSE_POSITION != 0 { kind = buttonDown ? .drag : .move }
        else { return nil }
        return .mouse(MouseEvent(kind: kind, row: row, col: col))
    }
}
