import Foundation
import TestSupport
import XCTest

/// Issue 39, one `view` pipeline, through the binary against the loopback server of
/// RealSourceEndToEndTests: what the URL path dropped (TERM=dumb and `--linear` opened the full
/// screen, `--engine chromium` started no browser) now works on a URL and on `--network real`,
/// and what cannot work is refused with the reason and exit 64. ViewPlanTests (ArgumentsTests)
/// checks every option × source in process.
extension RealSourceEndToEndTests {
    private var tickarooURL: String { "\(server.origin)/files/tickaroo.json?type=application/json" }
    private var tickarooFile: String { TestPaths.root + "/Tests/RealSourcesTests/Fixtures/tickaroo.json" }

    /// `command` reads linearly: the posts as lines, no alternate screen, q ends it with 0.
    private func assertReadsLinearly(_ args: String, env: String = "", file: StaticString = #filePath,
                                     line: UInt = #line) {
        tmux.launch("env \(env) TZ=UTC XDG_STATE_HOME='\(workDir)/state' '\(Fixture.binary)' \(args)", cols: 90, rows: 30)
        let screen = waitFor("the posts as lines") { $0.joined().contains("Keys:") && $0.joined().contains("Second post") }
        XCTAssertTrue(screen.joined(separator: "\n").contains("Cup final"), file: file, line: line)
        XCTAssertEqual(tmux.format("#{alternate_on}"), "0", "no alternate screen", file: file, line: line)
        tmux.keys("q")
        XCTAssertEqual(tmux.exitStatus(), "EXIT=0", file: file, line: line)
    }

    func testIssue39_dumbTermReadsAURLLinearly() {
        assertReadsLinearly("view '\(tickarooURL)'", env: "TERM=dumb")
    }

    func testIssue39_linearWithNetworkRealReadsLinearly() throws {
        assertReadsLinearly("view '\(tickarooFile)' --network real --linear")
        tmux.kill()
        tmux = try Tmux(name: "lbreal")
        assertReadsLinearly("view '\(tickarooURL)' --linear")
    }

    func testIssue39_whatCannotWorkIsRefusedWithTheReason() {
        let cases: [([String], String)] = [
            (["view", tickarooURL, "--engine", "chromium"],
             "--engine chromium runs the web row's page on the screen; standard output is not a terminal"),
            (["view", tickarooURL, "--graphics", "kitty"], "--graphics kitty draws images on the screen"),
            (["view", tickarooFile, "--poll", "5"], "--poll polls a URL source for changes (R3); a file is read once"),
            (["view", tickarooFile, "--fetch-deadline", "5"], "--fetch-deadline bounds what is fetched"),
        ]
        for (args, message) in cases {
            let r = Subprocess.output(Fixture.binary, args)
            XCTAssertEqual(r.code, 64, "\(args): \(r.err)")
            XCTAssertTrue(r.err.hasPrefix("liveblog: error: \(message)"), r.err)
            XCTAssertEqual(r.out, "", "nothing on stdout")
        }
    }

    /// `view URL --engine chromium`: the URL's liveblog in Chromium, its browser a child of liveblog.
    func testIssue39_engineOnAURLStartsTheBrowser() throws {
        try Requirement.browserEngine()
        start("view '\(tickarooURL)' --engine chromium")
        waitFor("the URL's posts in the engine's page", timeout: 30) { $0.joined().contains("Second post") }
        let pid = try XCTUnwrap(tmux.programPid())
        XCTAssertTrue(Self.descendants(of: pid).contains { $0.contains("chrom") }, "a browser under liveblog")
        tmux.keys("q")
        XCTAssertEqual(tmux.exitStatus(timeout: 20), "EXIT=0")
    }

    /// The names of the processes under `pid` (from /proc).
    static func descendants(of pid: Int32) -> [String] {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        let procs = all.compactMap { entry -> (pid: Int32, parent: Int32, name: String)? in
            guard let p = Int32(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")"), let open = stat.firstIndex(of: "(") else { return nil }
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            guard fields.count > 1, let parent = Int32(fields[1]) else { return nil }
            return (p, parent, String(stat[stat.index(after: open)..<close]))
        }
        var under: Set<Int32> = [pid], names: [String] = [], grew = true
        while grew {
            grew = false
            for p in procs where under.contains(p.parent) && !under.contains(p.pid) {
                under.insert(p.pid)
                names.append(p.name)
                grew = true
            }
        }
        return names
    }
}
