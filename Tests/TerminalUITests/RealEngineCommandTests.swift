import Foundation
import XCTest
import TestSupport

/// The real page (docs/engine.md) through the real binary: bundled scenarios run in Chromium by `simulate --engine
/// chromium` (X1, X7, X10), both engines compared (X8), a missing engine (exit 69) and a browser
/// killed mid-run (X2). Each test's browser ends with its `liveblog` process. Without Chromium
/// these tests skip; with CI=true they fail instead (the set-up installs chromium-headless-shell).
final class RealEngineCommandTests: XCTestCase {
    static let scenarios = Fixture.repoRoot + "/Assets/scenarios"

    override func setUpWithError() throws {
        try Requirement.browserEngine()
    }

    /// The trace's kinds ("ev" values) of a trace file's lines.
    func kinds(_ trace: String) -> Set<String> {
        Set(trace.split(separator: "\n").compactMap { line -> String? in
            guard let r = line.range(of: "\"ev\":\"") else { return nil }
            return String(line[r.upperBound...].prefix { $0 != "\"" })
        })
    }

    func simulate(_ scenario: String, _ extra: [String], trace: Bool = true) throws -> (Int32, String, String) {
        let bin = try Requirement.liveblogBinary()
        let file = NSTemporaryDirectory() + "x-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).jsonl"
        defer { unlink(file) }
        let args = [Self.scenarios + "/" + scenario] + (trace ? ["--trace", file] : []) + extra
        let r = Subprocess.output(bin, ["simulate"] + args, timeout: 120)
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        return (r.code, trace ? text : r.out, r.err)
    }

    func testX1_bundledScenarioInChromiumGivesTheWholeTraceAndPassesItsExpectations() throws {
        let (code, trace, err) = try simulate("device-pixel-8-3g-jump.json", ["--engine", "chromium"])
        XCTAssertEqual(code, 0, err)
        let k = kinds(trace)
        for kind in ["engine", "nav", "hook", "host", "layout", "frame", "hold-end"] {
            XCTAssertTrue(k.contains(kind), "a \(kind) line in the trace")
        }
        XCTAssertTrue(trace.contains("{\"t\":0.0,\"ev\":\"engine\",\"kind\":\"start\",\"product\":\"HeadlessChrome/"))
        XCTAssertTrue(trace.contains("\"ev\":\"hook\",\"jumpId\":1,\"top\":"))
        XCTAssertTrue(trace.contains("\"correction\":true,\"args\":2"), "corrections while 3g images load")
        XCTAssertTrue(trace.contains("\"ev\":\"hold-end\",\"jumpId\":1,\"reason\":\"timeout\""))
    }

    func testX7_theSameScenarioTwiceGivesTheSameTrace() throws {
        let a = try simulate("ios-3g-landing.json", ["--engine", "chromium"])
        let b = try simulate("ios-3g-landing.json", ["--engine", "chromium"])
        XCTAssertEqual(a.0, 0, a.2)
        XCTAssertFalse(a.1.isEmpty)
        XCTAssertEqual(a.1, b.1, "X7: the same trace on every run")
    }

    func testX8_compareEnginesPrintsBothProtocolsSideBySide() throws {
        let (code, out, err) = try simulate("tap-ends-hold.json", ["--compare-engines"], trace: false)
        XCTAssertEqual(code, 0, err)
        XCTAssertTrue(out.contains("emulated") && out.contains("chromium"), out)
        let rows = out.split(separator: "\n").filter { $0.contains("nav ev-030 found api") }
        XCTAssertEqual(rows.count, 1, out)
        XCTAssertEqual(rows.first?.components(separatedBy: "nav ev-030 found api").count, 3, "both columns: \(out)")
        XCTAssertTrue(out.contains("hold-end 1 input"), out)
        XCTAssertTrue(out.contains("protocol: same; largest top difference: "), out)
    }

