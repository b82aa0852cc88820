import CSupport
import Foundation

/// A pseudo-terminal whose other side plays a terminal (G7): it keeps everything the program on
/// it writes, and answers the capability probe (once its last query, DA1, has come) as kitty,
/// xterm with sixel, an old terminal, or not at all. The program is either this process (the
/// probe runs on `slave`) or one spawned on it (`spawn`), such as the real `liveblog`.
// @unchecked Sendable: what the reader thread receives, and the flags, are under `lock`.
public final class PseudoTerminal: @unchecked Sendable {
    public enum Profile: CustomStringConvertible {
        /// kitty: graphics OK, 2026/1016/1004 settable, cell 10×20 px.
        case kitty
        /// xterm -ti vt340: sixel in DA1, XTVERSION, no 2026, 1016 and 1004 settable, no kitty
        /// reply, cells of the given size.
        case xtermSixel(cellWidth: Int = 10, cellHeight: Int = 20)
        /// An old terminal: DA1 without attributes, every mode unknown.
        case unsupported
        /// Answers nothing at all.
        case silent

        public var description: String {
            switch self {
            case .kitty: return "kitty"
            case .xtermSixel: return "xtermSixel"
            case .unsupported: return "unsupported"
            case .silent: return "silent"
            }
        }

        /// The terminal's answers to the probe's queries, in the order it asks.
        public var reply: String {
            let e = "\u{1B}"
            switch self {
            case .kitty:
                return e + "_Gi=31;OK" + e + "\\" + e + "P>|kitty(0.31.0)" + e + "\\" + e + "[?2026;2$y" + e + "[?1016;2$y"
                    + e + "[?1004;2$y" + e + "[4;800;1200t" + e + "[6;20;10t" + e + "[?62;22;52c"
            case let .xtermSixel(w, h):
                return e + "P>|XTerm(379)" + e + "\\" + e + "[?2026;0$y" + e + "[?1016;2$y" + e + "[?1004;2$y"
                    + e + "[6;\(h);\(w)t" + e + "[?63;1;2;4;6;9;15;16;17;18;21;22;28;29c"
            case .unsupported:
                return e + "[?2026;0$y" + e + "[?1016;0$y" + e + "[?1004;0$y" + e + "[?1;2c"
            case .silent:
                return ""
            }
        }
    }

    public let master: Int32
    /// The program's side; closed here once a spawned program has it.
    public private(set) var slave: Int32
    public let profile: Profile
    /// The spawned program's pid (0 when the program is this process).
    public private(set) var pid: pid_t = 0
    private let lock = NSLock()
    private var received: [UInt8] = []
    private var answeredAt: Date?
    private var afterAt: Date?
    private var stopped = false
    private var closed = false

    /// Skips (fails under CI) where no pseudo-terminal can be opened.
    public init(_ profile: Profile, rows: Int = 40, cols: Int = 120) throws {
        var m: Int32 = -1, s: Int32 = -1
        guard lb_openpty(&m, &s, Int32(rows), Int32(cols)) == 0 else { throw Requirement.missing("a pseudo-terminal") }
        master = m
        slave = s
        self.profile = profile
        // The reader holds the terminal until `close` (or `quit`) stops it.
        Thread { self.loop() }.start()
    }

    /// A bare pseudo-terminal pair of `rows`×`cols` (master, slave) for a test that drives it
    /// itself; skips (fails under CI) where none can be opened.
    public static func openPair(rows: Int, cols: Int) throws -> (master: Int32, slave: Int32) {
        var m: Int32 = -1, s: Int32 = -1
        guard lb_openpty(&m, &s, Int32(rows), Int32(cols)) == 0 else { throw Requirement.missing("a pseudo-terminal") }
        return (m, s)
    }

    /// Runs `binary` with `args` on the terminal (stdin and stdout; stderr to /dev/null), in a
    /// UTF-8 xterm-256color environment outside tmux, `env` added.
    public func spawn(_ binary: String, _ args: [String], env extra: [String: String] = [:]) throws {
        var env = ProcessInfo.processInfo.environment
        env["TERM"] = "xterm-256color"
        env["LANG"] = "C.UTF-8"
        env["LC_ALL"] = "C.UTF-8"
        env.removeValue(forKey: "NO_COLOR")
        env.removeValue(forKey: "TMUX")
        for (k, v) in extra { env[k] = v }
        var fa = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fa)
        defer { posix_spawn_file_actions_destroy(&fa) }
        posix_spawn_file_actions_adddup2(&fa, slave, 0)
        posix_spawn_file_actions_adddup2(&fa, slave, 1)
        posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([binary] + args).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for a in argv + envp { free(a) } }
        var p: pid_t = 0
        let rc = posix_spawn(&p, binary, &fa, nil, argv, envp)
        Glibc.close(slave)
        slave = -1
        guard rc == 0 else { throw Requirement.Missing(description: "posix_spawn \(binary): \(rc)") }
        pid = p
    }

    /// Everything the program wrote so far.
    public var output: [UInt8] { lock.withLock { received } }
    public var text: String { String(decoding: output, as: UTF8.self) }
    /// When the DA1 query (the probe's last) arrived and was answered.
    public var queryTime: Date? { lock.withLock { answeredAt } }
    /// When the first bytes after the probe's queries arrived (the program stopped waiting).
    public var afterQueryTime: Date? { lock.withLock { afterAt } }

    /// Types `s` into the program.
    public func send(_ s: String) { write(Array(s.utf8)) }

    /// Whether the output holds `needle` (a byte search: the output can be megabytes of images).
    public func contains(_ needle: String) -> Bool {
        Data(output).range(of: Data(needle.utf8)) != nil
    }

    /// Waits until the output holds `needle`, at most `seconds`.
    @discardableResult
    public func waitFor(_ seconds: Double = 10, _ needle: String) -> Bool {
        Wait.until(timeout: seconds, every: 0.02) { contains(needle) }
    }

    /// Quits the spawned program with q and waits for it (killed after 10 s); its wait status.
    @discardableResult
    public func quit() -> Int32 {
        send("q")
        var status: Int32 = 0
        let ended = Wait.until(timeout: 10, every: 0.02) { waitpid(pid, &status, WNOHANG) == pid }
        if !ended {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
        usleep(100_000)
        close()
        return status
    }

    /// Stops reading and closes both sides.
    public func close() {
        let first: Bool = lock.withLock {
            defer { stopped = true; closed = true }
            return !closed
        }
        guard first else { return }
        usleep(50_000)
        if slave >= 0 { Glibc.close(slave) }
        Glibc.close(master)
    }

    private func write(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            sent += n
        }
    }

    private func loop() {
        var buf = [UInt8](repeating: 0, count: 1 << 16)
        while !lock.withLock({ stopped }) {
            var p = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 10) > 0 else { continue }
            let n = buf.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            let all: [UInt8] = lock.withLock {
                received += buf[0..<n]
                return received
            }
            if lock.withLock({ afterAt != nil }) { continue }
            guard let r = Data(all).range(of: Data("\u{1B}[c".utf8)) else { continue }
            if r.upperBound < all.count { lock.withLock { afterAt = Date() } }
            if lock.withLock({ answeredAt == nil }) {
                lock.withLock { answeredAt = Date() }
                write(Array(profile.reply.utf8))
            }
        }
    }
}
