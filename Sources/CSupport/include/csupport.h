#ifndef LIVEBLOG_CSUPPORT_H
#define LIVEBLOG_CSUPPORT_H
/// wcwidth() in a UTF-8 locale whatever the process locale is, so headless layout is
/// deterministic and matches what ncurses (which uses the same libc table) draws.
int lb_wcwidth(unsigned int codepoint);
#endif
