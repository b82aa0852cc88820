#include "recording.h"
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* A grown buffer is copied into a new one before the pointer moves to it; old buffers are not
   freed while a handler may read them (a signal can land on another thread). The tail has two
   slots: the one the handler does not read is written, then the index flips. */
struct lb_recording_tail {
    char *bytes;
    size_t len, cap;
    long long anchor_tick, anchor_ns, min_tick, ticks_per_second;
};

static struct {
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
} lb_rec = { -1, {0}, {0}, 0, 0, 0, {{0, 0, 0, 0, 0, 0, 120}, {0, 0, 0, 0, 0, 0, 120}}, 0 };

void lb_recording_set_fd(int fd) { lb_rec.fd = fd; }

int lb_recording_set_paths(const char *temp, const char *final) {
    if (strlen(temp) >= sizeof lb_rec.temp_path || strlen(final) >= sizeof lb_rec.final_path) return 0;
    strcpy(lb_rec.temp_path, temp);
    strcpy(lb_rec.final_path, final);
    return 1;
}

void lb_recording_reset(void) {
    lb_rec.fd = -1;
    lb_rec.temp_path[0] = 0;
    lb_rec.final_path[0] = 0;
    lb_rec.body_len = 0;
}

int lb_recording_append(const char *bytes, size_t len) {
    if (lb_rec.body_len + len > lb_rec.body_cap) {
        size_t cap = lb_rec.body_cap ? lb_rec.body_cap : 4096;
        while (cap < lb_rec.body_len + len) cap *= 2;
        char *grown = malloc(cap);
        if (!grown) return 0;
        if (lb_rec.body_len) memcpy(grown, lb_rec.body, lb_rec.body_len);
        lb_rec.body = grown;
        lb_rec.body_cap = cap;
    }
    memcpy(lb_rec.body + lb_rec.body_len, bytes, len);
    lb_rec.body_len = lb_rec.body_len + len;
    return 1;
}

static long long lb_recording_now_ns(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) return 0;
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int lb_recording_set_tail(const char *bytes, size_t len, long long tick, long long min_tick,
                          long long ticks_per_second) {
    int next = 1 - lb_rec.tail_index;
    struct lb_recording_tail *t = &lb_rec.tails[next];
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
    lb_rec.tail_index = next;
    return 1;
}

void lb_write_all(int fd, const char *bytes, size_t len) {
    size_t off = 0;
    while (off < len) {
        ssize_t n = write(fd, bytes + off, len - off);
        if (n <= 0) return;
        off += (size_t)n;
    }
}

/* Seconds with millisecond precision as a JSON report writes them: "12", "12.3", "12.345". */
static size_t lb_recording_format_ms(long long ms, char *out) {
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

static int lb_recording_write_whole(int fd, const char *p, size_t len) {
    size_t off = 0;
    while (off < len) {
        ssize_t n = write(fd, p + off, len - off);
        if (n <= 0) return 0;
        off += (size_t)n;
    }
    return 1;
}

void lb_recording_discard(void) {
    if (lb_rec.fd >= 0 && lb_rec.temp_path[0]) unlink(lb_rec.temp_path);
}

void lb_recording_write_now(int finish) {
    if (lb_rec.fd < 0 || !lb_rec.body) return;
    size_t len = lb_rec.body_len;
    const struct lb_recording_tail *t = &lb_rec.tails[lb_rec.tail_index];
    long long elapsed = lb_recording_now_ns() - t->anchor_ns;
    long long tick = t->anchor_tick + (elapsed > 0 ? elapsed * t->ticks_per_second / 1000000000LL : 0);
    if (tick < t->min_tick) tick = t->min_tick;
    char duration[40];
    size_t dlen = lb_recording_format_ms((tick + t->ticks_per_second) * 1000 / t->ticks_per_second, duration);
    int whole = ftruncate(lb_rec.fd, 0) == 0 && lseek(lb_rec.fd, 0, SEEK_SET) >= 0
        && lb_recording_write_whole(lb_rec.fd, lb_rec.body, len);
    size_t from = 0;
    for (size_t i = 0; whole && i < t->len; i++) {
        if (t->bytes[i] != 1) continue;
        whole = lb_recording_write_whole(lb_rec.fd, t->bytes + from, i - from)
            && lb_recording_write_whole(lb_rec.fd, duration, dlen);
        from = i + 1;
    }
    whole = whole && lb_recording_write_whole(lb_rec.fd, t->bytes + from, t->len - from);
    if (!finish || !lb_rec.temp_path[0]) return;
    if (whole) {
        rename(lb_rec.temp_path, lb_rec.final_path);
    } else {
        unlink(lb_rec.temp_path);
    }
}

void lb_recording_flush(void) { lb_recording_write_now(1); }
