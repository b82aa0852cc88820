import Foundation
import Arguments
import LiveblogModel
import Embed
import Host
import RealSources
import Simulation
import TerminalKit
import TerminalUI
import TextCells

// C1, R1–R6, issue 39: `liveblog view` is one pipeline for a file, the bundled sample, a URL and
// `--network real`: `ViewPlan` decides the output, the reading and the engine from the options,
// the source's kind and the terminal, refusing what cannot work; the steps below carry it out.

/// `liveblog view [SOURCE]` and `liveblog` alone (C1): the options converted once, the world's
/// settings built and the plan decided before anything is read.
public struct ViewCommand: Command {
    public static let spec = LiveblogCommands.view
    var source: String?
    var sourceIsURL: Bool
    var event: String?
    var topOffset: Double?
    var record: String?
    var reading = false, explain = false, lab = false
    var live: Double?
    var poll: Double?
    var networkGiven = false
    var fetch: FetchOptions
    var engine: EngineOptions
    /// The world's settings from the options (C1).
    var config: WorldConfig
    var plan: ViewPlan
    /// What the terminal's fallback says on stderr after the session (issue 15).
    var note: String?

    public init(_ args: ParsedArguments) throws {
        let config = try Self.worldConfig(args)
        let (terminal, note) = Self.terminal(linear: args.flag(.linear))
        try self.init(args, config: config, terminal: terminal, note: note)
    }

    /// The command on `terminal` (tests give one).
    init(_ args: ParsedArguments, config: WorldConfig, terminal: ViewTerminal, note: String? = nil) throws {
        source = args.positional("SOURCE")
        sourceIsURL = source.map { SourceLocation($0).isURL } ?? false
        switch ViewPlan.decide(args, sourceIsURL: sourceIsURL, terminal: terminal) {
        case let .failure(refusal): throw refusal
        case let .success(decided): plan = decided
        }
        self.config = config
        self.note = note
        event = args.string(.event)
        topOffset = args.double(.topOffset)
        record = args.string(.record)
        (reading, explain, lab) = (args.flag(.reading), args.flag(.explain), args.flag(.lab))
        live = args.double(.live)
        poll = args.double(.poll)
        networkGiven = args.isExplicit(.network)
        fetch = FetchOptions(args)
        engine = EngineOptions(args)
    }

    public func run() -> ExitCode {
        switch plan.output {
        case .text:
            // Issue 15, 32: into a pipe or a file, the liveblog's text, as `dump` writes it.
            return withWholeSource { lb, path in
                writeDump(lb, path: path, event: event, width: LineWriter.defaultWidth())
            }
        case .linear:
            return withWholeSource { lb, _ in readLinearly(lb) }
        case .screen:
            defer { if let note { printNote(note) } }
            return viewOnScreen()
        }
    }

    /// The world's settings from `view` options (C1); a hook that does not parse is refused.
    static func worldConfig(_ args: ParsedArguments) throws -> WorldConfig {
        var c = WorldConfig()
        if let m = args.string(.mode) { c.mode = Mode(rawValue: m) ?? .content }
        if let p = args.string(.platform) { c.platform = Platform(rawValue: p) ?? .ios }
        if let r = args.string(.androidRange) { c.androidRange = AndroidRangeMode(rawValue: r) ?? .default }
        ScrollingOptions(args).apply(to: &c)
        // D1, D5: reading in a terminal is the `terminal` device unless another is named: a reading
        // column of at most 90 text columns and images no taller than 60 % of the viewport. (A
        // scenario without "device" keeps the terminal's whole width: the trace contract, docs/contract.md.)
        if c.device == nil { c.device = .terminal }
        if let h = args.string(.hook) {
            if h == "none" { c.hook = nil } else {
                do { c.hook = try HookSignature(parsing: h) } catch {
                    throw Refusal(message: "--hook: \(error)", usageLine: false)
                }
            }
        }
        if let n = args.string(.network) { c.page.networkProfile = NetworkProfile(rawValue: n) ?? .fast }
        // Issue 18, 39: the parser checked every number against its declared range (LiveblogCommands).
        if let s = args.int(.seed) { c.page.networkSeed = UInt64(s) }
        if let p = args.int(.pageSize) { c.page.pageSize = p }
        if let d = args.int(.deepLinkLimit) { c.page.deepLinkLimit = d }
        if let s = args.double(.stickyHeader) { c.page.stickyHeader = s.rounded() }
        if let i = args.ints(.insets) { (c.insetTopRows, c.insetBottomRows) = (i[0], i[1]) }
        if let u = args.string(.url) { c.page.url = u }
        if let d = args.list(.enabledDomains) { c.page.enabledDomains = d }
        if let l = args.string(.layout) { c.page.layout = PageLayoutKind(rawValue: l) ?? .list }
        return c
    }

