import Arguments
import Fetch
import Foundation
import ImageDecoding
import LiveblogModel
import RealSources
import Simulation
import TerminalKit
import TerminalUI
import TextCells

// docs/sources.md: `view URL` and `check URL` (R1), real images (R2), live polling (R3), the capture
// of a recorded session (R4), the reading position per source (R5), clear messages (R6).

/// Is SOURCE an http(s) URL?
func isURLSource(_ args: ParsedArguments) -> Bool {
    args.positional("SOURCE").map { SourceLocation($0).isURL } ?? false
}

/// The exit status for a source that could not be read.
func exitCode(for error: SourceError) -> Int32 {
    switch error.kind {
    case .fetch: return ExitCode.unavailable.rawValue
    case .notALiveblog: return ExitCode.dataErr.rawValue
    case .file: return ExitCode.noInput.rawValue
    }
}

/// `liveblog check URL` (R1, R6).
func runCheckURL(_ args: ParsedArguments) -> Int32 {
    let location = SourceLocation(args.positional("SOURCE") ?? "")
    return withURLSource(location, fetch: fetchConfig(args)) { lb in
        print(LiveblogSummary.describe(lb), terminator: "")
        return ExitCode.ok.rawValue
    }
}

/// Reads the URL whole (R1) and hands its liveblog to `use`; a failure says why (R6) and exits
/// with its code.
func withURLSource(_ location: SourceLocation, fetch: FetchConfig, _ use: (Liveblog) -> Int32) -> Int32 {
    let fetcher = Fetcher(config: fetch)
    defer { fetcher.invalidate() }
    switch SourceLoader.load(location, fetcher: fetcher) {
    case let .failure(error):
        printError(error.description)
        return exitCode(for: error)
    case let .success(source):
        return use(source.liveblog)
    }
}

/// Reads the URL (saying so on the terminal first, as a large file does) and sets up real loading.
func openRealSession(_ args: ParsedArguments) -> Result<RealSession, SourceError> {
    // `--network real` on a file (or the bundled sample): its images are read and decoded for real.
    let location = SourceLocation(args.positional("SOURCE") ?? Assets.sample ?? "")
    let showProgress = isatty(2) == 1
    if showProgress { writeStderr("fetching \(location)…") }
    defer { if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) } }
    let poll = (try? args.double("poll", in: OptionRanges.liveSeconds)) ?? nil
    // B9: a URL's body streams in after the first posts (a recording reads it whole first).
    return RealSession.openStreaming(location, pollSeconds: poll ?? Poller.defaultSeconds,
                                     record: args.string("record") != nil, firstPosts: streamingFirstPosts,
                                     fetch: fetchConfig(args))
}

/// The fetcher's limits from the command line: `--fetch-deadline` (issue 31).
func fetchConfig(_ args: ParsedArguments) -> FetchConfig {
    var config = FetchConfig()
    if let seconds = args.double("fetch-deadline") { config.deadline = seconds }
    return config
}

/// `liveblog view URL`, and `view FILE --network real` (R1–R6): the liveblog read for real, its images fetched and decoded
/// (`--network real`, the default; a simulated profile when one is named), polled for changes,
/// the reading position restored unless a deep link is given, and `--record` writing the
/// capture beside the scenario.
func runViewURL(_ args: ParsedArguments) -> Int32 {
    let (cfgOpt, err) = worldConfig(args)
    guard var cfg = cfgOpt else {
        printError(err ?? "bad options")
        return ExitCode.usage.rawValue
    }
    if let rc = refuseRecordingOffScreen(args) { return rc }
    // Issue 32: into a pipe or a file, the URL's text, as `view FILE > file` prints a file's.
    if isatty(STDOUT_FILENO) == 0 {
        let location = SourceLocation(args.positional("SOURCE") ?? Assets.sample ?? "")
        guard location.isURL else { return runDumpOfFile(args) }
        let width = LineWriter.defaultWidth()
        return dumpURL(location, event: args.string("event"), width: width, fetch: fetchConfig(args))
    }
    guard isatty(1) == 1, isatty(0) == 1 else {
        printError("view needs a terminal (stdin and stdout); try 'liveblog check' or 'liveblog simulate'")
        return ExitCode.usage.rawValue
    }
    var recordFD: Recorder.Output?
    if let rec = args.string("record") {
        do { recordFD = try Recorder.openOutput(rec) } catch {
            printError("\(error)")
            return ExitCode.cantCreate.rawValue
        }
    }
    let session: RealSession
    switch openRealSession(args) {
    case let .failure(error):
        recordFD.map(Recorder.discard)
        printError(error.description)
        return exitCode(for: error)
    case let .success(opened): session = opened
    }
    let screen: NcursesScreen
    do { screen = try NcursesScreen() } catch {
        recordFD.map(Recorder.discard)
        printError("cannot open the terminal: \(error)")
        return ExitCode.software.rawValue
    }
    TerminalRestorer.install()
    cfg.cols = screen.cols
    cfg.rows = screen.rows
    // The page is at the URL: its origin is the URL's host, its fragment a deep link (E4, E14).
    if cfg.page.url == nil, session.location.isURL { cfg.page.url = session.location.description }
    let app = realApp(session, cfg, args, recordFD: recordFD)
    let end = app.run(on: screen)
    screen.shutdown()
    TerminalRestorer.uninstall()
    return finishRealSession(session, app, args, exitStatus(end))
}

