import Foundation
import XCTest

/// A tmux server of the test's own (principle 4 of docs/architecture.md: the real binary in a real terminal, keys in
/// with `send-keys`, the screen out with `capture-pane -p`). Each instance has a socket no other
/// test, process or worktree uses (`-L`), and a working directory of its own; `kill()` (or deinit)
/// ends the server and removes both.
public final class Tmux {
    // nonisolated(unsafe): sessions start on the test's thread; the pid and a random part keep names apart anyway.
    nonisolated(unsafe) private static var count = 0

    public let path: String
    /// The `-L` socket name.
    public let socket: String
    /// A directory for the test's files, away from the repository.
    public let directory: String
    /// The session commands address (`-t`); nil: the server's only session.
    public var target: String?
    private var killed = false

    /// Where `launch` writes the command's exit status (`EXIT=<n>`).
    public var exitFile: String { directory + "/exit" }

    /// Skips (fails under CI) without tmux.
    public init(name: String = "lbtest") throws {
        path = try Requirement.tool("tmux", package: "tmux")
        Tmux.count += 1
        socket = "\(name)-\(getpid())-\(Tmux.count)-\(UInt32.random(in: 0...UInt32.max))"
        directory = NSTemporaryDirectory() + "/" + socket
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit { kill() }

    /// Runs `tmux -L socket -f /dev/null ARGS`: its exit code and output. The server, and so every
    /// program in its panes, has NO_COLOR=1: the tests read the panes' text (`capture-pane -p`)
    /// as written against liveblog without colours, the environment `swift test` gives its tests
    /// when its output is not a terminal; fixed here, so a run from a terminal (where `swift test`
    /// does not set it) reads the same screens.
    @discardableResult
    public func run(_ args: [String]) -> Subprocess.Result {
        Subprocess.output(path, ["-L", socket, "-f", "/dev/null"] + args, env: ["NO_COLOR": "1"], timeout: 20)
    }

    private func targeted(_ command: String, _ args: [String] = []) -> [String] {
        [command] + (target.map { ["-t", $0] } ?? []) + args
    }

    /// A detached session of `cols`×`rows` running the shell command `command` in `directory`.
    public func start(_ command: String, cols: Int = 100, rows: Int = 30, session: String? = nil) {
        let name = session.map { ["-s", $0] } ?? []
        let r = run(["new-session", "-d"] + name + ["-x", "\(cols)", "-y", "\(rows)", "-c", directory, "sh", "-c", command])
        XCTAssertEqual(r.code, 0, "tmux new-session: \(r.err)")
    }

    /// `start`, for a program whose exit status is read afterwards: `command` runs in `directory`,
    /// then its status goes to `exitFile` and the pane stays open (so the terminal's state can be
    /// read after it).
    public func launch(_ command: String, cols: Int = 100, rows: Int = 30) {
        start("cd '\(directory)' && \(command); echo EXIT=$? > '\(exitFile)'; sleep 30", cols: cols, rows: rows)
    }

    /// The exit status `launch` wrote (`EXIT=<n>`), once there, or nil after `timeout` seconds.
    public func exitStatus(timeout: Double = 20) -> String? {
        var status: String?
        Wait.until(timeout: timeout) {
            status = (try? String(contentsOfFile: exitFile, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
            return status?.hasPrefix("EXIT=") == true
        }
        return status?.hasPrefix("EXIT=") == true ? status : nil
    }

    /// Whether the launched command has ended (its status is written).
    public var hasExited: Bool { (try? String(contentsOfFile: exitFile, encoding: .utf8)) != nil }

    /// The pane's text (`capture-pane -p`).
    public func capture() -> String { run(targeted("capture-pane", ["-p"])).out }

    /// The pane's rows.
    public func lines() -> [String] { capture().components(separatedBy: "\n") }

    /// A tmux format of the pane (`#{alternate_on}`, `#{cursor_y}`, …), trimmed.
    public func format(_ f: String) -> String {
        run(targeted("display-message", ["-p", f])).out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Keys by tmux's names (`Enter`, `C-z`, `q`), or `-H` and hex bytes.
    public func keys(_ k: String...) { keys(k) }
    public func keys(_ k: [String]) { run(targeted("send-keys", k)) }

    /// Text typed as it is (`send-keys -l`).
    public func literal(_ s: String) { run(targeted("send-keys", ["-l", s])) }

    /// Bytes typed as they are (`send-keys -H`).
    public func bytes(_ b: [UInt8]) { keys(["-H"] + b.map { String(format: "%02x", $0) }) }

    public func resize(cols: Int, rows: Int) {
        run(targeted("resize-window", ["-x", "\(cols)", "-y", "\(rows)"]))
    }

    /// Polls the screen until `ok` holds; on timeout the test fails with the last screen. The
    /// last capture either way.
    @discardableResult
    public func waitFor(_ what: String, timeout: Double = 10, file: StaticString = #filePath, line: UInt = #line,
                        _ ok: (String) -> Bool) -> String {
        var last = ""
        if Wait.until(timeout: timeout, { last = capture(); return ok(last) }) { return last }
        XCTFail("timed out waiting for \(what); screen:\n\(last)", file: file, line: line)
        return last
    }

    /// The pid of the pane's first process (the shell `start` runs).
    public func panePid() -> Int32? { Int32(format("#{pane_pid}")) }

    /// The program the pane's shell runs: its first child.
    public func programPid() -> Int32? {
        guard let pane = panePid() else { return nil }
        let children = (try? String(contentsOfFile: "/proc/\(pane)/task/\(pane)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").compactMap { Int32($0) }.first
    }

    /// Ends the server, removes its socket file (kill-server leaves it) and the directory.
    public func kill() {
        guard !killed else { return }
        killed = true
        run(["kill-server"])
        let base = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        unlink("\(base)/tmux-\(getuid())/\(socket)")
        try? FileManager.default.removeItem(atPath: directory)
    }
}
