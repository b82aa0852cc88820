#ifndef LIVEBLOG_CSUPPORT_H
#define LIVEBLOG_CSUPPORT_H
/// wcwidth() in a UTF-8 locale whatever the process locale is, so headless layout is
/// deterministic and matches what ncurses (which uses the same libc table) draws.
int lb_wcwidth(unsigned int codepoint);
/// A pseudo-terminal pair of the given size (for `liveblog bench`, B5: the bytes ncurses
/// writes to a real terminal). Returns 0 and the two descriptors, or -1.
int lb_openpty(int *master, int *slave, int rows, int cols);
/// glibc's M_TRIM_THRESHOLD: freed memory at the top of the heap beyond this goes back to the
/// system (the loader sets it while parsing a large file on several threads, B6).
void lb_set_trim_threshold(int bytes);
/// Hands every whole free page of every malloc arena back to the system (glibc's malloc_trim(0));
/// 0 elsewhere. After a parallel parse the garbage of the parse lies in the middle of two arenas.
int lb_trim_heap(void);
/// The C library's stdout, read through a function: Swift 6 refuses to read the global itself
/// (shared mutable state); the executable flushes it on its main thread only.
#include <stdio.h>
static inline FILE *lb_c_stdout(void) { return stdout; }
#endif
