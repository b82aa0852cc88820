import TextCells
import Foundation
import LiveblogModel
import Embed
import Host
import ScrollPhysics

/// The scenario's top level and its settings (docs/contract.md): the liveblog, the terminal, the mode,
/// platform, hook, insets, native rows, page, network, url and domains.
extension Scenario.Reader {
    static let topKeys: Set<String> = Set<String>(["liveblog", "terminal", "mode", "platform", "hook", "insets", "native", "page",
                                       "network", "url", "enabledDomains", "duration", "events", "expect", "name",
                                       "layout", "description", "$schema", "androidRange", "physics",
                                       "dragRule", "capture", "device", "bridgeDelay", "column", "xfail"])
        .union(Scenario.Reader.engineKeys)

    func scenario(_ root: JSONValue, baseDirectory: String) throws -> Scenario {
        try notAScenario(root)
        let pairs = try object(root, "", allowed: Scenario.Reader.topKeys)
        var config = WorldConfig()
        var liveblog: Liveblog?
        var duration = 12.0
        var events: [Scenario.TimedEvent] = []
        var expects: [Scenario.Expectation] = []
        var names: [String?] = [], xfails: [String?] = [], xfail: String?
        var xfailEngines: [[PageEngine.Kind]?] = []  // Q13: each expectation's "xfailIn"
        var name = (file as NSString).lastPathComponent
        var capture: (any ReplayableCapture)?
        var engine = PageEngine()
        var explicitEngine = false
        for (k, v) in pairs {
            switch k {
            case "liveblog": liveblog = try self.liveblog(v, baseDirectory: baseDirectory)
            case "capture": capture = try self.capture(v, baseDirectory: baseDirectory)
            case "duration": duration = try seconds(v, "duration")
            case "events":
                for (i, e) in try array(v, "events").enumerated() { events.append(try event(e, "events[\(i)]")) }
            case "expect":
                for (i, e) in try array(v, "expect").enumerated() {
                    expects.append(try expectation(e, "expect[\(i)]"))
                    names.append(try expectationName(e, "expect[\(i)]"))
                    xfails.append(try xfailReason(e["xfail"], "expect[\(i)].xfail"))
                    xfailEngines.append(try xfailIn(e, "expect[\(i)]"))
                }
            case "xfail": xfail = try xfailReason(v, "xfail")
            case "name": name = try string(v, "name")
            case _ where Scenario.Reader.engineKeys.contains(k):
                try self.engine(k, v, &engine, explicitKind: &explicitEngine)
            default: try setting(k, v, &config)
            }
        }
        // D1: a device's own platform unless the scenario names one.
        if let d = config.device, !d.isTerminal, !pairs.contains(where: { $0.0 == "platform" }) {
            config.platform = d.platform
        }
        if liveblog == nil, let capture { liveblog = try capturedLiveblog(capture) }
        engine = try checked(engine, explicitKind: explicitEngine)
        // X4: a page of one's own brings its posts.
        if liveblog == nil, let u = engine.pageURL { liveblog = Scenario.pageLiveblog(u) }
        guard let lb = liveblog else {
            throw fail("", "missing \"liveblog\" (a file name or an inline liveblog; or \"pageURL\", a page of your own)")
        }
        if capture == nil, pairs.contains(where: { $0.0 == "network" && $0.1["profile"]?.stringValue == "capture" }) {
            throw fail("network.profile", "the profile \"capture\" needs a \"capture\" file")
        }
        var s = Scenario(liveblog: lb, config: config, duration: duration, events: events, expectations: expects,
                         name: name, expectationNames: names, expectationXfails: xfails, xfail: xfail,
                         capture: capture)
        s.engine = engine
        s.expectationXfailEngines = xfailEngines
        try validate(s)
        // Stable by time: events at the same time keep their order.
        events = events.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        s.events = events
        return s
    }

    /// A JSON file that is no scenario at all (a liveblog, a capture, a report found in a suite's
    /// directory) is named as such, not as a scenario with unknown fields.
    func notAScenario(_ root: JSONValue) throws {
        guard let pairs = root.objectPairs else {
            throw fail("", "not a scenario: a scenario is a JSON object, this file holds \(root.typeName)")
        }
        let keys = pairs.map(\.0)
        guard !keys.contains("liveblog"), !keys.contains("capture"),
              keys.contains(where: { !Scenario.Reader.topKeys.contains($0) }) else { return }
        let shown = keys.prefix(6).map { "\"\(Sanitizer.clean($0))\"" }.joined(separator: ", ")
            + (keys.count > 6 ? ", …" : "")
        throw fail("", "not a scenario: it has no \"liveblog\" or \"capture\" field (its fields: \(shown))")
    }

    /// Q13: an expectation's `"xfailIn": ["chromium", "webkit"]`: its `"xfail"` holds only in these
    /// engines (a difference of a real engine's page, docs/engine.md); elsewhere it is checked as any.
    func xfailIn(_ e: JSONValue, _ place: String) throws -> [PageEngine.Kind]? {
        guard let v = e["xfailIn"] else { return nil }
        guard e["xfail"] != nil else { throw fail("\(place).xfailIn", "goes with \"xfail\" (the reason)") }
        let names = try array(v, "\(place).xfailIn")
        guard !names.isEmpty else { throw fail("\(place).xfailIn", "must name an engine") }
        return try names.enumerated().map { i, n in
            let s = try string(n, "\(place).xfailIn[\(i)]")
            guard let k = PageEngine.Kind(rawValue: s), k != .platform else {
                throw fail("\(place).xfailIn[\(i)]", "unknown engine \"\(s)\" (emulated, chromium, webkit)")
            }
            return k
        }
    }

