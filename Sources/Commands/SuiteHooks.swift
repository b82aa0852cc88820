import Foundation
import Arguments
import LiveblogModel
import QA
import Simulation
import BrowserEngine

/// A monotonic wall clock in seconds, for the reports' times (Q12); the core never reads one.
func wallClock() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

extension SimulateCommand {
    /// What the suite does around each scenario (Q12): the wall clock, the command line's settings
    /// (`--physics`, `--drag-rule`, devices), a trace per scenario (`--trace` for a suite of one,
    /// `--trace-dir`), a plot per failing one (`--plot-dir`). The directories are made before any
    /// scenario runs; a file that cannot be written is noted (exit 73 once the suite is done).
    func suiteHooks(_ files: [String], roots: [String], notes: SuiteNotes) -> Result<ScenarioSuite.Hooks, TraceCommandFailure> {
        var hooks = ScenarioSuite.Hooks()
        hooks.clock = wallClock
        hooks.readCapture = readCapture
        let scrolling = scrolling, traceDir = traceDir, plotDir = plotDir
        hooks.configure = { scrolling.apply(to: &$0) }
        var names: [String: String] = [:]
        if traceDir != nil || plotDir != nil {
            do { names = try SuiteOutputs.names(files, roots: roots) } catch {
                ArgumentParser.printError(usage.error("\(error): name them apart, or run them as two suites"))
                return .failure(TraceCommandFailure(code: .usage))
            }
            for dir in [traceDir, plotDir].compactMap({ $0 }) {
                for sub in Set(names.values.map { ((dir as NSString).appendingPathComponent($0) as NSString)
                    .deletingLastPathComponent }) {
                    guard (try? FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true))
                        != nil else {
                        printError("cannot create the directory \(sub)")
                        return .failure(TraceCommandFailure(code: .cantCreate))
                    }
                }
            }
        }
        let single = trace
        let fileNames = names
        hooks.trace = { path in
            let file = single
                ?? traceDir.map { ($0 as NSString).appendingPathComponent((fileNames[path] ?? path) + ".jsonl") }
            guard let file else { return nil }
            guard let w = TraceWriter(path: file) else {
                notes.add(path, "cannot write the trace to \(file)", isError: true)
                return nil
            }
            // A trace that could not be written whole is noted as one that could not be created (73).
            return TraceSink(write: w.write, close: {
                w.close()
                if let failure = w.failure { notes.add(path, failure, isError: true) }
                return nil
            })
        }
        if let plotDir {
            hooks.keepsRecords = true
            hooks.finished = { result, runner in
                guard !result.passed, result.error == nil else { return }
                let file = (plotDir as NSString).appendingPathComponent((fileNames[result.path] ?? result.path) + ".svg")
                switch SuiteOutputs.plot(runner) {
                case .success(let svg):
                    if (try? OutputFile.write(Data(svg.utf8), to: file)) == nil {
                        notes.add(result.path, "cannot write the plot to \(file)", isError: true)
                    }
                case .failure(let why):
                    notes.add(result.path, "\(result.path): no plot: \(why)", isError: false)
                }
            }
        }
        engineHooks(&hooks)
        return .success(hooks)
    }

    /// X1: each scenario's engine (its own, or the command line's); X2: each scenario's browser ends
    /// with it (a suite of many never keeps one open).
    private func engineHooks(_ hooks: inout ScenarioSuite.Hooks) {
        engineSettingsHooks(&hooks)
        let plotting = hooks.finished
        hooks.finished = { result, runner in
            plotting(result, runner)
            (runner.world.page as? EngineWebPage)?.driver.closeEngine()
        }
    }

    /// X1: the command line's engine settings over each scenario's, checked, and its page maker.
    func engineSettingsHooks(_ hooks: inout ScenarioSuite.Hooks) {
        let engine = engine
        hooks.configureEngine = { engine.apply(to: &$0) }
        hooks.makePage = { try EngineRun.maker(checked: $0) }
    }
}
