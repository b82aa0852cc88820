import Foundation
import Arguments
import LiveblogModel
import Embed
import Host
import Simulation
import TerminalKit
import TerminalUI
import TextCells

/// `liveblog compare [SOURCE] [--event ID] [--platforms ios,android,naive]` (F6): the panes'
/// settings from the options; every pane alike but for its platform. `compare --log LOG` (A3).
struct CompareCommand: Command {
    static let spec = LiveblogCommands.compare
    var source: String?
    var event: String?
    var log: String?
    /// `--engines A,B` (X9), as given.
    var engines: [String]?
    var engine: EngineOptions
    /// The panes' settings, or why the options are refused (reported after the liveblog is read).
    var configs: Result<[WorldConfig], UsageError>

    init(_ args: ParsedArguments) {
        source = args.positional("SOURCE")
        event = args.string(.event)
        log = args.string(.log)
        engines = args.list(.engines)
        engine = EngineOptions(args)
        let (configs, err) = Self.configs(args)
        self.configs = configs.map { .success($0) } ?? .failure(args.usage.error(err ?? "bad options"))
    }

    static func configs(_ args: ParsedArguments) -> ([WorldConfig]?, String?) {
        var c = WorldConfig()
        c.mode = Mode(rawValue: args.string(.mode) ?? "content") ?? .content
        if let h = args.string(.hook) {
            if h == "none" { c.hook = nil } else {
                do { c.hook = try HookSignature(parsing: h) } catch { return (nil, "--hook: \(error)") }
            }
        }
        c.page.networkProfile = NetworkProfile(rawValue: args.string(.network) ?? "fast") ?? .fast
        if let r = args.string(.androidRange) { c.androidRange = AndroidRangeMode(rawValue: r) ?? .default }
        ScrollingOptions(args).apply(to: &c)
        // Issue 18, 39: the parser checked every number against its declared range.
        if let s = args.int(.seed) { c.page.networkSeed = UInt64(s) }
        if let i = args.ints(.insets) { (c.insetTopRows, c.insetBottomRows) = (i[0], i[1]) }
        if let names = args.list(.devices) { return deviceConfigs(c, names) }
        if let names = args.list(.engines) {
            let kinds = Set(names.compactMap(PageEngine.Kind.init(rawValue:)))
            guard kinds.count == names.count, kinds.count == 2, !kinds.contains(.platform) else {
                return (nil, "--engines: name the two engines, e.g. emulated,chromium (emulated, chromium, webkit)")
            }
            guard args.string(.engine) == nil, args.string(.pageURL) == nil else {
                return (nil, "--engines: the reference embed in both panes (not with --engine or --page-url)")
            }
            let given = args.isExplicit(.platforms) ? args.list(.platforms) ?? [] : []
            guard let p = Platform(rawValue: given.first ?? "ios"), given.count <= 1 else {
                return (nil, "--engines: name at most one platform with --platforms (ios, android, naive)")
            }
            c.platform = p
            return (Array(repeating: c, count: names.count), nil)
        }
        var configs: [WorldConfig] = []
        for name in args.list(.platforms) ?? ["ios", "android"] {
            guard let p = Platform(rawValue: name) else {
                return (nil, "--platforms: unknown platform '\(name)' (ios, android, naive)")
            }
            var pc = c
            pc.platform = p
            configs.append(pc)
        }
        guard (2...3).contains(configs.count) else { return (nil, "--platforms: name two or three platforms") }
        return (configs, nil)
    }

    func run() -> ExitCode {
        if let log { return runCompareLog(log) }
        let (lbOpt, code, _) = loadLiveblog(source)
        guard let lb = lbOpt else { return code }
        let configs: [WorldConfig]
        switch self.configs {
        case .success(let c): configs = c
        case .failure(let e):
            ArgumentParser.printError(e)
            return .usage
        }
        guard isatty(1) == 1, isatty(0) == 1 else {
            printError("compare needs a terminal (stdin and stdout); try 'liveblog simulate SCENARIO --compare'")
            return .usage
        }
        let (makers, engineFailed) = compareMakers(panes: configs.count)
        if let engineFailed { return engineFailed }
        defer { EngineRun.closeAll() }
        let screen: NcursesScreen
        do { screen = try NcursesScreen() } catch {
            printError("cannot open the terminal: \(error)")
            return .software
        }
        let areas = CompareApp.areas(count: configs.count, cols: screen.cols, rows: screen.rows)
        let worlds = zip(zip(configs, areas), makers).map { pane, makePage -> World in
            var c = pane.0
            (c.cols, c.rows) = (pane.1.width, pane.1.height)
            return World(liveblog: lb, config: c, makePage: makePage)
        }
        let app = CompareApp(worlds: worlds, engines: engines)
        app.advance(to: 0)
        if let id = event {
            for p in app.panes { p.send(.jump(id: id, topOffset: nil)) }
            if !app.panes[0].world.page.exists(id) {
                for p in app.panes { p.ui.message = (Sanitizer.clean("post \(id) not found"), 4) }
            }
        }
        let end = app.run(on: screen)
        screen.shutdown()
        TerminalRestorer.uninstall()
        return exitStatus(end)
    }
}

/// `compare --devices A,B[,C]` (D1, F6): a pane per device, each on the device's own platform.
private func deviceConfigs(_ c: WorldConfig, _ names: [String]) -> ([WorldConfig]?, String?) {
    var configs: [WorldConfig] = []
    for name in names {
        guard let d = DeviceProfile.named(name) else {
            return (nil, "--devices: unknown device '\(name)' (\(DeviceProfile.names.joined(separator: ", ")))")
        }
        var pc = c
        pc.device = d
        if !d.isTerminal { pc.platform = d.platform }
        configs.append(pc)
    }
    guard (2...3).contains(configs.count) else { return (nil, "--devices: name two or three devices") }
    return (configs, nil)
}

/// Each pane's page maker: `--engines A,B` one engine a pane (X9: the emulated page and Chromium
/// side by side on one input stream; the names checked by `compareConfigs`), else the session's
/// engine (`--engine`) in every pane. The exit code when an engine cannot start.
extension CompareCommand {
    func compareMakers(panes: Int) -> ([PageMaker?], ExitCode?) {
        guard let names = engines else {
            let (_, makePage, failed) = sessionEngine(engine)
            return (Array(repeating: makePage, count: panes), failed)
        }
        let kinds = names.compactMap(PageEngine.Kind.init(rawValue:))
        var makers: [PageMaker?] = []
        // X11: a WebKit pane (its own helper a page) beside Chromium's or the emulated page.
        for k in kinds {
            do { makers.append(k == .emulated ? nil : try EngineRun.maker(PageEngine(kind: k), time: .realTime)) } catch {
                printError("\(error)")
                return ([], EngineRun.exitCode(error))
            }
        }
        return (makers, nil)
    }
}
