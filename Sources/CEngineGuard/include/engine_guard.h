#ifndef LIVEBLOG_ENGINE_GUARD_H
#define LIVEBLOG_ENGINE_GUARD_H
#include <sys/types.h>

/// The browser engine's process group and the signals of ours (X2). C, so that the signal
/// chain's cleanups touch only a static table and async-signal-safe calls (kill, unlinkat).

/// Spawns `path` with `argv` and `envp` (fork and execve) in a process group of its own,
/// default signal dispositions and an empty signal mask; `cmd_fd` becomes its fd 3 (our
/// commands in), `event_fd` its fd 4 (its replies and events out), stdin is /dev/null, stdout
/// and stderr go to `log_path` (opened here, never through a link); every other descriptor is
/// closed in the child. `uid`/`gid` other than -1: the child drops to them (supplementary groups
/// cleared) before exec, and refuses to run if root could be regained (S3). Returns 0 and the
/// pid, or an errno value (a failed exec included).
int lb_engine_spawn(const char *path, char *const argv[], char *const envp[], int cmd_fd, int event_fd,
                    const char *log_path, uid_t uid, gid_t gid, pid_t *pid);

/// Can `uid` make the namespaces Chromium's sandbox needs (an unprivileged user namespace with
/// its own pid and network namespaces)? Tried in a child that drops to `uid`/`gid`. 1 or 0.
int lb_probe_userns(uid_t uid, gid_t gid);

/// Empties the directory open as `dirfd` without following any link (a link is unlinked itself;
/// a subdirectory is opened O_NOFOLLOW and emptied through its descriptor), then rmdir(path)
/// (which removes only an empty directory). 0, or -1 when something was left (S1).
int lb_remove_dir(int dirfd, const char *path);
/// A stale profile `root/name` (S1): removed only when it is a real directory (lstat: no link)
/// owned by our effective user, writable by nobody else, holding a regular `owner.pid` of ours
/// naming a process that is gone; checked and removed through descriptors (O_NOFOLLOW), never
/// through a path rebuilt after the check. 1 removed, 0 left alone, -1 an error.
int lb_remove_stale_profile(const char *root, const char *name);
/// Remembers a profile directory (its open descriptor and path) to remove when we end, after the
/// groups are killed (exit and every guarded signal). 0, or -1 when the table is full.
int lb_engine_guard_add_dir(int dirfd, const char *path);
/// Forgets a profile directory (removed normally).
void lb_engine_guard_remove_dir(int dirfd);

/// A pipe whose both ends are close-on-exec and numbered 10 or more (so the child's dup2 to 3
/// and 4 always copies, and no other child of ours holds an end open). 0, or an errno value.
int lb_engine_pipe(int fds[2]);

/// Remembers a process group to kill (SIGKILL) when we end: on exit(3), and on every signal of
/// the signal chain (signal_chain.h: INT, TERM, HUP, QUIT, XFSZ and the crash signals SEGV, ILL,
/// TRAP, ABRT, BUS, FPE; SIGQUIT ends the run like SIGINT, S8). Returns 0, or -1 when the table
/// (16 groups) is full.
int lb_engine_guard_add(pid_t pgid);
/// Forgets a group (it was ended normally).
void lb_engine_guard_remove(pid_t pgid);
/// Kills every remembered group now (what the signal chain does first).
void lb_engine_guard_kill_all(void);
/// Installs the guard once (later calls do nothing): an exit(3) handler, and two cleanups in the
/// process's one signal chain (signal_chain.h), which runs them with the terminal's and then
/// hands the signal on: the groups are killed first, the run directories removed last. An
/// ignored signal stays ignored and kills nothing.
void lb_engine_guard_install(void);
/// How many groups are remembered (tests).
int lb_engine_guard_count(void);
#endif
