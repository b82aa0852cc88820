import Foundation
import XCTest
import TestSupport

/// S3–S8 through the real binary, each written as the attack: a page served by the test on
/// 127.0.0.1 that forges numbers, opens dialogs, navigates away, floods popups and the console,
/// stalls its requests, or is given a broken selector; and signals sent mid-run. The tool never
/// dies because of the page it tests, every run is bounded, and what the page did is a note.
final class HostilePageTests: ServedPageTestCase {

    /// A page of three posts whose `navigateToEventId` runs `jump`, and `script` at load.
    private func page(_ name: String, jump: String, script: String = "") throws -> String {
        try threePostPage(name, jump: jump, script: script)
    }

    private static let plainJump = "window.tickarooLiveblogScrollTo(500, {jumpId: 1, correction: false})"

    struct Run {
        var code: Int32
        var trace: String
        var err: String
        var seconds: Double
        var notes: [String] {
            trace.split(separator: "\n").filter { $0.contains("\"kind\":\"note\"") }.map(String.init)
        }
    }

    /// `simulate` of a scenario on `url` (a jump to a1 at 0.5 s), with the page's selectors.
    private func simulate(_ url: String, platform: String = "android", duration: Double = 3,
                          extra: [String] = [], env: [String: String] = [:]) throws -> Run {
        let scenario = dir + "/s-\(UInt32.random(in: 0...UInt32.max)).json"
        try ("{\"name\": \"hostile\", \"pageURL\": \"\(url)\", \"platform\": \"\(platform)\", "
             + "\"device\": \"\(platform == "ios" ? "iphone-15" : "pixel-8")\", \"duration\": \(duration), "
             + "\"events\": [{\"at\": 0.5, \"jump\": \"a1\"}]}").write(toFile: scenario, atomically: true, encoding: .utf8)
        let trace = scenario + ".jsonl"
        let started = Date()
        let r = Subprocess.output(try Requirement.liveblogBinary(),
                                  ["simulate", scenario, "--trace", trace, "--page-element", "my-blog",
                                   "--post-selector", ".post"] + extra, env: env, timeout: 120)
        return Run(code: r.code, trace: (try? String(contentsOfFile: trace, encoding: .utf8)) ?? "", err: r.err,
                   seconds: Date().timeIntervalSince(started))
    }

    private func assertRanToTheEnd(_ r: Run, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(r.code, 0, r.err, file: file, line: line)
        XCTAssertFalse(r.err.contains("Program crashed") || r.err.contains("Fatal error"), r.err, file: file, line: line)
        XCTAssertTrue(r.trace.contains("{\"t\":3.0,\"ev\":\"frame\""), "frames to the scenario's end", file: file, line: line)
    }

    // MARK: - S4

    func testS4_forgedBridgeNumbersAreNotedNotFatal() throws {
        let url = try page("numbers", jump: "try { tik4Android.tickarooLiveblogScrollTo(1e308, true, 1e308) } catch (e) {}; "
                           + "window.tickarooLiveblogScrollTo(1e308, {jumpId: 1e308, correction: false}); "
                           + "window.tickarooLiveblogScrollTo(-Infinity, {jumpId: 2, correction: true}); "
                           + Self.plainJump)
        let r = try simulate(url)
        assertRanToTheEnd(r)
        XCTAssertTrue(r.notes.contains { $0.contains("the page sent tickarooLiveblogScrollTo's top 1e+308: not a finite number") },
                      r.notes.joined(separator: "\n"))
        XCTAssertTrue(r.notes.contains { $0.contains("the page sent a hook call's top 1e+308") })
        XCTAssertFalse(r.trace.contains("\"top\":1e+308"), "no forged top reaches the host")
        XCTAssertTrue(r.trace.contains("\"ev\":\"hook\",\"jumpId\":1,\"top\":500.0"), "the honest call goes on")
        let ios = try simulate(url, platform: "ios")
        assertRanToTheEnd(ios)
        XCTAssertTrue(ios.notes.contains { $0.contains("the page sent scrollToSwift's top 1e+308") },
                      ios.notes.joined(separator: "\n"))
    }

