import Foundation

/// A program run to its end through posix_spawn and waitpid, its standard streams from and to
/// files. Not Foundation's Process: on Linux it learns of the child's exit through a descriptor
/// the child inherits, and a daemon the child starts (the tmux server) keeps that descriptor open,
/// so `waitUntilExit` never returned; under load it could also lose a child's exit.
public enum Subprocess {
    /// What a finished program left: its exit code (128 + the signal when killed by one; -1 when
    /// it could not start or ran past its deadline), its stdout and its stderr.
    public struct Result {
        public var code: Int32
        public var bytes: [UInt8]
        public var err: String
        public var out: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// Runs `path` with `args`, stdin from the file `stdin`, stdout and stderr into those files,
    /// `env` added to this process's environment. Killed after `timeout` seconds (exit code -1).
    /// The exit code, or nil when it could not start.
    @discardableResult
    public static func run(_ path: String, _ args: [String], stdin: String = "/dev/null",
                           stdout: String = "/dev/null", stderr: String = "/dev/null",
                           env: [String: String] = [:], timeout: Double = 300) -> Int32? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([path] + args).map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var environment = ProcessInfo.processInfo.environment
        for (k, v) in env { environment[k] = v }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for e in envp { free(e) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, path, &actions, nil, argv, envp) == 0 else { return nil }
        return wait(pid, timeout: timeout)
    }

    /// `run`, with what the program wrote to stdout and stderr (through temporary files).
    @discardableResult
    public static func output(_ path: String, _ args: [String], stdin: String = "/dev/null",
                              env: [String: String] = [:], timeout: Double = 300) -> Result {
        let tag = "\(getpid())-\(UUID().uuidString)"
        let outPath = NSTemporaryDirectory() + "/lb-out-" + tag, errPath = NSTemporaryDirectory() + "/lb-err-" + tag
        defer { unlink(outPath); unlink(errPath) }
        let code = run(path, args, stdin: stdin, stdout: outPath, stderr: errPath, env: env, timeout: timeout)
        let bytes = [UInt8](FileManager.default.contents(atPath: outPath) ?? Data())
        let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? (code == nil ? "cannot start \(path)" : "")
        return Result(code: code ?? -1, bytes: bytes, err: err)
    }

    /// Waits for `pid` (killed after `timeout` s): its exit code, 128 + a signal, -1 when killed.
    public static func wait(_ pid: pid_t, timeout: Double) -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { break }
            if r < 0 && errno != EINTR { return -1 }
            if Date() >= deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return -1
            }
            usleep(5_000)
        }
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
