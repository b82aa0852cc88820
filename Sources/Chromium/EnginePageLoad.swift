import BrowserEngine
import Embed
import EngineProcess
import Foundation
import LiveblogModel
import TextCells

/// Opening the page (X3–X5): the web view set up as the platform's, the shim injected at
/// document start, the page loaded and run until it is ready.
extension EnginePage {
    func load() throws {
        try guarded("opening the page") {
            try setUp()
            outbox.append(.engine(.start(product: browser.product)))
            // S3: who runs the page, when it is less than it should be.
            if let note = browser.privileges.note { outbox.append(.engine(.note(note))) }
            progress.documentStarted()
            try navigate()
            try runUntilReady()
        }
    }

    private func setUp() throws {
        let doing = "setting up the web view"
        for domain in ["Runtime", "Page"] { try session.call("\(domain).enable", doing: doing) }
        try checkSelectors(doing: doing)
        try session.call("Network.enable", .obj(("maxPostDataSize", .int(0))), doing: doing)
        try session.call("Network.setCacheDisabled", .obj(("cacheDisabled", .bool(true))), doing: doing)
        let pattern: JSONValue = .obj(("urlPattern", .string("*")), ("requestStage", .string("Request")))
        try session.call("Fetch.enable", .obj(("patterns", .array([pattern]))), doing: doing)
        for name in [InjectedScript.channel, InjectedScript.bridge] + (isVirtual ? [] : [InjectedScript.viewChanged]) {
            try session.call("Runtime.addBinding", .obj(("name", .string(name))), doing: doing)
        }
        try applyMetrics(doing: doing)
        let version = browser.product.split(separator: "/").last.map(String.init) ?? "0"
        try session.call("Emulation.setUserAgentOverride", .obj(
            ("userAgent", .string(config.device.userAgent(chromeVersion: version))),
            ("platform", .string(config.device.platform == .ios ? "iPhone" : "Linux armv8l"))), doing: doing)
        try session.call("Emulation.setTouchEmulationEnabled", .obj(("enabled", .bool(true)),
                                                                   ("maxTouchPoints", .int(5))), doing: doing)
        try session.call("Emulation.setFocusEmulationEnabled", .obj(("enabled", .bool(true))), doing: doing)
        try session.call("Page.addScriptToEvaluateOnNewDocument", .obj(
            ("source", .string(InjectedScript.source(assets: assets, config: config)))), doing: doing)
        try session.call("Page.addScriptToEvaluateOnNewDocument", .obj(
            ("source", .string(assets.text("engine-view.js")))), doing: doing)
        if isVirtual {
            try session.call("Emulation.setVirtualTimePolicy", .obj(
                ("policy", .string("pause")), ("initialVirtualTime", .number(config.initialWallTime))), doing: doing)
        }
    }

    /// S8: each selector the page is read with is CSS, asked of the engine's own parser on the
    /// blank document before the page loads (not a JavaScript stack after it).
    private func checkSelectors(doing: String) throws {
        let given = [("--page-element (pageElement)", config.elementSelector),
                     ("--post-selector (postSelector)", config.postSelector),
                     ("--highlight-selector", config.highlightSelector), ("--chapter-selector", config.chapterSelector),
                     ("--scorer-selector", config.scorerSelector)]
        for (option, selector) in given {
            let literal = JSONWriter.write(.string(selector))
            let r = try evaluate("(() => { try { document.querySelector(\(literal)); return ''; } "
                                 + "catch (e) { return String(e && e.message || e); } })()", doing: doing)
            if let why = r.stringValue, !why.isEmpty {
                throw EngineError.badSelector(option: option, selector: Sanitizer.clean(selector),
                                                why: Sanitizer.clean(String(why.prefix(200))))
            }
        }
    }

    /// The viewport: the web row's width and height at the device's density, mobile (X5).
    func applyMetrics(doing: String) throws {
        let d = config.device
        try session.call("Emulation.setDeviceMetricsOverride", .obj(
            ("width", .int(Int(PageNumber.clampedSize(width).rounded()))),
            ("height", .int(max(1, Int(PageNumber.clampedSize(viewportHeight).rounded(.up))))),
            ("deviceScaleFactor", .number(d.density)), ("mobile", .bool(true)),
            ("screenWidth", .int(Int(d.width))), ("screenHeight", .int(Int(d.height)))), doing: doing)
    }