    func testS4_aPagesOwnRectAndAHugeTransformAreNotFatal() throws {
        let rect = try page("rect", jump: Self.plainJump, script: "Element.prototype.getBoundingClientRect = function () { "
                            + "return {top: 1e308, bottom: 1e308, left: -1e308, right: 1e308, height: 1e308, width: 1e308, "
                            + "x: 1e308, y: 1e308}; };")
        let r = try simulate(rect)
        assertRanToTheEnd(r)
        XCTAssertTrue(r.notes.contains { $0.contains("the page sent a layout height 1e+308") }, r.notes.joined(separator: "\n"))
        let huge = try page("transform", jump: Self.plainJump,
                            script: "document.querySelector('[data-post-id=a2]').style.transform = 'scale(1e30)';")
        assertRanToTheEnd(try simulate(huge))
    }

    /// The text mode draws the engine's line boxes: a line scaled by 1e30 must not trap there
    /// (before: "Double value cannot be converted to Int", exit 132, in `PageCellLayout.line`).
    func testS4_viewDrawsAHugeTransformInTextMode() throws {
        let html = """
            <!doctype html><html><head><meta name="viewport" content="width=device-width"></head>
            <body style="margin:0;font:16px DejaVu Sans"><my-blog>
            <div class="post" data-post-id="a3" style="height:400px"><p>Third post text here</p></div>
            <div class="post" data-post-id="a2" style="height:600px"><p style="transform: scale(1e30)">Scaled</p>
            <p style="transform: translateX(-1e30px)">Moved</p><p>A normal line</p></div>
            <div class="post" data-post-id="a1" style="height:500px"><p>First</p></div></my-blog>
            <script>document.querySelector("my-blog").navigateToEventId = function (id) { \(Self.plainJump);
            return Promise.resolve(true); };</script></body></html>
            """
        try html.write(toFile: dir + "/scaled.html", atomically: true, encoding: .utf8)
        let url = try XCTUnwrap(server).origin + "/files/scaled.html?type=text/html"
        let tmux = try Tmux(name: "lbhostile")
        tmux.launch("TERM=xterm-256color '\(try Requirement.liveblogBinary())' view --page-url '\(url)' "
                    + "--page-element my-blog --post-selector .post 2> err.txt")
        XCTAssertTrue(Wait.until(timeout: 20) { tmux.capture().contains("Third post text here") || tmux.hasExited },
                      tmux.capture())
        for k in ["j", "j", "G", "g", "NPage"] {
            tmux.keys(k)
            usleep(200_000)
        }
        XCTAssertFalse(tmux.hasExited, "still running: \(tmux.capture())")
        tmux.keys("q")
        XCTAssertEqual(tmux.exitStatus(timeout: 15), "EXIT=0")
    }

    // MARK: - S5

    func testS5_dialogsAreDismissedAsByAWebViewWithoutAUIDelegate() throws {
        let url = try page("dialogs", jump: "alert('jump alert'); const c = confirm('sure?'); const p = prompt('name?'); "
                           + "console.log('answers ' + c + ' ' + p); " + Self.plainJump,
                           script: "alert('hello from the page');")
        let r = try simulate(url)
        assertRanToTheEnd(r)
        XCTAssertLessThan(r.seconds, 60)
        let notes = r.notes.joined(separator: "\n")
        XCTAssertTrue(notes.contains("the page opened an alert dialog \\\"hello from the page\\\""), notes)
        XCTAssertTrue(notes.contains("a confirm dialog \\\"sure?\\\": dismissed as a web view without a UI delegate does, answered false"), notes)
        XCTAssertTrue(notes.contains("a prompt dialog \\\"name?\\\": dismissed as a web view without a UI delegate does, answered null"), notes)
        XCTAssertTrue(r.trace.contains("answers false null"), "confirm is false and prompt null in the page")
        XCTAssertTrue(r.trace.contains("\"ev\":\"hook\",\"jumpId\":1,\"top\":500.0"), "the page goes on after them")
    }

