import CEngineGuard
import Foundation

/// The browser's process (X2): spawned in a process group of its own with the DevTools pipe on
/// its fds 3 and 4, a fresh profile directory, its output in a log file there. The group is
/// remembered by the signal guard (killed if we end on a signal or exit(3)); and the engine
/// ends by itself when its pipe closes, which is what happens when we are killed with SIGKILL
/// (verified: docs/engine.md). `terminate()` kills the group, reaps the child and removes the
/// directory.
final class BrowserProcess {
    let pid: pid_t
    let profileDirectory: String
    /// Our end of the pipes: commands to the engine, replies and events from it.
    let commandFD: Int32
    let eventFD: Int32
    private(set) var exitStatus: String?

    static let directoryPrefix = "liveblog-chromium-"

    init(executable: String, arguments: (_ profileDirectory: String) -> [String]) throws {
        Self.removeStaleProfiles()
        profileDirectory = try Self.makeProfileDirectory()
        let toChild = try Self.pipePair(), fromChild = try Self.pipePair()
        let argv = [executable] + arguments(profileDirectory)
        let logPath = profileDirectory + "/engine.log"
        var spawned: pid_t = 0
        let rc = Self.withCStrings(argv) { cargv in
            Self.withCStrings(ProcessInfo.processInfo.environment.map { "\($0)=\($1)" }) { cenv in
                lb_engine_spawn(executable, cargv, cenv, toChild.read, fromChild.write, logPath, &spawned)
            }
        }
        close(toChild.read)
        close(fromChild.write)
        guard rc == 0 else {
            close(toChild.write)
            close(fromChild.read)
            Self.removeProfile(profileDirectory)
            throw DevToolsError.launchFailed("\(executable): \(String(cString: strerror(rc)))")
        }
        pid = spawned
        lb_engine_guard_install()
        _ = lb_engine_guard_add(spawned)
        commandFD = toChild.write
        eventFD = fromChild.read
        try? "\(getpid())\n".write(toFile: profileDirectory + "/owner.pid", atomically: true, encoding: .utf8)
    }

    /// Is the engine's first process still running (not reaped)?
    var isRunning: Bool { reap(wait: false) == nil }

    /// Kills the whole group, reaps the child (bounded), closes our ends, removes the profile.
    func terminate() {
        lb_engine_guard_remove(pid)
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        _ = reap(wait: true)
        close(commandFD)
        close(eventFD)
        Self.removeProfile(profileDirectory)
    }

    /// How the child ended ("exit status 1", "killed by signal 9"), or nil while it runs.
    /// `wait`: up to 2 s for it.
    @discardableResult
    func reap(wait: Bool) -> String? {
        if let s = exitStatus { return s }
        let deadline = Date().addingTimeInterval(wait ? 2 : 0)
        repeat {
            var status: Int32 = 0
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid {
                let signal = status & 0x7F
                exitStatus = signal == 0 ? "exit status \((status >> 8) & 0xFF)" : "killed by signal \(signal)"
                return exitStatus
            }
            if r < 0 {
                exitStatus = "ended"
                return exitStatus
            }
            if wait { usleep(5_000) }
        } while wait && Date() < deadline
        return nil
    }

    /// The last lines the engine wrote to its log (for a crash message), cleaned and short.
    func logTail(lines: Int = 3) -> String {
        guard let text = try? String(contentsOfFile: profileDirectory + "/engine.log", encoding: .utf8)
        else { return "" }
        let kept = text.split(separator: "\n").suffix(lines).joined(separator: " | ")
        return String(kept.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(400))
    }

    // MARK: - Pipes and directories

    private static func pipePair() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        let rc = lb_engine_pipe(&fds)
        guard rc == 0 else { throw DevToolsError.launchFailed("pipe: \(String(cString: strerror(rc)))") }
        return (fds[0], fds[1])
    }

    private static var temporaryRoot: String {
        let t = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        return t.hasSuffix("/") ? String(t.dropLast()) : t
    }

    private static func makeProfileDirectory() throws -> String {
        var template = Array("\(temporaryRoot)/\(directoryPrefix)XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw DevToolsError.launchFailed("cannot make a profile directory in \(temporaryRoot): "
                                             + String(cString: strerror(errno)))
        }
        return String(cString: made)
    }

    /// Profiles left by a run that was killed (SIGKILL leaves no chance to clean up): removed when
    /// the process that made them is gone.
    static func removeStaleProfiles() {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: temporaryRoot) else { return }
        for name in names where name.hasPrefix(directoryPrefix) {
            let dir = "\(temporaryRoot)/\(name)"
            guard let text = try? String(contentsOfFile: dir + "/owner.pid", encoding: .utf8),
                  let owner = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { continue }
            if kill(owner, 0) != 0 && errno == ESRCH { removeProfile(dir) }
        }
    }

    /// Removes a profile, its owner's pid last: a removal cut short (an engine process of the group
    /// still flushing its databases as it exits, seen once under load) leaves a profile the next
    /// launch recognises as stale and removes, not a folder without an owner that stays for good.
    static func removeProfile(_ dir: String) {
        let fm = FileManager.default
        for attempt in 0..<5 {
            let left = ((try? fm.contentsOfDirectory(atPath: dir)) ?? []).filter { $0 != "owner.pid" }
            if left.isEmpty { break }
            if attempt > 0 { usleep(20_000) }
            for name in left { try? fm.removeItem(atPath: dir + "/" + name) }
        }
        let rest = (try? fm.contentsOfDirectory(atPath: dir)) ?? []
        guard rest.allSatisfy({ $0 == "owner.pid" }) else { return }
        try? fm.removeItem(atPath: dir + "/owner.pid")
        rmdir(dir)
    }

    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for p in pointers { free(p) } }
        return body(pointers)
    }
}
