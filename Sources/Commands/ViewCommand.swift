import Foundation
import Arguments
import LiveblogModel
import RealSources
import Simulation
import TerminalKit
import TerminalUI
import TextCells

// C1, R1–R6, issue 39: `liveblog view` is one pipeline for a file, the bundled sample, a URL and
// `--network real`: `ViewPlan` decides the output, the reading and the engine from the options,
// the source's kind and the terminal, refusing what cannot work; the steps below carry it out.

/// `liveblog view [SOURCE]` and `liveblog` alone (C1).
func runView(_ args: ParsedArguments) -> Int32 {
    let (cfgOpt, err) = worldConfig(args)
    guard let cfg = cfgOpt else {
        printError(err ?? "bad options")
        return ExitCode.usage.rawValue
    }
    let (terminal, note) = viewTerminal(args)
    let plan: ViewPlan
    switch ViewPlan.decide(args, sourceIsURL: isURLSource(args), terminal: terminal) {
    case let .failure(refusal):
        if refusal.usageLine { return usage(args, refusal.message) }
        printError(refusal.message)
        return ExitCode.usage.rawValue
    case let .success(decided): plan = decided
    }
    switch plan.output {
    case .text:
        // Issue 15, 32: into a pipe or a file, the liveblog's text, as `dump` writes it.
        return withWholeSource(args) { lb, path in
            writeDump(lb, path: path, event: args.string("event"), width: LineWriter.defaultWidth())
        }
    case .linear:
        return withWholeSource(args) { lb, _ in readLinearly(lb, args) }
    case .screen:
        defer { if let note { printNote(note) } }
        return viewOnScreen(args, plan, cfg)
    }
}

/// The terminal `view` meets (issue 15): an unknown `TERM` opens the screen with a fallback
/// entry and a note for stderr after exit; one without cursor addressing reads linearly.
func viewTerminal(_ args: ParsedArguments) -> (ViewTerminal, note: String?) {
    let out = isatty(STDOUT_FILENO) == 1, inp = isatty(STDIN_FILENO) == 1
    guard out, inp, !args.flag("linear") else {
        return (ViewTerminal(stdoutIsTerminal: out, stdinIsTerminal: inp), nil)
    }
    switch TermFallback.resolve() {
    case let .screen(_, note): return (ViewTerminal(), note)
    case let .linear(why): return (ViewTerminal(linearReason: why), nil)
    }
}

/// SOURCE read whole (a file with `check`'s loader and messages, L4; a URL with `check URL`'s,
/// R1, R6), then `use` with the liveblog and the source's name.
func withWholeSource(_ args: ParsedArguments, _ use: (Liveblog, String) -> Int32) -> Int32 {
    if isURLSource(args) {
        let location = SourceLocation(args.positional("SOURCE") ?? "")
        return withURLSource(location, fetch: fetchConfig(args)) { use($0, location.description) }
    }
    let (lbOpt, code, path) = loadLiveblog(args.positional("SOURCE"))
    guard let lb = lbOpt else { return code }
    return use(lb, path)
}

/// Issue 15: one post after another, from `--event` on.
func readLinearly(_ lb: Liveblog, _ args: ParsedArguments) -> Int32 {
    var start = 0
    if let id = args.string("event") {
        if let i = lb.index(ofPost: id) { start = i } else {
            printNote("post \(Sanitizer.clean(id)) not found; reading from the newest post")
        }
    }
    let reader = LinearReader(liveblog: lb, start: start, width: LineWriter.defaultWidth())
    reader.zone = TimeZone.current  // V6
    return exitStatus(reader.run())
}

/// The source of a screen session: its liveblog and name, and the real session when it is read
/// for real (a URL, `--network real`).
struct ScreenSource {
    let liveblog: Liveblog
    let path: String
    let session: RealSession?
}

/// Reads SOURCE for the screen: a file whole, or through a real session (R1–R3).
func openScreenSource(_ args: ParsedArguments, _ plan: ViewPlan) -> Result<ScreenSource, ViewFailure> {
    guard plan.realSession else {
        let (lbOpt, code, path) = loadLiveblog(args.positional("SOURCE"))
        guard let lb = lbOpt else { return .failure(ViewFailure(code: code)) }
        return .success(ScreenSource(liveblog: lb, path: path, session: nil))
    }
    switch openRealSession(args, plan) {
    case let .failure(error):
        printError(error.description)
        return .failure(ViewFailure(code: exitCode(for: error)))
    case let .success(session):
        return .success(ScreenSource(liveblog: session.liveblog, path: session.location.description,
                                     session: session))
    }
}

/// An exit status as an error (the message is out already).
struct ViewFailure: Error {
    let code: Int32
}

