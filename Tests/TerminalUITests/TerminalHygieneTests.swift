import Foundation
import TestSupport
import XCTest

/// Exit codes and messages through the real binary (C2, C6, L4).
final class CommandLineExitTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus").path

    func testC6_checkBadFileExits65WithFilePlaceMessage() throws {
        let bin = try Requirement.liveblogBinary()
        let f = CommandLineExitTests.corpus + "/duplicate-id.json"
        let r = Subprocess.output(bin, ["check", f])
        XCTAssertEqual(r.code, 65, r.err)
        XCTAssertEqual(r.err, "liveblog: error: \(f): events[2].local_id: duplicate post id \"a\" (first at events[0])\n")
        XCTAssertEqual(r.out, "")
        for name in ["truncated.json", "wrong-type-events.json", "missing-id.json", "empty.json", "number-overflow.json", "invalid-utf8.json",
                     "jsonld-none.html"] {
            let p = CommandLineExitTests.corpus + "/" + name
            let r = Subprocess.output(bin, ["check", p])
            if name == "invalid-utf8.json" { XCTAssertEqual(r.code, 0, r.err); continue }
            XCTAssertEqual(r.code, 65, "\(name): \(r.err)")
            XCTAssertTrue(r.err.hasPrefix("liveblog: error: \(p): "), r.err)
        }
    }

    func testC6_checkZeroPostsAndControlCharactersWork() throws {
        let bin = try Requirement.liveblogBinary()
        let r = Subprocess.output(bin, ["check", CommandLineExitTests.corpus + "/zero-posts.json"])
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.out.contains("posts: 0"), r.out)
        let c = Subprocess.output(bin, ["check", CommandLineExitTests.corpus + "/raw-control-bytes.json"])
        XCTAssertEqual(c.code, 0, c.err)
        XCTAssertFalse(c.out.contains("\u{1B}"), "no escape reaches stdout (T8)")
    }

    func testC6_missingFileExits66() throws {
        let bin = try Requirement.liveblogBinary()
        let r = Subprocess.output(bin, ["check", "/nonexistent/liveblog.json"])
        XCTAssertEqual(r.code, 66, r.err)
        XCTAssertTrue(r.err.contains("/nonexistent/liveblog.json"), r.err)
    }

    func testC2_simulateBadScenarioExits65() throws {
        let bin = try Requirement.liveblogBinary()
        for (name, place) in [("scenario-unknown-event.json", "events[0].explode"), ("scenario-wrong-types.json", "duration"),
                              ("scenario-truncated.json", "line 1, column 56"), ("scenario-bad-liveblog.json", "liveblog")] {
            let p = CommandLineExitTests.corpus + "/" + name
            let r = Subprocess.output(bin, ["simulate", p])
            XCTAssertEqual(r.code, 65, "\(name): \(r.err)")
            XCTAssertTrue(r.err.hasPrefix("liveblog: error: \(p): \(place): "), r.err)
        }
    }

    func testC6_unknownOptionExits64() throws {
        let bin = try Requirement.liveblogBinary()
        let r = Subprocess.output(bin, ["check", "--no-such-option", CommandLineExitTests.corpus + "/zero-posts.json"])
        XCTAssertEqual(r.code, 64, r.err)
        XCTAssertTrue(r.err.contains("--no-such-option"), r.err)
        let v = Subprocess.output(bin, ["--frobnicate"])
        XCTAssertEqual(v.code, 64, v.err)
        let s = Subprocess.output(bin, ["simulate"])
        XCTAssertEqual(s.code, 64, "a missing SCENARIO.json: \(s.err)")
    }
}

/// End-to-end in a real terminal (tmux): terminal injection (T8) and the terminal always coming
/// back (T6) after q, SIGINT, SIGTERM, SIGHUP and a crash signal; sizes from 1×1; a storm of
/// resizes during a held jump (T5). Each test has its own tmux server (`-L`), killed in tearDown.
final class TerminalHygieneTests: XCTestCase {
    var term: Tmux!
    var dir: String { term.directory }
    let session = "lb"