    /// X15: a list of three engines on a bundled ios scenario: three columns, the verdict of the
    /// whole and of each pair with its largest top difference. WebKit's page runs on the clock
    /// stepped with the World's frames (X13): the three protocols agree.
    func testX15_compareEnginesTakesAListOfThreeAndComparesEachPair() throws {
        let (code, out, err) = try simulate("tap-ends-hold.json", ["--compare-engines", "emulated,chromium,webkit"],
                                            trace: false)
        try Requirement.check(code != 69, "WebKit (\(err))",
                              install: "apt-get install -y libwebkit2gtk-4.1-dev libjson-glib-dev xvfb")
        XCTAssertEqual(code, 0, "the three protocols agree: \(out)\(err)")
        let lines = out.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.count > 1 && lines[1].contains("t  emulated") && lines[1].contains("t  chromium")
                      && lines[1].hasSuffix("t  webkit"), out)
        let navs = lines.filter { $0.contains("nav ev-030 found api") }
        XCTAssertEqual(navs.first?.components(separatedBy: "nav ev-030 found api").count, 4, "three columns: \(out)")
        XCTAssertTrue(out.contains("protocol: \(code == 0 ? "same" : "different")\n"), out)
        XCTAssertTrue(out.contains("emulated–chromium: protocol same; largest top difference: "), out)
        for pair in ["emulated–webkit", "chromium–webkit"] {
            XCTAssertNotNil(lines.first { $0.hasPrefix(pair + ": protocol ") && $0.contains("; largest top difference: ") },
                            "\(pair): \(out)")
        }
    }

    /// X15: an unknown engine, a repeated one or a list of fewer than two is refused with the
    /// reason (exit 64) before any engine starts; a scenario file after the bare flag stays the file.
    func testX15_compareEnginesRefusesAnUnknownEngineAndAListOfOne() throws {
        for (list, reason) in [("emulated,safari", "unknown engine 'safari' (known: emulated, chromium, webkit)"),
                               ("webkit", "the list names one: webkit"), ("chromium,chromium", "'chromium' is named twice")] {
            let (code, out, err) = try simulate("tap-ends-hold.json", ["--compare-engines", list], trace: false)
            XCTAssertEqual(code, 64, "\(list): \(out)")
            XCTAssertTrue(err.contains(reason), "\(list): \(err)")
            XCTAssertEqual(out, "", list)
        }
        let bin = try Requirement.liveblogBinary()
        let r = Subprocess.output(bin, ["simulate", "--compare-engines=emulated", Self.scenarios + "/tap-ends-hold.json"],
                                  timeout: 60)
        XCTAssertEqual(r.code, 64, r.err)
        XCTAssertTrue(r.err.contains("the list names one: emulated"), r.err)
    }

    /// X16: WebKit beside X10 in `bench --only engine`: WebKit's start to the first laid-out frame, a
    /// World frame's cost without the wall-clock wait, the memory of the helper's process group.
    func testX16_benchMeasuresWebKitBesideChromium() throws {
        let bin = try Requirement.liveblogBinary()
        let r = Subprocess.output(bin, ["bench", "--only", "engine"], timeout: 180)
        XCTAssertEqual(r.code, 0, r.err)
        try Requirement.check(!r.err.contains("WebKit figures (X16) skipped: no WebKit"), "WebKit (\(r.err))",
                              install: "apt-get install -y libwebkit2gtk-4.1-dev libjson-glib-dev xvfb")
        XCTAssertFalse(r.err.contains("(X16) skipped"), r.err)
        func figure(_ key: String) -> Double? {
            let words = r.out.split(whereSeparator: { $0 == " " || $0 == "\n" })
            return words.firstIndex(of: Substring(key)).flatMap { Double(words[$0 + 1]) }
        }
        for key in ["engine_start_ms", "engine_pss_mb", "webkit_helper_start_ms", "webkit_start_ms",
                    "webkit_world_frame_ms", "webkit_rss_mb", "webkit_pss_mb"] {
            let v = try XCTUnwrap(figure(key), "\(key) in \(r.out)")
            XCTAssertTrue(v.isFinite && v > 0, "\(key) \(v)")
        }
        XCTAssertGreaterThan(figure("webkit_pss_mb") ?? 0, 50, "the helper, its Xvfb and WebKit's processes")
        XCTAssertTrue(r.out.contains("WebKitWebProces") && r.out.contains("Xvfb"), r.out)
    }

    /// X4: a page of one's own, served by the test on 127.0.0.1 and loaded as it is: the jump calls
    /// its element's `navigateToEventId`, whose own script calls the hook; the post is followed by
    /// the command line's selectors and lands under the bar.
    func testX4_aPageOfOnesOwnServedByTheTestRunsThroughSimulate() throws {
        let dir = NSTemporaryDirectory() + "x4-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.ownPage.write(toFile: dir + "/live.html", atomically: true, encoding: .utf8)
        let server = try LoopbackServer(serving: [dir])
        defer { server.stop() }
        let page = server.origin + "/files/live.html?type=text/html"
        let scenario = dir + "/own.json"
        try ("{\"name\": \"own page\", \"pageURL\": \"\(page)\", "
             + "\"platform\": \"android\", \"device\": \"pixel-8\", \"duration\": 3, "
             + "\"events\": [{\"at\": 0.5, \"jump\": \"a1\"}], "
             + "\"expect\": [{\"post\": \"a1\", \"landsAt\": 0, \"by\": 2.5}]}")
            .write(toFile: scenario, atomically: true, encoding: .utf8)
        let trace = dir + "/own.jsonl"
        let r = Subprocess.output(try Requirement.liveblogBinary(), ["simulate", scenario, "--trace", trace, "--page-element", "my-blog",
                                                  "--post-selector", ".post", "--post-id-attribute", "data-id"],
                           timeout: 120)
        XCTAssertEqual(r.code, 0, r.out + r.err)
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        XCTAssertTrue(text.contains("\"kind\":\"navigation\",\"url\":\"\(page)\""), text)
        XCTAssertTrue(text.contains("\"ev\":\"nav\",\"id\":\"a1\",\"result\":\"found\""), text)
        XCTAssertTrue(text.contains("\"ev\":\"hook\",\"jumpId\":1,"), text)
        XCTAssertTrue(text.contains("\"ev\":\"host\",\"jumpId\":1,\"action\":\"scroll\""), text)
    }

    static let ownPage = """
        <!doctype html><html><head><meta name="viewport" content="width=device-width"></head>
        <body style="margin:0"><h1>My own liveblog</h1><my-blog>
        <div class="post" data-id="a3" style="height:400px">Third</div>
        <div class="post" data-id="a2" style="height:600px">Second</div>
        <div class="post" data-id="a1" style="height:500px">First</div></my-blog>
        <script>
        let nextJump = 1;
        document.querySelector("my-blog").navigateToEventId = function (id) {
          const el = document.querySelector('[data-id="' + id + '"]');
          if (!el) return Promise.resolve(false);
          const top = el.getBoundingClientRect().top + window.scrollY;
          window.tickarooLiveblogScrollTo(top, { jumpId: nextJump++, correction: false });
          return Promise.resolve(true);
        };
        </script></body></html>
        """

    /// Bundled scenarios the reference embed cannot express: the timeline strip (E15) is not in
    /// it, and the history keys (W2) are the app's: they never reach a real page, so no hold ends.
    static let inexpressible: Set<String> = ["timeline-strip.json", "history-back-forward.json"]

    func testX8_bothEnginesGiveTheSameProtocolOnEveryBundledScenarioTheReferenceEmbedExpresses() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.scenarios)
            .filter { $0.hasSuffix(".json") && !Self.inexpressible.contains($0) }.sorted()
        XCTAssertGreaterThan(files.count, 20)
        _ = try Requirement.liveblogBinary()
        // Two scenarios at a time, each its own `liveblog` and browser (its own files, profile and
        // ports): a run mostly waits on the engine's frames, so two share the machine well. Each
        // run is bounded by `simulate`'s own timeout.
        // Written under the lock, one slot per scenario; `simulate` only reads the test's settings.
        nonisolated(unsafe) var runs = [(Int32, String, String)?](repeating: nil, count: files.count)
        nonisolated(unsafe) let test = self // `simulate` reads only the test's settings
        let lock = NSLock()
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            while let i = next.take(below: files.count) {
                let r = try? test.simulate(files[i], ["--compare-engines"], trace: false)
                lock.withLock { runs[i] = r }
            }
        }
        var table = ["| scenario | protocol | largest top difference |", "| --- | --- | --- |"]
        for (f, run) in zip(files, runs) {
            guard let (code, out, err) = run else {
                XCTFail("\(f): simulate did not run")
                continue
            }
            let verdict = out.split(separator: "\n").last.map(String.init) ?? ""
            XCTAssertEqual(code, 0, "\(f): \(err)\n\(out)")
            XCTAssertTrue(verdict.hasPrefix("protocol: same; largest top difference: "), "\(f): \(out)")
            let diff = verdict.components(separatedBy: "difference: ").last ?? ""
            table.append("| \(f) | \(code == 0 ? "same" : "different") | \(diff) |")
        }
        print(table.joined(separator: "\n"))
    }

    func testX2_missingEngineExits69NamingThePackage() throws {
        let bin = try Requirement.liveblogBinary()
        var env = ProcessInfo.processInfo.environment
        env["LIVEBLOG_CHROMIUM"] = "/nonexistent/chromium"
        env["PATH"] = "/nonexistent"
        let r = try RealEngineCommandTests.run(bin, ["simulate", Self.scenarios + "/timeout.json", "--engine", "chromium"],
                                               environment: env)
        XCTAssertEqual(r.code, 69, r.err)
        XCTAssertTrue(r.err.contains("chromium-headless-shell"), r.err)
    }

    func testX2_browserKilledMidRunEndsTheRunWithItsMessageAndNoLeftoverProcess() throws {
        let bin = try Requirement.liveblogBinary()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: bin)
        p.arguments = ["simulate", Self.scenarios + "/timeout.json", "--engine", "chromium"]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        // The browser: a child of liveblog leading its own process group.
        var browser: Int32?
        let deadline = Date().addingTimeInterval(30)
        while browser == nil, Date() < deadline, p.isRunning {
            browser = RealEngineCommandTests.children(of: p.processIdentifier).first
            if browser == nil { usleep(20_000) }
        }
        guard let pid = browser else { return XCTFail("no browser process started") }
        usleep(800_000)
        XCTAssertTrue(p.isRunning, "the run is still going when the browser dies")
        // Debian's chromium-headless-shell is a shell script running the browser as its child.
        let engine = RealEngineCommandTests.children(of: pid).first ?? pid
        kill(engine, SIGKILL)
        let end = Date().addingTimeInterval(30)
        while p.isRunning, Date() < end { usleep(20_000) }
        if p.isRunning { p.terminate() }
        p.waitUntilExit()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertNotEqual(p.terminationStatus, 0)
        XCTAssertTrue(message.contains("the browser engine ended") && message.contains(" while "), message)
        XCTAssertEqual(EngineProcesses.waitUntilGone(pid), [], "no engine process outlives the run")
    }

    // MARK: - Helpers

    /// Live child processes of `parent` (from /proc).
    static func children(of parent: Int32) -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name -> Int32? in
            guard let pid = Int32(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let f = stat[stat.index(after: close)...].split(separator: " ")
            return f.count > 3 && f[0] != "Z" && Int32(f[1]) == parent ? pid : nil
        }
    }

    static func run(_ bin: String, _ args: [String], environment: [String: String]) throws
        -> (code: Int32, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: bin)
        p.arguments = args
        p.environment = environment
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// The engine figures (X10) without Chromium: the bench skips it with a message naming the package (no Chromium needed).
final class EngineBenchSkipTests: XCTestCase {
    func testX10_benchSkipsTheEngineFiguresWithAMessageWhenChromiumIsMissing() throws {
        let bin = try Requirement.liveblogBinary()
        var env = ProcessInfo.processInfo.environment
        env["LIVEBLOG_CHROMIUM"] = "/nonexistent/chromium"
        env["PATH"] = "/nonexistent"
        let r = try RealEngineCommandTests.run(bin, ["bench", "--only", "engine"], environment: env)
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.err.contains("engine figures (X10) skipped: no Chromium"), r.err)
        XCTAssertTrue(r.err.contains("chromium-headless-shell"), r.err)
        XCTAssertTrue(r.err.contains("WebKit figures (X16) skipped: no WebKit ("), "X16: \(r.err)")
    }
}

/// The next index to take, for workers sharing a list.
// @unchecked Sendable: the next index is taken under its lock.
private final class Counter: @unchecked Sendable {
    private var next = 0
    private let lock = NSLock()
    func take(below n: Int) -> Int? {
        lock.withLock {
            guard next < n else { return nil }
            defer { next += 1 }
            return next
        }
    }
}
