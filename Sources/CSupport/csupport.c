#define _XOPEN_SOURCE 700
#define _GNU_SOURCE
#include <wchar.h>
#include <locale.h>
#include <stdlib.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <malloc.h>
#include "csupport.h"

static locale_t utf8_locale = (locale_t)0;

int lb_wcwidth(unsigned int c) {
    if (c < 0x7f) return c >= 0x20 ? 1 : -1;
    if (utf8_locale == (locale_t)0) {
        utf8_locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
        if (utf8_locale == (locale_t)0) return 1;
    }
    locale_t old = uselocale(utf8_locale);
    int w = wcwidth((wchar_t)c);
    uselocale(old);
    return w;
}

int lb_openpty(int *master, int *slave, int rows, int cols) {
    int m = posix_openpt(O_RDWR | O_NOCTTY);
    if (m < 0) return -1;
    if (grantpt(m) != 0 || unlockpt(m) != 0) { close(m); return -1; }
    const char *name = ptsname(m);
    if (!name) { close(m); return -1; }
    int s = open(name, O_RDWR | O_NOCTTY);
    if (s < 0) { close(m); return -1; }
    struct winsize ws = { .ws_row = (unsigned short)rows, .ws_col = (unsigned short)cols };
    ioctl(s, TIOCSWINSZ, &ws);
    *master = m;
    *slave = s;
    return 0;
}

void lb_set_trim_threshold(int bytes) {
#ifdef M_TRIM_THRESHOLD
    mallopt(M_TRIM_THRESHOLD, bytes);
#else
    (void)bytes;
#endif
}

int lb_trim_heap(void) {
#ifdef __GLIBC__
    return malloc_trim(0);
#else
    return 0;
#endif
}