    func testS5_aPageThatNavigatesItselfStopsTheScenarioAtOnceNamingWhere() throws {
        let elsewhere = try page("elsewhere", jump: Self.plainJump)
        let origin = try XCTUnwrap(server).origin
        for (name, script) in [("script", "setTimeout(() => { location.href = '\(elsewhere)'; }, 300);"),
                               ("reload", "setTimeout(() => location.reload(), 300);"),
                               ("302", "setTimeout(() => { location.href = '\(origin)/redirect/2'; }, 300);")] {
            let url = try page("nav-" + name, jump: Self.plainJump, script: script)
            let r = try simulate(url)
            XCTAssertEqual(r.code, 70, "\(name): \(r.err)")
            XCTAssertLessThan(r.seconds, 20, "\(name): at once, not after a 10 s wait")
            let to = ["script": "elsewhere.html", "reload": "nav-reload.html", "302": "\(origin)/text"][name]!
            XCTAssertTrue(r.err.contains("the page navigated to ") && r.err.contains(to), "\(name): \(r.err)")
            XCTAssertTrue(r.trace.contains("\"kind\":\"crash\",\"message\":\"the page navigated to"), "the trace so far is kept")
        }
    }

    /// A link to a download: refused as by a web view without a download delegate; the page stays.
    func testS5_aDownloadIsRefusedAndTheRunGoesOn() throws {
        let origin = try XCTUnwrap(server).origin
        let url = try page("download", jump: Self.plainJump,
                           script: "setTimeout(() => { location.href = '\(origin)/download'; }, 300);")
        let r = try simulate(url)
        assertRanToTheEnd(r)
        XCTAssertTrue(r.trace.contains("\"ev\":\"hook\",\"jumpId\":1,\"top\":500.0"), "the page stays and goes on")
    }

    func testS5_aPopupFloodIsBlockedAndCounted() throws {
        let url = try page("popups", jump: Self.plainJump, script: "let n = 0; setInterval(() => { "
                           + "for (let i = 0; i < 50; i++) window.open('about:blank#' + (n++)); }, 10);")
        let r = try simulate(url)
        assertRanToTheEnd(r)
        XCTAssertLessThan(r.seconds, 60)
        XCTAssertTrue(r.notes.contains { $0.contains("the page tried to open 100 windows (window.open): blocked") },
                      r.notes.prefix(3).joined(separator: "\n"))
    }

    // MARK: - S6

    func testS6_aConsoleFloodIsCountedNotKept() throws {
        let url = try page("console", jump: Self.plainJump, script: "setInterval(() => { for (let i = 0; i < 2000; i++) "
                           + "console.log('flood ' + i + ' ' + 'x'.repeat(200)); }, 1);")
        let r = try simulate(url)
        assertRanToTheEnd(r)
        XCTAssertLessThan(r.seconds, 60)
        XCTAssertTrue(r.notes.contains { $0.contains("console lines dropped") && $0.contains("more than 100 in one frame") })
        let consoles = r.trace.split(separator: "\n").filter { $0.contains("\"ev\":\"console\"") }.count
        XCTAssertLessThanOrEqual(consoles, 100 * 181, "at most 100 console lines a frame")
    }

