#ifndef LIVEBLOG_CNCURSES_FRAME_ROWS_H
#define LIVEBLOG_CNCURSES_FRAME_ROWS_H
/* Included by shim.h (after curses.h): the rows a frame's doupdate will write, and no scrolling
   (issue 32, G1). Sixel (xterm) and iTerm2 pixels live in the cells: any text or erase written
   over a cell clears its pixels (EL and EL1 clear whole stretches of a line ncurses believes
   blank, the cells under an image), and a scrolled region (DECSTBM + LF, IL/DL) moves them;
   xterm even moves every image on the screen, in the region or not. ncurses 6 scrolls regions
   whatever idlok says: idlok(FALSE) stops IL/DL only, while `change_scroll_region` is tried first
   (tty_update.c, _nc_scrolln), once the line hash (hashmap.c) finds lines that moved. */
#include <stdlib.h>
#include <string.h>

/* Whether cell (row, col) is the same in two windows of the screen's size (curscr, newscr). */
static inline int lb_cell_same(WINDOW *a, WINDOW *b, int row, int col) {
    cchar_t x, y;
    memset(&x, 0, sizeof x);
    memset(&y, 0, sizeof y);
    if (mvwin_wch(a, row, col, &x) == ERR || mvwin_wch(b, row, col, &y) == ERR) return 0;
    return memcmp(&x, &y, sizeof x) == 0;
}

/* Call after wnoutrefresh, before doupdate. Stores in `out` (room for LINES) the rows, in order,
   where newscr differs from curscr, which doupdate writes, and from the first of them that lies in
   the screen's trailing blank rows to the last row (ncurses clears those with one ED, ClrBottom);
   returns how many (-1: out of memory). On each row that differs, one cell that differs is marked
   unknown in curscr (wredrawln over `probe`, a 1x1 window moved there): no line the terminal holds
   then equals a new line elsewhere, so ncurses finds nothing to move and scrolls nothing, and the
   row's own output stays what it was going to be (that cell was to be written anyway). */
static inline int lb_rows_to_write(WINDOW *probe, int *out) {
    int lines = LINES, cols = COLS, n = 0, cy, cx, ny, nx;
    if (lines <= 0 || cols <= 0) return 0;
    size_t row_size = (size_t)(cols + 1) * sizeof(cchar_t);
    cchar_t *old_row = malloc(2 * row_size);
    if (old_row == 0) return -1;
    cchar_t *new_row = old_row + cols + 1;
    getyx(curscr, cy, cx);
    getyx(newscr, ny, nx);
    for (int r = 0; r < lines; r++) {
        memset(old_row, 0, 2 * row_size);
        mvwin_wchnstr(curscr, r, 0, old_row, cols);
        mvwin_wchnstr(newscr, r, 0, new_row, cols);
        if (memcmp(old_row, new_row, row_size) == 0) continue;
        out[n++] = r;
        int c = 0;
        while (c < cols && lb_cell_same(curscr, newscr, r, c)) c++;
        if (c == cols || probe == 0) continue;
        /* A resize may have grown the window with the screen's edge: 1x1 again, then there. */
        if ((getmaxy(probe) != 1 || getmaxx(probe) != 1) && wresize(probe, 1, 1) == ERR) continue;
        if (mvwin(probe, r, c) == OK) wredrawln(probe, 0, 1);
    }
    /* The trailing blank rows: every cell as newscr's last one. */
    cchar_t blank;
    memset(&blank, 0, sizeof blank);
    int top = lines;
    if (mvwin_wch(newscr, lines - 1, cols - 1, &blank) == OK) {
        for (int r = lines - 1, ok = 1; r >= 0 && ok; r--) {
            for (int c = 0; c < cols && ok; c++) {
                cchar_t x;
                memset(&x, 0, sizeof x);
                ok = mvwin_wch(newscr, r, c, &x) == OK && memcmp(&x, &blank, sizeof x) == 0;
            }
            if (ok) top = r;
        }
    }
    int i = 0;
    while (i < n && out[i] < top) i++;
    if (i < n) {
        for (int r = out[i]; r < lines; r++) out[i++] = r;
        n = i;
    }
    wmove(curscr, cy, cx);
    wmove(newscr, ny, nx);
    free(old_row);
    return n;
}

#endif