    /// Q13: `"xfail": "reason or bug id"`: a non-empty string.
    func xfailReason(_ v: JSONValue?, _ place: String) throws -> String? {
        guard let v else { return nil }
        let s = try string(v, place)
        guard !s.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw fail(place, "must give the reason or a bug id (\"xfail\": \"#123: the drop is late\")")
        }
        return s
    }

    func liveblog(_ v: JSONValue, baseDirectory: String) throws -> Liveblog {
        do {
            if let rel = v.stringValue {
                return try LiveblogLoader.load(path: rel.hasPrefix("/") ? rel : baseDirectory + "/" + rel)
            }
            if v.objectPairs != nil {
                return try LiveblogLoader.load(json: v, name: "\(file): liveblog", baseDirectory: baseDirectory)
            }
        } catch let e as LiveblogError {
            throw fail("liveblog", e.description)
        }
        throw fail("liveblog", "expected a file name or an inline liveblog object, found \(v.typeName)")
    }

    /// One of the settings: the world's configuration.
    func setting(_ k: String, _ v: JSONValue, _ config: inout WorldConfig) throws {
        switch k {
        case "terminal":
            for (tk, tv) in try object(v, "terminal", allowed: ["cols", "rows"]) {
                if tk == "cols" { config.cols = try int(tv, "terminal.cols", min: 1, max: 1000) }
                if tk == "rows" { config.rows = try int(tv, "terminal.rows", min: 1, max: 1000) }
            }
        case "mode": config.mode = try choice(v, "mode", "mode")
        case "platform": config.platform = try choice(v, "platform", "platform")
        case "hook": config.hook = try hook(v, "hook")
        case "physics", "dragRule", "androidRange": try scrolling(k, v, &config)
        case "device", "bridgeDelay", "column": try device(k, v, &config)
        case "insets":
            for (ik, iv) in try object(v, "insets", allowed: ["top", "bottom"]) {
                if ik == "top" { config.insetTopRows = try int(iv, "insets.top", min: 0, max: 100) }
                if ik == "bottom" { config.insetBottomRows = try int(iv, "insets.bottom", min: 0, max: 100) }
            }
        case "native":
            for (nk, nv) in try object(v, "native", allowed: ["headerRows", "footerRows"]) {
                if nk == "headerRows" { config.headerRows = try int(nv, "native.headerRows", min: 0, max: 10000) }
                if nk == "footerRows" { config.footerRows = try int(nv, "native.footerRows", min: 0, max: 10000) }
            }
        case "page": try page(v, &config.page)
        case "network": try network(v, &config.page)
        case "url": config.page.url = try string(v, "url")
        case "enabledDomains":
            let a = try array(v, "enabledDomains", of: "an array of domains")
            config.page.enabledDomains = try a.enumerated().map { try string($1, "enabledDomains[\($0)]") }
        case "layout": config.page.layout = try choice(v, "layout", "layout")
        default: break // name, description, $schema: for people
        }
    }

    /// The scrolling settings of docs/emulation.md: the law (F2), the drag rule (F4), the android range (F8).
    func scrolling(_ k: String, _ v: JSONValue, _ config: inout WorldConfig) throws {
        switch k {
        case "physics":
            // F2: one law for every platform and mode instead of each platform's own.
            config.physics = try choice(v, "physics", "physics")
        case "dragRule":
            // F4: which reader input is a drag; "every-scroll" is H5's old rule.
            config.dragRule = try choice(v, "dragRule", "drag rule")
        case "androidRange":
            config.androidRange = try choice(v, "androidRange", "range")
        default: break
        }
    }

    /// Up to 1e9, as the parser always took (it said "a whole number" above that).
    static let maxCount = 1_000_000_000

    func page(_ v: JSONValue, _ page: inout PageConfig) throws {
        let keys: Set<String> = ["pageSize", "deepLinkLimit", "stickyHeader", "resizeLatency", "lazyMedia"]
        for (pk, pv) in try object(v, "page", allowed: keys) {
            switch pk {
            case "pageSize": page.pageSize = try int(pv, "page.pageSize", min: 0, max: Self.maxCount)
            case "deepLinkLimit": page.deepLinkLimit = try int(pv, "page.deepLinkLimit", min: 0, max: Self.maxCount)
            case "stickyHeader": page.stickyHeader = try nonNegative(pv, "page.stickyHeader").rounded()
            case "resizeLatency": page.resizeLatency = try int(pv, "page.resizeLatency", min: 0, max: 600)
            default: page.lazyMedia = try bool(pv, "page.lazyMedia")
            }
        }
    }

    func network(_ v: JSONValue, _ page: inout PageConfig) throws {
        for (nk, nv) in try object(v, "network", allowed: ["profile", "seed"]) {
            if nk == "profile" {
                let s = try string(nv, "network.profile")
                // R4: "capture" answers from the scenario's capture file; the page's own profile stays.
                if s == "capture" { continue }
                guard let p = NetworkProfile(rawValue: s) else {
                    throw fail("network.profile", "unknown profile \"\(s)\" (instant, fast, 3g, slow, offline, capture)")
                }
                page.networkProfile = p
            } else {
                page.networkSeed = UInt64(try int(nv, "network.seed", min: 0, max: Self.maxCount))
            }
        }
    }
}