    func testS6_aStalledRequestEvery200msCostsABoundedWait() throws {
        let origin = try XCTUnwrap(server).origin
        let url = try page("stalls", jump: Self.plainJump, script: "let n = 0; setInterval(() => { const i = new Image(); "
                           + "i.src = '\(origin)/stall-head?' + (n++); document.body.appendChild(i); }, 200);")
        let r = try simulate(url)
        // The stalled requests are the page's own failures (Q16): the scenario fails, saying so.
        XCTAssertEqual(r.code, 1, r.err)
        XCTAssertTrue(r.trace.contains("{\"t\":3.0,\"ev\":\"frame\""), "frames to the scenario's end")
        XCTAssertTrue(r.trace.contains("\"ev\":\"resource\",\"url\":\"\(origin)/stall-head?0\",\"error\":\"stalled"), r.trace)
        XCTAssertLessThan(r.seconds, 40, "10 s for stalls in all, then a quarter second each")
        let stalls = r.notes.filter { $0.contains("stalled, not waited for again") }
        XCTAssertGreaterThanOrEqual(stalls.count, 10, r.notes.joined(separator: "\n"))
        XCTAssertTrue(stalls.last?.contains("the run's 10 s for stalls is spent") == true, stalls.last ?? "")
    }

    /// `view` answers `q` while the page floods its console.
    func testS6_viewAnswersQDuringAConsoleFlood() throws {
        let url = try page("console-view", jump: Self.plainJump, script: "setInterval(() => { for (let i = 0; i < 5000; i++) "
                           + "console.log('flood ' + i); }, 1);")
        let tmux = try Tmux(name: "lbflood")
        tmux.launch("TERM=xterm-256color '\(try Requirement.liveblogBinary())' view --page-url '\(url)' "
                    + "--page-element my-blog --post-selector .post 2> err.txt")
        XCTAssertTrue(Wait.until(timeout: 20) { tmux.capture().contains("liveblog") || tmux.hasExited })
        sleep(2)
        XCTAssertFalse(tmux.hasExited)
        tmux.keys("q")
        XCTAssertEqual(tmux.exitStatus(timeout: 20), "EXIT=0", "q is answered (a bound on a hang, generous for a loaded machine)")
    }

    // MARK: - S8

    func testS8_anInvalidSelectorIsExit65NamingTheOptionBeforeTheRun() throws {
        let url = try page("plain", jump: Self.plainJump)
        let r = try simulate(url, extra: ["--post-selector", "div["])
        XCTAssertEqual(r.code, 65, r.err)
        XCTAssertTrue(r.err.contains("--post-selector (postSelector): 'div[' is not a CSS selector"), r.err)
        XCTAssertFalse(r.err.contains("    at "), "no JavaScript stack")
    }

    func testS8_aPageAnswering404SaysSo() throws {
        let r = try simulate(try XCTUnwrap(server).origin + "/files/missing.html")
        XCTAssertTrue(r.notes.contains { $0.contains("answered HTTP 404") && $0.contains("the server's error page") },
                      r.notes.joined(separator: "\n") + r.err)
    }

    func testS8_aKilledRendererIsNamed() throws {
        let url = try page("long", jump: Self.plainJump)
        let run = try Running(["simulate"], scenarioDir: dir, url: url, duration: 60)
        defer { run.stop() }
        let renderer = try XCTUnwrap(run.waitForEngineProcess(containing: "--type=renderer"), "a renderer runs")
        kill(renderer, SIGKILL)
        let code = run.wait(timeout: 30)
        XCTAssertEqual(code, 70)
        XCTAssertTrue(run.err.contains("the page's renderer crashed (or was killed)"), run.err)
    }

    func testS8_SIGQUITEndsAnEngineRunAsSIGINTDoesAndLeavesNothing() throws {
        for sig in [SIGQUIT, SIGINT, SIGTERM, SIGHUP] {
            let url = try page("long", jump: Self.plainJump)
            let run = try Running(["simulate"], scenarioDir: dir, url: url, duration: 60)
            defer { run.stop() }
            let group = try XCTUnwrap(run.waitForEngineGroup(), "an engine runs")
            kill(run.pid, sig)
            XCTAssertEqual(run.wait(timeout: 20), 128 + sig, "signal \(sig): \(run.err)")
            XCTAssertFalse(run.err.contains("Program crashed"), run.err)
            XCTAssertEqual(EngineProcesses.waitUntilGone(group), [], "signal \(sig): no engine process is left")
            let left = (try? FileManager.default.contentsOfDirectory(atPath: run.tmp)) ?? []
            XCTAssertEqual(left.filter { $0.hasPrefix("liveblog-chromium-") }, [], "signal \(sig): the run directory is removed")
        }
    }

