@testable import BrowserEngine
import Embed
@testable import EngineProcess
import Foundation
import LiveblogModel
import TestSupport
@testable import WebKitEngine
import XCTest

/// X13: WebKit's page in virtual time. The page's clock (timers, `Date`, `performance.now`,
/// animation frames) is installed before the page's own scripts and moves only with the World's
/// frames; the reference embed's responses are held until the network profile's gate releases
/// them at their tick; two runs of a bundled iOS scenario give the same protocol.
final class WebKitClockTests: XCTestCase {
    func testX13_theClockIsInstalledBeforeThePagesScriptsAndStepsWithTheFrames() throws {
        try WebKitPageTests.requireWebKit()
        let dir = NSTemporaryDirectory() + "liveblog-webkit-clock-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The page's first script reads the clock, then reads it in each animation frame and in a
        // 100 ms timer, and reports once its clock has passed 200 ms.
        try """
            <!doctype html><meta charset="utf-8"><title>clock</title>
            <script>
            const first = { perf: performance.now(), date: Date.now(), newDate: new Date().getTime() };
            const frames = [], timers = [];
            setTimeout(() => timers.push(performance.now()), 100);
            const interval = setInterval(() => timers.push("i" + performance.now()), 50);
            const tick = (t) => {
              frames.push([t, performance.now(), Date.now()]);
              if (t < 200) return requestAnimationFrame(tick);
              clearInterval(interval);
              console.log("report " + JSON.stringify({ first, frames, timers }));
            };
            requestAnimationFrame(tick);
            </script><p>a page of the test's own</p>
            """.write(toFile: dir + "/clock.html", atomically: true, encoding: .utf8)
        let server = try LoopbackServer(serving: [dir])
        var config = EngineConfig(device: .iphone15)
        config.hook = nil
        XCTAssertEqual(config.time, .virtual)
        let page = try WebKitPage(source: .url(server.origin + "/files/clock.html?type=text/html;charset=utf-8",
                                               network: .instant, seed: 1), config: config)
        defer { page.close() }
        var events = page.outbox
        while page.tick < 40, report(events) == nil {
            try page.frame(tick: page.tick + 2)
            events += page.outbox
            page.outbox = []
        }
        let r = try XCTUnwrap(report(events), "the page reported: \(events)")
        let wall = config.initialWallTime * 1000
        XCTAssertEqual(r["first"]?["perf"]?.doubleValue, 0, "the page's first script reads the clock at 0")
        XCTAssertEqual(r["first"]?["date"]?.doubleValue, wall, "Date.now() is the configured wall clock")
        XCTAssertEqual(r["first"]?["newDate"]?.doubleValue, wall)
        // After the load (clock 0), a frame every 2 ticks: 16.667 ms apart, Date.now() with it.
        let frames = try XCTUnwrap(r["frames"]?.arrayValue).compactMap { $0.arrayValue?.compactMap(\.doubleValue) }
        let stepped = frames.filter { $0[0] > 0 }
        XCTAssertGreaterThanOrEqual(stepped.count, 12, "\(frames)")
        for (i, f) in stepped.enumerated() {
            XCTAssertEqual(f[0], Double(i + 1) * 1000 / 60, accuracy: 1e-6, "frame \(i + 1)'s time: \(frames)")
            XCTAssertEqual(f[1], f[0], "performance.now() is the frame's time")
            XCTAssertEqual(f[2], (wall + f[0]).rounded(.down), "Date.now() moves with it")
        }
        // Timers run at their own time, in time order, ties in the order they were set: the
        // interval's 100 ms comes after the timeout's (set first); the interval at 50, 100, 150, 200.
        let timers = try XCTUnwrap(r["timers"]?.arrayValue).map { $0.stringValue ?? $0.doubleValue.map { "\($0)" } ?? "?" }
        XCTAssertEqual(Array(timers.prefix(5)), ["i50", "100.0", "i100", "i150", "i200"], "\(timers)")
    }

