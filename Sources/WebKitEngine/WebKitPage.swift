import BrowserEngine
import Embed
import EngineProcess
import Foundation
import LiveblogModel
import TextCells
import VirtualTime

/// The web row's page in WebKit (X11, X12): WebKitGTK in the WebKit helper (one helper and its
/// Xvfb a page), the reference embed from the loopback server, the iOS user agent and the
/// device's width, the seed's iOS shim posting through WebKit's real script message handler
/// `scrollToSwift`. The injected script (inject.js) and the terminal's view (engine-view.js) are
/// Chromium's, their bindings message handlers here. In `simulate` (virtual time, X13) the page's
/// clock is `WebKitClock`, stepped with the World's frames, and the reference embed is served
/// through the helper's own URI scheme (`liveblog://embed/…`), each response released by the
/// network profile's gate at its tick (`WebKitPageNetwork.swift`). In `view` (real time) a frame
/// waits until the wall clock reaches its tick, and the loopback server answers at once.
public final class WebKitPage: PageDriver, InjectedCalls {
    public let helper: WebKitHelper
    public let config: EngineConfig
    let server: LoopbackHTTPServer?
    public let site: EmbedSite?
    let assets: EmbedAssets
    public let url: String
    public let shownURL: String
    public var outbox: [EngineEvent] = []
    public internal(set) var tick = 0
    public internal(set) var contentHeight: Double = 0
    public internal(set) var width: Double
    public internal(set) var viewportHeight: Double
    public internal(set) var speaksProtocol = false
    public internal(set) var initialized = true
    public internal(set) var documents = 0
    public internal(set) var marks: [String: PostMarks] = [:]
    public internal(set) var marksVersion = 0
    public internal(set) var layoutCache: PageLayoutSnapshot?
    var profile: NetworkProfile
    /// X13: the network profile's gate (the reference embed in virtual time; nil otherwise).
    var gate: NetworkGate?
    /// X13: the scheme's requests by the gate's id: the helper's request id and the URI.
    var schemeRequests: [String: (rid: Int, uri: String)] = [:]
    /// X13: released responses the page has not reported having yet (by path and query).
    var awaitingPage: [String: [String]] = [:]
    /// S6: real seconds waited so far for responses that stalled.
    var stalledWait: Double = 0
    /// The user agent WebKit sends (it reports it at the open).
    public internal(set) var userAgent = ""
    var geometryCache: PageGeometry? { didSet { if geometryCache == nil { layoutCache = nil } } }
    var loading = true
    var ready = false
    var documentReady = false
    /// Bridge messages wait for the hook call that posted them (the trace tells the call first).
    var heldBridge: [EngineEvent] = []
    var noted: Set<String> = []
    /// The page's scroll in the window (input below the window scrolls it there, X14).
    var windowScrollY: Double = 0
    /// W1: WebKit's estimate of the main frame's load, and the value last in the trace.
    var webkitProgress = 0.0
    var reportedProgress = 0.0
    /// The wall clock at tick 0.
    var start = Date()
    /// X16: seconds spent waiting for the wall clock in `frame` (the bench counts a frame's cost without them).
    public internal(set) var waitedSeconds = 0.0
    public internal(set) var failure: EngineError?
    /// X14: the pixel captures asked for (the helper's command id) and the PNG each is written to.
    var snapshotPaths: [Int: String] = [:]
    /// X14: the files of captures given up on, removed when the next is asked for.
    var lostSnapshots: [String] = []
    /// X14: milliseconds the helper's main loop (which runs the page's commands too) spent on each
    /// of the last captures (the last 256).
    public internal(set) var captureBusy: [Double] = []
    var snapshotSerial = 0

    /// The handlers the page's scripts post to: the platform's bridge, and inject.js's and
    /// engine-view.js's channels, the console (WebKitGTK gives an embedder no console API).
    static let bridgeHandler = "scrollToSwift"
    static let channel = InjectedScript.channel
    static let viewChanged = InjectedScript.viewChanged
    static let console = "__liveblogConsole"
    /// A window taller than this is not made (X11's window limit is 32 767 px; WebKit paints the
    /// whole window): the document keeps its own height, reported by the page.
    public static let maxWindowHeight: Double = 8192

