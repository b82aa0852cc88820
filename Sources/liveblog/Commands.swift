import Foundation
import Arguments
import LiveblogModel
import Embed
import Host
import Simulation
import TerminalKit
import TerminalUI

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
        FileHandle.standardError.write("loading \((path as NSString).lastPathComponent)… \(size / 1_000_000) MB".data(using: .utf8)!)
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
    let (lb, code, _) = loadLiveblog(args.positional("SOURCE"))
    guard let lb else { return code }
    print(LiveblogSummary.describe(lb), terminator: "")
    return 0
}

/// `liveblog generate --posts N [--seed S] [--images EVERY] [--out DIR]` (C5).
func runGenerate(_ args: ParsedArguments) -> Int32 {
    let n = args.int("posts") ?? 0
    let seed = UInt64(args.int("seed") ?? 1)
    let every = args.int("images") ?? 3
    let lb = LiveblogGenerator.generate(posts: n, seed: seed, imageEvery: every)
    let json = NativeWriter.encode(lb)
    guard let out = args.string("out") else {
        FileHandle.standardOutput.write(json.data(using: .utf8)!)
        return 0
    }
    do {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let file = out + "/liveblog.json"
        guard FileManager.default.createFile(atPath: file, contents: json.data(using: .utf8)) else {
            printError("cannot write \(file)")
            return ExitCode.ioErr.rawValue
        }
        let images = every > 0 ? try LiveblogGenerator.writeImages(for: lb, directory: out + "/images") : 0
        FileHandle.standardError.write("wrote \(file) (\(lb.posts.count) posts) and \(images) images\n".data(using: .utf8)!)
        return 0
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
    if let h = args.string("hook") {
        if h == "none" { c.hook = nil } else {
            do { c.hook = try HookSignature(parsing: h) } catch { return (nil, "--hook: \(error)") }
        }
    }
    if let n = args.string("network") { c.page.networkProfile = NetworkProfile(rawValue: n) ?? .fast }
    if let s = args.int("seed") { c.page.networkSeed = UInt64(max(0, s)) }
    if let i = args.ints("insets") { c.insetTopRows = max(0, i[0]); c.insetBottomRows = max(0, i[1]) }
    if let p = args.int("page-size") { c.page.pageSize = max(0, p) }
    if let d = args.int("deep-link-limit") { c.page.deepLinkLimit = max(0, d) }
    if let s = args.double("sticky-header") { c.page.stickyHeader = max(0, s).rounded() }
    if let u = args.string("url") { c.page.url = u }
    if let d = args.list("enabled-domains") { c.page.enabledDomains = d }
    if let l = args.string("layout") { c.page.layout = PageLayoutKind(rawValue: l) ?? .list }
    return (c, nil)
}

/// `liveblog view [SOURCE]` and `liveblog` alone (C1).
func runView(_ args: ParsedArguments) -> Int32 {
    let (lbOpt, code, path) = loadLiveblog(args.positional("SOURCE"))
    guard let lb = lbOpt else { return code }
    let (cfgOpt, err) = worldConfig(args)
    guard var cfg = cfgOpt else { printError(err ?? "bad options"); return ExitCode.usage.rawValue }
    // Issue 15: into a pipe or a file, the liveblog as plain text.
    if isatty(STDOUT_FILENO) == 0 {
        return writeDump(lb, path: path, event: args.string("event"), width: LineWriter.defaultWidth())
    }
    guard isatty(1) == 1, isatty(0) == 1 else {
        printError("view needs a terminal (stdin and stdout); try 'liveblog check' or 'liveblog simulate'")
        return ExitCode.usage.rawValue
    }
    var termNote: String?
    if let rc = linearOrScreen(lb, args: args, note: &termNote) { return rc }
    defer { if let termNote { printNote(termNote) } }
    let screen: NcursesScreen
    do { screen = try NcursesScreen() } catch {
        printError("cannot open the terminal: \(error)")
        return ExitCode.software.rawValue
    }
    TerminalRestorer.install()
    cfg.cols = screen.cols
    cfg.rows = screen.rows
    let world = World(liveblog: lb, config: cfg)
    let app = App(world: world)
    app.liveEvery = args.double("live")
    if let rec = args.string("record") {
        let abs = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        app.recorder = Recorder(config: cfg, liveblogPath: abs, outputPath: rec)
        app.ui.recording = true
    }
    world.advance(to: 0)
    if let id = args.string("event") {
        app.recorder?.record(0, .jump(id: id, topOffset: args.double("top-offset")))
        world.jump(to: id, topOffset: args.double("top-offset"))
        if !world.page.exists(id) { app.ui.message = (Sanitizer.clean("post \(id) not found"), 4) }
    }
    let rc = app.run(on: screen)
    screen.shutdown()
    TerminalRestorer.uninstall()
    return rc
}

/// `liveblog demo` (C3).
func runDemo(_ args: ParsedArguments) -> Int32 {
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
    TerminalRestorer.install()
    var cfg = WorldConfig()
    cfg.cols = screen.cols
    cfg.rows = screen.rows
    cfg.page.networkProfile = .threeG
    let world = World(liveblog: lb, config: cfg)
    let app = App(world: world)
    app.demo = DemoScript(liveblog: lb)
    let rc = app.run(on: screen)
    screen.shutdown()
    TerminalRestorer.uninstall()
    return rc
}
