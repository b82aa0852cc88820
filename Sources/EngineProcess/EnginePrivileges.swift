import CEngineGuard
import Foundation

/// Who the engine runs as (S3). The page under test is hostile: as root, the engine drops to an
/// unprivileged user (`LIVEBLOG_ENGINE_USER`, else `nobody`) so that Chromium's own sandbox
/// (namespaces and seccomp) can stay on; it needs unprivileged user namespaces, probed once.
/// Where the drop or the sandbox is impossible, `note` says so (once on stderr, and in the
/// trace's `engine` note) and the switch `--no-sandbox` is passed.
public struct EnginePrivileges: Sendable, Equatable {
    /// The user the engine runs as; nil: ours (we are not root, or no unprivileged user exists).
    public var user: (name: String, uid: uid_t, gid: gid_t)? {
        guard let name = userName, let uid, let gid else { return nil }
        return (name, uid, gid)
    }
    public let userName: String?
    let uid: uid_t?
    let gid: gid_t?
    /// Chromium's sandbox stays on.
    public let sandbox: Bool
    /// What is weaker than it should be, for stderr and the trace; nil when all is as it should.
    public let note: String?

    public static let environmentKey = "LIVEBLOG_ENGINE_USER"

    /// True when the page would run as root with no sandbox: `--page-url` then needs an explicit
    /// `--no-sandbox` (S3).
    public var pageRunsAsRootUnsandboxed: Bool { !sandbox && user == nil && geteuid() == 0 }

    init(userName: String?, uid: uid_t?, gid: gid_t?, sandbox: Bool, note: String?) {
        self.userName = userName
        self.uid = uid
        self.gid = gid
        self.sandbox = sandbox
        self.note = note
    }

    /// The plan for this process: as we are when not root; else the unprivileged user, with the
    /// sandbox when its namespaces can be made.
    public static func plan(environment: [String: String] = ProcessInfo.processInfo.environment,
                            euid: uid_t = geteuid()) -> EnginePrivileges {
        guard euid == 0 else { return EnginePrivileges(userName: nil, uid: nil, gid: nil, sandbox: true, note: nil) }
        let wanted = environment[environmentKey].flatMap { $0.isEmpty ? nil : $0 } ?? "nobody"
        guard let pw = getpwnam(wanted), pw.pointee.pw_uid != 0 else {
            return EnginePrivileges(userName: nil, uid: nil, gid: nil, sandbox: false, note:
                "running as root and there is no unprivileged user '\(wanted)' to run the engine as "
                + "(set \(environmentKey)): the page runs as root without the engine's sandbox")
        }
        let uid = pw.pointee.pw_uid, gid = pw.pointee.pw_gid
        if lb_probe_userns(uid, gid) == 1 {
            return EnginePrivileges(userName: wanted, uid: uid, gid: gid, sandbox: true, note: nil)
        }
        return EnginePrivileges(userName: wanted, uid: uid, gid: gid, sandbox: false, note:
            "the engine runs as '\(wanted)', without its sandbox: this system allows no unprivileged user "
            + "namespaces (kernel.unprivileged_userns_clone or a container's seccomp)")
    }

    public static func == (a: EnginePrivileges, b: EnginePrivileges) -> Bool {
        a.userName == b.userName && a.uid == b.uid && a.sandbox == b.sandbox && a.note == b.note
    }

    /// Said once per process on stderr (S3).
    // nonisolated(unsafe): set on the thread that starts engines; a race only repeats one line.
    nonisolated(unsafe) private static var told = false
    private static let tellLock = NSLock()
    func tellOnce() {
        guard let note else { return }
        Self.tellLock.lock()
        defer { Self.tellLock.unlock() }
        guard !Self.told else { return }
        Self.told = true
        FileHandle.standardError.write(Data("liveblog: \(note)\n".utf8))
    }
}
