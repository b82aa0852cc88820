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

/* The terminal's restore on signals (T6) and the recording on the signal path are compiled C
   with file-scope state: Sources/CSignals (terminal_restore.h, recording.h, signal_chain.h). */

#include "frame_rows.h"

#endif
