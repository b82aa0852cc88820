import CNcurses

/// Restores the terminal on INT, TERM, HUP and the crash signals (SEGV, ILL, TRAP, ABRT, BUS,
/// FPE), then re-raises the signal with its default action (T6). The handler is C code in
/// the CNcurses shim that only calls write(2), tcsetattr, sigaction and raise on data
/// prepared here in advance, so it is async-signal-safe.
///
/// `NcursesScreen` uses it itself; call it directly only when driving the terminal by hand.
///
/// The C state lives in a function-local static of a `static inline` shim function, and
/// Swift emits such functions into every object file that calls them, each with its own
/// copy. So every `lb_restore_*` call stays in this file, behind `@inline(never)`, and
/// nothing else may call them.
public enum TerminalRestorer {
    /// Mouse modes off, attributes reset, cursor shown, alternate screen left.
    public static let defaultRestoreSequence =
        "\u{1B}[?1002l\u{1B}[?1006l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    /// Saves the tty modes (tcgetattr) to put back on restore. Call before the terminal is
    /// switched to cbreak/noecho. Returns false when neither stdin nor stdout is a tty.
    @discardableResult @inline(never)
    public static func saveTerminalModes() -> Bool {
        lb_restore_save_termios() == 1
    }

    /// Sets the bytes written on restore and installs the handlers.
    @inline(never)
    public static func install(restoreSequence: String = defaultRestoreSequence) {
        var bytes = Array(restoreSequence.utf8)
        bytes.withUnsafeMutableBufferPointer { b in
            b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { p in
                lb_restore_set_bytes(p, b.count)
            }
        }
        lb_restore_install_handlers()
    }

    /// Restores now (what the handlers do), without exiting.
    @inline(never)
    public static func restoreNow() {
        lb_restore_now()
    }

    /// Default dispositions back; the saved state is forgotten.
    @inline(never)
    public static func uninstall() {
        lb_restore_uninstall_handlers()
    }
}