    // MARK: - S3

    func testS3_pageURLAsRootWithoutASandboxNeedsNoSandboxExplicitly() throws {
        let url = try page("plain", jump: Self.plainJump)
        let env = ["LIVEBLOG_ENGINE_USER": "no-such-user-here"]
        let refused = try simulate(url, env: env)
        if geteuid() == 0 {
            XCTAssertEqual(refused.code, 64, refused.err)
            XCTAssertTrue(refused.err.contains("--page-url: refusing to run a page of your own as root without the engine's sandbox"),
                          refused.err)
            let accepted = try simulate(url, extra: ["--no-sandbox"], env: env)
            assertRanToTheEnd(accepted)
            XCTAssertTrue(accepted.notes.contains { $0.contains("the page runs as root without the engine's sandbox") },
                          accepted.notes.joined(separator: "\n"))
            XCTAssertTrue(accepted.err.contains("liveblog: running as root and there is no unprivileged user"), accepted.err)
        } else {
            assertRanToTheEnd(refused)
        }
    }
}

/// `liveblog` started with default signal dispositions and its own TMPDIR, to be signalled
/// mid-run; its engine found in /proc.
final class Running {
    let pid: pid_t
    let tmp: String
    private let errPath: String
    private var status: Int32?

    init(_ command: [String], scenarioDir: String, url: String, duration: Double) throws {
        tmp = scenarioDir + "/tmp-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        let scenario = tmp + "/s.json"
        try ("{\"name\": \"long\", \"pageURL\": \"\(url)\", \"platform\": \"android\", \"device\": \"pixel-8\", "
             + "\"duration\": \(duration), \"events\": [{\"at\": 0.5, \"jump\": \"a1\"}]}")
            .write(toFile: scenario, atomically: true, encoding: .utf8)
        errPath = tmp + "/err.txt"
        let args = ["/usr/bin/env", "--default-signal=INT,QUIT,TERM,HUP", "TMPDIR=" + tmp, try Requirement.liveblogBinary()]
            + command + [scenario, "--page-element", "my-blog", "--post-selector", ".post"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = args.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var p: pid_t = 0
        guard posix_spawn(&p, args[0], &actions, nil, argv, environ) == 0 else {
            throw Requirement.missing("/usr/bin/env")
        }
        pid = p
    }

    var err: String { (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "" }

    /// The engine's process group, once it runs (the group of liveblog's child).
    func waitForEngineGroup(timeout: Double = 20) -> Int32? {
        var group: Int32?
        Wait.until(timeout: timeout) {
            group = Self.children(of: pid).first.map { getpgid($0) }
            return group.map { $0 > 0 && !EngineProcesses.inGroup($0).isEmpty && Self.hasRenderer($0) } ?? false
        }
        return group
    }

    func waitForEngineProcess(containing flag: String, timeout: Double = 20) -> Int32? {
        guard let group = waitForEngineGroup(timeout: timeout) else { return nil }
        return EngineProcesses.inGroup(group).first { Self.cmdline($0).contains(flag) }
    }

    private static func hasRenderer(_ group: Int32) -> Bool {
        EngineProcesses.inGroup(group).contains { cmdline($0).contains("--type=renderer") }
    }

    static func cmdline(_ pid: Int32) -> String {
        ((try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? "").replacingOccurrences(of: "\0", with: " ")
    }

    static func children(of parent: pid_t) -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == parent
        }
    }

    /// The exit code (128 + the signal when killed by one), or -1 after `timeout`.
    func wait(timeout: Double) -> Int32 {
        if let status { return status }
        let code = Subprocess.wait(pid, timeout: timeout)
        status = code
        return code
    }

    func stop() {
        if status == nil {
            kill(pid, SIGKILL)
            _ = wait(timeout: 5)
        }
    }
}
