import Foundation

/// Swift's backtracer (SWIFT_BACKTRACE, docs/Backtracing.rst in the Swift repository):
/// `interactive` defaults to `tty`, so a crash (or, before issue 31, Ctrl-\\) left its
/// debugger prompt live on a terminal liveblog had put in raw mode. The runtime reads the
/// variable before `main`, so it is set here and the program executed again, once.
enum CrashReporter {
    static func makeNonInteractive() {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return }
        let current = ProcessInfo.processInfo.environment["SWIFT_BACKTRACE"] ?? ""
        guard !current.contains("interactive=") else { return }
        let value = current.isEmpty ? "interactive=no" : current + ",interactive=no"
        // The binary's own path, not /proc/self/exe: the process keeps its name (`ps`, /proc/PID/comm).
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
              setenv("SWIFT_BACKTRACE", value, 1) == 0 else { return }
        execv(path, CommandLine.unsafeArgv)
        // exec failed: carry on with the reporter as it is.
    }
}