    /// The terminal `view` meets (issue 15): an unknown `TERM` opens the screen with a fallback
    /// entry and a note for stderr after exit; one without cursor addressing reads linearly.
    static func terminal(linear: Bool) -> (ViewTerminal, note: String?) {
        let out = isatty(STDOUT_FILENO) == 1, inp = isatty(STDIN_FILENO) == 1
        guard out, inp, !linear else {
            return (ViewTerminal(stdoutIsTerminal: out, stdinIsTerminal: inp), nil)
        }
        switch TermFallback.resolve() {
        case let .screen(_, note): return (ViewTerminal(), note)
        case let .linear(why): return (ViewTerminal(linearReason: why), nil)
        }
    }

    /// SOURCE read whole (a file with `check`'s loader and messages, L4; a URL with `check URL`'s,
    /// R1, R6), then `use` with the liveblog and the source's name.
    func withWholeSource(_ use: (Liveblog, String) -> ExitCode) -> ExitCode {
        if sourceIsURL {
            let location = SourceLocation(source ?? "")
            return withURLSource(location, fetch: fetch.config) { use($0, location.description) }
        }
        let (lbOpt, code, path) = loadLiveblog(source)
        guard let lb = lbOpt else { return code }
        return use(lb, path)
    }

    /// Issue 15: one post after another, from `--event` on.
    func readLinearly(_ lb: Liveblog) -> ExitCode {
        var start = 0
        if let id = event {
            if let i = lb.index(ofPost: id) { start = i } else {
                printNote("post \(Sanitizer.clean(id)) not found; reading from the newest post")
            }
        }
        let reader = LinearReader(liveblog: lb, start: start, width: LineWriter.defaultWidth())
        reader.zone = TimeZone.current  // V6
        return exitStatus(reader.run())
    }
}

/// The source of a screen session: its liveblog and name, and the real session when it is read
/// for real (a URL, `--network real`).
struct ScreenSource {
    let liveblog: Liveblog
    let path: String
    let session: RealSession?
}

/// An exit status as an error (the message is out already).
struct ViewFailure: Error {
    let code: ExitCode
}

extension ViewCommand {
    /// Reads SOURCE for the screen: a file whole, or through a real session (R1–R3).
    func openScreenSource() -> Result<ScreenSource, ViewFailure> {
        guard plan.realSession else {
            let (lbOpt, code, path) = loadLiveblog(source)
            guard let lb = lbOpt else { return .failure(ViewFailure(code: code)) }
            return .success(ScreenSource(liveblog: lb, path: path, session: nil))
        }
        switch openRealSession(self) {
        case let .failure(error):
            printError(error.description)
            return .failure(ViewFailure(code: exitCode(for: error)))
        case let .success(session):
            return .success(ScreenSource(liveblog: session.liveblog, path: session.location.description,
                                         session: session))
        }
    }

    /// The screen session: the recording's file, the source, the engine, then the screen (C7, X1, X7).
    func viewOnScreen() -> ExitCode {
        // C7, issue 18: an unwritable --record path fails now, not after the session.
        let (recordFD, recordFailed) = openRecording(record)
        if let recordFailed { return recordFailed }
        let source: ScreenSource
        switch openScreenSource() {
        case let .failure(failure):
            recordFD.map(Recorder.discard)
            return failure.code
        case let .success(opened): source = opened
        }
        // X1, X7: the real engine starts before the screen (a missing one is exit 69 on a clean terminal).
        let (pageEngine, makePage, engineFailed) = sessionEngine(engine) { recordFD.map(Recorder.discard) }
        if let engineFailed { return engineFailed }
        defer { EngineRun.closeAll() }
        let screen: NcursesScreen
        do { screen = try NcursesScreen(graphics: GraphicsChoice(argument: plan.graphics) ?? .auto) } catch {
            recordFD.map(Recorder.discard)
            printError("cannot open the terminal: \(error)")
            return .software
        }
        EngineRun.draw(on: screen)
        let shown = pageEngine.pageURL ?? source.path // V4: a page of one's own is what the bars name
        let cfg = sized(config, to: screen, source, shown: shown)
        let app = screenApp(source, cfg: cfg, makePage: makePage, shown: shown)
        if let rec = record { recordSession(app, to: rec, cfg, source, pageEngine, recordFD) }
        startReading(app, source)
        let end = app.run(on: screen)
        screen.shutdown()
        TerminalRestorer.uninstall()
        guard let session = source.session else { return exitStatus(end) }
        return finishRealSession(session, app, record: record, exitStatus(end))
    }