    /// A driver call returns after the tasks it queued: the page's `hashchange` for a fragment
    /// the app set is in the outbox when `setFragment` returns, at the call's tick, on every run.
    func testX13_aFragmentsHashchangeLandsAtTheTickTheAppSetIt() throws {
        try WebKitPageTests.requireWebKit()
        let dir = NSTemporaryDirectory() + "liveblog-webkit-hash-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try """
            <!doctype html><meta charset="utf-8"><title>hash</title><p>a page of the test's own</p>
            <script>addEventListener("hashchange", () => console.log("hashchange " + location.hash + " at " + performance.now()));</script>
            """.write(toFile: dir + "/hash.html", atomically: true, encoding: .utf8)
        let server = try LoopbackServer(serving: [dir])
        var config = EngineConfig(device: .iphone15)
        config.hook = nil
        let page = try WebKitPage(source: .url(server.origin + "/files/hash.html?type=text/html;charset=utf-8",
                                               network: .instant, seed: 1), config: config)
        defer { page.close() }
        try page.frame(tick: 10)
        page.outbox = []
        for (i, id) in ["ev-1", "ev-2", "ev-3"].enumerated() {
            try page.setFragment(id)
            let lines = page.outbox.compactMap { e -> String? in
                if case let .page(.console(_, message)) = e { return message }
                return nil
            }
            page.outbox = []
            XCTAssertEqual(lines, ["hashchange #tickaroo_event_id=\(id) at \(ProtocolJSON.number(WebKitClock.millis(10 + 2 * i)))"],
                           "the hashchange of the call, at its tick")
            try page.frame(tick: page.tick + 2)
        }
    }

    func testX13_aResponseIsHeldUntilItsTickUnderTheNetworkProfile() throws {
        try WebKitPageTests.requireWebKit()
        let liveblog = try LiveblogLoader.load(path: TestPaths.sample)
        var loadTicks: [[Int]] = []
        for _ in 0..<2 {
            var pageConfig = PageConfig()
            pageConfig.networkProfile = .threeG
            let page = try WebKitPage(source: .reference(liveblog, pageConfig), config: EngineConfig(device: .iphone15))
            defer { page.close() }
            // Each image's load, by the page's clock (the gate releases at frame boundaries).
            let watch = """
                (() => { window.__loads = []; for (const img of document.images) {
                  if (img.complete && img.naturalWidth > 0) window.__loads.push(-1);
                  else img.addEventListener("load", () => window.__loads.push(Math.round(performance.now() * 120 / 1000)));
                } return document.images.length; })()
                """
            let images = try page.evaluate(watch, doing: "watching the images").intValue ?? 0
            XCTAssertGreaterThan(images, 0, "the sample has images")
            XCTAssertTrue(page.isLoading, "the held requests are the page's loading")
            // 3g's shortest delay is 0.3 s (36 ticks): nothing has come before it.
            try page.frame(tick: 34)
            let early = try page.evaluate("window.__loads", doing: "reading the loads").arrayValue ?? []
            XCTAssertEqual(early.count, 0, "no image is in before 3g's 0.3 s: \(early)")
            try page.frame(tick: 6 * 120)
            let ticks = (try page.evaluate("window.__loads", doing: "reading the loads").arrayValue ?? []).compactMap(\.intValue)
            XCTAssertFalse(ticks.isEmpty, "images came within 6 s")
            XCTAssertTrue(ticks.allSatisfy { $0 >= 36 && $0 % 2 == 0 }, "each at a frame after 0.3 s: \(ticks)")
            loadTicks.append(ticks)
        }
        XCTAssertEqual(loadTicks[0], loadTicks[1], "the same ticks on a second run")
    }

    func testX13_twoRunsOfABundledIosScenarioGiveTheSameProtocol() throws {
        try WebKitPageTests.requireWebKit()
        _ = try Requirement.liveblogBinary()
        let scenario = TestPaths.root + "/Assets/scenarios/ios-3g-landing.json"
        var protocols: [[String]] = []
        for run in 0..<2 {
            let trace = NSTemporaryDirectory() + "liveblog-webkit-clock-\(getpid())-\(run).jsonl"
            defer { unlink(trace) }
            let r = Subprocess.output(TestPaths.liveblog, ["simulate", scenario, "--engine", "webkit", "--trace", trace],
                                      timeout: 300)
            XCTAssertEqual(r.code, 0, "the scenario's expectations pass in WebKit: \(r.out)\(r.err)")
            let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
                .compactMap { try? JSONParser.parse(String($0)) }
            XCTAssertTrue(lines.contains { $0["message"]?.stringValue?.contains("steps with the World's frames") == true })
            protocols.append(lines.compactMap(Self.protocolLine))
        }
        XCTAssertFalse(protocols[0].isEmpty)
        XCTAssertTrue(protocols[0].contains { $0.contains("correction true") }, "corrections under 3g: \(protocols[0])")
        XCTAssertEqual(protocols[0], protocols[1], "the same protocol twice")
    }

    /// A protocol line without `top` (the layout's): navigations and results, jumpIds, correction
    /// flags, argument counts, hold ends, each with its time.
    static func protocolLine(_ l: JSONValue) -> String? {
        let t = l["t"]?.doubleValue ?? -1
        switch l["ev"]?.stringValue {
        case "nav": return "\(t) nav \(l["id"]?.stringValue ?? "") \(l["result"]?.stringValue ?? "")"
        case "hook":
            return "\(t) hook \(l["jumpId"]?.intValue ?? 0) correction \(l["correction"]?.boolValue ?? false) "
                + "args \(l["args"]?.intValue ?? 0)"
        case "hold-end": return "\(t) hold-end \(l["jumpId"]?.intValue ?? 0) \(l["reason"]?.stringValue ?? "")"
        default: return nil
        }
    }

    private func report(_ events: [EngineEvent]) -> JSONValue? {
        for case let .page(.console(_, message)) in events where message.hasPrefix("report ") {
            return try? JSONParser.parse(String(message.dropFirst(7)))
        }
        return nil
    }
}
