import Foundation
import CSupport
import Arguments
import LiveblogModel
import Host
import QA
import Simulation
import TextCells

/// `liveblog simulate` (C2, F6, F7): one scenario as before; several files or a directory as a
/// suite with one combined report; `--compare` as a table per platform; `--compare-engines` as
/// the engines' protocols side by side (X8, X15).
public struct SimulateCommand: Command {
    public static let spec = LiveblogCommands.simulate
    var paths: [String]
    var report: ReportFormat
    var reportFile: String?
    /// `--trace` (one scenario), `--trace-dir` and `--plot-dir` (a suite).
    var trace: String?, traceDir: String?, plotDir: String?
    var scrolling: ScrollingOptions
    var engine: EngineOptions
    /// `--compare PLATFORMS` (F6), as given.
    var comparePlatforms: [String]?
    /// `--compare-engines [LIST]` (empty: the emulated page and Chromium).
    var compareEngines: [String]?
    /// Several scenarios (or a suite's options): one combined report.
    var suite = false
    var jobs: Int
    var shard: (index: Int, count: Int)?
    var usage: CommandUsage

    public init(_ args: ParsedArguments) throws {
        paths = args.positionals("SCENARIO.json...")
        // The parser allows only the formats' names (`LiveblogCommands.reports`, held equal to ReportFormat's).
        report = ReportFormat(rawValue: args.string(.report) ?? "text") ?? .text
        reportFile = args.string(.reportFile)
        (trace, traceDir, plotDir) = (args.string(.trace), args.string(.traceDir), args.string(.plotDir))
        scrolling = ScrollingOptions(args)
        engine = EngineOptions(args)
        usage = args.usage
        jobs = args.int(.jobs) ?? ProcessInfo.processInfo.activeProcessorCount
        let one = paths.count == 1 && !isDirectory(paths[0])
        if let platforms = args.list(.compare) {
            guard one else { throw usage.error("--compare runs one scenario file") }
            comparePlatforms = platforms
            return
        }
        if args.flag(.compareEngines) {
            guard one else { throw usage.error("--compare-engines runs one scenario file") }
            compareEngines = args.list(.compareEngines) ?? []
            return
        }
        suite = !one || args.isExplicit(.jobs) || args.isExplicit(.shard) || traceDir != nil || plotDir != nil
        if suite, let s = args.string(.shard) {
            guard let parsed = ScenarioSuite.parseShard(s) else {
                throw usage.error("--shard: expected I/N with 1 ≤ I ≤ N, got \(s)")
            }
            shard = parsed
        }
    }

    public func run() -> ExitCode {
        if let comparePlatforms { return runCompareTable(path: paths[0], platforms: comparePlatforms) }
        if let compareEngines { return runCompareEngines(path: paths[0], given: compareEngines) }
        return suite ? runSuite() : runOne()
    }
}

extension SimulateCommand {
    /// Runs a suite and prints its combined report: exit 65 when a scenario is invalid, else 1
    /// when an expectation fails, else 0; 66 when the paths hold no scenario file; 73 when a trace or
    /// a plot cannot be written.
    func runSuite() -> ExitCode {
        var files: [String]
        do { files = try ScenarioSuite.collect(paths) } catch {
            printError("\(error)")
            return .noInput
        }
        guard !files.isEmpty else {
            printError("no scenario files (*.json) in \(paths.joined(separator: ", "))")
            return .noInput
        }
        if let s = shard { files = ScenarioSuite.shard(files, index: s.index, of: s.count) }
        if trace != nil, files.count != 1 {
            return refuse(usage, "--trace writes the trace of one scenario; for a suite of \(files.count), "
                            + "--trace-dir DIR writes one per scenario")
        }
        let notes = SuiteNotes()
        let hooks: ScenarioSuite.Hooks
        switch suiteHooks(files, roots: paths, notes: notes) {
        case .success(let h): hooks = h
        case .failure(let f): return f.code
        }
        let results = ScenarioSuite.run(files, jobs: jobs, hooks: hooks)
        for r in results { if let why = r.error { printError(why) } }
        var cantWrite = false
        for n in notes.sorted() {
            if n.isError { cantWrite = true }
            printError(n.text)
        }
        let text = report.render(results)
        // Issue 31: `--report-file` takes the combined report of a suite as it does one scenario's.
        if let file = reportFile {
            if let rc = writeReportFile(text, to: file) { return rc }
        } else {
            print(text, terminator: "")
        }
        if cantWrite { return .cantCreate }
        if results.contains(where: { $0.error != nil }) { return .dataErr }
        return results.allSatisfy(\.passed) ? .ok : .failure
    }

