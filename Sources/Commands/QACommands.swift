import Foundation
import CSupport
import Arguments
import LiveblogModel
import Host
import QA
import Simulation
import TextCells

/// `liveblog simulate` (C2, F6, F7): one scenario as before; several files or a directory as a
/// suite with one combined report; `--compare` as a table per platform.
func runSimulateCommand(_ args: ParsedArguments) -> Int32 {
    let paths = args.strings("SCENARIO.json...")
    // The parser allows only the formats' names (`LiveblogCommands.reports`, held equal to ReportFormat's).
    let report = ReportFormat(rawValue: args.string("report") ?? "text") ?? .text
    if let platforms = args.list("compare") {
        guard paths.count == 1, !isDirectory(paths[0]) else {
            return usage(args, "--compare runs one scenario file")
        }
        return runCompareTable(path: paths[0], platforms: platforms, report: report, args)
    }
    if args.flag("compare-engines") {
        guard paths.count == 1, !isDirectory(paths[0]) else {
            return usage(args, "--compare-engines runs one scenario file")
        }
        return runCompareEngines(path: paths[0], args)
    }
    let suite = paths.count > 1 || isDirectory(paths[0]) || args.isExplicit("jobs") || args.isExplicit("shard")
        || args.string("trace-dir") != nil || args.string("plot-dir") != nil
    guard suite else { return runSimulate(args) }
    var shard: (index: Int, count: Int)?
    if let s = args.string("shard") {
        guard let parsed = ScenarioSuite.parseShard(s) else {
            return usage(args, "--shard: expected I/N with 1 ≤ I ≤ N, got \(s)")
        }
        shard = parsed
    }
    let jobs = args.int("jobs") ?? ProcessInfo.processInfo.activeProcessorCount
    return runSuite(paths, jobs: jobs, shard: shard, report: report, args)
}

/// Runs a suite and prints its combined report: exit 65 when a scenario is invalid, else 1
/// when an expectation fails, else 0; 66 when the paths hold no scenario file; 73 when a trace or
/// a plot cannot be written.
func runSuite(_ paths: [String], jobs: Int, shard: (index: Int, count: Int)?, report: ReportFormat,
              _ args: ParsedArguments) -> Int32 {
    var files: [String]
    do { files = try ScenarioSuite.collect(paths) } catch {
        printError("\(error)")
        return ExitCode.noInput.rawValue
    }
    guard !files.isEmpty else {
        printError("no scenario files (*.json) in \(paths.joined(separator: ", "))")
        return ExitCode.noInput.rawValue
    }
    if let s = shard { files = ScenarioSuite.shard(files, index: s.index, of: s.count) }
    if args.string("trace") != nil, files.count != 1 {
        return usage(args, "--trace writes the trace of one scenario; for a suite of \(files.count), "
                        + "--trace-dir DIR writes one per scenario")
    }
    let notes = SuiteNotes()
    let hooks: ScenarioSuite.Hooks
    switch suiteHooks(files, roots: paths, notes: notes, args) {
    case .success(let h): hooks = h
    case .failure(let f): return f.code.rawValue
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
    if let file = args.string("report-file") {
        if let rc = writeReportFile(text, to: file) { return rc }
    } else {
        print(text, terminator: "")
    }
    if cantWrite { return ExitCode.cantCreate.rawValue }
    if results.contains(where: { $0.error != nil }) { return ExitCode.dataErr.rawValue }
    return results.allSatisfy(\.passed) ? ExitCode.ok.rawValue : ExitCode.failure.rawValue
}

/// `simulate SCENARIO --compare ios,android,naive` (F6): the table; exit 1 when an expectation
/// fails on a platform.
func runCompareTable(path: String, platforms names: [String], report: ReportFormat,
                     _ args: ParsedArguments) -> Int32 {
    var platforms: [Platform] = []
    for n in names {
        guard let p = Platform(rawValue: n) else {
            return usage(args, "--compare: unknown platform '\(n)' (ios, android, naive)")
        }
        if !platforms.contains(p) { platforms.append(p) }
    }
    guard !platforms.isEmpty else { return usage(args, "--compare: name at least one platform") }
    var scenario: Scenario
    do { scenario = try Scenario.load(path: path, readCapture: readCapture) } catch {
        printError("\(error)")
        return ExitCode.dataErr.rawValue
    }
    applyScrollingOptions(args, to: &scenario.config)
    // Q19: the scenario's engine and page (or the command line's) on every platform: a browser each.
    scenario.engine.apply(args)
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
        return EngineRun.exitCode(forFailure: why) ?? ExitCode.software.rawValue
    }
    if var refused = rows.lazy.compactMap(\.refusal).first {
        refused.file = path
        printError("\(refused)")
        return ExitCode.dataErr.rawValue
    }
    print(report == .json ? CompareTable.json(rows) : CompareTable.text(rows), terminator: "")
    return rows.allSatisfy { $0.passed == $0.expectations } ? ExitCode.ok.rawValue : ExitCode.failure.rawValue
}

/// `liveblog fuzz [--count N] [--seed S] [--out DIR]` (F7).
func runFuzz(_ args: ParsedArguments) -> Int32 {
    // Issue 18, 39: the parser checked both numbers against their declared ranges.
    let count = args.int("count") ?? 100, seed = args.int("seed") ?? 1
    let out = args.string("out") ?? "fuzz-failures"
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
    return failures.isEmpty ? ExitCode.ok.rawValue : ExitCode.failure.rawValue
}

func isDirectory(_ path: String) -> Bool {
    var d: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &d) && d.boolValue
}

/// A usage error after parsing (exit 64).
func usage(_ args: ParsedArguments, _ message: String) -> Int32 {
    ArgumentParser.printError(args.usageError(message))
    return ExitCode.usage.rawValue
}
