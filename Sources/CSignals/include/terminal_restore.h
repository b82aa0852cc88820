#ifndef LIVEBLOG_TERMINAL_RESTORE_H
#define LIVEBLOG_TERMINAL_RESTORE_H
#include <stddef.h>

/* ---- The terminal given back on signals (T6) --------------------------------
   The terminal's cleanup in the signal chain (signal_chain.h, slot LB_CLEANUP_TERMINAL):
   INT, TERM, HUP and QUIT write the recording (recording.h), the crash signals and XFSZ discard
   it; then the precomputed restore bytes go to the tty and the saved modes come back
   (tcsetattr); on XFSZ a line on stderr says why the run ended. Everything it touches is
   prepared here in advance, in file-scope state of terminal_restore.c, so it is async-signal-
   safe: write(2), tcsetattr(3). */

/// Saves the current tty modes (call before initscr) and installs the signal chain, so that
/// ncurses, which catches INT and TERM only where their disposition is the default, leaves them
/// to the chain. Returns 1 when saved (stdin or stdout is a tty).
int lb_restore_save_termios(void);
/// Sets the bytes written to the terminal on restore (truncated to 511).
void lb_restore_set_bytes(const char *bytes, size_t len);
/// Restore now: the bytes to the tty, the saved modes back. Async-signal-safe.
void lb_restore_now(void);
/// Registers the terminal's cleanup with the signal chain (installing the chain if needed).
/// Signals ignored when the chain was installed stay ignored (nohup's HUP; liveblog's XFSZ).
void lb_restore_install(void);
/// A normal shutdown: the terminal's cleanup leaves the chain (the chain stays, for the
/// others'), ncurses' SIGTSTP handler comes back, the saved state is forgotten.
void lb_restore_uninstall(void);
/// Is the terminal's cleanup registered? 1 or 0 (tests).
int lb_restore_installed(void);

/// Ctrl-Z (issue 31): liveblog's modes off, ncurses' own SIGTSTP handler (it leaves the screen,
/// stops the process and, on SIGCONT, takes the screen back with its mouse mode 1000), then
/// `bytes` (liveblog's modes on again: 1002, SGR, paste, focus), so a drag after `fg` is tracked
/// as before. Wraps ncurses' handler once (when ncurses installed one: only where job control
/// is on); a later call only changes the bytes (truncated to 255).
void lb_restore_wrap_tstp(const char *bytes, size_t len);
#endif