    /// Starts a helper, opens the page and runs it until it is ready (its liveblog initialised).
    public init(source: PageSource, config: EngineConfig, assets: EmbedAssets? = nil,
                privileges: EnginePrivileges? = nil) throws {
        self.config = config
        self.assets = try assets ?? EmbedAssets()
        width = config.device.width
        viewportHeight = config.device.height
        switch source {
        case let .reference(liveblog, page):
            let site = EmbedSite(liveblog: liveblog, page: page, assets: self.assets, firstJumpId: config.firstJumpId)
            self.site = site
            let fragment = page.url.flatMap { u in u.firstIndex(of: "#").map { String(u[$0...]) } } ?? ""
            if config.time == .virtual {
                // X13: served through the helper's scheme, every response released by the gate.
                server = nil
                url = WebKitPage.schemeBase + "/liveblog.html" + fragment
                gate = NetworkGate(profile: page.networkProfile, seed: page.networkSeed,
                                   classify: WebKitPage.schemeClassifier(site: site))
            } else {
                let server = try LoopbackHTTPServer(handler: site.handle)
                self.server = server
                url = server.base + "/liveblog.html" + fragment
            }
            shownURL = page.url ?? "reference embed"
            profile = page.networkProfile
        case let .url(address, p, _):
            site = nil
            server = nil
            url = address
            shownURL = address
            profile = p
        }
        do {
            helper = try WebKitHelper.launch(privileges: privileges, screen: WebKitPage.screen(of: config.device))
        } catch {
            server?.stop()
            throw error
        }
        do {
            try load()
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// X12: the window scale the helper sets (GTK 3's is an integer: the density rounded).
    static func scale(of device: EngineDevice) -> Int { max(1, Int(device.density.rounded())) }

    /// X12: the virtual display in device pixels, the device's size at the window scale, so that
    /// the page's `screen.width`/`screen.height` are the device's (as Chromium's emulation gives).
    static func screen(of device: EngineDevice) -> (width: Int, height: Int) {
        (Int(device.width.rounded()) * scale(of: device), Int(device.height.rounded()) * scale(of: device))
    }

    public func close() {
        server?.stop()
        helper.close()
    }

    /// The page's own helper (its close ends it, so `closeEngine` is the seam's default: nothing).
    public var engineProcessID: Int32? { helper.pid }

    /// The product line of the trace's `engine` start note.
    public var product: String { "WebKitGTK/\(helper.version)" }

    // MARK: - Failures

    package func guarded<T>(_ doing: String, _ body: () throws -> T) throws -> T {
        if let failure { throw failure }
        do {
            return try body()
        } catch let e as EngineError {
            var error = e
            if case .commandFailed = e {
                // S8: a killed web process fails every call; its `crash` event (read here, as the
                // call failed before the events were) ends the run with its cause.
                do { try absorb(doing: doing) } catch let crash as EngineError { error = crash }
                if case .commandFailed = error { throw error }
            }
            failure = error
            outbox.append(.engine(.crash(message: error.description)))
            throw error
        }
    }

    @discardableResult
    package func evaluate(_ script: String, doing: String) throws -> JSONValue {
        try helper.call("evaluate", [("script", .string(script))], doing: doing)
    }

    /// V4: the document's own title (sanitised), "" without one.
    public func documentTitle() throws -> String {
        let doing = "reading the page's title"
        let value = try guarded(doing) { try evaluate("document.title", doing: doing) }
        return Sanitizer.clean(value.stringValue ?? "").trimmingCharacters(in: .whitespaces)
    }

    /// Runs a driver call in the page and collects what it did. On the stepped clock the tasks
    /// it queued run before this returns (a fragment's `hashchange` at the call's tick, X13).
    package func run(_ script: String, doing: String) throws {
        try guarded(doing) {
            try evaluate(script, doing: doing)
            if clocked {
                try helper.call("call", [("body", .string(WebKitClock.drain))], doing: doing)
            }
            try absorb(doing: doing)
            geometryCache = nil
        }
    }

    /// Q19, X14: WebKitGTK makes no touch events without a touchscreen (a tap arrives as a click),
    /// so a touch the list lets through is said once, as a note, and not sent.
    /// Never called: WebKit declares no touch events (`capabilities`), so the adapter notes the
    /// touch and sends none.
    public func touchStart(x: Double, y: Double) throws {}

    public func touchCancel() throws {}

    /// The clock stepped with the World's frames (X13), captures (X14); no touch events (WebKitGTK
    /// makes none without a touchscreen: a tap arrives as a click).
    public var capabilities: EngineCapabilities { [.virtualTime, .pixels] }

    /// Once per kind: what WebKit does not do yet, as an `engine` note.
    func note(_ what: String) {
        guard noted.insert(what).inserted else { return }
        outbox.append(.engine(.note(what)))
    }

    // MARK: - Frames (real time)

    /// Virtual time (`simulate`): the page's clock is stepped with the World's frames (X13).
    var clocked: Bool { config.time == .virtual }

    /// The page's frame at `tick`: stepped (virtual time, `steppedFrames`), or in real time: WebKit
    /// runs on its own clock, so this waits until the wall clock reaches the tick (since tick 0,
    /// the end of the load) and collects what the page did.
    public func frame(tick target: Int) throws {
        guard target > tick else { return }
        if clocked { return try steppedFrames(to: target) }
        try guarded("running the page at tick \(target)") {
            let due = start.addingTimeInterval(Double(target) / Double(VirtualClock.ticksPerSecond))
            let doing = "running the page at tick \(target)"
            let waitStarted = Date()
            repeat {
                try helper.pump(timeout: max(0, min(0.05, due.timeIntervalSinceNow)), doing: doing)
            } while Date() < due
            waitedSeconds += Date().timeIntervalSince(waitStarted)
            tick = target
            try absorb(doing: doing)
            flushBridge()
            geometryCache = nil
        }
    }

    // MARK: - Geometry

    public func geometry() throws -> PageGeometry {
        if let g = geometryCache { return g }
        let g = try guarded("reading the page's geometry") { () throws -> PageGeometry in
            try PageGeometry.parse(evaluate("__liveblogDriver.geometry()", doing: "reading the page's geometry"))
        }
        geometryCache = g
        if let m = g.marks {
            marks = m
            marksVersion += 1
        }
        return g
    }

    public func postTop(id: String) throws -> Double? { try geometry().top(of: id) }

    public func layout(from y0: Double, to y1: Double, margin: Double) throws -> PageLayoutSnapshot? {
        let (lo, hi) = (y0 - margin, y1 + margin)
        if let s = layoutCache, s.covers(lo, hi) { return s }
        let doing = "reading the page's layout"
        let call = "(v => v ? v.layout(\(ProtocolJSON.number(lo)), \(ProtocolJSON.number(hi)), null) : null)"
        let value = try guarded(doing) { try evaluate(call + "(window.__liveblogView)", doing: doing) }
        if case .null = value { return nil }
        let s = try PageLayoutSnapshot.parse(value, from: lo, to: hi)
        layoutCache = s
        return s
    }

    public var isLoading: Bool { loading || !(gate?.isIdle ?? true) }
    public var networkProfile: NetworkProfile { gate?.queue.profile ?? profile }
    public var estimatedProgress: Double { webkitProgress }
}