/// The world and app of a real session, at its deep link or at the reading position kept.
func realApp(_ session: RealSession, _ cfg: WorldConfig, _ args: ParsedArguments, recordFD: Recorder.Output?) -> App {
    var cfg = cfg
    cfg.headerRows = readerHeaderRows(sample: !session.location.isURL && isBundledSample(session.location.description))
    let realImages = !args.isExplicit("network") || args.string("network") == "real"
    session.loader.onImage = { key, image in SuppliedImages.shared.put(image, for: key) }
    let world = World(liveblog: session.liveblog, config: cfg, loader: realImages ? session.loader : nil)
    trimHeapAfterOpening(session.liveblog)
    world.liveFeed = session.liveFeed
    let app = App(world: world)
    if realImages { app.ui.networkLabel = "real" }
    setReaderChrome(app, source: session.location.description, calm: args.flag("reading"))
    if args.flag("explain") { app.ui.aids = DemoAids() }
    app.lab = args.flag("lab")
    if session.location.isURL { app.ui.nativeRows = .source }
    if let rec = args.string("record") {
        let recorder = Recorder(config: cfg, liveblogPath: session.location.description, outputPath: rec)
        recorder.capturePath = CaptureRecorder.capturePath(forScenario: rec)
        if let recordFD { recorder.armSignalPath(recordFD) }
        app.recorder = recorder
        app.ui.recording = true
    }
    world.advance(to: 0)
    let streamFeed = session.liveFeed as? StreamingLiveFeed
    var waiting: PendingDeepLink?
    if let id = args.string("event"), streamFeed != nil, !world.page.exists(id) {
        waiting = PendingDeepLink(id: id, via: .event(topOffset: args.double("top-offset")))
    } else if let id = args.string("event") {
        app.send(.jump(id: id, topOffset: args.double("top-offset")))
        if !world.page.exists(id) { app.ui.message = (Sanitizer.clean("post \(id) not found"), 4) }
    } else if args.string("record") == nil, session.location.deepLinkID == nil,
              let kept = PositionStore().position(for: session.location.positionKey) {
        // R5: not in a recording, whose scenario starts at the top as `simulate` does.
        if !world.restoreReadingPosition(postID: kept.postId, offset: kept.offset), streamFeed != nil {
            waiting = PendingDeepLink(id: kept.postId, via: .position(offset: kept.offset))
        }
    }
    if let feed = streamFeed {
        if waiting == nil, args.string("event") == nil, let id = session.location.deepLinkID,
           !world.page.exists(id) {
            waiting = PendingDeepLink(id: id, via: .fragment)
        }
        app.onChores = streamingChores(status: { feed.status }, url: session.location.description,
                                       deepLink: waiting)
    }
    return app
}

/// After the session: the reading position kept (R5), the capture written (R4).
func finishRealSession(_ session: RealSession, _ app: App, _ args: ParsedArguments, _ rc: Int32) -> Int32 {
    (session.liveFeed as? StreamingLiveFeed)?.stream.cancel()
    if let position = app.world.readingPosition() {
        // Issue 31: entries of positions.json that did not parse are dropped and said so.
        let store = PositionStore()
        do {
            for entry in try store.save(position, for: session.location.positionKey) {
                printNote("\(store.path): dropped \(entry)")
            }
        } catch {
            printNote("the reading position was not kept in \(store.path): \(error.localizedDescription)")
        }
    }
    guard let recorder = session.recorder, let rec = args.string("record") else { return rc }
    let path = CaptureRecorder.capturePath(forScenario: rec)
    do { try recorder.write(to: path) } catch {
        printError("cannot write the capture to \(path): \(error)")
        return ExitCode.ioErr.rawValue
    }
    return rc
}