    private func navigate() throws {
        let doing = "loading \(shownURL)"
        let id = try session.send("Page.navigate", .obj(("url", .string(url))), doing: doing)
        let deadline = Date().addingTimeInterval(config.loadTimeout)
        while !client.hasReply(id) {
            guard Date() < deadline else {
                throw EngineError.timeout(waitingFor: "the reply to Page.navigate", seconds: config.loadTimeout,
                                            doing: doing)
            }
            try client.pump(timeout: min(0.5, max(0.01, deadline.timeIntervalSinceNow)), doing: doing)
            try absorb(doing: doing)
        }
        let r = try client.reply(to: id, doing: doing)
        if let error = r["errorText"]?.stringValue, !error.isEmpty {
            // S8: a renderer killed during the load aborts the navigation; its crash, which comes
            // just after, is the cause to name (the guards throw it as it arrives).
            let until = Date().addingTimeInterval(0.5)
            while Date() < until { _ = try client.pump(timeout: 0.1, doing: doing) }
            throw EngineError.commandFailed(command: "Page.navigate", code: 0, message: "\(url): \(error)")
        }
    }

    /// Steps (virtual) or real time until the page is ready, then a frame so it has drawn once;
    /// its height then is the web row's first height (E2: only later changes count).
    private func runUntilReady() throws {
        let doing = "loading \(shownURL)"
        let deadline = Date().addingTimeInterval(config.loadTimeout)
        var steps = 0
        while !(ready && documentReady) {
            guard steps < config.maxLoadSteps, Date() < deadline else {
                throw EngineError.timeout(waitingFor: speaksProtocol || site != nil ? "the liveblog to initialise"
                                                : "DOMContentLoaded", seconds: config.loadTimeout, doing: doing)
            }
            if isVirtual {
                try stepVirtual(toMicros: micros + 1, tick: 0, doing: doing)
                if !ready { try client.pump(timeout: 0.002, doing: doing) }
            } else {
                try client.pump(timeout: 0.05, doing: doing)
                try absorb(doing: doing)
            }
            steps += 1
        }
        if isVirtual { try stepVirtual(toMicros: micros, tick: 0, doing: doing) }
        // The load took a few microseconds of virtual time, one a step (the page's tasks run
        // before its clock moves; the network waits in real time): tick 0 is then, so a jump at
        // load and one just after it both hold exactly 10 s of ticks, as in the emulated page.
        baseMicros = micros
        loading = false
        geometryCache = nil
        contentHeight = try geometry().contentHeight
        if site == nil { try noteUnmatchedPostSelector(doing: doing) }
    }

    /// Q21: a page of one's own whose post selector matches nothing once it has loaded: said,
    /// with the attribute the page does mark most elements with (`data-…id`), when there is one.
    private func noteUnmatchedPostSelector(doing: String) throws {
        let literal = JSONWriter.write(.string(config.postSelector))
        let r = try evaluate("""
            (() => { if (document.querySelector(\(literal))) return ""; const counts = {}; let seen = 0;
              for (const el of document.querySelectorAll("*")) { if (++seen > 100000) break;
                for (const a of el.attributes) if (/^data-[\\w-]*id$/i.test(a.name)) counts[a.name] = (counts[a.name] || 0) + 1; }
              const best = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
              return best ? "[" + best[0] + "] (" + best[1] + " elements)" : "-"; })()
            """, doing: doing)
        guard let found = r.stringValue, !found.isEmpty else { return }
        let hint = found == "-" ? "no element has a data-…id attribute" : "the page marks elements with \(Sanitizer.clean(found))"
        outbox.append(.engine(.note("--post-selector (postSelector) \(Sanitizer.clean(config.postSelector)) matches nothing "
            + "on the page once it has loaded: \(hint); give --post-selector and --post-id-attribute (Q21)")))
    }

    // MARK: - Which requests are delayed (X3)

    static func referenceClassifier(site: EmbedSite, origin: String) -> (URL) -> (key: Request, rank: Int)? {
        { url in
            guard url.absoluteString.hasPrefix(origin + "/"), let key = EmbedSite.key(path: url.path)
            else { return nil }
            switch key {
            case .media(let id), .embed(let id): return (key, site.rank(of: id) ?? Int.max / 4)
            case .page(let n): return (key, Int.max / 2 + n)
            }
        }
    }

    /// Another page: every request but its own document, in the order the page made them.
    static func urlClassifier() -> (URL) -> (key: Request, rank: Int)? {
        { url in (.media(url.absoluteString), 0) }
    }
}
