#include "terminal_restore.h"
#include "recording.h"
#include "signal_chain.h"
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

/* Written from normal code before the cleanup is registered (or with the length set to 0 first
   while the bytes change), read by the handler. */
static struct {
    char bytes[512];
    volatile size_t len;
    struct termios saved;
    volatile int saved_valid;
    int saved_fd;
    /* Issue 31: what brings liveblog's own modes back after a stop (SIGTSTP, then SIGCONT),
       and ncurses' own SIGTSTP handler, which the wrapper calls in between. */
    char resume[256];
    volatile size_t resume_len;
    struct sigaction ncurses_tstp;
    volatile int tstp_wrapped;
} lb_term = { .saved_fd = -1 };

int lb_restore_save_termios(void) {
    lb_signal_chain_install();
    int fd = isatty(STDIN_FILENO) ? STDIN_FILENO : (isatty(STDOUT_FILENO) ? STDOUT_FILENO : -1);
    if (fd < 0) return 0;
    if (tcgetattr(fd, &lb_term.saved) != 0) return 0;
    lb_term.saved_fd = fd;
    lb_term.saved_valid = 1;
    return 1;
}

void lb_restore_set_bytes(const char *bytes, size_t len) {
    if (len >= sizeof lb_term.bytes) len = sizeof lb_term.bytes - 1;
    lb_term.len = 0;
    memcpy(lb_term.bytes, bytes, len);
    lb_term.len = len;
}

/* The tty: stdout when it is one, else the descriptor whose modes were saved (-1: none). */
static int lb_restore_fd(void) {
    return isatty(STDOUT_FILENO) ? STDOUT_FILENO : lb_term.saved_fd;
}

void lb_restore_now(void) {
    int fd = lb_restore_fd();
    if (fd >= 0) lb_write_all(fd, lb_term.bytes, lb_term.len);
    if (lb_term.saved_valid) tcsetattr(lb_term.saved_fd, TCSANOW, &lb_term.saved);
}

static void lb_restore_cleanup(int sig) {
    if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP || sig == SIGQUIT) {
        lb_recording_flush();
    } else {
        lb_recording_discard();
    }
    lb_restore_now();
    if (sig == SIGXFSZ) {
        static const char message[] = "liveblog: error: the file size limit was reached (SIGXFSZ): "
                                      "a file being written was left out, none half-written\n";
        lb_write_all(STDERR_FILENO, message, sizeof message - 1);
    }
}

void lb_restore_install(void) {
    lb_signal_chain_set(LB_CLEANUP_TERMINAL, lb_restore_cleanup);
}

int lb_restore_installed(void) {
    return lb_signal_chain_has(LB_CLEANUP_TERMINAL);
}

static void lb_tstp_handler(int sig) {
    int saved_errno = errno;  /* the interrupted code's errno, as a handler must leave it */
    int fd = lb_restore_fd();
    if (fd >= 0) lb_write_all(fd, lb_term.bytes, lb_term.len);
    void (*ncurses)(int) = lb_term.ncurses_tstp.sa_handler;
    if (lb_term.tstp_wrapped && ncurses != SIG_DFL && ncurses != SIG_IGN) {
        ncurses(sig);
    }
    if (fd >= 0) lb_write_all(fd, lb_term.resume, lb_term.resume_len);
    errno = saved_errno;
}

void lb_restore_wrap_tstp(const char *bytes, size_t len) {
    if (len >= sizeof lb_term.resume) len = sizeof lb_term.resume - 1;
    lb_term.resume_len = 0;
    memcpy(lb_term.resume, bytes, len);
    lb_term.resume_len = len;
    if (lb_term.tstp_wrapped) return;
    struct sigaction current;
    if (sigaction(SIGTSTP, 0, &current) != 0) return;
    if (current.sa_flags & SA_SIGINFO) return;
    if (current.sa_handler == SIG_DFL || current.sa_handler == SIG_IGN) return;
    lb_term.ncurses_tstp = current;
    struct sigaction sa = current;
    sa.sa_handler = lb_tstp_handler;
    if (sigaction(SIGTSTP, &sa, 0) == 0) lb_term.tstp_wrapped = 1;
}

void lb_restore_uninstall(void) {
    lb_signal_chain_clear(LB_CLEANUP_TERMINAL);
    if (lb_term.tstp_wrapped) sigaction(SIGTSTP, &lb_term.ncurses_tstp, 0);
    lb_term.tstp_wrapped = 0;
    lb_term.len = 0;
    lb_term.saved_valid = 0;
}
