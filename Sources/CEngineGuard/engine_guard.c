#define _GNU_SOURCE
#include <sched.h>
#include "engine_guard.h"
#include "signal_chain.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dirent.h>
#include <grp.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>

#define LB_GUARD_SLOTS 16
#define LB_TREE_DEPTH 24

int lb_probe_userns(uid_t uid, gid_t gid) {
    pid_t child = fork();
    if (child < 0) return 0;
    if (child == 0) {
        if (setgroups(0, 0) != 0 || setresgid(gid, gid, gid) != 0 || setresuid(uid, uid, uid) != 0) _exit(2);
        _exit(unshare(CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET) == 0 ? 0 : 1);
    }
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

static volatile sig_atomic_t lb_guard_groups[LB_GUARD_SLOTS];
/* Profile directories to remove when we end (S1): a descriptor of each, and its path. */
static volatile sig_atomic_t lb_guard_dir_fds[LB_GUARD_SLOTS];
static char lb_guard_dir_paths[LB_GUARD_SLOTS][4096];
static int lb_guard_installed = 0;

struct lb_dirent64 {
    unsigned long long d_ino;
    long long d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};

/* Empties the directory open as `dirfd` without following a link (S1): a link is unlinked
   itself, a subdirectory is opened with O_NOFOLLOW and emptied through its own descriptor.
   Only system calls (getdents64, openat, unlinkat, lseek, close), so a signal handler may call
   it. Passes repeat until one finds nothing (entries removed while reading may be skipped). */
static int lb_empty_dir_fd(int dirfd, int depth, const char *keep) {
    char buf[4096] __attribute__((aligned(8)));
    if (depth > LB_TREE_DEPTH) return -1;
    int left = 0;
    for (int pass = 0; pass < 8; pass++) {
        int seen = 0;
        left = 0;
        if (lseek(dirfd, 0, SEEK_SET) < 0) return -1;
        for (;;) {
            long n = syscall(SYS_getdents64, dirfd, buf, sizeof buf);
            if (n <= 0) break;
            for (long off = 0; off < n;) {
                struct lb_dirent64 *d = (struct lb_dirent64 *)(buf + off);
                off += d->d_reclen;
                const char *name = d->d_name;
                if (name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0))) continue;
                if (keep && strcmp(name, keep) == 0) continue;
                seen = 1;
                if (unlinkat(dirfd, name, 0) == 0 || errno == ENOENT) continue;
                if (errno != EISDIR && errno != EPERM) {
                    left = 1;
                    continue;
                }
                int sub = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                if (sub >= 0) {
                    if (lb_empty_dir_fd(sub, depth + 1, 0) != 0) left = 1;
                    close(sub);
                }
                if (unlinkat(dirfd, name, AT_REMOVEDIR) != 0 && errno != ENOENT) left = 1;
            }
        }
        if (!seen) return 0;
    }
    return left ? -1 : 0;
}

/* The owner's pid goes last: a removal cut short leaves a profile the next launch knows as stale. */
static int lb_empty_profile_fd(int dirfd) {
    if (lb_empty_dir_fd(dirfd, 0, "owner.pid") != 0) return -1;
    if (unlinkat(dirfd, "owner.pid", 0) != 0 && errno != ENOENT) return -1;
    return 0;
}

int lb_remove_dir(int dirfd, const char *path) {
    if (lb_empty_profile_fd(dirfd) != 0) return -1;
    if (rmdir(path) != 0 && errno != ENOENT) return -1;
    return 0;
}

