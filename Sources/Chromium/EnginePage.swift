import BrowserEngine
import Embed
import EngineProcess
import Foundation
import LiveblogModel
import TextCells

/// The web row's page in a real browser engine (docs/engine.md): a Chromium page over the DevTools
/// pipe, shaped like what the World needs of a page. `frame(tick:)` steps it one page frame at
/// a time (60 Hz; tick = 1/120 s) in virtual time; every call leaves what the page did in
/// `outbox`, as the emulated page does: the same `PageEvent`s, the calls that crossed the
/// platform's bridge, and the engine's own events. A call after the engine failed throws the
/// same error again; the failure is also in the outbox (`.engine(.crash)`).
public final class EnginePage {
    public let browser: Browser
    public let config: EngineConfig
    let session: TargetSession
    let server: LoopbackHTTPServer?
    public let site: EmbedSite?
    let assets: EmbedAssets
    var gate: NetworkGate
    /// The URL the page was opened with (the loopback one for the reference embed).
    public let url: String
    /// The URL the trace shows: the configured one for the reference embed (no port).
    public let shownURL: String

    /// Events since the world last took them.
    public var outbox: [EngineEvent] = []
    /// The tick (120 Hz) of the last page frame.
    public internal(set) var tick = 0
    /// Virtual microseconds since the page's virtual time began; at `baseMicros` it was tick 0.
    var micros: Int64 = 0
    var baseMicros: Int64 = 0
    public internal(set) var contentHeight: Double = 0
    public internal(set) var width: Double
    public internal(set) var viewportHeight: Double
    /// True until the page is ready (its liveblog initialised): layout lines are its first height.
    var loading = true
    var ready = false
    var documentReady = false
    /// The page speaks the reference embed's report channel (it reports its own navigations).
    public internal(set) var speaksProtocol = false
    /// The reference embed initialised (its origin is an enabled domain, E14); another page: true.
    public internal(set) var initialized = true
    /// W1: the share of what the page is loading that has loaded, from the engine's own load
    /// events (`EngineLoadProgress`).
    var progress = EngineLoadProgress()
    public var estimatedProgress: Double { progress.value }
    /// Paths the embed reported it has read (X7: a released fetch counts once the page has it).
    var received: [String: Int] = [:]
    /// The panels' marks (L7) as last read, and a count that moves with each reading.
    public internal(set) var marks: [String: PostMarks] = [:]
    public internal(set) var marksVersion = 0
    var geometryCache: PageGeometry? { didSet { if geometryCache == nil { layoutCache = nil } } }
    /// The geometry the page sent last (its driver's "same" refers to it).
    var lastGeometry: PageGeometry?
    /// What the engine laid out where, for the terminal (X9): read once a frame at most.
    public internal(set) var layoutCache: PageLayoutSnapshot?
    /// The last answer read, kept across frames: the page says "same" while it still holds.
    var layoutHeld: PageLayoutSnapshot?
    /// Real time: engine-view.js said the page changed since the geometry (`viewChanged`) or the
    /// layout (`layoutChanged`) was last read; while neither is set, no frame asks the engine.
    var viewChanged = true
    var layoutChanged = true
    /// Main-frame documents loaded so far: a pixel tile of another document is stale (X9).
    public internal(set) var documents = 0
    /// Real time: the tick of the last read forced by time (every 5 s, whatever the notices).
    var lastForcedRead = 0
    var pendingTouchEnd: (x: Double, y: Double)?
    /// A finger is down on the page (`touchStart` sent, no end or cancel yet, Q19).
    var touchActive = false
    /// B12: the count of the page's armed flush expected at the next begin frame (nil: not
    /// armed, the frame is flushed by a round trip after it); how many frames it answered, and
    /// how many were flushed the old way while armed.
    var flushSeq: Int?
    var armedAnswers = 0, armedFallbacks = 0
    /// Whether the flush may be armed: the reference embed's, unless the config says not (or
    /// arming failed once).
    lazy var flushArmable = config.armedFlush && site != nil
    /// The touches sent whose acknowledgement (the renderer has them) has not been taken (X6).
    var touchAcks: [Int] = []
    /// The last begin frame, when its answer is still to be taken (B12).
    var pendingBeginFrame: Int?
    /// Reader input sent, with the frames it may take to reach the page (a touch: the next
    /// frame; a wheel turn: the one after, the compositor takes it first), and what the page saw.
    var inputExpected: [(kind: String, frames: Int)] = []
    var inputSeen: [String] = []
    public internal(set) var failure: EngineError?
    var crashed = false
    /// S6: console lines read in this frame, and those dropped past the cap.
    var consoleThisFrame = 0
    var consoleDropped = 0
    /// Q16: the URL of each request in flight, and those already reported as failed.
    var requestURLs: [String: String] = [:]
    var reported: Set<String> = []
    /// Q20: a page of one's own in virtual time fetches its held requests ahead (nil otherwise).
    var prefetcher: ResponsePrefetcher?
    /// S6: real seconds waited so far for responses that stalled.
    var stalledWait: Double = 0

    var client: DevToolsClient { session.client }
    var isVirtual: Bool { config.time == .virtual }

