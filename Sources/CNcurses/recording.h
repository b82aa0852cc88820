#ifndef LIVEBLOG_CNCURSES_RECORDING_H
#define LIVEBLOG_CNCURSES_RECORDING_H
/* Included by shim.h: the --record file kept for the signal handler (it needs only libc). */
#include <signal.h>
#include <string.h>
#include <unistd.h>

/* ---- The --record file on the signal path (C7, issue 18, Q11) -------------
   The recording is kept serialised here as it grows: a body that only grows (the scenario's
   head and its events) and a tail (the events' closing bracket, the expectations recorded with
   `e`, the duration), so the handler only calls clock_gettime(2), ftruncate(2), lseek(2) and
   write(2). The duration is the moment of the signal: the tail carries an anchor (a world tick
   and the monotonic clock then) and the handler writes `ms(max(now, last event) + 1 s)` where
   the tail holds the byte 0x01, as `q` writes it. A grown buffer is copied into a new one
   before the pointer moves to it; old buffers are not freed while a handler may read them (a
   signal can land on another thread). The tail has two slots: the one the handler does not
   read is written, then the index flips. */
#include <stdlib.h>
#include <time.h>
struct lb_recording_tail {
    char *bytes;
    size_t len, cap;
    long long anchor_tick, anchor_ns, min_tick, ticks_per_second;
};
struct lb_recording_state {
    int fd;
    /* Issue 31: the recording goes to a temporary file beside its path and is renamed over
       the path once written whole (as the positions file is), never left half-written. */
    char temp_path[4096];
    char final_path[4096];
    char *volatile body;
    volatile size_t body_len;
    size_t body_cap;
    struct lb_recording_tail tails[2];
    volatile sig_atomic_t tail_index;
};

static inline struct lb_recording_state *lb_recording_state(void) {
    static struct lb_recording_state state = { -1, {0}, {0}, 0, 0, 0,
                                               {{0, 0, 0, 0, 0, 0, 120}, {0, 0, 0, 0, 0, 0, 120}}, 0 };
    return &state;
}

/* The descriptor the recording goes to (-1: none). */
static inline void lb_recording_set_fd(int fd) { lb_recording_state()->fd = fd; }

/* The temporary file the descriptor writes and the path it is renamed to once whole
   (empty strings: written in place). Paths over 4095 bytes are refused (returns 0). */
static inline int lb_recording_set_paths(const char *temp, const char *final) {
    struct lb_recording_state *r = lb_recording_state();
    if (strlen(temp) >= sizeof r->temp_path || strlen(final) >= sizeof r->final_path) return 0;
    strcpy(r->temp_path, temp);
    strcpy(r->final_path, final);
    return 1;
}

/* A new recording: no descriptor, no paths, an empty body (its buffer kept). */
static inline void lb_recording_reset(void) {
    struct lb_recording_state *r = lb_recording_state();
    r->fd = -1;
    r->temp_path[0] = 0;
    r->final_path[0] = 0;
    r->body_len = 0;
}

/* Appends bytes to the body. Returns 0 when memory ran out (the body stays as it was). */
static inline int lb_recording_append(const char *bytes, size_t len) {
    struct lb_recording_state *r = lb_recording_state();
    if (r->body_len + len > r->body_cap) {
        size_t cap = r->body_cap ? r->body_cap : 4096;
        while (cap < r->body_len + len) cap *= 2;
        char *grown = malloc(cap);
        if (!grown) return 0;
        if (r->body_len) memcpy(grown, r->body, r->body_len);
        r->body = grown;
        r->body_cap = cap;
    }
    memcpy(r->body + r->body_len, bytes, len);
    r->body_len = r->body_len + len;
    return 1;
}

static inline long long lb_recording_now_ns(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) return 0;
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Sets the tail in the slot the handler does not read, then flips: `bytes` with 0x01 where the
   duration goes, the world's tick now, the last recorded tick. Returns 0 when memory ran out. */
