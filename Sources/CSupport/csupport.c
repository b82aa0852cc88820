#define _XOPEN_SOURCE 700
#define _GNU_SOURCE
#include <wchar.h>
#include <locale.h>
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
