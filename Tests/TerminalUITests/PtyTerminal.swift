import CSupport
import Foundation
import XCTest

/// The real `liveblog` on a pseudo-terminal whose other side plays a terminal (G7): it answers
/// the capability probe as kitty, xterm with sixel, an old terminal, or not at all, and keeps
/// everything the program writes.
final class PtyTerminal: @unchecked Sendable {
    enum Profile { case kitty, xtermSixel, unsupported, silent }

    let master: Int32
    let pid: pid_t
    let profile: Profile
    private let lock = NSLock()
    private var received: [UInt8] = []
    private var answeredAt: Date?
    private var afterAt: Date?
    private(set) var started = Date()
    private var stopped = false
    private var reader: Thread?

    static func reply(_ p: Profile) -> String {
        let e = "\u{1B}"
        switch p {
        case .kitty:
            return e + "_Gi=31;OK" + e + "\\" + e + "P>|kitty(0.31.0)" + e + "\\" + e + "[?2026;2$y" + e + "[?1016;2$y"
                + e + "[?1004;2$y" + e + "[4;800;1200t" + e + "[6;20;10t" + e + "[?62;22;52c"
        case .xtermSixel:
            return e + "P>|XTerm(379)" + e + "\\" + e + "[?2026;0$y" + e + "[?1016;2$y" + e + "[?1004;2$y"
                + e + "[6;20;10t" + e + "[?63;1;2;4;6;9;15;16;17;18;21;22;28;29c"
        case .unsupported:
            return e + "[?2026;0$y" + e + "[?1016;0$y" + e + "[?1004;0$y" + e + "[?1;2c"
        case .silent:
            return ""
        }
    }

    init(_ profile: Profile, binary: String, args: [String], rows: Int = 40, cols: Int = 120,
         env extra: [String: String] = [:]) throws {
        self.profile = profile
        var m: Int32 = -1, s: Int32 = -1
        guard lb_openpty(&m, &s, Int32(rows), Int32(cols)) == 0 else { throw XCTSkip("no pseudo-terminal") }
        master = m
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
        posix_spawn_file_actions_adddup2(&fa, s, 0)
        posix_spawn_file_actions_adddup2(&fa, s, 1)
        posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([binary] + args).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for a in argv + envp { free(a) } }
        var p: pid_t = 0
        started = Date()
        let rc = posix_spawn(&p, binary, &fa, nil, argv, envp)
        close(s)
        guard rc == 0 else { throw XCTSkip("posix_spawn: \(rc)") }
        pid = p
        let t = Thread { [unowned self] in self.loop() }
        reader = t
        t.start()
    }

    var output: [UInt8] { lock.withLock { received } }
    var text: String { String(decoding: output, as: UTF8.self) }
    /// When the DA1 query (the probe's last) arrived and was answered.
    var queryTime: Date? { lock.withLock { answeredAt } }
    /// When the first bytes after the probe's queries arrived (the program stopped waiting).
    var afterQueryTime: Date? { lock.withLock { afterAt } }

    func send(_ s: String) { _ = s.withCString { write(master, $0, strlen($0)) } }

    /// Whether the output holds `needle` (a byte search: the output can be megabytes of images).
    func contains(_ needle: String) -> Bool {
        let d = Data(output)
        return d.range(of: Data(needle.utf8)) != nil
    }

    /// Waits until the output holds `needle`, at most `seconds`.
    @discardableResult
    func waitFor(_ seconds: Double = 10, _ needle: String) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if contains(needle) { return true }
            usleep(20_000)
        }
        return contains(needle)
    }

    /// Quits with q and waits for the exit (killed after 10 s); the exit status.
    @discardableResult
    func quit() -> Int32 {
        send("q")
        var status: Int32 = 0
        let end = Date().addingTimeInterval(10)
        while Date() < end {
            if waitpid(pid, &status, WNOHANG) == pid { break }
            usleep(20_000)
        }
        if Date() >= end {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
        usleep(100_000)
        lock.withLock { stopped = true }
        usleep(50_000)
        close(master)
        return status
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
                let r = Self.reply(profile)
                _ = r.withCString { write(master, $0, strlen($0)) }
            }
        }
    }
}
