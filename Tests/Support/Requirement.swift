import Foundation
import XCTest

/// What a test needs from the machine beyond Swift: a program (tmux, Xvfb, python3, …), a device,
/// a file. This is the one place a test gives up for something missing: it is skipped for a person
/// running the suite without tmux or Xvfb, and it fails under CI (`CI=true`, as `.ci/run` sets it),
/// where a skip would hide a part that was never tested. RepositoryTests checks that no other test
/// code throws `XCTSkip` or looks for a program by its path.
public enum Requirement {
    /// Whether a missing requirement fails the test: `CI=true` (or `1`) in the environment.
    public static var failsWhenMissing: Bool { failsWhenMissing(ProcessInfo.processInfo.environment) }

    /// Whether `environment` says CI: `CI` is `true` or `1` (any case).
    public static func failsWhenMissing(_ environment: [String: String]) -> Bool {
        let value = environment["CI"]?.lowercased()
        return value == "true" || value == "1"
    }

    /// Thrown under CI for something missing: a test that throws it fails.
    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    /// The error a test throws when `what` is missing: an `XCTSkip`, or under CI (`ci`) a failure.
    /// `install` says how to get it (e.g. "apt-get install -y tmux").
    public static func missing(_ what: String, install: String? = nil, ci: Bool = failsWhenMissing) -> Error {
        let message = what + (install.map { " (\($0))" } ?? "")
        guard ci else { return XCTSkip(message) }
        return Missing(description: "CI=true, and the test needs what is missing: \(message)")
    }

    /// Throws `missing(what)` unless `available`.
    public static func check(_ available: Bool, _ what: @autoclosure () -> String, install: String? = nil) throws {
        if !available { throw missing(what(), install: install) }
    }

    /// The folders a program is looked for in: PATH's, then the usual ones.
    static var searchPath: [String] {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map(String.init) + ["/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin"]
    }

    /// Throws `missing(what)` when `probe` throws, its error in the message (a locator that says
    /// what it looked for).
    public static func check(_ what: String, install: String? = nil, _ probe: () throws -> Void) throws {
        do { try probe() } catch { throw missing("\(what): \(error)", install: install) }
    }

    /// The path of the program `name`, or nil: for a test that does more with it when it is there.
    public static func find(_ name: String) -> String? {
        searchPath.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The path of the program `name`, which the test needs; `package` is the Debian package that
    /// has it (scripts/packages lists each one the tests use).
    public static func tool(_ name: String, package: String) throws -> String {
        guard let path = find(name) else {
            throw missing("\(name) is not installed", install: "apt-get install -y \(package)")
        }
        return path
    }

    /// `tool`, for a program a test can do without on a person's machine (it checks less):
    /// nil when missing, but under CI missing is a failure as for any other tool.
    public static func optionalTool(_ name: String, package: String) throws -> String? {
        if let path = find(name) { return path }
        if failsWhenMissing { throw missing("\(name) is not installed", install: "apt-get install -y \(package)") }
        return nil
    }

    /// A browser engine for the real page (docs/engine.md), found as liveblog finds one: `LIVEBLOG_CHROMIUM`,
    /// or chromium-headless-shell or chromium on PATH (the set-up installs the first).
    public static func browserEngine() throws {
        let found = ProcessInfo.processInfo.environment["LIVEBLOG_CHROMIUM"] != nil
            || ["chromium-headless-shell", "chromium"].contains { find($0) != nil }
        try check(found, "no browser engine on PATH nor LIVEBLOG_CHROMIUM",
                  install: "apt-get install -y chromium-headless-shell")
    }

    /// The `liveblog` binary `swift test` builds beside the tests.
    public static func liveblogBinary() throws -> String {
        guard let path = TestPaths.liveblogBinary else {
            throw missing("the liveblog binary is not built", install: "run `swift build` first")
        }
        return path
    }
}
