#ifndef LIVEBLOG_CNCURSES_SHIM_H
#define LIVEBLOG_CNCURSES_SHIM_H
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <termios.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

/* term.h defines macros named like terminfo capabilities (lines, columns, ...)
   that clash with ordinary identifiers; Swift does not need them. */
#undef lines
#undef columns

/* ---- Macros Swift cannot import become constants and functions ---------- */

static const attr_t LB_A_NORMAL    = A_NORMAL;
static const attr_t LB_A_BOLD      = A_BOLD;
static const attr_t LB_A_DIM       = A_DIM;
static const attr_t LB_A_REVERSE   = A_REVERSE;
static const attr_t LB_A_UNDERLINE = A_UNDERLINE;
static const attr_t LB_A_ITALIC    = A_ITALIC;

static inline attr_t lb_color_pair(int n) { return (attr_t)COLOR_PAIR(n); }

static const mmask_t LB_BUTTON1_PRESSED  = BUTTON1_PRESSED;
static const mmask_t LB_BUTTON1_RELEASED = BUTTON1_RELEASED;
static const mmask_t LB_BUTTON2_PRESSED  = BUTTON2_PRESSED;
static const mmask_t LB_BUTTON2_RELEASED = BUTTON2_RELEASED;
static const mmask_t LB_BUTTON3_PRESSED  = BUTTON3_PRESSED;
static const mmask_t LB_BUTTON3_RELEASED = BUTTON3_RELEASED;
static const mmask_t LB_BUTTON4_PRESSED  = BUTTON4_PRESSED;
static const mmask_t LB_BUTTON5_PRESSED  = BUTTON5_PRESSED;
static const mmask_t LB_REPORT_MOUSE_POSITION = REPORT_MOUSE_POSITION;
static const mmask_t LB_ALL_MOUSE_EVENTS = ALL_MOUSE_EVENTS;

static const int LB_OK  = OK;
static const int LB_ERR = ERR;
static const int LB_KEY_CODE_YES = KEY_CODE_YES;
static const int LB_KEY_UP = KEY_UP;
static const int LB_KEY_DOWN = KEY_DOWN;
static const int LB_KEY_LEFT = KEY_LEFT;
static const int LB_KEY_RIGHT = KEY_RIGHT;
static const int LB_KEY_PPAGE = KEY_PPAGE;
static const int LB_KEY_NPAGE = KEY_NPAGE;
static const int LB_KEY_HOME = KEY_HOME;
static const int LB_KEY_END = KEY_END;
static const int LB_KEY_ENTER = KEY_ENTER;
static const int LB_KEY_BTAB = KEY_BTAB;
static const int LB_KEY_BACKSPACE = KEY_BACKSPACE;
static const int LB_KEY_DC = KEY_DC;
static const int LB_KEY_IC = KEY_IC;
static const int LB_KEY_F0 = KEY_F0;
static const int LB_KEY_MOUSE = KEY_MOUSE;
static const int LB_KEY_RESIZE = KEY_RESIZE;

/* ---- Globals as accessors ----------------------------------------------- */

static inline WINDOW *lb_stdscr(void) { return stdscr; }
/* The C globals Swift 6 refuses to read unchecked (shared mutable state): read here, on the main
   thread that owns the terminal. */
static inline FILE *lb_stdout(void) { return stdout; }
static inline FILE *lb_stdin(void) { return stdin; }
static inline TERMINAL *lb_cur_term(void) { return cur_term; }
/* After a resize the terminal (tmux reflows a pane) may not hold what ncurses believes it shows:
   the next refresh repaints everything. */
static inline void lb_repaint_all_next(void) { clearok(curscr, TRUE); }
static inline int lb_cols(void) { return COLS; }
static inline int lb_lines(void) { return LINES; }
static inline int lb_colors(void) { return COLORS; }
static inline int lb_color_pairs(void) { return COLOR_PAIRS; }
static inline int lb_escdelay(void) { return ESCDELAY; }

/* Does the terminal description say it takes direct (24-bit) colour? ("RGB" flag,
   or a colour count of 2^24 as xterm-direct has.) Call after initscr. */
static inline int lb_has_direct_color(void) {
    int rgb = tigetflag((char *)"RGB");
    if (rgb > 0) return 1;
    return COLORS >= 0x1000000 ? 1 : 0;
}

