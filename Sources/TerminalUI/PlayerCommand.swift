import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What opens a video or audio URL the page handed over (W3): `$LIVEBLOG_PLAYER URL` (the
/// variable split at spaces, no shell: the URL is one argument whatever it holds), else
/// `xdg-open URL`. The App shows it and runs it only after the reader says yes; it runs
/// detached, its standard streams on /dev/null, and the App never waits for it.
/// Issue 31: the URL stays an argument: one without a scheme (`--o=FILE`, `-x`) would be read
/// by the player as an option, so it is refused (`refusal`) and nothing is offered to run.
public struct PlayerCommand: Equatable, Sendable {
    public var argv: [String]
    /// Why the URL is not handed to a player, or nil.
    public var refusal: String?

    public init(url: String, environment: [String: String]) {
        let variable = environment["LIVEBLOG_PLAYER"] ?? ""
        let player = variable.split(whereSeparator: \.isWhitespace).map(String.init)
        argv = (player.isEmpty ? ["xdg-open"] : player) + [url]
        if !Self.hasScheme(url) { refusal = "not opened: \(url) is not an absolute URL (it has no scheme)" }
    }

    /// RFC 3986 §3.1: `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` then ":". A URL
    /// that has one starts with a letter, so it can never be read as an option.
    static func hasScheme(_ url: String) -> Bool {
        let scalars = Array(url.unicodeScalars)
        guard let first = scalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        for u in scalars.dropFirst() {
            if u == ":" { return true }
            let allowed = u.properties.isAlphabetic || ("0"..."9").contains(u) || "+-.".unicodeScalars.contains(u)
            guard u.isASCII, allowed else { return false }
        }
        return false
    }

    /// The command as the confirmation shows it, whole: each argument that a shell would split
    /// or read (spaces, quotes, `;`, `$` …) in single quotes, so what is shown is what runs.
    public var display: String { argv.map(Self.quoted).joined(separator: " ") }

    static func quoted(_ arg: String) -> String {
        let plain = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                 + "-_./:=@%+,?&#~")
        guard arg.isEmpty || !arg.unicodeScalars.allSatisfy({ plain.contains($0) }) else { return arg }
        return "'" + arg.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Starts the command in a session of its own (so the terminal's signals do not reach it),
    /// stdio on /dev/null; a background thread reaps it. The process id, or why it did not start.
    public func spawnDetached() -> Result<pid_t, PlayerError> {
        var actions = posix_spawn_file_actions_t()
        var attr = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attr)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attr)
        }
        for fd: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        // glibc's POSIX_SPAWN_SETSID (0x80, glibc 2.26): setsid() in the child.
        posix_spawnattr_setflags(&attr, Int16(PlayerCommand.spawnSetsid))
        let cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for p in cArgs { free(p) } }
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, argv[0], &actions, &attr, cArgs, environ)
        guard rc == 0 else { return .failure(PlayerError(command: display, errno: rc)) }
        let child = pid
        Thread.detachNewThread {
            var status: Int32 = 0
            _ = waitpid(child, &status, 0)
        }
        return .success(pid)
    }

    static let spawnSetsid: Int32 = 0x80
}

/// A player that could not start (W3): the command and the system's reason.
public struct PlayerError: Error, Equatable, CustomStringConvertible {
    public var command: String
    public var errno: Int32
    public var description: String { "could not run \(command): \(String(cString: strerror(errno)))" }
}

extension App {
    /// The reader's answer to "run this?" (W3): only a yes runs anything.
    func confirmPlayer(_ command: PlayerCommand, yes: Bool) {
        if let refusal = command.refusal { return flash(refusal, seconds: 5) }
        guard yes else { return flash("not opened: \(command.display)") }
        switch command.spawnDetached() {
        case .success: flash("opened: \(command.display)", seconds: 5)
        case .failure(let e): flash(e.description, seconds: 5)
        }
    }
}
