import BrowserEngine
import Embed
import EngineProcess
import Foundation
import LiveblogModel
import TextCells
import VirtualTime

/// Opening a WebKit page and reading what it sends (X11, X12): the helper's load events, dialogs,
/// popups, downloads, crashes, and the messages the page's scripts post to the handlers.
extension WebKitPage {
    func load() throws {
        try guarded("opening the page") {
            outbox.append(.engine(.start(product: product)))
            if let note = helper.privileges.note { outbox.append(.engine(.note(note))) }
            outbox.append(.engine(.note(clocked ? WebKitPage.clockNote(gated: gate != nil) : WebKitPage.realTimeNote)))
            let doing = "loading \(shownURL)"
            let android = config.device.platform == .android
            let handlers = [WebKitPage.channel, WebKitPage.viewChanged, WebKitPage.console]
                + (android ? [InjectedScript.bridge] : [WebKitPage.bridgeHandler]) + (clocked ? [WebKitClock.handler] : [])
            // X13: the clock first, before any other script (and the page's own).
            let clock = clocked ? [WebKitClock.source(assets: assets, wallMillis: config.initialWallTime * 1000)] : []
            let scripts = clock + [WebKitPage.prelude(android: android), InjectedScript.source(assets: assets, config: config),
                                   assets.text("engine-view.js")]
            let ua = config.device.userAgent(chromeVersion: "")
            let r = try helper.call("open", [
                ("url", .string(url)), ("width", .int(Int(width.rounded()))),
                ("height", .int(Int(windowHeight(viewportHeight)))), ("userAgent", .string(ua)),
                ("scripts", .array(scripts.map(JSONValue.string))), ("handlers", .array(handlers.map(JSONValue.string)))]
                + (gate != nil ? [("scheme", .string(WebKitPage.scheme))] : [])
                + [("scrollAnchoring", .int(WebKitPage.scrollAnchoring ? 1 : 0)),
                   ("scale", .int(WebKitPage.scale(of: config.device)))],
                doing: doing)
            userAgent = r["userAgent"]?.stringValue ?? ua
            noteScrollAnchoring(r["scrollAnchoring"]?.intValue ?? -1)
            try runUntilReady(doing: doing)
            loading = false
            start = Date()
            geometryCache = nil
            contentHeight = try geometry().contentHeight
        }
    }

    /// Runs the page until it is ready. Virtual time: its clock stays at 0 while the page's tasks
    /// of time 0 and its animation frames run (a step a turn, as Chromium's load steps a
    /// microsecond a frame); the network gate releases nothing before tick 0 (as Chromium's).
    private func runUntilReady(doing: String) throws {
        let deadline = Date().addingTimeInterval(config.loadTimeout)
        while !(ready && documentReady) {
            guard Date() < deadline else {
                throw EngineError.timeout(waitingFor: site != nil ? "the liveblog to initialise" : "the page's load",
                                            seconds: config.loadTimeout, doing: doing)
            }
            try helper.pump(timeout: clocked ? 0.005 : 0.05, doing: doing)
            try absorb(doing: doing)
            if clocked, documentReady {
                try helper.call("call", [("body", .string(WebKitClock.step(millis: 0, draw: true, settle: false)))],
                                doing: doing)
                try absorb(doing: doing)
                gate?.endFrame(tick: 0)
            }
        }
    }

    static func clockNote(gated: Bool) -> String {
        "WebKit has no virtual time: the page's timers, Date, performance.now and animation frames run on a clock "
            + "liveblog steps with the World's frames (X13)"
            + (gated ? ", and its responses are released by the network profile through the helper's own scheme"
                : "; a page of one's own runs with the network profile instant (WebKit cannot hold its http(s) requests)")
            + "; layout, image decoding and ResizeObserver run on WebKit's own clock, waited for once a frame"
    }

    static let realTimeNote = "WebKit runs the page in real time (view): its timers, animation frames and loads "
        + "follow the wall clock and the network profile is not applied (the loopback server answers at once)"