static inline int lb_recording_set_tail(const char *bytes, size_t len, long long tick, long long min_tick,
                                        long long ticks_per_second) {
    struct lb_recording_state *r = lb_recording_state();
    int next = 1 - r->tail_index;
    struct lb_recording_tail *t = &r->tails[next];
    if (len > t->cap) {
        size_t cap = t->cap ? t->cap : 256;
        while (cap < len) cap *= 2;
        char *grown = malloc(cap);
        if (!grown) return 0;
        t->bytes = grown;
        t->cap = cap;
    }
    memcpy(t->bytes, bytes, len);
    t->len = len;
    t->anchor_tick = tick;
    t->anchor_ns = lb_recording_now_ns();
    t->min_tick = min_tick;
    t->ticks_per_second = ticks_per_second > 0 ? ticks_per_second : 120;
    r->tail_index = next;
    return 1;
}

static inline void lb_recording_write_all(int fd, const char *p, size_t len) {
    size_t off = 0;
    while (off < len) {
        ssize_t n = write(fd, p + off, len - off);
        if (n <= 0) return;
        off += (size_t)n;
    }
}

/* Seconds with millisecond precision as a JSON report writes them: "12", "12.3", "12.345". */
static inline size_t lb_recording_format_ms(long long ms, char *out) {
    char digits[32];
    size_t n = 0, k = 0;
    long long whole = ms / 1000, frac = ms % 1000;
    do { digits[n++] = (char)('0' + whole % 10); whole /= 10; } while (whole > 0 && n < sizeof digits);
    while (n > 0) out[k++] = digits[--n];
    if (frac != 0) {
        out[k++] = '.';
        out[k++] = (char)('0' + frac / 100);
        if (frac % 100 != 0) out[k++] = (char)('0' + frac / 10 % 10);
        if (frac % 10 != 0) out[k++] = (char)('0' + frac % 10);
    }
    return k;
}

static inline int lb_recording_write_whole(int fd, const char *p, size_t len) {
    size_t off = 0;
    while (off < len) {
        ssize_t n = write(fd, p + off, len - off);
        if (n <= 0) return 0;
        off += (size_t)n;
    }
    return 1;
}

/* The temporary file removed (a crash, the file size limit): the path keeps what it had. */
static inline void lb_recording_discard(void) {
    struct lb_recording_state *r = lb_recording_state();
    if (r->fd >= 0 && r->temp_path[0]) unlink(r->temp_path);
}

/* Writes the recording as it stands, its duration to this moment; `finish`: renamed over its
   path when written whole (removed otherwise). Async-signal-safe. */
static inline void lb_recording_write_now(int finish) {
    struct lb_recording_state *r = lb_recording_state();
    if (r->fd < 0 || !r->body) return;
    size_t len = r->body_len;
    const struct lb_recording_tail *t = &r->tails[r->tail_index];
    long long elapsed = lb_recording_now_ns() - t->anchor_ns;
    long long tick = t->anchor_tick + (elapsed > 0 ? elapsed * t->ticks_per_second / 1000000000LL : 0);
    if (tick < t->min_tick) tick = t->min_tick;
    char duration[40];
    size_t dlen = lb_recording_format_ms((tick + t->ticks_per_second) * 1000 / t->ticks_per_second, duration);
    int whole = ftruncate(r->fd, 0) == 0 && lseek(r->fd, 0, SEEK_SET) >= 0
        && lb_recording_write_whole(r->fd, r->body, len);
    size_t from = 0;
    for (size_t i = 0; whole && i < t->len; i++) {
        if (t->bytes[i] != 1) continue;
        whole = lb_recording_write_whole(r->fd, t->bytes + from, i - from)
            && lb_recording_write_whole(r->fd, duration, dlen);
        from = i + 1;
    }
    whole = whole && lb_recording_write_whole(r->fd, t->bytes + from, t->len - from);
    if (!finish || !r->temp_path[0]) return;
    if (whole) {
        rename(r->temp_path, r->final_path);
    } else {
        unlink(r->temp_path);
    }
}

/* What the signal handler writes: the recording, renamed over its path. */
static inline void lb_recording_flush(void) { lb_recording_write_now(1); }

#endif