/* A terminfo string capability, or NULL when absent/cancelled. */
static inline const char *lb_tigetstr(const char *cap) {
    char *s = tigetstr((char *)cap);
    if (s == (char *)-1 || s == 0) return 0;
    return s;
}

/* getmouse into plain values: returns OK/ERR. */
static inline int lb_getmouse(int *x, int *y, mmask_t *bstate) {
    MEVENT ev;
    memset(&ev, 0, sizeof ev);
    int rc = getmouse(&ev);
    if (rc == OK) { *x = ev.x; *y = ev.y; *bstate = ev.bstate; }
    return rc;
}

/* get_wch into an int: returns OK, KEY_CODE_YES or ERR. */
static inline int lb_wget_wch(WINDOW *w, int *out) {
    wint_t ch = 0;
    int rc = wget_wch(w, &ch);
    *out = (int)ch;
    return rc;
}

/* Set attributes and an extended colour pair for following wide-string output. */
static inline int lb_wattr_set_ext(WINDOW *w, attr_t attrs, int pair) {
    int p = pair;
    return wattr_set(w, attrs, (short)(pair > 0x7fff ? 0 : pair), &p);
}

/* ---- Terminal restore in signal handlers (T6) ----------------------------
   Everything the handler touches is precomputed here, in C, so the handler is
   async-signal-safe: write(2), tcsetattr(3), sigaction(2), raise(3). */

/* Storage lives in a function-local static: Swift does not emit a header's file-scope
   static variables. Swift emits these static inline functions into each object file
   that uses them, each with its own copy of the state, so call them from ONE Swift file
   only (TerminalKit/TerminalRestorer.swift). */
struct lb_restore_state {
    char bytes[512];
    size_t len;
    struct termios saved;
    int saved_valid;
    int saved_fd;
    volatile sig_atomic_t restoring;
    /* Issue 31: what brings liveblog's own modes back after a stop (SIGTSTP, then SIGCONT),
       and ncurses' own SIGTSTP handler, which the wrapper calls in between. */
    char resume[256];
    size_t resume_len;
    struct sigaction ncurses_tstp;
    int tstp_wrapped;
};

static inline struct lb_restore_state *lb_restore_state(void) {
    static struct lb_restore_state state;
    return &state;
}

/* Save the current tty modes (call before initscr). Returns 1 when saved. */
static inline int lb_restore_save_termios(void) {
    struct lb_restore_state *st = lb_restore_state();
    int fd = isatty(STDIN_FILENO) ? STDIN_FILENO : (isatty(STDOUT_FILENO) ? STDOUT_FILENO : -1);
    if (fd < 0) return 0;
    if (tcgetattr(fd, &st->saved) != 0) return 0;
    st->saved_fd = fd;
    st->saved_valid = 1;
    return 1;
}

/* Set the bytes written to the terminal on restore (truncated to 511). */
static inline void lb_restore_set_bytes(const char *bytes, size_t len) {
    struct lb_restore_state *st = lb_restore_state();
    if (len >= sizeof st->bytes) len = sizeof st->bytes - 1;
    st->len = 0;
    memcpy(st->bytes, bytes, len);
    st->len = len;
}

/* Restore: write the precomputed bytes to the tty and put the saved modes back.
   Async-signal-safe. Returns quickly when nothing was saved. */
static inline void lb_restore_now(void) {
    struct lb_restore_state *st = lb_restore_state();
    size_t off = 0;
    int fd = isatty(STDOUT_FILENO) ? STDOUT_FILENO : st->saved_fd;
    if (fd >= 0) {
        while (off < st->len) {
            ssize_t n = write(fd, st->bytes + off, st->len - off);
            if (n <= 0) break;
            off += (size_t)n;
        }
    }
    if (st->saved_valid) tcsetattr(st->saved_fd, TCSANOW, &st->saved);
}

#include "recording.h"
#include "frame_rows.h"

/* The signals the handler takes (T6; issue 31 added QUIT, Ctrl-\, and XFSZ, the file size limit). */
#define LB_RESTORE_SIGNAL_COUNT 11
static inline const int *lb_restore_signals(void) {
    static const int sigs[LB_RESTORE_SIGNAL_COUNT] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXFSZ, SIGSEGV,
                                                       SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE };
    return sigs;
}

static inline void lb_write_stderr(const char *text) {
    lb_recording_write_all(STDERR_FILENO, text, strlen(text));
}

