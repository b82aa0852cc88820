#ifndef LIVEBLOG_SIGNAL_CHAIN_H
#define LIVEBLOG_SIGNAL_CHAIN_H

/// The one signal chain of the process (issue 39): one handler, installed once, for INT, TERM,
/// HUP, QUIT, XFSZ and the crash signals (SEGV, ILL, TRAP, ABRT, BUS, FPE). On a signal it runs
/// the registered cleanups, each once, in the order of their slots below, then hands the signal
/// to the disposition that was there before the chain (saved at install), or restores the
/// default action, unblocks the signal and raises it again, so the process ends as the signal
/// says (a shell reports 128+n; crash signals dump core where enabled).
///
/// The order (the slots): the engine's process groups are killed first, because kill(2) is
/// instant and cannot block, while a write to the terminal can (output stopped with Ctrl-S, a
/// terminal that no longer reads): a blocked terminal must not leave the engine running. The
/// terminal comes second (the recording, then the restore bytes and the tty modes), so the shell
/// is usable at once; the engine's run directories last, because removing them walks a tree and
/// waits (a few 20 ms pauses) for the killed processes to let go of it.
enum lb_signal_cleanup_slot {
    LB_CLEANUP_ENGINE_GROUPS = 0,
    LB_CLEANUP_TERMINAL = 1,
    LB_CLEANUP_ENGINE_PROFILES = 2,
    LB_SIGNAL_CLEANUP_SLOTS = 3
};

/// A cleanup: called from the signal handler with the signal's number, so async-signal-safe
/// only (system calls on data prepared in advance).
typedef void (*lb_signal_cleanup)(int sig);

/// Installs the handler once (later calls do nothing). A signal ignored at that moment stays
/// ignored and gets no handler (nohup's HUP; liveblog ignores XFSZ so that a write past the
/// file size limit fails with EFBIG and is reported).
void lb_signal_chain_install(void);
/// Puts `cleanup` in `slot` (replacing what was there) and installs the chain if it is not yet.
/// From normal code, not from a handler.
void lb_signal_chain_set(enum lb_signal_cleanup_slot slot, lb_signal_cleanup cleanup);
/// Empties `slot`: a signal no longer runs its cleanup; the handler stays (the other cleanups
/// and the chaining need it).
void lb_signal_chain_clear(enum lb_signal_cleanup_slot slot);
/// Is `slot` filled? Is the chain's handler the disposition of `sig` now? 1 or 0 (tests).
int lb_signal_chain_has(enum lb_signal_cleanup_slot slot);
int lb_signal_chain_handles(int sig);
#endif
