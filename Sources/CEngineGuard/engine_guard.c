#define _GNU_SOURCE
#include "engine_guard.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LB_GUARD_SLOTS 16

static volatile sig_atomic_t lb_guard_groups[LB_GUARD_SLOTS];
static struct sigaction lb_guard_previous[NSIG];
static int lb_guard_installed = 0;
static const int lb_guard_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE };

int lb_engine_spawn(const char *path, char *const argv[], char *const envp[], int cmd_fd, int event_fd,
                    const char *log_path, pid_t *pid) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attr;
    int rc = posix_spawn_file_actions_init(&actions);
    if (rc != 0) return rc;
    rc = posix_spawnattr_init(&attr);
    if (rc != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return rc;
    }
    posix_spawn_file_actions_adddup2(&actions, cmd_fd, 3);
    posix_spawn_file_actions_adddup2(&actions, event_fd, 4);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, log_path, O_WRONLY | O_CREAT | O_APPEND, 0600);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    posix_spawn_file_actions_addclosefrom_np(&actions, 5);
    posix_spawnattr_setpgroup(&attr, 0);
    sigset_t defaults, mask;
    sigfillset(&defaults);
    sigdelset(&defaults, SIGKILL);
    sigdelset(&defaults, SIGSTOP);
    sigemptyset(&mask);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setsigmask(&attr, &mask);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    rc = posix_spawn(pid, path, &actions, &attr, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    return rc;
}

static int lb_high_fd(int fd) {
    if (fd >= 10) return fd;
    int moved = fcntl(fd, F_DUPFD_CLOEXEC, 10);
    close(fd);
    return moved;
}

int lb_engine_pipe(int fds[2]) {
    if (pipe2(fds, O_CLOEXEC) != 0) return errno;
    fds[0] = lb_high_fd(fds[0]);
    fds[1] = lb_high_fd(fds[1]);
    return (fds[0] < 0 || fds[1] < 0) ? errno : 0;
}

int lb_engine_guard_add(pid_t pgid) {
    for (int i = 0; i < LB_GUARD_SLOTS; i++) {
        if (lb_guard_groups[i] == 0) {
            lb_guard_groups[i] = pgid;
            return 0;
        }
    }
    return -1;
}

void lb_engine_guard_remove(pid_t pgid) {
    for (int i = 0; i < LB_GUARD_SLOTS; i++) {
        if (lb_guard_groups[i] == pgid) lb_guard_groups[i] = 0;
    }
}

void lb_engine_guard_kill_all(void) {
    for (int i = 0; i < LB_GUARD_SLOTS; i++) {
        pid_t g = lb_guard_groups[i];
        if (g > 0) kill(-g, SIGKILL);
    }
}

int lb_engine_guard_count(void) {
    int n = 0;
    for (int i = 0; i < LB_GUARD_SLOTS; i++) {
        if (lb_guard_groups[i] != 0) n++;
    }
    return n;
}

static void lb_guard_handler(int sig, siginfo_t *info, void *context) {
    struct sigaction *prev = &lb_guard_previous[sig];
    int ignored = !(prev->sa_flags & SA_SIGINFO) && prev->sa_handler == SIG_IGN;
    if (ignored) return;
    lb_engine_guard_kill_all();
    if (prev->sa_flags & SA_SIGINFO) {
        if (prev->sa_sigaction) prev->sa_sigaction(sig, info, context);
        return;
    }
    if (prev->sa_handler != SIG_DFL && prev->sa_handler != SIG_IGN) {
        prev->sa_handler(sig);
        return;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, 0);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, 0);
    raise(sig);
}

static void lb_guard_at_exit(void) { lb_engine_guard_kill_all(); }

void lb_engine_guard_install(void) {
    if (lb_guard_installed) return;
    lb_guard_installed = 1;
    atexit(lb_guard_at_exit);
    for (size_t i = 0; i < sizeof lb_guard_signals / sizeof lb_guard_signals[0]; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = lb_guard_handler;
        sa.sa_flags = SA_SIGINFO;
        sigemptyset(&sa.sa_mask);
        sigaction(lb_guard_signals[i], &sa, &lb_guard_previous[lb_guard_signals[i]]);
    }
}
