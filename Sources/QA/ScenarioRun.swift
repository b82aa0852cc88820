import Foundation
import Simulation

/// Where a scenario's trace lines go: `write` each line, then `close`, which says why the trace
/// could not be written whole (a full disk, issue 31), if it could not.
public struct TraceSink {
    public var write: (String) -> Void
    public var close: () -> String?

    public init(write: @escaping (String) -> Void, close: @escaping () -> String?) {
        self.write = write
        self.close = close
    }
}

extension ScenarioResult {
    /// Why a scenario gave no expectation results: what the exit status of `simulate` says of it.
    public enum Problem: Equatable, Sendable {
        /// The file cannot be read (exit 66).
        case unreadable
        /// Invalid input (exit 65): the file, or an expectation the run shows cannot fail (Q9).
        case invalidScenario
        /// The page could not be made (the engine's settings, a missing engine: the maker's status).
        case page
        /// The run's engine crashed or stopped answering, or its page could not be opened (X2):
        /// the runner's message, without the file's path.
        case runFailed(String)
        /// The trace could not be created (exit 73) or written whole (exit 74).
        case traceNotCreated
        case traceNotWritten
    }
}

extension ScenarioSuite {
    /// Runs one scenario file: the one runner for `simulate` of one scenario and of a suite (C2,
    /// F7, issue 39). Its result is a run's expectation results, or why it did not run (`problem`).
    public static func runOne(_ path: String, hooks: Hooks = Hooks()) -> ScenarioResult {
        let started = hooks.clock()
        switch prepare(path, hooks) {
        case var .invalid(result):
            result.wallSeconds = hooks.clock() - started
            return result
        case let .ready(scenario, runner):
            var result = run(path, scenario, runner, hooks)
            result.wallSeconds = hooks.clock() - started
            hooks.finished(result, runner)
            return result
        }
    }

    enum Prepared {
        case ready(Scenario, ScenarioRunner)
        case invalid(ScenarioResult)
    }

    /// The scenario read, the command line's settings over its own, its page made.
    static func prepare(_ path: String, _ hooks: Hooks) -> Prepared {
        func invalid(_ title: String, _ why: String, _ problem: ScenarioResult.Problem) -> Prepared {
            .invalid(ScenarioResult(path: path, title: title, status: .invalid(why), problem: problem))
        }
        let file = (path as NSString).lastPathComponent
        guard FileManager.default.isReadableFile(atPath: path) else {
            return invalid(file, "\(path): cannot read the file", .unreadable)
        }
        var s: Scenario
        do { s = try Scenario.load(path: path, readCapture: hooks.readCapture) } catch {
            return invalid(file, "\(error)", .invalidScenario)
        }
        hooks.configure(&s.config)
        hooks.configureEngine(&s.engine)
        let makePage: PageMaker?
        do { makePage = try hooks.makePage?(s.engine) ?? nil } catch { return invalid(s.name, "\(error)", .page) }
        let runner = ScenarioRunner(scenario: s, makePage: makePage)
        // Issue 31: frame records are kept only where a check or a plot reads them.
        runner.keepFrameRecords = runner.needsFrameRecords || hooks.keepsRecords
        return .ready(s, runner)
    }

    /// The run, its trace written; a run whose engine failed (X2), whose trace could not be
    /// written, or whose expectations the run shows cannot fail (Q9) is no result.
    static func run(_ path: String, _ s: Scenario, _ runner: ScenarioRunner, _ hooks: Hooks) -> ScenarioResult {
        func invalid(_ why: String, _ problem: ScenarioResult.Problem) -> ScenarioResult {
            ScenarioResult(path: path, title: s.name, status: .invalid(why), problem: problem)
        }
        let sink: TraceSink?
        do { sink = try hooks.trace(path) } catch { return invalid("\(error)", .traceNotCreated) }
        if let sink { runner.traceLine = sink.write }
        let outcomes = runner.run()
        let traceFailure = sink?.close()
        if let why = runner.failure { return invalid("\(path): \(why)", .runFailed(why)) }
        if let why = traceFailure { return invalid(why, .traceNotWritten) }
        if var refused = outcomes.lazy.compactMap(\.refusal).first {
            refused.file = path
            return invalid("\(refused)", .invalidScenario)
        }
        return ScenarioResult(path: path, title: s.name, status: .ran(outcomes), virtualSeconds: s.duration,
                              xfail: s.xfail)
    }
}