int lb_remove_stale_profile(const char *root, const char *name) {
    int rootfd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (rootfd < 0) return -1;
    int removed = 0;
    struct stat st, opened;
    uid_t me = geteuid();
    /* A real directory of ours that nobody else may write into; a link is never followed. */
    if (fstatat(rootfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != me
        || (st.st_mode & 022) != 0) {
        close(rootfd);
        return 0;
    }
    int dirfd = openat(rootfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (dirfd < 0) {
        close(rootfd);
        return 0;
    }
    if (fstat(dirfd, &opened) == 0 && opened.st_dev == st.st_dev && opened.st_ino == st.st_ino
        && opened.st_uid == me) {
        int pidfd = openat(dirfd, "owner.pid", O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
        struct stat ps;
        char text[32];
        ssize_t n = -1;
        if (pidfd >= 0) {
            if (fstat(pidfd, &ps) == 0 && S_ISREG(ps.st_mode) && ps.st_uid == me) n = read(pidfd, text, sizeof text - 1);
            close(pidfd);
        }
        if (n > 0) {
            text[n] = 0;
            char *end = 0;
            long owner = strtol(text, &end, 10);
            if (owner > 0 && end != text && kill((pid_t)owner, 0) != 0 && errno == ESRCH) {
                lb_empty_profile_fd(dirfd);
                removed = unlinkat(rootfd, name, AT_REMOVEDIR) == 0 ? 1 : -1;
            }
        }
    }
    close(dirfd);
    close(rootfd);
    return removed;
}

int lb_engine_guard_add_dir(int dirfd, const char *path) {
    if (strlen(path) >= sizeof lb_guard_dir_paths[0]) return -1;
    for (int i = 0; i < LB_GUARD_SLOTS; i++) {
        if (lb_guard_dir_fds[i] == 0) {
            strcpy(lb_guard_dir_paths[i], path);
            lb_guard_dir_fds[i] = dirfd + 1;
            return 0;
        }
    }
    return -1;
}

void lb_engine_guard_remove_dir(int dirfd) {
    for (int i = 0; i < LB_GUARD_SLOTS; i++) {
        if (lb_guard_dir_fds[i] == dirfd + 1) lb_guard_dir_fds[i] = 0;
    }
}

/* After the groups are killed: their profiles, a few tries while the killed processes go. */
static void lb_guard_remove_dirs(void) {
    for (int i = 0; i < LB_GUARD_SLOTS; i++) {
        int stored = lb_guard_dir_fds[i];
        if (stored == 0) continue;
        for (int attempt = 0; attempt < 5; attempt++) {
            if (lb_remove_dir(stored - 1, lb_guard_dir_paths[i]) == 0) break;
            struct timespec pause = { 0, 20 * 1000 * 1000 };
            nanosleep(&pause, 0);
        }
        lb_guard_dir_fds[i] = 0;
    }
}

/* A descriptor numbered 10 or more (close-on-exec): the child's dup2 onto 0-4 never hits it. */
static int lb_high_fd(int fd) {
    if (fd >= 10) return fd;
    int moved = fcntl(fd, F_DUPFD_CLOEXEC, 10);
    close(fd);
    return moved;
}

/* The child's side of lb_engine_spawn: only async-signal-safe calls between fork and exec. */
static void lb_child(const char *path, char *const argv[], char *const envp[], int cmd_fd, int event_fd,
                     int log_fd, uid_t uid, gid_t gid, int report_fd) {
    int err = 0;
    setpgid(0, 0);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    sigemptyset(&sa.sa_mask);
    for (int sig = 1; sig < NSIG; sig++) {
        if (sig != SIGKILL && sig != SIGSTOP) sigaction(sig, &sa, 0);
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, 0);
    int devnull = open("/dev/null", O_RDONLY);
    if (devnull < 0 || dup2(devnull, 0) < 0 || dup2(cmd_fd, 3) < 0 || dup2(event_fd, 4) < 0
        || dup2(log_fd, 1) < 0 || dup2(log_fd, 2) < 0) {
        err = errno;
        goto fail;
    }
    if (gid != (gid_t)-1) {
        if (setgroups(0, 0) != 0 || setresgid(gid, gid, gid) != 0) { err = errno; goto fail; }
    }
    if (uid != (uid_t)-1) {
        if (setresuid(uid, uid, uid) != 0) { err = errno; goto fail; }
        /* Never run the page as root by accident: the drop must hold and be irreversible. */
        if (uid != 0 && (getuid() == 0 || geteuid() == 0 || setuid(0) == 0)) { err = EPERM; goto fail; }
    }
    /* Every other descriptor is closed, except the report pipe (close-on-exec). */
    for (int fd = 5; fd < 1024; fd++) {
        if (fd != report_fd) close(fd);
    }
    execve(path, argv, envp);
    err = errno;
fail:
    if (write(report_fd, &err, sizeof err) < 0) { /* nothing more to do */ }
    _exit(127);
}

int lb_engine_spawn(const char *path, char *const argv[], char *const envp[], int cmd_fd, int event_fd,
                    const char *log_path, uid_t uid, gid_t gid, pid_t *pid) {
    int log_fd = open(log_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (log_fd < 0) return errno;
    log_fd = lb_high_fd(log_fd);
    int report[2];
    if (log_fd < 0 || pipe2(report, O_CLOEXEC) != 0) {
        int e = errno;
        if (log_fd >= 0) close(log_fd);
        return e;
    }
    report[0] = lb_high_fd(report[0]);
    report[1] = lb_high_fd(report[1]);
    if (report[0] < 0 || report[1] < 0) {
        int e = errno;
        close(log_fd);
        if (report[0] >= 0) close(report[0]);
        if (report[1] >= 0) close(report[1]);
        return e;
    }
    pid_t child = fork();
    if (child < 0) {
        int e = errno;
        close(log_fd);
        close(report[0]);
        close(report[1]);
        return e;
    }
    if (child == 0) lb_child(path, argv, envp, cmd_fd, event_fd, log_fd, uid, gid, report[1]);
    setpgid(child, child);
    close(log_fd);
    close(report[1]);
    int err = 0;
    ssize_t n;
    do {
        n = read(report[0], &err, sizeof err);
    } while (n < 0 && errno == EINTR);
    close(report[0]);
    if (n == (ssize_t)sizeof err) {
        int status;
        waitpid(child, &status, 0);
        return err ? err : ECHILD;
    }
    *pid = child;
    return 0;
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

/* The guard's two cleanups in the signal chain (signal_chain.h has the order and why): the
   groups killed first, their run directories removed last (after the terminal). */
static void lb_guard_kill_groups(int sig) {
    (void)sig;
    lb_engine_guard_kill_all();
}

static void lb_guard_remove_profiles(int sig) {
    (void)sig;
    lb_guard_remove_dirs();
}

static void lb_guard_at_exit(void) {
    lb_engine_guard_kill_all();
    lb_guard_remove_dirs();
}

void lb_engine_guard_install(void) {
    if (lb_guard_installed) return;
    lb_guard_installed = 1;
    atexit(lb_guard_at_exit);
    lb_signal_chain_set(LB_CLEANUP_ENGINE_GROUPS, lb_guard_kill_groups);
    lb_signal_chain_set(LB_CLEANUP_ENGINE_PROFILES, lb_guard_remove_profiles);
}