    /// Opens the page and runs it until it is ready (X3, X4): its liveblog initialised (the
    /// reference embed reports it; another page: DOMContentLoaded). Events of the load (a deep
    /// link at load, console lines) wait in `outbox`.
    public init(browser: Browser, source: PageSource, config: EngineConfig, assets: EmbedAssets? = nil) throws {
        self.browser = browser
        self.config = config
        self.assets = try assets ?? EmbedAssets()
        width = config.device.width
        viewportHeight = config.device.height
        guard browser.options.deterministic == (config.time == .virtual) else {
            throw EngineError.launchFailed(config.time == .virtual
                ? "a page in virtual time needs an engine started with begin-frame control (LaunchOptions.deterministic)"
                : "a page in real time needs an engine started without begin-frame control (LaunchOptions.deterministic "
                  + "= false): with it the engine draws no frames of its own")
        }
        switch source {
        case let .reference(liveblog, page):
            let site = EmbedSite(liveblog: liveblog, page: page, assets: self.assets, firstJumpId: config.firstJumpId)
            let server = try LoopbackHTTPServer(handler: site.handle)
            self.site = site
            self.server = server
            let fragment = page.url.flatMap { u in u.firstIndex(of: "#").map { String(u[$0...]) } } ?? ""
            url = server.base + "/liveblog.html" + fragment
            shownURL = page.url ?? "reference embed"
            gate = NetworkGate(profile: page.networkProfile, seed: page.networkSeed,
                               classify: EnginePage.referenceClassifier(site: site, origin: server.base))
        case let .url(address, profile, seed):
            site = nil
            server = nil
            if let path = config.pageCapture {
                prefetcher = ResponsePrefetcher(capture: try PageCapture(path: path, source: address))
            } else if config.time == .virtual, config.prefetch {
                prefetcher = ResponsePrefetcher()
            }
            url = address
            shownURL = address
            gate = NetworkGate(profile: profile, seed: seed, classify: EnginePage.urlClassifier())
        }
        session = try browser.newPage(width: Int(config.device.width), height: Int(config.device.height),
                                      beginFrameControl: config.time == .virtual)
        installGuards()
        do {
            try load()
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Closes the page and stops its server (the browser stays for the run).
    public func close() {
        if let capture = prefetcher?.capture {
            do { try capture.write() } catch { outbox.append(.engine(.note("\(error)"))) }
        }
        prefetcher?.cancelAll()
        if let id = pendingBeginFrame { client.discardReply(id) }
        pendingBeginFrame = nil
        removeGuards()
        server?.stop()
        if !crashed { browser.closePage(session) }
    }

    // MARK: - Failures

    /// Runs `body`; an engine error is kept, reported in the outbox and thrown again.
    package func guarded<T>(_ doing: String, _ body: () throws -> T) throws -> T {
        if let failure { throw failure }
        do {
            return try body()
        } catch let e as EngineError {
            // The page refused one command: the engine goes on.
            if case .commandFailed = e { throw e }
            failure = e
            outbox.append(.engine(.crash(message: e.description)))
            throw e
        }
    }

    // MARK: - Geometry (X5)

    /// The posts' boxes after the last frame's layout (one engine round trip a frame at most).
    public func geometry() throws -> PageGeometry {
        if let g = geometryCache { return g }
        viewChanged = false
        let g = try guarded("reading the page's geometry") { () throws -> PageGeometry in
            let value = try evaluate("__liveblogDriver.geometry()", doing: "reading the page's geometry")
            return try PageGeometry.parse(value)
        }
        keep(g)
        return g
    }

    /// A geometry just read: the cache until something changes, and the last read (what the
    /// page's "same" refers to, Q20); its marks, when it brought them.
    func keep(_ g: PageGeometry) {
        geometryCache = g
        lastGeometry = g
        if let m = g.marks {
            marks = m
            marksVersion += 1
        }
    }

    /// A loaded post's top in the page, nil when the page does not show it.
    public func postTop(id: String) throws -> Double? { try geometry().top(of: id) }

    /// The posts' ids in page order.
    public func postIds() throws -> [String] { try geometry().postIds }

    /// V4: the document's own title (sanitised), "" without one.
    public func documentTitle() throws -> String {
        let doing = "reading the page's title"
        let value = try guarded(doing) { try evaluate("document.title", doing: doing) }
        return Sanitizer.clean(value.stringValue ?? "").trimmingCharacters(in: .whitespaces)
    }

    /// Evaluates an expression in the page; its value (by value).
    @discardableResult
    package func evaluate(_ expression: String, doing: String) throws -> JSONValue {
        let r = try session.call("Runtime.evaluate", .obj(("expression", .string(expression)),
                                                          ("returnByValue", .bool(true))), doing: doing)
        if let ex = r["exceptionDetails"] {
            let text = ex["exception"]?["description"]?.stringValue ?? ex["text"]?.stringValue ?? "an exception"
            throw EngineError.commandFailed(command: "Runtime.evaluate", code: 0, message: text)
        }
        return r["result"]?["value"] ?? .null
    }
}