    /// The world's settings on `screen` for `source`: its size, the native header's rows, and the
    /// page's URL (a URL source's own: its origin the URL's host, its fragment a deep link, E4, E14).
    /// `shown`: what the bars name (the source, or a `--page-url` page of one's own, V4).
    func sized(_ cfg: WorldConfig, to screen: NcursesScreen, _ source: ScreenSource,
               shown: String) -> WorldConfig {
        var cfg = cfg
        (cfg.cols, cfg.rows) = (screen.cols, screen.rows)
        cfg.headerRows = readerHeaderRows(sample: isBundledSample(shown))
        guard let session = source.session else {
            // V4: a file's remote images are one line each unless its network is asked for (the
            // sample's invented pictures are the emulation's).
            cfg.page.fetchesRemoteMedia = isBundledSample(source.path) || networkGiven
            return cfg
        }
        if cfg.page.url == nil, session.location.isURL { cfg.page.url = session.location.description }
        return cfg
    }

    /// The world and app of a screen session (C1, R2, R3): the page (the engine's, X1) with its
    /// images real or simulated, the live feed of a real session, the reader's chrome.
    func screenApp(_ source: ScreenSource, cfg: WorldConfig,
                   makePage: PageMaker?, shown: String) -> App {
        let loader = plan.realImages ? source.session?.loader : nil
        loader?.onImage = { key, image in SuppliedImages.shared.put(image, for: key) }
        let world = World(liveblog: source.liveblog, config: cfg, loader: loader, makePage: makePage)
        trimHeapAfterOpening(source.liveblog)
        world.liveFeed = source.session?.liveFeed
        let app = App(world: world)
        if loader != nil { app.ui.networkLabel = "real" }
        app.liveEvery = live
        setReaderChrome(app, source: shown, calm: reading)
        if explain { app.ui.aids = DemoAids() }
        app.lab = lab
        return app
    }

    /// C7: `--record PATH`: the session's inputs into a scenario of its settings, its liveblog's path
    /// and its engine's; a real session's responses into the capture beside it (R4).
    func recordSession(_ app: App, to rec: String, _ cfg: WorldConfig, _ source: ScreenSource, _ engine: PageEngine,
                _ recordFD: Recorder.Output?) {
        let path = source.path
        let abs = source.session != nil || path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let recorder = Recorder(config: cfg, liveblogPath: abs, outputPath: rec)
        recorder.engine = engine.settings(always: true)
        if source.session != nil { recorder.capturePath = CaptureRecorder.capturePath(forScenario: rec) }
        if let recordFD { recorder.armSignalPath(recordFD) }
        app.recorder = recorder
        app.ui.recording = true
    }

    /// Where the reading starts: the `--event` deep link, else a real session's kept reading position
    /// (R5: not in a recording, whose scenario starts at the top as `simulate` does); a post not yet
    /// streamed in (B9) is waited for.
    func startReading(_ app: App, _ source: ScreenSource) {
        let world = app.world
        world.advance(to: 0)
        let streamFeed = source.session?.liveFeed as? StreamingLiveFeed
        var waiting: PendingDeepLink?
        if let id = event {
            if streamFeed != nil, !world.page.exists(id) {
                waiting = PendingDeepLink(id: id, via: .event(topOffset: topOffset))
            } else {
                app.send(.jump(id: id, topOffset: topOffset))
                if !world.page.exists(id) { app.ui.message = (Sanitizer.clean("post \(id) not found"), 4) }
            }
        } else if let session = source.session, record == nil, session.location.deepLinkID == nil,
                  let kept = PositionStore().position(for: session.location.positionKey) {
            if !world.send(.readingPosition(postID: kept.postId, offset: kept.offset)), streamFeed != nil {
                waiting = PendingDeepLink(id: kept.postId, via: .position(offset: kept.offset))
            }
        }
        guard let feed = streamFeed, let session = source.session else { return }
        if waiting == nil, event == nil, let id = session.location.deepLinkID, !world.page.exists(id) {
            waiting = PendingDeepLink(id: id, via: .fragment)
        }
        app.onChores = streamingChores(status: { feed.status }, url: session.location.description, deepLink: waiting)
    }
}
