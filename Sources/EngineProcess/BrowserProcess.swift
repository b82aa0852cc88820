import CEngineGuard
import Foundation

/// The browser's process (X2): spawned in a process group of its own with the DevTools pipe on
/// its fds 3 and 4, a fresh run directory (its profile, its log; S1), as an unprivileged user when we
/// are root (S3). The group is
/// remembered by the signal guard (killed if we end on a signal or exit(3)); and the engine
/// ends by itself when its pipe closes, which is what happens when we are killed with SIGKILL
/// (verified: docs/engine.md). `terminate()` kills the group, reaps the child and removes the
/// directory.
package final class BrowserProcess {
    package let pid: pid_t
    /// The run's own directory (0700, or 0711 when the engine runs as another user; an
    /// unpredictable name): the engine's log, `owner.pid`, and the engine's profile.
    package let runDirectory: String
    /// The engine's `--user-data-dir`: `runDirectory/profile`, owned by the engine's user.
    package let profileDirectory: String
    /// The run directory held open: it is emptied through this descriptor, never through a path
    /// rebuilt later (S1).
    private let runDirectoryFD: Int32
    /// Our end of the pipes: commands to the engine, replies and events from it.
    package let commandFD: Int32
    package let eventFD: Int32
    package let privileges: EnginePrivileges
    private(set) var exitStatus: String?

    static let directoryPrefix = "liveblog-chromium-"

    package init(executable: String, privileges: EnginePrivileges,
         arguments: (_ profileDirectory: String) -> [String]) throws {
        self.privileges = privileges
        Self.removeStaleProfiles()
        let (run, fd) = try Self.makeRunDirectory(for: privileges)
        runDirectory = run
        runDirectoryFD = fd
        profileDirectory = run + "/profile"
        _ = lb_engine_guard_add_dir(fd, run)
        do {
            try Self.makeProfile(profileDirectory, in: fd, for: privileges)
            try "\(getpid())\n".write(toFile: run + "/owner.pid", atomically: false, encoding: .utf8)
        } catch {
            Self.remove(fd: fd, path: run)
            throw error
        }
        let toChild = try Self.pipePair(), fromChild = try Self.pipePair()
        let argv = [executable] + arguments(profileDirectory)
        var environment = ProcessInfo.processInfo.environment
        if privileges.user != nil {
            // The engine's user has no home of ours: everything it writes stays in its profile.
            for key in ["HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "TMPDIR"] {
                environment[key] = profileDirectory
            }
            environment["XDG_RUNTIME_DIR"] = nil
        }
        var spawned: pid_t = 0
        let uid = privileges.user?.uid ?? uid_t.max, gid = privileges.user?.gid ?? gid_t.max
        let rc = Self.withCStrings(argv) { cargv in
            Self.withCStrings(environment.map { "\($0)=\($1)" }) { cenv in
                lb_engine_spawn(executable, cargv, cenv, toChild.read, fromChild.write, run + "/engine.log",
                                uid, gid, &spawned)
            }
        }
        close(toChild.read)
        close(fromChild.write)
        guard rc == 0 else {
            close(toChild.write)
            close(fromChild.read)
            Self.remove(fd: fd, path: run)
            throw EngineError.launchFailed("\(executable): \(String(cString: strerror(rc)))")
        }
        pid = spawned
        lb_engine_guard_install()
        _ = lb_engine_guard_add(spawned)
        commandFD = toChild.write
        eventFD = fromChild.read
        privileges.tellOnce()
    }

    /// Is the engine's first process still running (not reaped)?
    package var isRunning: Bool { reap(wait: false) == nil }

    /// Kills the whole group, reaps the child (bounded), closes our ends, removes the profile.
    package func terminate() {
        lb_engine_guard_remove(pid)
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        _ = reap(wait: true)
        close(commandFD)
        close(eventFD)
        Self.remove(fd: runDirectoryFD, path: runDirectory)
    }

    /// How the child ended ("exit status 1", "killed by signal 9"), or nil while it runs.
    /// `wait`: up to 2 s for it.
    @discardableResult
    package func reap(wait: Bool) -> String? {
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
    package func logTail(lines: Int = 3) -> String {
        guard let text = try? String(contentsOfFile: runDirectory + "/engine.log", encoding: .utf8)
        else { return "" }
        let kept = text.split(separator: "\n").suffix(lines).joined(separator: " | ")
        return String(kept.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(400))
    }

    // MARK: - Pipes and directories

    private static func pipePair() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        let rc = lb_engine_pipe(&fds)
        guard rc == 0 else { throw EngineError.launchFailed("pipe: \(String(cString: strerror(rc)))") }
        return (fds[0], fds[1])
    }

    private static var temporaryRoot: String {
        let t = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        return t.hasSuffix("/") ? String(t.dropLast()) : t
    }

    /// `$TMPDIR/liveblog-chromium-<16 random hex>XXXXXX`, made 0700 by mkdtemp and held open
    /// (O_NOFOLLOW); 0711 when the engine runs as another user, so it can reach its profile.
    private static func makeRunDirectory(for privileges: EnginePrivileges) throws -> (String, Int32) {
        let random = (0..<8).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
        // The engine's user must reach its profile: a $TMPDIR that only we can enter is not used.
        let root = privileges.user == nil || reachableByOthers(temporaryRoot) ? temporaryRoot : "/tmp"
        var template = Array("\(root)/\(directoryPrefix)\(random)XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw EngineError.launchFailed("cannot make a profile directory in \(temporaryRoot): "
                                             + String(cString: strerror(errno)))
        }
        let path = String(cString: made)
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            rmdir(path)
            throw EngineError.launchFailed("cannot open the profile directory \(path): " + String(cString: strerror(errno)))
        }
        if privileges.user != nil { fchmod(fd, 0o711) }
        return (path, fd)
    }

    /// Can any user pass through every folder of `path` (o+x all the way down)?
    static func reachableByOthers(_ path: String) -> Bool {
        var p = path
        while !p.isEmpty && p != "/" {
            var st = stat()
            guard stat(p, &st) == 0, st.st_mode & 0o001 != 0 else { return false }
            p = (p as NSString).deletingLastPathComponent
        }
        return true
    }

    /// The engine's profile inside the run directory, owned by the engine's user (0700).
    private static func makeProfile(_ path: String, in runFD: Int32, for privileges: EnginePrivileges) throws {
        guard mkdirat(runFD, "profile", 0o700) == 0 else {
            throw EngineError.launchFailed("cannot make the engine's profile \(path): " + String(cString: strerror(errno)))
        }
        if let user = privileges.user, fchownat(runFD, "profile", user.uid, user.gid, AT_SYMLINK_NOFOLLOW) != 0 {
            throw EngineError.launchFailed("cannot give the engine's profile to \(user.name): "
                                             + String(cString: strerror(errno)))
        }
    }

    /// Profiles left by a run that was killed (SIGKILL leaves no chance to clean up): removed when
    /// they are real directories of ours whose owner is gone (S1: `lb_remove_stale_profile`
    /// checks and removes through descriptors and follows no link).
    static func removeStaleProfiles() {
        // /tmp too: where the run directory goes when $TMPDIR is closed to the engine's user.
        for root in Set([temporaryRoot, "/tmp"]) { removeStaleProfiles(in: root) }
    }

    static func removeStaleProfiles(in root: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root) else { return }
        for name in names where name.hasPrefix(directoryPrefix) {
            _ = lb_remove_stale_profile(root, name)
        }
    }

    /// Removes a run directory through its descriptor, a few tries while the engine's last
    /// processes exit (an engine process still flushing its databases, seen once under load),
    /// `owner.pid` last so that a removal cut short leaves a profile the next launch knows as
    /// stale; then forgets and closes it.
    static func remove(fd: Int32, path: String) {
        lb_engine_guard_remove_dir(fd)
        for attempt in 0..<5 {
            if attempt > 0 { usleep(20_000) }
            if lb_remove_dir(fd, path) == 0 { break }
        }
        close(fd)
    }

    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for p in pointers { free(p) } }
        return body(pointers)
    }
}
