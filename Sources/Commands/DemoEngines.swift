import Arguments
import Chromium
import EngineProcess
import Foundation
import LiveblogModel
import Simulation
import TerminalKit
import TerminalUI

/// `liveblog demo` (C3).
struct DemoCommand: Command {
    static let spec = LiveblogCommands.demo
    /// The first step, from 0.
    var step: Int
    var enginesOnly: Bool, loop: Bool

    init(_ args: ParsedArguments) throws {
        // The range the declarations cannot hold: the tour's length (TerminalUI).
        do { step = (try args.int(.step, in: 1...DemoTour.count) ?? 1) - 1 } catch {
            throw Refusal(message: "\(error)", usageLine: false)
        }
        enginesOnly = args.flag(.engines)
        loop = args.flag(.loop)
    }

    func run() -> ExitCode {
        let (lbOpt, code, _) = loadLiveblog(nil)
        guard let lb = lbOpt else { return code }
        guard isatty(1) == 1, isatty(0) == 1 else { printError("demo needs a terminal"); return .usage }
        let decision = TermFallback.resolve()
        if case .linear(let why) = decision {
            printError("demo needs cursor addressing: \(why)")
            return .usage
        }
        defer { if case .screen(_, let note?) = decision { printNote(note) } }
        let screen: NcursesScreen
        do { screen = try NcursesScreen() } catch { printError("cannot open the terminal: \(error)"); return .software }
        var cfg = WorldConfig()
        cfg.cols = screen.cols
        cfg.rows = screen.rows
        cfg.page.networkProfile = .threeG
        // Issue 32: a phone in outline where the terminal has room for it; no image fills the screen.
        var tour = cfg
        tour.device = DemoScript.device(screenCols: screen.cols)
        tour.imageCapShare = DemoScript.imageCapShare
        let end = playDemo(lb, tour: tour, engines: cfg, on: screen, enginesOnly: enginesOnly, step: step, loop: loop)
        screen.shutdown()
        TerminalRestorer.uninstall()
        return exitStatus(end)
    }
}

/// `liveblog demo` (C3) with its engines step (X9): the tour, then the emulated page and Chromium
/// side by side as `compare --engines emulated,chromium` shows them, on the same screen. With
/// `--engines` only that step. Without Chromium the step's caption says it is skipped and why.
/// `tour`: the tour's settings (a phone where it fits, issue 32); `engines`: the two panes'.
func playDemo(_ lb: Liveblog, tour: WorldConfig, engines cfg: WorldConfig, on screen: NcursesScreen,
              enginesOnly: Bool, step: Int = 0, loop: Bool = false) -> SessionEnd {
    var maker: PageMaker?
    let start: () -> String? = {
        do {
            maker = try EngineRun.maker(PageEngine(kind: .chromium), time: .realTime)
            return nil
        } catch let e as EngineError {
            if case .engineNotFound = e { return "no Chromium (apt-get install \(EngineLocator.debianPackage))" }
            return "Chromium did not start: \(e.description)"
        } catch {
            return "Chromium did not start: \(error)"
        }
    }
    defer { EngineRun.closeAll() }
    if enginesOnly, let why = start() {
        return demoApp(lb, cfg, DemoScript.enginesSkipped(liveblog: lb, why: why)).run(on: screen)
    }
    if enginesOnly {
        guard let maker else { return .finished }
        return enginesTour(lb, cfg, maker, on: screen).run(on: screen)
    }
    // C8: the tour from `--step`; with `--loop` the engines' step hands back to the first step.
    var first = step
    while true {
        let app = App(world: World(liveblog: lb, config: tour))
        app.ui.timeZone = TimeZone.current
        var t = DemoTour(liveblog: lb, config: tour)
        t.loop = loop
        app.play(t, from: first)
        app.enginesTour = { maker != nil ? nil : start() }
        let end = app.run(on: screen)
        guard app.handsOverToEngines, let maker else { return end }
        let compare = enginesTour(lb, cfg, maker, on: screen)
        let after = compare.run(on: screen)
        if compare.backToTour {
            first = DemoTour.count - 2
            continue
        }
        guard loop, !compare.endedByKey else { return after }
        first = 0
    }
}

private func demoApp(_ lb: Liveblog, _ cfg: WorldConfig, _ script: DemoScript) -> App {
    let app = App(world: World(liveblog: lb, config: cfg))
    app.demo = script
    app.ui.timeZone = TimeZone.current
    return app
}

/// The two panes of the engines step: the same settings (iOS, 3g), the emulated page on the
/// left, Chromium (real time) on the right, each pane's own short tour.
private func enginesTour(_ lb: Liveblog, _ cfg: WorldConfig, _ maker: @escaping PageMaker,
                         on screen: NcursesScreen) -> CompareApp {
    let engines = ["emulated", "chromium"]
    let areas = CompareApp.areas(count: 2, cols: screen.cols, rows: screen.rows)
    let makers: [PageMaker?] = [nil, maker]
    let worlds = zip(areas, makers).map { area, makePage -> World in
        var c = cfg
        c.platform = .ios
        (c.cols, c.rows) = (area.width, area.height)
        return World(liveblog: lb, config: c, makePage: makePage)
    }
    let app = CompareApp(worlds: worlds, engines: engines)
    for (p, name) in zip(app.panes, engines) {
        p.demo = DemoScript.enginesTour(liveblog: lb, engine: name)
        p.ui.timeZone = TimeZone.current
    }
    app.advance(to: 0)
    return app
}