static inline void lb_restore_signal_handler(int sig) {
    struct lb_restore_state *st = lb_restore_state();
    if (!st->restoring) {
        st->restoring = 1;
        if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP || sig == SIGQUIT) {
            lb_recording_flush();
        } else {
            lb_recording_discard();
        }
        lb_restore_now();
        if (sig == SIGXFSZ) lb_write_stderr("liveblog: error: the file size limit was reached (SIGXFSZ): "
                                            "a file being written was left out, none half-written\n");
    }
    /* Default disposition, then re-raise: the process ends as the signal says
       (a shell reports 128+n); crash signals still dump core where enabled. */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, 0);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, 0);
    raise(sig);
}

/* Ctrl-Z: liveblog's modes off, ncurses' own handler (it leaves the screen, stops the process
   and, on SIGCONT, takes the screen back with its mouse mode 1000), then liveblog's modes on
   again (1002, SGR, paste, focus), so a drag after `fg` is tracked as before (issue 31). */
static inline void lb_tstp_handler(int sig) {
    struct lb_restore_state *st = lb_restore_state();
    int fd = isatty(STDOUT_FILENO) ? STDOUT_FILENO : st->saved_fd;
    if (fd >= 0) lb_recording_write_all(fd, st->bytes, st->len);
    void (*ncurses)(int) = st->ncurses_tstp.sa_handler;
    if (st->tstp_wrapped && ncurses != SIG_DFL && ncurses != SIG_IGN) {
        ncurses(sig);
    }
    if (fd >= 0) lb_recording_write_all(fd, st->resume, st->resume_len);
}

/* Sets what the SIGTSTP wrapper writes after a resume, and wraps ncurses' handler (when
   ncurses installed one: it does so only where job control is on). */
static inline void lb_restore_wrap_tstp(const char *bytes, size_t len) {
    struct lb_restore_state *st = lb_restore_state();
    if (len >= sizeof st->resume) len = sizeof st->resume - 1;
    memcpy(st->resume, bytes, len);
    st->resume_len = len;
    if (st->tstp_wrapped) return;
    struct sigaction current;
    if (sigaction(SIGTSTP, 0, &current) != 0) return;
    if (current.sa_flags & SA_SIGINFO) return;
    if (current.sa_handler == SIG_DFL || current.sa_handler == SIG_IGN) return;
    st->ncurses_tstp = current;
    struct sigaction sa = current;
    sa.sa_handler = lb_tstp_handler;
    if (sigaction(SIGTSTP, &sa, 0) == 0) st->tstp_wrapped = 1;
}

/* Install the handler for INT, TERM, HUP, QUIT, XFSZ and the crash signals. A signal that is
   ignored stays ignored (nohup's HUP; liveblog ignores XFSZ so that a write past the file size
   limit fails with EFBIG and is reported, issue 31). */
static inline void lb_restore_install_handlers(void) {
    const int *sigs = lb_restore_signals();
    lb_restore_state()->restoring = 0;
    for (size_t i = 0; i < LB_RESTORE_SIGNAL_COUNT; i++) {
        struct sigaction current;
        if (sigaction(sigs[i], 0, &current) == 0 && !(current.sa_flags & SA_SIGINFO)
            && current.sa_handler == SIG_IGN) continue;
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = lb_restore_signal_handler;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_NODEFER;
        sigaction(sigs[i], &sa, 0);
    }
}

/* Put the default dispositions back (after a normal shutdown); ncurses' SIGTSTP handler too. */
static inline void lb_restore_uninstall_handlers(void) {
    const int *sigs = lb_restore_signals();
    for (size_t i = 0; i < LB_RESTORE_SIGNAL_COUNT; i++) {
        struct sigaction current;
        if (sigaction(sigs[i], 0, &current) == 0 && !(current.sa_flags & SA_SIGINFO)
            && current.sa_handler == SIG_IGN) continue;
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = SIG_DFL;
        sigemptyset(&sa.sa_mask);
        sigaction(sigs[i], &sa, 0);
    }
    struct lb_restore_state *st = lb_restore_state();
    if (st->tstp_wrapped) sigaction(SIGTSTP, &st->ncurses_tstp, 0);
    st->tstp_wrapped = 0;
    st->len = 0;
    st->saved_valid = 0;
}

#endif