    /// Injected before inject.js: its bindings as functions posting to WebKit's message handlers
    /// (iOS keeps WebKit's own `window.webkit`, so the shim posts through the real `scrollToSwift`;
    /// Android gets inject.js's `tik4Android` on a bridge handler), and the console forwarded.
    static func prelude(android: Bool) -> String {
        let bridge = android ? "define(\(JSONWriter.quote(InjectedScript.bridge)));" : ""
        return """
        (() => {
          const handlers = window.webkit && window.webkit.messageHandlers;
          if (!handlers) return;
          const post = (name) => (payload) => { try { handlers[name].postMessage(payload); } catch (e) { /* gone */ } };
          const define = (name) => Object.defineProperty(window, name,
            { value: post(name), configurable: true, writable: true, enumerable: false });
          define(\(JSONWriter.quote(channel))); define(\(JSONWriter.quote(viewChanged))); \(bridge)
          const con = post(\(JSONWriter.quote(console)));
          const text = (x) => { try { return typeof x === "string" ? x : x instanceof Error ? String(x)
            : (JSON.stringify(x) ?? String(x)); } catch (e) { return String(x); } };
          for (const level of ["log", "info", "warn", "error", "debug"]) {
            const original = console[level];
            console[level] = function (...args) { con({ level, text: args.map(text).join(" ") });
              return original.apply(this, args); };
          }
          addEventListener("error", (e) => con({ level: "error", text: "Uncaught " + (e.error ? String(e.error) : e.message) }));
          addEventListener("unhandledrejection", (e) => con({ level: "error", text: "Uncaught (in promise) " + text(e.reason) }));
        })();
        """
    }

    /// X12: scroll anchoring as iOS has it. iOS 26 and earlier have no CSS scroll anchoring (no
    /// `overflow-anchor` in their WebKit; MDN's compatibility data has it from Safari 27), so
    /// WebKit's `CSSScrollAnchoring` feature is set off whatever this WebKitGTK's default is;
    /// `LIVEBLOG_WEBKIT_SCROLL_ANCHORING=1` sets it on (as Safari 27's WebKit).
    static var scrollAnchoring: Bool {
        ProcessInfo.processInfo.environment["LIVEBLOG_WEBKIT_SCROLL_ANCHORING"] == "1"
    }

    /// What the helper set (1 on, 0 off, -1 no such feature in this WebKitGTK), as a note.
    private func noteScrollAnchoring(_ value: Int) {
        switch value {
        case 1: note("CSS scroll anchoring is on (LIVEBLOG_WEBKIT_SCROLL_ANCHORING=1: as Safari 27's WebKit, "
                     + "not iOS 26 and earlier)")
        case 0: note("CSS scroll anchoring is off, as in iOS 26 and earlier: a web view that scrolls itself "
                     + "moves with what loads above its posts (X12)")
        default: note("this WebKitGTK has no CSSScrollAnchoring feature: scroll anchoring is its default")
        }
    }

    /// The window's height for a web view of height `h` (content-sized: the document's).
    func windowHeight(_ h: Double) -> Double {
        max(1, min(WebKitPage.maxWindowHeight, PageNumber.clampedSize(h).rounded(.up)))
    }

    // MARK: - Events

    package func absorb(doing: String) throws {
        for e in helper.takeEvents() {
            switch e["ev"]?.stringValue {
            case "message": message(e["name"]?.stringValue ?? "", e["body"] ?? .null)
            case "request": schemeRequest(rid: e["rid"]?.intValue ?? 0, uri: e["uri"]?.stringValue ?? "")
            case "load": try loadEvent(e["event"]?.stringValue ?? "", url: e["url"]?.stringValue)
            case "load-failed":
                let why = Sanitizer.clean(e["error"]?.stringValue ?? "failed")
                if loading { throw EngineError.page("the page \(shownURL) did not load: \(why)") }
                outbox.append(.engine(.note("a navigation of the page failed: \(why)")))
            case "dialog":
                let type = Sanitizer.clean(e["type"]?.stringValue ?? "a")
                let text = Sanitizer.clean(String((e["message"]?.stringValue ?? "").prefix(200)))
                outbox.append(.engine(.note("the page opened \(type) dialog \"\(text)\": dismissed, as by a web view "
                                            + "without a UI delegate (S5)")))
            case "progress": webkitProgress = min(1, max(0, e["value"]?.doubleValue ?? webkitProgress))
            case "popup": note("the page tried to open a window: blocked, as a single-window web view does (S5)")
            case "download": outbox.append(.engine(.note("the page started a download: refused (S5)")))
            case "crash":
                // S8: a killed WebKitWebProcess is "crashed" to WebKit; the run ends, the helper's group with it.
                let why = Sanitizer.clean(e["reason"]?.stringValue ?? "the page's web process ended")
                throw EngineError.page("\(why) (or was killed) at \(at); the run ends here (S8)")
            default: break
            }
        }
        if gate != nil { try answerReleased(doing: doing) }
        for refused in site?.takeRefusals() ?? [] { outbox.append(.engine(.note(refused))) }
        reportProgress()
    }

