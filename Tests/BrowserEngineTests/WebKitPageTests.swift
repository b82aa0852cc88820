@testable import BrowserEngine
import Embed
import Foundation
import LiveblogModel
import TestSupport
@testable import WebKitEngine
import XCTest

/// X11, X12: a page in WebKit (the WebKit helper under its own Xvfb), driven directly: a page the
/// test serves reads the real `scrollToSwift` handler and WebKit's user agent from inside, and
/// the helper's group is gone after the page closes.
final class WebKitPageTests: XCTestCase {
    static func requireWebKit() throws {
        try Requirement.check("WebKit (the helper is built from libwebkit2gtk-4.1-dev and libjson-glib-dev; Xvfb)",
                              install: "apt-get install -y libwebkit2gtk-4.1-dev libjson-glib-dev xvfb") {
            _ = try WebKitLocator.locate()
        }
    }

    func testX12_aPageServedByTheTestReadsTheRealScrollToSwiftHandlerAndWebKitsUserAgent() throws {
        try Self.requireWebKit()
        let dir = NSTemporaryDirectory() + "liveblog-webkit-page-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try """
            <!doctype html><meta charset="utf-8"><title>t</title><p>a page of the test's own</p>
            <script>
            const handler = window.webkit && window.webkit.messageHandlers && window.webkit.messageHandlers.scrollToSwift;
            const post = handler && handler.postMessage;
            const returned = handler ? handler.postMessage({ top: 42.5, correction: true, jumpId: 7 }) : null;
            console.log("report " + JSON.stringify({ type: typeof post,
              native: /\\[native code\\]/.test(Function.prototype.toString.call(post)),
              promise: returned instanceof Promise, ua: navigator.userAgent,
              dpr: window.devicePixelRatio, width: window.innerWidth,
              screen: [screen.width, screen.height, screen.availWidth, screen.availHeight] }));
            </script>
            """.write(toFile: dir + "/page.html", atomically: true, encoding: .utf8)
        let server = try LoopbackServer(serving: [dir])
        var config = EngineConfig(device: .iphone15)
        config.time = .realTime
        config.hook = nil
        let page = try WebKitPage(source: .url(server.origin + "/files/page.html?type=text/html;charset=utf-8", network: .instant, seed: 1),
                                  config: config)
        defer { page.close() }
        let deadline = Date().addingTimeInterval(10)
        var events: [EngineEvent] = []
        while Date() < deadline, !events.contains(where: \.isBridge) || report(events) == nil {
            try page.frame(tick: page.tick + 2)
            events += page.outbox
            page.outbox = []
        }
        XCTAssertTrue(events.contains(.bridge(BoundBridgeCall(platform: .ios, top: 42.5, correction: true, jumpId: 7))),
                      "the page's postMessage reached the scrollToSwift handler: \(events)")
        let r = try XCTUnwrap(report(events), "the page reported: \(events)")
        XCTAssertEqual(r["type"]?.stringValue, "function")
        XCTAssertEqual(r["native"]?.boolValue, true, "WebKit's own postMessage, not a script's")
        XCTAssertEqual(r["promise"]?.boolValue, true, "WebKit's postMessage returns a Promise")
        let ua = try XCTUnwrap(r["ua"]?.stringValue)
        XCTAssertEqual(ua, EngineDevice.iphone15.userAgent(chromeVersion: ""), "the iOS user agent, from inside the page")
        XCTAssertEqual(page.userAgent, ua)
        XCTAssertEqual(r["dpr"]?.doubleValue, EngineDevice.iphone15.density, "devicePixelRatio is the device's density")
        XCTAssertEqual(r["width"]?.doubleValue, EngineDevice.iphone15.width, "laid out at the device's width in CSS px")
        // The screen is the device's (393 x 852 on an iPhone 15, as Chromium's emulation gives;
        // on the helper's former 1280 x 1024 display at scale 3 it read 426 x 341).
        let (w, h) = (EngineDevice.iphone15.width, EngineDevice.iphone15.height)
        XCTAssertEqual(r["screen"]?.arrayValue?.compactMap(\.doubleValue), [w, h, w, h], "screen.width, height, availWidth, availHeight")
        XCTAssertTrue(events.contains(.engine(.start(product: page.product))))
        XCTAssertTrue(page.product.hasPrefix("WebKitGTK/2."), page.product)
    }

    func testX11_noProcessOfTheHelperIsLeftAfterThePageCloses() throws {
        try Self.requireWebKit()
        var config = EngineConfig(device: .iphone15)
        config.time = .realTime
        let liveblog = try LiveblogLoader.load(path: TestPaths.sample)
        let started = Date()
        let page = try WebKitPage(source: .reference(liveblog, PageConfig()), config: config)
        let ready = Date().timeIntervalSince(started)
        let group = page.helper.pid
        // For docs/engine.md ("Measured"): the helper's start (Xvfb, GTK) and the sample's load, and
        // the group's memory once it is ready.
        let kib = EngineProcesses.inGroup(group).compactMap { pid -> Int? in
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            return status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
                .flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
        }.reduce(0, +)
        print(String(format: "WebKit measured: helper ready %.0f ms, sample ready %.0f ms, group RSS %d MB",
                     page.helper.startSeconds * 1000, ready * 1000, kib / 1024))
        let run = page.helper.runDirectory
        XCTAssertGreaterThanOrEqual(EngineProcesses.inGroup(group).count, 3, "the helper, its Xvfb and WebKit's processes")
        XCTAssertTrue(page.speaksProtocol, "the reference embed initialised in WebKit")
        if geteuid() == 0 {
            // S3: as root, the helper, its Xvfb and WebKit's processes run as an unprivileged user.
            for pid in EngineProcesses.inGroup(group) {
                let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
                let uid = status.split(separator: "\n").first { $0.hasPrefix("Uid:") }?.split(separator: "\t").dropFirst().first
                XCTAssertNotEqual(uid, "0", "process \(pid) of the helper's group runs as root")
            }
        }
        page.close()
        XCTAssertEqual(EngineProcesses.waitUntilGone(group), [], "nothing of the helper's group is left")
        XCTAssertFalse(FileManager.default.fileExists(atPath: run), "its run directory is removed")
    }

    /// X14 in part: a tap arrives as a click at its place (WebKitGTK has no touch without a
    /// touchscreen), a wheel turn as a wheel event, keys as key events with the DOM's names.
    func testX14_tapsWheelTurnsAndKeysReachThePageInWebKit() throws {
        try Self.requireWebKit()
        let dir = NSTemporaryDirectory() + "liveblog-webkit-input-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try """
            <!doctype html><meta charset="utf-8"><body style="height: 3000px; margin: 0">
            <script>
            addEventListener("touchstart", () => console.log("input touchstart"));
            addEventListener("click", (e) => console.log("input click " + e.clientX + "," + e.clientY));
            addEventListener("wheel", (e) => console.log("input wheel " + (e.deltaY > 0 ? "down" : "up")));
            addEventListener("keydown", (e) => console.log("input key " + e.key));
            </script>
            """.write(toFile: dir + "/input.html", atomically: true, encoding: .utf8)
        let server = try LoopbackServer(serving: [dir])
        var config = EngineConfig(device: .iphone15)
        config.time = .realTime
        config.hook = nil
        let page = try WebKitPage(source: .url(server.origin + "/files/input.html?type=text/html", network: .instant,
                                               seed: 1), config: config)
        defer { page.close() }
        // Each in turn (WebKit delivers a synthesized click after its press and release are
        // handled, which a key sent just after it can overtake).
        let inputs: [(() throws -> Void, String)] = [
            ({ try page.tap(x: 40, y: 60) }, "input click 40,60"), ({ try page.wheel(x: 40, y: 60, deltaY: 120) }, "input wheel down"),
            ({ try page.key("a") }, "input key a"), ({ try page.key("ArrowDown") }, "input key ArrowDown")]
        for (send, expected) in inputs {
            try send()
            var seen: [String] = []
            let deadline = Date().addingTimeInterval(5)
            while Date() < deadline, !seen.contains(expected) {
                try page.frame(tick: page.tick + 2)
                for case let .page(.console(_, m)) in page.outbox where m.hasPrefix("input ") { seen.append(m) }
                page.outbox = []
            }
            XCTAssertEqual(seen, [expected], "what the page saw")
        }
    }

    private func report(_ events: [EngineEvent]) -> JSONValue? {
        for case let .page(.console(_, message)) in events where message.hasPrefix("report ") {
            return try? JSONParser.parse(String(message.dropFirst(7)))
        }
        return nil
    }
}

extension EngineEvent {
    var isBridge: Bool {
        if case .bridge = self { return true }
        return false
    }
}