    override func setUpWithError() throws {
        term = try Tmux(name: "liveblog-test")
        term.target = session
    }

    override func tearDown() {
        term?.kill()
        term = nil
    }

    @discardableResult
    func tmux(_ args: String...) -> String { term.run(args).out }

    func capture() -> String { term.capture() }
    func format(_ f: String) -> String { term.format(f) }

    /// Polls `cond` until it holds or the deadline passes.
    func waitFor(_ what: String, timeout: Double = 15, _ cond: () -> Bool) -> Bool {
        Wait.until(timeout: timeout, cond)
    }

    /// A liveblog carrying an OSC title sequence, an OSC 52 clipboard write, a clear-screen, a
    /// DCS string and C1 controls in its title, posts, alt text, URLs and ids (JSON escapes).
    func writeFixture() -> String {
        let osc = "\\u001b]2;PWNED\\u0007", clip = "\\u001b]52;c;SGVsbG8=\\u0007", cls = "\\u001b[2J\\u001b[H", dcs = "\\u001bPq#0\\u001b\\\\"
        func ev(_ id: String, _ t: Int, _ text: String) -> String {
            "{\"local_id\": \"\(id)\", \"created_at\": \(t), \"highlight\": \"sticky\", \"contents\": [{\"_type\": \"Tik::ApiModel::Text::RichTextContentBlock\", \"text\": \"\(text)\"}]}"
        }
        var events: [String] = []
        events.append(ev("p0", 1_700_009_000, "ALPHA-MARK \(osc) title \(clip) clip OMEGA-MARK"))
        events.append(ev("p1", 1_700_008_000, "CLEAR-MARK \(cls) after clear \(dcs) dcs \\u009b31m c1 <a href=\\\"https://evil.example.org/\(osc)\\\">link\(osc)</a>"))
        for i in 2..<60 { events.append(ev("p\(i)", 1_700_008_000 - i * 60, "Post number \(i) with some words to wrap across the line, filler filler filler.")) }
        let json = "{\"game\": {\"local_id\": \"G\(osc)\", \"meta_info\": {\"title\": \"HYGIENE \(osc)\(cls) TITLE\"}}, \"events\": [\(events.joined(separator: ","))]}"
        let path = dir + "/hygiene.json"
        _ = FileManager.default.createFile(atPath: path, contents: json.data(using: .utf8))
        return path
    }

    /// Starts `liveblog view FILE args` in a detached session under sh, which afterwards writes
    /// the exit code and `stty -a` (echo on?) to files, then waits.
    /// `prefix` goes before the binary (e.g. `prlimit --fsize=…`). The shell traps QUIT with a
    /// handler (children get the default), so Ctrl-\\ ends only the viewer, not the shell that
    /// reports on it.
    func start(_ extra: [String] = [], cols: Int = 100, rows: Int = 30,
               prefix: String = "") throws -> (rc: String, stty: String) {
        let bin = try Requirement.liveblogBinary()
        let file = writeFixture()
        let rc = dir + "/rc", stty = dir + "/stty"
        let cmd = "trap : QUIT; \(prefix) '\(bin)' view '\(file)' \(extra.joined(separator: " ")); echo $? > '\(rc)'; "
            + "stty -a > '\(stty)'; sleep 60"
        tmux("new-session", "-d", "-s", session, "-x", String(cols), "-y", String(rows), "sh", "-c", cmd)
        tmux("set-option", "-t", session, "-g", "window-size", "manual")
        XCTAssertTrue(waitFor("the first frame") { capture().contains("HYGIENE") }, "the viewer did not draw:\n\(capture())")
        return (rc, stty)
    }

