import Foundation
import Arguments
import LiveblogModel
import Embed
import Host
import Simulation
import TerminalKit
import TerminalUI
import TextCells

/// Loads SOURCE (or the bundled sample), printing a clear error (L4). nil on failure, with the exit code.
func loadLiveblog(_ source: String?) -> (Liveblog?, Int32, String) {
    guard let path = source ?? Assets.sample else {
        printError("the bundled sample was not found; set LIVEBLOG_ASSETS to the Assets folder or pass a file")
        return (nil, ExitCode.noInput.rawValue, "")
    }
    guard FileManager.default.isReadableFile(atPath: path) else {
        printError("\(path): cannot read the file")
        return (nil, ExitCode.noInput.rawValue, path)
    }
    // A large file takes a moment: say so on the terminal before the screen opens (issue 6).
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    let showProgress = size > 5_000_000 && isatty(2) == 1
    if showProgress {
        writeStderr("loading \((path as NSString).lastPathComponent)… \(size / 1_000_000) MB")
    }
    defer { if showProgress { FileHandle.standardError.write("\r\u{1B}[K".data(using: .utf8)!) } }
    do { return (try LiveblogLoader.load(path: path), 0, path) } catch let e as LiveblogError {
        printError(e.description)
        return (nil, ExitCode.dataErr.rawValue, path)
    } catch {
        printError("\(path): \(error)")
        return (nil, ExitCode.dataErr.rawValue, path)
    }
}

/// `liveblog check SOURCE` (C5).
func runCheck(_ args: ParsedArguments) -> Int32 {
    if isURLSource(args) { return runCheckURL(args) }
    let (lb, code, _) = loadLiveblog(args.positional("SOURCE"))
    guard let lb else { return code }
    print(LiveblogSummary.describe(lb), terminator: "")
    return ExitCode.ok.rawValue
}

/// `liveblog generate --posts N [--seed S] [--images EVERY] [--profile plain|heavy] [--out DIR]` (C5, B7).
func runGenerate(_ args: ParsedArguments) -> Int32 {
    // Issue 18, 39: the parser checked the numbers against their declared ranges.
    let n = args.int("posts") ?? 0, seed = UInt64(args.int("seed") ?? 1), every = args.int("images") ?? 3
    let heavy = args.string("profile") == "heavy"
    let lb = heavy ? HeavyProfile.generate(posts: n, seed: seed, imageDirectory: "images")
                   : LiveblogGenerator.generate(posts: n, seed: seed, imageEvery: every)
    let json = NativeWriter.encode(lb)
    guard let out = args.string("out") else {
        do { try FileHandle.standardOutput.write(contentsOf: Data(json.utf8)) } catch {
            printError("cannot write to standard output: \(OutputError.reason(error))")
            return ExitCode.ioErr.rawValue
        }
        return ExitCode.ok.rawValue
    }
    do {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let file = out + "/liveblog.json"
        do { try OutputFile.write(Data(json.utf8), to: file) } catch {
            printError("\(error)")
            return ExitCode.ioErr.rawValue
        }
        let images = every > 0 || heavy ? try LiveblogGenerator.writeImages(
            for: lb, directory: out + "/images") : 0
        writeStderr("wrote \(file) (\(Plural.count(lb.posts.count, "post"))) and \(Plural.count(images, "image"))\n")
        return ExitCode.ok.rawValue
    } catch {
        printError("cannot write to \(out): \(error)")
        return ExitCode.ioErr.rawValue
    }
}

/// Builds the world's settings from `view` options (C1).
func worldConfig(_ args: ParsedArguments) -> (WorldConfig?, String?) {
    var c = WorldConfig()
    if let m = args.string("mode") { c.mode = Mode(rawValue: m) ?? .content }
    if let p = args.string("platform") { c.platform = Platform(rawValue: p) ?? .ios }
    if let r = args.string("android-range") { c.androidRange = AndroidRangeMode(rawValue: r) ?? .default }
    applyScrollingOptions(args, to: &c)
    // D1, D5: reading in a terminal is the `terminal` device unless another is named: a reading
    // column of at most 90 text columns and images no taller than 60 % of the viewport. (A
    // scenario without "device" keeps the terminal's whole width: the trace contract, docs/contract.md.)
    if c.device == nil { c.device = .terminal }
    if let h = args.string("hook") {
        if h == "none" { c.hook = nil } else {
            do { c.hook = try HookSignature(parsing: h) } catch { return (nil, "--hook: \(error)") }
        }
    }
    if let n = args.string("network") { c.page.networkProfile = NetworkProfile(rawValue: n) ?? .fast }
    // Issue 18, 39: the parser checked every number against its declared range (LiveblogCommands).
    if let s = args.int("seed") { c.page.networkSeed = UInt64(s) }
    if let p = args.int("page-size") { c.page.pageSize = p }
    if let d = args.int("deep-link-limit") { c.page.deepLinkLimit = d }
    if let s = args.double("sticky-header") { c.page.stickyHeader = s.rounded() }
    if let i = args.ints("insets") { (c.insetTopRows, c.insetBottomRows) = (i[0], i[1]) }
    if let u = args.string("url") { c.page.url = u }
    if let d = args.list("enabled-domains") { c.page.enabledDomains = d }
    if let l = args.string("layout") { c.page.layout = PageLayoutKind(rawValue: l) ?? .list }
    return (c, nil)
}

