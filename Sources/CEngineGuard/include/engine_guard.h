#ifndef LIVEBLOG_ENGINE_GUARD_H
#define LIVEBLOG_ENGINE_GUARD_H
#include <sys/types.h>

/// The browser engine's process group and the signals of ours (X2). C, so that the signal
/// handler touches only a static table and async-signal-safe calls (kill, sigaction, raise).

/// Spawns `path` with `argv` and `envp` in a process group of its own (POSIX_SPAWN_SETPGROUP),
/// default signal dispositions and an empty signal mask; `cmd_fd` becomes its fd 3 (our
/// commands in), `event_fd` its fd 4 (its replies and events out), stdin is /dev/null, stdout
/// and stderr go to `log_path`; every other descriptor is closed in the child. Returns 0 and the
/// pid, or an errno value.
int lb_engine_spawn(const char *path, char *const argv[], char *const envp[], int cmd_fd, int event_fd,
                    const char *log_path, pid_t *pid);

/// A pipe whose both ends are close-on-exec and numbered 10 or more (so the child's dup2 to 3
/// and 4 always copies, and no other child of ours holds an end open). 0, or an errno value.
int lb_engine_pipe(int fds[2]);

/// Remembers a process group to kill (SIGKILL) when we end: on exit(3), and on INT, TERM, HUP
/// and the crash signals (SEGV, ILL, TRAP, ABRT, BUS, FPE). Returns 0, or -1 when the table
/// (16 groups) is full.
int lb_engine_guard_add(pid_t pgid);
/// Forgets a group (it was ended normally).
void lb_engine_guard_remove(pid_t pgid);
/// Kills every remembered group now (what the handlers do first).
void lb_engine_guard_kill_all(void);
/// Installs the handlers once (later calls do nothing). Each handler kills the groups, then
/// hands the signal to the handler that was there before (a function), or, when that was the
/// default action, restores it and raises the signal again; an ignored signal stays ignored and
/// kills nothing.
void lb_engine_guard_install(void);
/// How many groups are remembered (tests).
int lb_engine_guard_count(void);
#endif