    /// The pid of the liveblog process: the child of the pane's shell.
    func viewerPid() -> Int32? {
        guard let shell = Int32(format("#{pane_pid}")) else { return nil }
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
        for e in entries {
            guard let pid = Int32(e), let stat = try? String(contentsOfFile: "/proc/\(e)/stat", encoding: .utf8) else { continue }
            // pid (comm) state ppid ...
            guard let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, Int32(fields[1]) == shell, stat.contains("(liveblog)") { return pid }
        }
        return nil
    }

    func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    /// After the viewer ended: alternate screen off, cursor visible, echo on; the exit code.
    func assertRestored(_ files: (rc: String, stty: String), expectCode: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(waitFor("the shell after the viewer") { !read(files.stty).isEmpty }, "the viewer did not end:\n\(capture())", file: file, line: line)
        XCTAssertEqual(read(files.rc).trimmingCharacters(in: .whitespacesAndNewlines), expectCode, file: file, line: line)
        XCTAssertEqual(format("#{alternate_on}"), "0", "alternate screen left", file: file, line: line)
        XCTAssertEqual(format("#{cursor_flag}"), "1", "cursor visible", file: file, line: line)
        let stty = read(files.stty)
        XCTAssertTrue(stty.range(of: #"(^|\s)echo(\s|$)"#, options: .regularExpression) != nil, "echo on: \(stty)", file: file, line: line)
        XCTAssertTrue(stty.range(of: #"(^|\s)icanon(\s|$)"#, options: .regularExpression) != nil, "canonical mode: \(stty)", file: file, line: line)
        XCTAssertEqual(format("#{mouse_any_flag}"), "0", "mouse reporting off", file: file, line: line)
    }

    // MARK: T8

    func testT8_escapeSequencesInTheLiveblogReachTheTerminalAsPlaceholders() throws {
        let titleBefore = { () -> String in
            // The pane title before the viewer runs: tmux sets it to the host name.
            self.tmux("new-session", "-d", "-s", "probe", "-x", "40", "-y", "5", "sleep", "30")
            defer { self.tmux("kill-session", "-t", "probe") }
            return self.tmux("display-message", "-p", "-t", "probe", "#{pane_title}").trimmingCharacters(in: .whitespacesAndNewlines)
        }()
        let files = try start()
        // Let everything draw (the posts with the sequences are at the top).
        XCTAssertTrue(waitFor("the posts") { capture().contains("ALPHA-MARK") && capture().contains("CLEAR-MARK") }, capture())
        usleep(300_000)
        let screen = capture()
        XCTAssertFalse(format("#{pane_title}").contains("PWNED"), "the OSC title sequence changed the pane title")
        XCTAssertEqual(format("#{pane_title}"), titleBefore, "pane title unchanged")
        // The clear-screen cleared nothing: the bars and the text around it are all still there.
        XCTAssertTrue(screen.contains("HYGIENE"), screen)
        XCTAssertTrue(screen.contains("OMEGA-MARK"), screen)
        XCTAssertTrue(screen.contains("after clear"), screen)
        XCTAssertTrue(screen.contains("liveblog ·"), "the nav bar: \(screen)")
        XCTAssertTrue(screen.contains("\u{241B}"), "visible placeholders: \(screen)")
        // The clipboard was not written (OSC 52 goes to tmux's buffers when allowed).
        XCTAssertFalse(tmux("list-buffers").contains("Hello"), "OSC 52 reached tmux")
        // Panels (ids, labels) and the console: still no escape leaks.
        tmux("send-keys", "-t", session, "h")
        XCTAssertTrue(waitFor("the highlights panel") { capture().contains("Highlights") }, capture())
        tmux("send-keys", "-t", session, "Escape")
        tmux("send-keys", "-t", session, "~")
        usleep(300_000)
        XCTAssertEqual(format("#{pane_title}"), titleBefore)
        tmux("send-keys", "-t", session, "~")
        tmux("send-keys", "-t", session, "q")
        assertRestored(files, expectCode: "0")
    }

    // MARK: T6

    func testT6_quitRestoresTheTerminal() throws {
        let files = try start()
        XCTAssertEqual(format("#{alternate_on}"), "1", "the viewer uses the alternate screen")
        tmux("send-keys", "-t", session, "q")
        assertRestored(files, expectCode: "0")
    }

    func signalTest(_ sig: Int32, expect: String) throws {
        let files = try start()
        var pid: Int32?
        XCTAssertTrue(waitFor("the viewer's pid") { pid = viewerPid(); return pid != nil }, "no liveblog process under the pane")
        guard let p = pid else { return }
        XCTAssertEqual(kill(p, sig), 0)
        assertRestored(files, expectCode: expect)
    }

    func testT6_sigintRestoresTheTerminal() throws { try signalTest(SIGINT, expect: "130") }
    func testT6_sigtermRestoresTheTerminal() throws { try signalTest(SIGTERM, expect: "143") }
    func testT6_sighupRestoresTheTerminal() throws { try signalTest(SIGHUP, expect: "129") }
    func testT6_sigsegvRestoresTheTerminal() throws { try signalTest(SIGSEGV, expect: "139") }

    // MARK: T5, T6 sizes

    func testT5_resizeStormDuringAHeldJumpEndsWithACorrectLayout() throws {
        let files = try start(["--event", "p40", "--network", "slow", "--seed", "3"], cols: 80, rows: 24)
        XCTAssertTrue(waitFor("the jump") { capture().contains("jump #") }, capture())
        var rng = SystemRandomNumberGenerator()
        for i in 0..<40 {
            let c = i % 7 == 0 ? Int.random(in: 1...5, using: &rng) : Int.random(in: 10...300, using: &rng)
            let r = i % 7 == 0 ? Int.random(in: 1...3, using: &rng) : Int.random(in: 4...80, using: &rng)
            tmux("resize-window", "-t", session, "-x", String(c), "-y", String(r))
            usleep(20_000)
        }
        tmux("resize-window", "-t", session, "-x", "100", "-y", "30")
        XCTAssertNotNil(viewerPid(), "the viewer survived the storm")
        // Resize events queued during the storm are still being handled for a moment: wait until one
        // whole screen shows the final layout (title and badges in the nav bar, toolbar on row 29 of
        // 30, nothing wider than 100 columns), rather than judging a capture taken mid-redraw.
        var last = ""
        let settled = waitFor("the final layout", timeout: 15) {
            last = capture()
            let lines = last.components(separatedBy: "\n")
            return lines.count >= 30
                && lines[0...1].joined().contains("HYGIENE")
                && lines[1].contains("liveblog ·")
                && (lines[29].contains("jump #") || lines[29].contains("j/k"))
                && lines.prefix(30).allSatisfy { $0.count <= 100 }
        }
        XCTAssertTrue(settled, "final layout:\n\(last)")
        tmux("send-keys", "-t", session, "q")
        assertRestored(files, expectCode: "0")
    }

    func testT6_tinySizesShowTooSmallAndNeverCrash() throws {
        let files = try start(cols: 80, rows: 24)
        for (c, r) in [(1, 1), (2, 1), (1, 3), (5, 2), (19, 7), (20, 8), (1, 1), (300, 80), (19, 20)] {
            tmux("resize-window", "-t", session, "-x", String(c), "-y", String(r))
            usleep(150_000)
            XCTAssertNotNil(viewerPid(), "the viewer died at \(c)×\(r)")
            if (c, r) == (19, 7) || (c, r) == (19, 20) {
                XCTAssertTrue(waitFor("too small") { capture().contains("too small") }, "\(c)×\(r):\n\(capture())")
            }
        }
        tmux("resize-window", "-t", session, "-x", "80", "-y", "24")
        XCTAssertTrue(waitFor("normal layout again") { capture().contains("HYGIENE") && !capture().contains("too small") }, capture())
        tmux("send-keys", "-t", session, "q")
        assertRestored(files, expectCode: "0")
    }
}