    /// `simulate SCENARIO --compare ios,android,naive` (F6): the table; exit 1 when an expectation
    /// fails on a platform.
    func runCompareTable(path: String, platforms names: [String]) -> ExitCode {
        var platforms: [Platform] = []
        for n in names {
            guard let p = Platform(rawValue: n) else {
                return refuse(usage, "--compare: unknown platform '\(n)' (ios, android, naive)")
            }
            if !platforms.contains(p) { platforms.append(p) }
        }
        guard !platforms.isEmpty else { return refuse(usage, "--compare: name at least one platform") }
        var scenario: Scenario
        do { scenario = try Scenario.load(path: path, readCapture: readCapture) } catch {
            printError("\(error)")
            return .dataErr
        }
        scrolling.apply(to: &scenario.config)
        // Q19: the scenario's engine and page (or the command line's) on every platform: a browser each.
        engine.apply(to: &scenario.engine)
        defer { EngineRun.closeAll() }
        let rows: [CompareRow]
        do {
            rows = try CompareTable.rows(scenario, platforms: platforms) { _ in try EngineRun.maker(checked: scenario.engine) }
        } catch {
            printError("\(error)")
            return EngineRun.exitCode(error)
        }
        if let failed = rows.first(where: { $0.failure != nil }), let why = failed.failure {
            printError("\(failed.platform.rawValue): \(why)")
            return EngineRun.exitCode(forFailure: why) ?? .software
        }
        if var refused = rows.lazy.compactMap(\.refusal).first {
            refused.file = path
            printError("\(refused)")
            return .dataErr
        }
        print(report == .json ? CompareTable.json(rows) : CompareTable.text(rows), terminator: "")
        return rows.allSatisfy { $0.passed == $0.expectations } ? .ok : .failure
    }
}

/// `liveblog fuzz [--count N] [--seed S] [--out DIR]` (F7).
struct FuzzCommand: Command {
    static let spec = LiveblogCommands.fuzz
    var count: Int, seed: Int
    var out: String

    init(_ args: ParsedArguments) {
        // Issue 18, 39: the parser checked both numbers against their declared ranges.
        count = args.int(.count) ?? 100
        seed = args.int(.seed) ?? 1
        out = args.string(.out) ?? "fuzz-failures"
    }

    func run() -> ExitCode {
        var written = 0
        let failures = FuzzCampaign.run(count: count, seed: UInt64(seed)) { s, failure in
            guard let f = failure else { return }
            do {
                let path = try FuzzCampaign.write(f, directory: out)
                written += 1
                let size = f.shrunk.map { "shrunk to \(Plural.count($0.events.count, "event")) over \($0.duration) s" }
                    ?? "not shrunk: its file does not fail the same way"
                print("seed \(s): \(Sanitizer.clean(f.violation))\n  \(size): \(path)")
            } catch {
                printError("cannot write to \(out): \(error)")
            }
            fflush(lb_c_stdout())
        }
        print("fuzz: \(Plural.count(count, "scenario")) from seed \(seed), \(failures.count) failing, "
              + "\(Plural.count(written, "file")) written")
        return failures.isEmpty ? .ok : .failure
    }
}

func isDirectory(_ path: String) -> Bool {
    var d: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &d) && d.boolValue
}

/// A usage error after parsing (exit 64), with the command's usage line.
func refuse(_ usage: CommandUsage, _ message: String) -> ExitCode {
    ArgumentParser.printError(usage.error(message))
    return .usage
}
