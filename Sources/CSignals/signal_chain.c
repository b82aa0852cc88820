#define _GNU_SOURCE
#include "signal_chain.h"
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

/* The union of what the terminal (T6, issue 31) and the engine guard (X2, S8) take. */
static const int lb_chain_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXFSZ, SIGSEGV,
                                        SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE };
#define LB_CHAIN_SIGNAL_COUNT (sizeof lb_chain_signals / sizeof lb_chain_signals[0])

/* Written from normal code, read by the handler: atomics, never a lock. */
static lb_signal_cleanup lb_chain_cleanups[LB_SIGNAL_CLEANUP_SLOTS];
static struct sigaction lb_chain_previous[NSIG];
static int lb_chain_installed;
/* The thread running the cleanups now (its tid), 0 when none. */
static int lb_chain_owner;

static int lb_is_crash_signal(int sig) {
    return sig == SIGSEGV || sig == SIGILL || sig == SIGTRAP || sig == SIGABRT || sig == SIGBUS || sig == SIGFPE;
}

/* Each cleanup once per signal. A signal that lands while they run does not run them again: in
   the same thread (a cleanup faulted) it goes straight on to the chaining; in another thread
   (a signal is delivered to any thread) it waits for them, 2 s at most, so the process does not
   end half-cleaned. The asynchronous signals are blocked while the handler runs (sa_mask). */
static void lb_chain_run_cleanups(int sig) {
    int me = (int)syscall(SYS_gettid);
    int idle = 0;
    if (!__atomic_compare_exchange_n(&lb_chain_owner, &idle, me, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        if (idle == me) return;
        for (int i = 0; i < 200 && __atomic_load_n(&lb_chain_owner, __ATOMIC_ACQUIRE) != 0; i++) {
            struct timespec pause = { 0, 10 * 1000 * 1000 };
            nanosleep(&pause, 0);
        }
        return;
    }
    for (int i = 0; i < LB_SIGNAL_CLEANUP_SLOTS; i++) {
        lb_signal_cleanup cleanup = __atomic_load_n(&lb_chain_cleanups[i], __ATOMIC_ACQUIRE);
        if (cleanup) cleanup(sig);
    }
    __atomic_store_n(&lb_chain_owner, 0, __ATOMIC_RELEASE);
}

/* The default action, the signal unblocked, raised again: the process ends as the signal says. */
static void lb_chain_default_and_raise(int sig) {
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

/* After the cleanups, the handler that was there before the chain (a function) gets the signal;
   SIG_DFL is restored and raised. A crash reporter (a SA_SIGINFO handler: Swift's) is not handed
   SIGQUIT (S8: it printed "Program crashed" and let the run go on; SIGQUIT ends the run as SIGINT
   does), nor a crash signal sent by another process (the same: no fault to report, and the
   reporter returns expecting the fault to recur); it still gets every real crash, and abort(). */
static void lb_chain_handler(int sig, siginfo_t *info, void *context) {
    int saved_errno = errno;
    lb_chain_run_cleanups(sig);
    struct sigaction *prev = &lb_chain_previous[sig];
    if (prev->sa_flags & SA_SIGINFO) {
        int sent = info && info->si_code <= 0 && info->si_pid != getpid();
        if (prev->sa_sigaction && sig != SIGQUIT && !(sent && lb_is_crash_signal(sig))) {
            prev->sa_sigaction(sig, info, context);
            /* A crash signal the process raised itself (raise, pthread_kill) does not recur when
               the reporter returns, as a fault does: it ends the process here. */
            if (lb_is_crash_signal(sig) && info && info->si_code <= 0) lb_chain_default_and_raise(sig);
            errno = saved_errno;
            return;
        }
    } else if (prev->sa_handler == SIG_IGN) {
        errno = saved_errno;
        return;
    } else if (prev->sa_handler != SIG_DFL) {
        prev->sa_handler(sig);
        errno = saved_errno;
        return;
    }
    lb_chain_default_and_raise(sig);
    errno = saved_errno;
}

void lb_signal_chain_install(void) {
    if (__atomic_exchange_n(&lb_chain_installed, 1, __ATOMIC_ACQ_REL)) return;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = lb_chain_handler;
    /* SA_ONSTACK: on the alternate stack Swift's runtime sets up, so a stack overflow's SIGSEGV
       still runs the cleanups (and reaches the reporter) instead of killing the process at once. */
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGINT);
    sigaddset(&sa.sa_mask, SIGTERM);
    sigaddset(&sa.sa_mask, SIGHUP);
    sigaddset(&sa.sa_mask, SIGQUIT);
    for (size_t i = 0; i < LB_CHAIN_SIGNAL_COUNT; i++) {
        int sig = lb_chain_signals[i];
        struct sigaction current;
        if (sigaction(sig, 0, &current) != 0) continue;
        if (!(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_IGN) continue;
        lb_chain_previous[sig] = current;
        sigaction(sig, &sa, 0);
    }
}

void lb_signal_chain_set(enum lb_signal_cleanup_slot slot, lb_signal_cleanup cleanup) {
    if ((int)slot < 0 || slot >= LB_SIGNAL_CLEANUP_SLOTS) return;
    lb_signal_chain_install();
    __atomic_store_n(&lb_chain_cleanups[slot], cleanup, __ATOMIC_RELEASE);
}

void lb_signal_chain_clear(enum lb_signal_cleanup_slot slot) {
    if ((int)slot < 0 || slot >= LB_SIGNAL_CLEANUP_SLOTS) return;
    __atomic_store_n(&lb_chain_cleanups[slot], (lb_signal_cleanup)0, __ATOMIC_RELEASE);
}

int lb_signal_chain_has(enum lb_signal_cleanup_slot slot) {
    if ((int)slot < 0 || slot >= LB_SIGNAL_CLEANUP_SLOTS) return 0;
    return __atomic_load_n(&lb_chain_cleanups[slot], __ATOMIC_ACQUIRE) != 0;
}

int lb_signal_chain_handles(int sig) {
    struct sigaction current;
    if (sigaction(sig, 0, &current) != 0) return 0;
    return (current.sa_flags & SA_SIGINFO) && current.sa_sigaction == lb_chain_handler;
}