    /// W1: WebKit's `estimated-load-progress` (what WKWebView's `estimatedProgress` reads), in the
    /// trace when it moved by a tenth or reached 1, after the page's load, as Chromium's count.
    private func reportProgress() {
        let v = webkitProgress
        guard !loading, abs(v - reportedProgress) >= 0.1 - 1e-9 || (v == 1 && reportedProgress != 1) else { return }
        reportedProgress = v
        outbox.append(.page(.progress(v)))
    }

    /// The page's time now, for messages (virtual time: the tick's; real time: the frame's).
    var at: String { String(format: "%.3f s", VirtualClock.seconds(tick)) }

    private func loadEvent(_ event: String, url: String?) throws {
        switch event {
        case "committed" where !loading && clocked:
            // S5, as Chromium's: in virtual time a scenario's page stays on its document.
            let to = url.map { $0.hasPrefix(WebKitPage.schemeBase) ? shownURL + " (reloaded)" : Sanitizer.clean($0) }
            throw EngineError.page("the page navigated to \(to ?? "another document") at \(at) "
                + "(its own script, a reload or a link): a scenario's page must stay on its document, so the run "
                + "ends here (S5; view follows a page's navigations)")
        case "committed":
            outbox.append(.engine(.navigation(url: shownURL)))
            documents += 1
            geometryCache = nil
        case "finished" where !clocked:
            documentReady = true
            if site == nil { ready = true }
        default: break
        }
    }

    private func message(_ name: String, _ body: JSONValue) {
        switch name {
        case WebKitPage.channel: body.stringValue.map(channel)
        case WebKitPage.viewChanged: geometryCache = nil
        case WebKitPage.console:
            let level = body["level"]?.stringValue ?? "log"
            let text = Sanitizer.clean(String((body["text"]?.stringValue ?? "").prefix(2000)))
            outbox.append(.page(.console(level: EngineEvent.consoleLevel(level == "warn" ? "warning" : level), message: text)))
        case WebKitPage.bridgeHandler: iosBridge(body)
        case WebKitClock.handler:
            switch body["k"]?.stringValue {
            case "dcl":
                // Virtual time: DOMContentLoaded, as Chromium's load waits for (the load event waits
                // for images, which the gate holds until the World's frames).
                documentReady = true
                if site == nil { ready = true }
            case "image": if let u = body["url"]?.stringValue { pageHas(u) }
            default: break
            }
        case InjectedScript.bridge: body.stringValue.map(androidBridge)
        default: break
        }
    }

    /// What the native side reads of `scrollToSwift`'s body (as `EnginePage.bridge`): `top as?
    /// CGFloat` (none: dropped), `correction as? Bool ?? false`, `jumpId as? Int ?? 0`.
    private func iosBridge(_ body: JSONValue) {
        guard let top = body["top"]?.doubleValue else { return }
        guard PageNumber.coordinate(top) != nil else {
            return outbox.append(.engine(.note(PageNumber.note("scrollToSwift's top", top))))
        }
        let correction = body["correction"]?.boolValue ?? body["correction"]?.doubleValue.map { $0 == 1 } ?? false
        let jumpId = body["jumpId"]?.doubleValue.flatMap { Int(exactly: $0) } ?? 0
        heldBridge.append(.bridge(BoundBridgeCall(platform: .ios, top: top, correction: correction, jumpId: jumpId)))
    }

    private func androidBridge(_ payload: String) {
        guard let m = try? JSONParser.parse(payload), let a = m["args"]?.arrayValue, a.count == 3 else { return }
        if let raw = a[0].doubleValue, PageNumber.coordinate(raw) == nil {
            return outbox.append(.engine(.note(PageNumber.note("tickarooLiveblogScrollTo's top", raw))))
        }
        outbox.append(.bridge(BoundBridgeCall(platform: .android, top: a[0].doubleValue ?? 0,
                                              correction: a[1].boolValue ?? false, jumpId: a[2].intValue ?? 0)))
    }

    /// The bridge messages held for their hook call's report.
    func flushBridge() {
        outbox += heldBridge
        heldBridge = []
    }
}
