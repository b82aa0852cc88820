import CSignals

/// Restores the terminal on INT, TERM, HUP, QUIT (Ctrl-\\), XFSZ (the file size limit) and the
/// crash signals (SEGV, ILL, TRAP, ABRT, BUS, FPE) (T6). The terminal is one cleanup of the
/// process's one signal chain (`CSignals`, signal_chain.h): the chain's handler kills the
/// browser engine's groups, runs this cleanup, removes the engine's run directories, then hands
/// the signal to what was there before it or re-raises it with its default action, whichever of
/// the engine and the terminal came first. The cleanup is C (terminal_restore.c) that only calls
/// write(2) and tcsetattr on data prepared here in advance, so it is async-signal-safe.
///
/// `NcursesScreen` uses it itself; call it directly only when driving the terminal by hand.
public enum TerminalRestorer {
    /// Mouse modes off, attributes reset, cursor shown, alternate screen left.
    public static let defaultRestoreSequence =
        "\u{1B}[?1002l\u{1B}[?1006l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    /// Saves the tty modes (tcgetattr) to put back on restore, and installs the signal chain.
    /// Call before the terminal is switched to cbreak/noecho, and before ncurses starts (ncurses
    /// catches INT and TERM only where nothing else does). Returns false when neither stdin nor
    /// stdout is a tty.
    @discardableResult
    public static func saveTerminalModes() -> Bool {
        lb_restore_save_termios() == 1
    }

    /// Sets the bytes written on restore and registers the terminal's cleanup with the signal
    /// chain (again: the bytes change, the chain stays as it is).
    public static func install(restoreSequence: String = defaultRestoreSequence) {
        var bytes = Array(restoreSequence.utf8)
        bytes.withUnsafeMutableBufferPointer { b in
            b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { p in
                lb_restore_set_bytes(p, b.count)
            }
        }
        lb_restore_install()
    }

    /// Ctrl-Z (issue 31): on SIGTSTP the restore bytes go out before ncurses' own handler leaves
    /// the screen, and `resumeSequence` after it took the screen back on SIGCONT (ncurses turns
    /// on its mouse mode 1000; liveblog's 1002 and the other modes come back with these bytes).
    public static func wrapSuspend(resumeSequence: String) {
        var bytes = Array(resumeSequence.utf8)
        bytes.withUnsafeMutableBufferPointer { b in
            b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { p in
                lb_restore_wrap_tstp(p, b.count)
            }
        }
    }

    /// A normal shutdown: the terminal's cleanup leaves the signal chain (the chain stays, for the
    /// engine's cleanups), ncurses' SIGTSTP handler comes back, the saved state is forgotten.
    public static func uninstall() {
        lb_restore_uninstall()
    }

    // MARK: - The recording on the signal path (C7, issue 18)

    /// Where the handlers for INT, TERM and HUP write the recording before they restore the
    /// terminal (-1: nowhere). The descriptor stays the caller's.
    public static func setRecording(fileDescriptor fd: Int32) {
        lb_recording_set_fd(fd)
    }

    /// Starts a new recording: none is written until `setRecording`, and its body is empty.
    public static func resetRecording() {
        lb_recording_reset()
    }

    /// Appends to the recording's body (its head, then each event as it happens).
    @discardableResult
    public static func appendRecording(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty else { return true }
        return bytes.withUnsafeBufferPointer { b in
            b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { lb_recording_append($0, b.count) == 1 }
        }
    }

    /// Sets what follows the body (the closing brackets, the expectations and the duration), the
    /// byte 0x01 wherever the duration goes: the handler writes the moment of the signal there,
    /// from `tick` (the world's tick now) and the monotonic clock, at least `minTick` (Q11).
    @discardableResult
    public static func setRecordingTail(_ bytes: [UInt8], tick: Int, minTick: Int, ticksPerSecond: Int) -> Bool {
        guard !bytes.isEmpty else { return true }
        return bytes.withUnsafeBufferPointer { b in
            b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) {
                lb_recording_set_tail($0, b.count, Int64(tick), Int64(minTick), Int64(ticksPerSecond)) == 1
            }
        }
    }

    /// The recording's descriptor writes `temporary`; the handlers for INT, TERM, HUP and QUIT
    /// rename it over `final` once written whole, the others remove it (issue 31). False when a
    /// path is too long for the handler's buffers.
    @discardableResult
    public static func setRecordingPaths(temporary: String, final: String) -> Bool {
        lb_recording_set_paths(temporary, final) == 1
    }

    /// Writes the recording as it stands now into its descriptor (not renamed).
    public static func flushRecordingNow() {
        lb_recording_write_now(0)
    }
}
