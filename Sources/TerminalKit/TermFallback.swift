import Foundation
import CNcurses
import TextCells

/// Which terminal description to open (issue 15, T6). A `TERM` with no terminfo entry here (the
/// usual `xterm-kitty` over ssh to a server without kitty's terminfo), or a broken one, falls back
/// to `xterm-256color`, then `vt100`, with a one-line note for stderr after exit; a terminal
/// without cursor addressing (`dumb`, or no `TERM` at all) gets the linear reader instead of the
/// screen. The entries are probed with `setupterm` and `tigetstr("cup")`, the calls ncurses itself
/// makes on `newterm`, and freed again.
public enum TermFallback {
    /// The entries tried, in order, when `TERM` cannot be used (both ship with ncurses-base).
    public static let fallbacks = ["xterm-256color", "vt100"]

    public enum Probe: Equatable, Sendable {
        /// Loads and can address the cursor.
        case usable
        /// Loads, but has no `cup` (a dumb terminal).
        case noCursorAddressing
        /// No terminfo entry, or one that does not load.
        case missing
    }

    public enum Decision: Equatable, Sendable {
        /// Open the screen with this `TERM`; `note` is for stderr after exit when it is a fallback.
        case screen(term: String, note: String?)
        /// Read linearly (no cursor addressing); `reason` says why.
        case linear(reason: String)
    }

    /// Loads `term`'s terminfo entry without touching the terminal, and frees it.
    public static func probe(_ term: String) -> Probe {
        guard !term.isEmpty, !term.contains("/") else { return .missing }
        var err: Int32 = 0
        let fd = isatty(STDOUT_FILENO) == 1 ? STDOUT_FILENO : -1
        guard setupterm(term, fd, &err) == LB_OK, err == 1 else { return .missing }
        let usable = lb_tigetstr("cup") != nil
        _ = del_curterm(lb_cur_term())
        return usable ? .usable : .noCursorAddressing
    }

    /// The decision for `term` (the value of `TERM`, nil when unset); `probe` is injectable for tests.
    public static func decide(term: String?, probe: (String) -> Probe = TermFallback.probe) -> Decision {
        guard let term, !term.isEmpty else { return .linear(reason: "TERM is not set") }
        switch probe(term) {
        case .usable: return .screen(term: term, note: nil)
        case .noCursorAddressing: return .linear(reason: "TERM=\(safe(term)) cannot move the cursor")
        case .missing: break
        }
        for f in fallbacks where f != term && probe(f) == .usable {
            return .screen(term: f, note: "no usable terminfo entry for TERM=\(safe(term)); used \(f)")
        }
        return .linear(reason: "TERM=\(safe(term)) has no usable terminfo entry, nor do "
                       + fallbacks.joined(separator: " and "))
    }

    /// Decides from the environment and, for a fallback, sets `TERM` for `newterm` to read.
    public static func resolve(
        environment env: [String: String] = ProcessInfo.processInfo.environment
    ) -> Decision {
        let d = decide(term: env["TERM"])
        if case .screen(let term, let note) = d, note != nil { setenv("TERM", term, 1) }
        return d
    }

    /// A TERM value as it may be printed (T8: it is user input too).
    static func safe(_ s: String) -> String { Sanitizer.clean(String(s.prefix(64))) }
}