/// The screen session: the recording's file, the source, the engine, then the screen (C7, X1, X7).
func viewOnScreen(_ args: ParsedArguments, _ plan: ViewPlan, _ cfg: WorldConfig) -> Int32 {
    // C7, issue 18: an unwritable --record path fails now, not after the session.
    let (recordFD, recordFailed) = openRecording(args)
    if let recordFailed { return recordFailed }
    let source: ScreenSource
    switch openScreenSource(args, plan) {
    case let .failure(failure):
        recordFD.map(Recorder.discard)
        return failure.code
    case let .success(opened): source = opened
    }
    // X1, X7: the real engine starts before the screen (a missing one is exit 69 on a clean terminal).
    let (engine, makePage, engineFailed) = sessionEngine(args) { recordFD.map(Recorder.discard) }
    if let engineFailed { return engineFailed }
    defer { EngineRun.closeAll() }
    let screen: NcursesScreen
    do { screen = try NcursesScreen(graphics: GraphicsChoice(argument: plan.graphics) ?? .auto) } catch {
        recordFD.map(Recorder.discard)
        printError("cannot open the terminal: \(error)")
        return ExitCode.software.rawValue
    }
    EngineRun.draw(on: screen)
    let shown = engine.pageURL ?? source.path // V4: a page of one's own is what the bars name
    let cfg = sized(cfg, to: screen, source, args, shown: shown)
    let app = screenApp(source, plan, args, cfg: cfg, makePage: makePage, shown: shown)
    if let rec = args.string("record") { record(app, to: rec, cfg, source, engine, recordFD) }
    startReading(app, source, args)
    let end = app.run(on: screen)
    screen.shutdown()
    TerminalRestorer.uninstall()
    guard let session = source.session else { return exitStatus(end) }
    return finishRealSession(session, app, args, exitStatus(end))
}

/// The world's settings on `screen` for `source`: its size, the native header's rows, and the
/// page's URL (a URL source's own: its origin the URL's host, its fragment a deep link, E4, E14).
/// `shown`: what the bars name (the source, or a `--page-url` page of one's own, V4).
func sized(_ cfg: WorldConfig, to screen: NcursesScreen, _ source: ScreenSource,
           _ args: ParsedArguments, shown: String) -> WorldConfig {
    var cfg = cfg
    (cfg.cols, cfg.rows) = (screen.cols, screen.rows)
    cfg.headerRows = readerHeaderRows(sample: isBundledSample(shown))
    guard let session = source.session else {
        // V4: a file's remote images are one line each unless its network is asked for (the
        // sample's invented pictures are the emulation's).
        cfg.page.fetchesRemoteMedia = isBundledSample(source.path) || args.isExplicit("network")
        return cfg
    }
    if cfg.page.url == nil, session.location.isURL { cfg.page.url = session.location.description }
    return cfg
}

/// The world and app of a screen session (C1, R2, R3): the page (the engine's, X1) with its
/// images real or simulated, the live feed of a real session, the reader's chrome.
func screenApp(_ source: ScreenSource, _ plan: ViewPlan, _ args: ParsedArguments, cfg: WorldConfig,
               makePage: PageMaker?, shown: String) -> App {
    let loader = plan.realImages ? source.session?.loader : nil
    loader?.onImage = { key, image in SuppliedImages.shared.put(image, for: key) }
    let world = World(liveblog: source.liveblog, config: cfg, loader: loader, makePage: makePage)
    trimHeapAfterOpening(source.liveblog)
    world.liveFeed = source.session?.liveFeed
    let app = App(world: world)
    if loader != nil { app.ui.networkLabel = "real" }
    app.liveEvery = args.double("live")
    setReaderChrome(app, source: shown, calm: args.flag("reading"))
    if args.flag("explain") { app.ui.aids = DemoAids() }
    app.lab = args.flag("lab")
    return app
}

/// C7: `--record PATH`: the session's inputs into a scenario of its settings, its liveblog's path
/// and its engine's; a real session's responses into the capture beside it (R4).
func record(_ app: App, to rec: String, _ cfg: WorldConfig, _ source: ScreenSource, _ engine: PageEngine,
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
func startReading(_ app: App, _ source: ScreenSource, _ args: ParsedArguments) {
    let world = app.world
    world.advance(to: 0)
    let streamFeed = source.session?.liveFeed as? StreamingLiveFeed
    var waiting: PendingDeepLink?
    if let id = args.string("event") {
        if streamFeed != nil, !world.page.exists(id) {
            waiting = PendingDeepLink(id: id, via: .event(topOffset: args.double("top-offset")))
        } else {
            app.send(.jump(id: id, topOffset: args.double("top-offset")))
            if !world.page.exists(id) { app.ui.message = (Sanitizer.clean("post \(id) not found"), 4) }
        }
    } else if let session = source.session, args.string("record") == nil, session.location.deepLinkID == nil,
              let kept = PositionStore().position(for: session.location.positionKey) {
        if !world.restoreReadingPosition(postID: kept.postId, offset: kept.offset), streamFeed != nil {
            waiting = PendingDeepLink(id: kept.postId, via: .position(offset: kept.offset))
        }
    }
    guard let feed = streamFeed, let session = source.session else { return }
    if waiting == nil, args.string("event") == nil, let id = session.location.deepLinkID, !world.page.exists(id) {
        waiting = PendingDeepLink(id: id, via: .fragment)
    }
    app.onChores = streamingChores(status: { feed.status }, url: session.location.description, deepLink: waiting)
}
