import Foundation
import XCTest
import LiveblogModel
import Embed
import Host
import Simulation
import TerminalKit
@testable import TerminalUI

/// Paths and fixtures shared by the TerminalUI tests.
enum Fixture {
    /// The repository root, from this file (Tests/TerminalUITests/Helpers.swift).
    static let repoRoot: String = {
        var u = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { u.deleteLastPathComponent() }
        return u.path
    }()
    static let samplePath = repoRoot + "/Assets/liveblogs/sample.json"
    static let goldenDir = repoRoot + "/Tests/TerminalUITests/Golden"
    static let binary = repoRoot + "/.build/debug/liveblog"

    nonisolated(unsafe) static var cachedSample: Liveblog?
    static func sample() throws -> Liveblog {
        if let s = cachedSample { return s }
        let s = try LiveblogLoader.load(path: samplePath)
        cachedSample = s
        return s
    }

    static func config(cols: Int, rows: Int, mode: Mode = .content, platform: Platform = .ios,
                       network: NetworkProfile = .instant, seed: UInt64 = 7,
                       hook: String? = "function (top, info) {}") -> WorldConfig {
        var c = WorldConfig()
        c.cols = cols
        c.rows = rows
        c.mode = mode
        c.platform = platform
        c.page.networkProfile = network
        c.page.networkSeed = seed
        c.hook = hook.flatMap { try? HookSignature(parsing: $0) }
        return c
    }

    static func world(cols: Int, rows: Int, mode: Mode = .content, platform: Platform = .ios,
                      network: NetworkProfile = .instant, seed: UInt64 = 7) throws -> World {
        let w = World(liveblog: try sample(), config: config(cols: cols, rows: rows, mode: mode, platform: platform,
                                                             network: network, seed: seed))
        w.advance(to: 0)
        return w
    }

    /// Draws the world (and UI state) into a fresh grid of the world's size.
    static func draw(_ w: World, _ ui: UIState = UIState(), renderer: Renderer? = nil,
                     cols: Int? = nil, rows: Int? = nil,
                     capabilities: TerminalCapabilities = .testDefault) -> CellGrid {
        let r = renderer ?? {
            let r = Renderer()
            r.synchronousImages = true
            return r
        }()
        let g = CellGrid(cols: cols ?? w.config.cols, rows: rows ?? w.config.rows, capabilities: capabilities)
        r.draw(w, ui, on: g)
        return g
    }
}

/// Compares the grid with `Golden/<name>.txt`: its text, then a style layer (ratatui's
/// `assert_buffer` compares styles too). `LIVEBLOG_UPDATE_GOLDEN=1` (re)writes the file.
func assertGolden(_ name: String, _ grid: CellGrid, file: StaticString = #filePath, line: UInt = #line) {
    let path = Fixture.goldenDir + "/\(name).txt"
    let text = GoldenStyles.render(grid)
    let update = ProcessInfo.processInfo.environment["LIVEBLOG_UPDATE_GOLDEN"] == "1"
    if update || !FileManager.default.fileExists(atPath: path) {
        try? FileManager.default.createDirectory(atPath: Fixture.goldenDir, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: path, contents: text.data(using: .utf8))
        if !update { XCTFail("golden \(name).txt was missing and has been written; check it and run again", file: file, line: line) }
        return
    }
    let expected = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    guard expected != text else { return }
    // Name the first differing row to make the failure readable.
    let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let b = text.split(separator: "\n", omittingEmptySubsequences: false)
    var detail = "rows differ in count (\(a.count) vs \(b.count))"
    for i in 0..<max(a.count, b.count) {
        let x = i < a.count ? String(a[i]) : "<none>", y = i < b.count ? String(b[i]) : "<none>"
        if x != y { detail = "line \(i + 1):\n  golden: \(x)\n  actual: \(y)"; break }
    }
    XCTFail("screen differs from golden \(name).txt (LIVEBLOG_UPDATE_GOLDEN=1 rewrites it)\n\(detail)\n--- actual ---\n\(text)", file: file, line: line)
}

/// A golden file: the screen's text (rows, trailing spaces trimmed), then `-- styles --` and one
/// letter a cell ("." the plain style; the right half of a wide character repeats its letter;
/// trailing "." trimmed), then `-- legend --` naming each letter's style, in order of first use.
enum GoldenStyles {
    static let alphabet: [Character] = {
        var a: [Character] = []
        for r in [0x61...0x7A, 0x41...0x5A, 0x30...0x39, 0x100...0x17F, 0x400...0x4FF] as [ClosedRange<UInt32>] {
            for v in r { a.append(Character(UnicodeScalar(v)!)) }
        }
        return a
    }()

    static func render(_ grid: CellGrid) -> String {
        var letters: [Style: Character] = [.plain: "."]
        var legend: [String] = []
        var rows: [String] = []
        for r in 0..<grid.rows {
            var row = ""
            for cell in grid.row(r) {
                if letters[cell.style] == nil {
                    let ch = legend.count < alphabet.count ? alphabet[legend.count] : "?"
                    letters[cell.style] = ch
                    legend.append("\(ch) \(describe(cell.style))")
                }
                row.append(letters[cell.style]!)
            }
            while row.last == "." { row.removeLast() }
            rows.append(row)
        }
        return grid.text() + "\n-- styles --\n" + rows.joined(separator: "\n") + "\n-- legend --\n"
            + (legend.isEmpty ? "" : legend.joined(separator: "\n") + "\n")
    }

    static func describe(_ s: Style) -> String {
        func color(_ c: Color) -> String {
            switch c {
            case .default: return "default"
            case .indexed(let i): return "\(i)"
            case let .rgb(r, g, b): return String(format: "#%02x%02x%02x", r, g, b)
            }
        }
        var parts = ["fg=\(color(s.fg))", "bg=\(color(s.bg))"]
        for (on, name) in [(s.bold, "bold"), (s.dim, "dim"), (s.italic, "italic"), (s.underline, "underline"),
                           (s.reverse, "reverse")] where on { parts.append(name) }
        return parts.joined(separator: " ")
    }
}

extension Fixture {
    /// Runs `path` with `args` through posix_spawn and waitpid (Foundation's Process can lose a
    /// child's exit under load), its standard streams from and to these files, `env` added to
    /// this process's environment. The exit code (128 + the signal when killed), or nil when it
    /// could not start.
    @discardableResult
    static func run(_ path: String, _ args: [String], stdin: String = "/dev/null", stdout: String,
                    stderr: String = "/dev/null", env: [String: String] = [:]) -> Int32? {
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
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// `run`, with what the child wrote to stdout (through a file in `dir`).
    static func output(_ path: String, _ args: [String], in dir: String) -> (status: Int32, out: String) {
        let outPath = dir + "/out-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: outPath) }
        guard let code = run(path, args, stdout: outPath) else { return (-1, "") }
        return (code, (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "")
    }
}