/// `liveblog demo` (C3).
func runDemo(_ args: ParsedArguments) -> Int32 {
    let step: Int
    do { step = try args.int("step", in: 1...DemoTour.count) ?? 1 } catch {
        printError("\(error)")
        return ExitCode.usage.rawValue
    }
    let (lbOpt, code, _) = loadLiveblog(nil)
    guard let lb = lbOpt else { return code }
    guard isatty(1) == 1, isatty(0) == 1 else { printError("demo needs a terminal"); return ExitCode.usage.rawValue }
    let decision = TermFallback.resolve()
    if case .linear(let why) = decision {
        printError("demo needs cursor addressing: \(why)")
        return ExitCode.usage.rawValue
    }
    defer { if case .screen(_, let note?) = decision { printNote(note) } }
    let screen: NcursesScreen
    do { screen = try NcursesScreen() } catch { printError("cannot open the terminal: \(error)"); return ExitCode.software.rawValue }
    var cfg = WorldConfig()
    cfg.cols = screen.cols
    cfg.rows = screen.rows
    cfg.page.networkProfile = .threeG
    // Issue 32: a phone in outline where the terminal has room for it; no image fills the screen.
    var tour = cfg
    tour.device = DemoScript.device(screenCols: screen.cols)
    tour.imageCapShare = DemoScript.imageCapShare
    let end = playDemo(lb, tour: tour, engines: cfg, on: screen, enginesOnly: args.flag("engines"),
                       step: step - 1, loop: args.flag("loop"))
    screen.shutdown()
    TerminalRestorer.uninstall()
    return exitStatus(end)
}

/// After a large liveblog's page has laid itself out and made its first requests, the heap's whole
/// free pages go back to the system (B7: 1.1 MB at 100 000 heavy posts): the command that opened
/// the file decides, not the page.
public func trimHeapAfterOpening(_ lb: Liveblog) {
    if lb.posts.count >= 10_000 { Heap.trim() }
}

/// `--record`'s output opened now (C7): nil and the exit code when it cannot be created.
func openRecording(_ args: ParsedArguments) -> (Recorder.Output?, Int32?) {
    guard let rec = args.string("record") else { return (nil, nil) }
    do { return (try Recorder.openOutput(rec), nil) } catch {
        printError("\(error)")
        return (nil, ExitCode.cantCreate.rawValue)
    }
}

/// Issue 32: the sample host app's invented native rows only around the bundled sample; post
/// times in the reader's zone (`TZ`).
func setReaderChrome(_ app: App, source path: String, calm: Bool) {
    app.ui.nativeRows = isBundledSample(path) ? .sample : .source
    // V4: the bars name the source (the sample keeps its invented host app's site).
    app.ui.source = isBundledSample(path) ? nil : UIState.sourceName(path, app.world.page.liveblog)
    app.ui.timeZone = TimeZone.current
    app.world.send(.calmKeys(calm))
}

/// V4: the native header's rows in `view`: its lines, the page's own top margin the one blank row (the
/// sample's host app: LIVE, its tagline, a blank, the count; a source: its count).
func readerHeaderRows(sample: Bool) -> Int { sample ? 4 : 1 }

/// Is `path` the bundled sample (whose host app has invented native rows, issue 32)?
func isBundledSample(_ path: String) -> Bool {
    guard let sample = Assets.sample else { return false }
    func standard(_ p: String) -> String { URL(fileURLWithPath: p).standardizedFileURL.path }
    return standard(path) == standard(sample)
}
