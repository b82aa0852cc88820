import Foundation
import XCTest
import TestSupport

/// S5 and S8 in WebKit, as `HostilePageTests` has them for Chromium: a page served by the test on
/// 127.0.0.1 that navigates itself away ends a scenario at once naming where, and a killed
/// WebKitWebProcess is named in the run's message, with no process of the helper's group left.
/// X13, X14: a page of one's own under a network profile is refused in WebKit's `simulate`.
final class WebKitHostilePageTests: ServedPageTestCase {
    private static let jump = "window.tickarooLiveblogScrollTo(500, {jumpId: 1, correction: false})"

    override func setUpWithError() throws {
        try super.setUpWithError()
        let webkit = Requirement.find("pkg-config").map {
            Subprocess.output($0, ["--exists", "webkit2gtk-4.1", "json-glib-1.0"]).code == 0 } ?? false
        try Requirement.check(webkit && Requirement.find("Xvfb") != nil,
                              "WebKit (the helper is built from libwebkit2gtk-4.1-dev and libjson-glib-dev; Xvfb)",
                              install: "apt-get install -y libwebkit2gtk-4.1-dev libjson-glib-dev xvfb")
    }

    /// A page of three posts whose `navigateToEventId` jumps, and `script` at load.
    private func page(_ name: String, script: String = "") throws -> String {
        try threePostPage(name, jump: Self.jump, script: script)
    }

    private func scenario(_ url: String, duration: Double) throws -> String {
        let path = dir + "/s-\(UInt32.random(in: 0...UInt32.max)).json"
        try ("{\"name\": \"hostile\", \"pageURL\": \"\(url)\", \"platform\": \"ios\", \"device\": \"iphone-15\", "
             + "\"duration\": \(duration), \"events\": [{\"at\": 0.5, \"jump\": \"a1\"}]}")
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func args(_ scenario: String) -> [String] {
        ["simulate", scenario, "--engine", "webkit", "--page-element", "my-blog", "--post-selector", ".post"]
    }

    func testS5_aPageThatNavigatesItselfInWebKitStopsTheScenarioAtOnceNamingWhere() throws {
        let elsewhere = try page("elsewhere")
        for (name, script) in [("script", "setTimeout(() => { location.href = '\(elsewhere)'; }, 300);"),
                               ("reload", "setTimeout(() => location.reload(), 300);")] {
            let path = try scenario(try page("nav-" + name, script: script), duration: 3)
            let trace = path + ".jsonl"
            let started = Date()
            let r = Subprocess.output(try Requirement.liveblogBinary(), args(path) + ["--trace", trace], timeout: 120)
            XCTAssertEqual(r.code, 70, "\(name): \(r.err)")
            XCTAssertLessThan(Date().timeIntervalSince(started), 40, "\(name): at once, not at the scenario's end")
            let to = ["script": "elsewhere.html", "reload": "nav-reload.html"][name]!
            XCTAssertTrue(r.err.contains("the page navigated to ") && r.err.contains(to), "\(name): \(r.err)")
            let kept = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
            XCTAssertTrue(kept.contains("\"kind\":\"crash\",\"message\":\"the page navigated to"), "the trace so far is kept")
        }
    }

    func testS8_aKilledWebKitWebProcessIsNamedAndNothingIsLeft() throws {
        let path = try scenario(try page("long"), duration: 60)
        let errPath = path + ".err"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try Requirement.liveblogBinary())
        p.arguments = args(path)
        p.standardOutput = FileHandle.nullDevice
        XCTAssertTrue(FileManager.default.createFile(atPath: errPath, contents: nil))
        p.standardError = FileHandle(forWritingAtPath: errPath)
        try p.run()
        defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }
        var group: Int32?
        var web: Int32?
        Wait.until(timeout: 60) {
            group = Running.children(of: p.processIdentifier).map { getpgid($0) }.first { $0 > 0 }
            web = group.flatMap { g in EngineProcesses.inGroup(g).first { Self.comm($0) == "WebKitWebProces" } }
            return web != nil
        }
        let renderer = try XCTUnwrap(web, "a WebKitWebProcess runs in the helper's group")
        Thread.sleep(forTimeInterval: 1)
        kill(renderer, SIGKILL)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 70)
        let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        XCTAssertTrue(err.contains("the page's web process crashed (or was killed) at "), err)
        XCTAssertEqual(EngineProcesses.waitUntilGone(try XCTUnwrap(group)), [], "no process of the helper's group is left")
    }

    /// X13, X14: WebKitGTK cannot hold a page of one's own's http(s) requests, so `simulate` refuses
    /// one under a network profile (at the start: exit 64; switched to one by the `n` key during
    /// the run: the run ends there) and runs it with the profile instant.
    func testX13_aPageOfOnesOwnUnderANetworkProfileIsRefusedInWebKit() throws {
        let url = try page("profiled")
        let cases: [(network: String, events: String, code: Int32)] = [
            ("3g", "[{\"at\": 0.5, \"jump\": \"a1\"}]", 64),
            ("instant", "[{\"at\": 0.5, \"key\": \"n\"}]", 70),
            ("instant", "[{\"at\": 0.5, \"jump\": \"a1\"}]", 0)]
        for c in cases {
            let path = dir + "/s-\(UInt32.random(in: 0...UInt32.max)).json"
            try ("{\"name\": \"profiled\", \"pageURL\": \"\(url)\", \"platform\": \"ios\", \"device\": \"iphone-15\", "
                 + "\"network\": {\"profile\": \"\(c.network)\"}, \"duration\": 1.5, \"events\": \(c.events)}")
                .write(toFile: path, atomically: true, encoding: .utf8)
            let r = Subprocess.output(try Requirement.liveblogBinary(), args(path), timeout: 120)
            XCTAssertEqual(r.code, c.code, "\(c): \(r.err)")
            guard c.code != 0 else { continue }
            let profile = c.code == 64 ? "3g" : "fast"
            XCTAssertTrue(r.err.contains("the network profile \(profile) cannot be applied to a page of your own (--page-url) "
                                         + "in WebKit: WebKitGTK cannot hold its http(s) requests"), "\(c): \(r.err)")
        }
    }

    private static func comm(_ pid: Int32) -> String {
        ((try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
