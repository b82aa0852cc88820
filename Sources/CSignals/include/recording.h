#ifndef LIVEBLOG_RECORDING_H
#define LIVEBLOG_RECORDING_H
#include <stddef.h>

/* ---- The --record file on the signal path (C7, issue 18, Q11) -------------
   The recording is kept serialised here as it grows: a body that only grows (the scenario's
   head and its events) and a tail (the events' closing bracket, the expectations recorded with
   `e`, the duration), so the terminal's cleanup (terminal_restore.h) only calls
   clock_gettime(2), ftruncate(2), lseek(2) and write(2). The duration is the moment of the
   signal: the tail carries an anchor (a world tick and the monotonic clock then) and the
   handler writes `ms(max(now, last event) + 1 s)` where the tail holds the byte 0x01, as `q`
   writes it. State: file-scope statics of recording.c (one copy in the process). */

/// The descriptor the recording goes to (-1: none).
void lb_recording_set_fd(int fd);
/// The temporary file the descriptor writes and the path it is renamed to once whole (issue 31;
/// empty strings: written in place). Paths over 4095 bytes are refused (returns 0).
int lb_recording_set_paths(const char *temp, const char *final);
/// A new recording: no descriptor, no paths, an empty body (its buffer kept).
void lb_recording_reset(void);
/// Appends bytes to the body. Returns 0 when memory ran out (the body stays as it was).
int lb_recording_append(const char *bytes, size_t len);
/// Sets the tail in the slot the handler does not read, then flips: `bytes` with 0x01 where the
/// duration goes, the world's tick now, the last recorded tick. Returns 0 when memory ran out.
int lb_recording_set_tail(const char *bytes, size_t len, long long tick, long long min_tick,
                          long long ticks_per_second);
/// Writes the recording as it stands, its duration to this moment; `finish`: renamed over its
/// path when written whole (removed otherwise). Async-signal-safe.
void lb_recording_write_now(int finish);
/// What INT, TERM, HUP and QUIT write: the recording, renamed over its path.
void lb_recording_flush(void);
/// What the crash signals and XFSZ do: the temporary file removed, the path keeps what it had.
void lb_recording_discard(void);
/// write(2) until done or an error (async-signal-safe).
void lb_write_all(int fd, const char *bytes, size_t len);
#endif
