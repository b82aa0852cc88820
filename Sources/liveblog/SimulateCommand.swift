import Foundation
import Arguments
import LiveblogModel
import Simulation
import ScrollPhysics
import Host

/// `--physics` and `--drag-rule` (F2, F4) on top of a scenario's or the view's settings.
func applyScrollingOptions(_ args: ParsedArguments, to c: inout WorldConfig) {
    if let p = args.string("physics") { c.physics = PhysicsModel(rawValue: p) }
    if let r = args.string("drag-rule") { c.dragRule = ReaderDragRule(rawValue: r) ?? .platform }
    applyDeviceOptions(args, to: &c)
}

/// `liveblog simulate SCENARIO.json [--trace FILE] [--report text|json|junit] [--report-file FILE]`
/// (C2, Q4). Exit 0 when every expectation holds (or there is none: "nothing checked"), 1 when
/// one fails, 65 for invalid input, 66 when the scenario file cannot be read, 73 when an output
/// cannot be written. An invalid scenario still gets a JSON or JUnit report (an `<error>` test
/// case), so CI sees it. The report goes to stdout, or to stderr when the trace does (`--trace -`),
/// or to `--report-file`: never mixed with the trace.
func runSimulate(_ args: ParsedArguments) -> Int32 {
    let path = args.strings("SCENARIO.json...").first ?? ""
    let format = args.string("report") ?? "text"
    let reportFile = args.string("report-file")
    let tracePath = args.string("trace")
    let started = Date()
    let (result, code) = simulateOne(path: path, tracePath: tracePath) { applyScrollingOptions(args, to: &$0) }
    var r = result
    r.wallSeconds = Date().timeIntervalSince(started)
    if let e = r.error { printError(e) }
    if code == ExitCode.cantCreate.rawValue { return code }
    let text: String
    switch format {
    case "json": text = Report.json([r])
    case "junit": text = Report.junit([r])
    default: text = r.error == nil ? Report.text([r]) : ""
    }
    if let file = reportFile {
        guard (try? OutputFile.write(Data(text.utf8), to: file)) != nil else {
            printError("cannot write the report to \(file)")
            return ExitCode.cantCreate.rawValue
        }
    } else if tracePath == "-" {
        FileHandle.standardError.write(Data(text.utf8))
    } else {
        print(text, terminator: "")
    }
    return code
}

/// Loads and runs one scenario, writing its trace; the result and the exit code.
func simulateOne(path: String, tracePath: String?,
                 override: (inout WorldConfig) -> Void = { _ in }) -> (ScenarioResult, Int32) {
    let title = (path as NSString).lastPathComponent
    guard FileManager.default.isReadableFile(atPath: path) else {
        return (ScenarioResult(path: path, title: title, status: .invalid("\(path): cannot read the file")),
                ExitCode.noInput.rawValue)
    }
    var scenario: Scenario
    do { scenario = try Scenario.load(path: path) } catch {
        return (ScenarioResult(path: path, title: title, status: .invalid("\(error)")), ExitCode.dataErr.rawValue)
    }
    override(&scenario.config)
    let runner = ScenarioRunner(scenario: scenario)
    guard let trace = TraceWriter(path: tracePath) else {
        let why = "cannot write the trace to \(tracePath ?? "")"
        return (ScenarioResult(path: path, title: scenario.name, status: .invalid(why)), ExitCode.cantCreate.rawValue)
    }
    if tracePath != nil { runner.traceLine = trace.write }
    let outcomes = runner.run()
    trace.close()
    if var refused = outcomes.lazy.compactMap(\.refusal).first {
        // Q9: an expectation the run shows cannot fail (or names a jump it never makes).
        refused.file = path
        return (ScenarioResult(path: path, title: scenario.name, status: .invalid("\(refused)")),
                ExitCode.dataErr.rawValue)
    }
    let result = ScenarioResult(path: path, title: scenario.name, status: .ran(outcomes),
                                virtualSeconds: scenario.duration, xfail: scenario.xfail)
    return (result, result.passed ? ExitCode.ok.rawValue : ExitCode.failure.rawValue)
}

/// The trace's output: a file, or stdout for "-", written in 1 MB blocks.
final class TraceWriter {
    private let out: FileHandle?
    private var buffer = ""

    init?(path: String?) {
        guard let path else {
            out = nil
            return
        }
        if path == "-" {
            out = FileHandle.standardOutput
        } else {
            guard let fh = try? OutputFile.open(path) else { return nil }
            out = fh
        }
        buffer.reserveCapacity(1 << 20)
    }

    func write(_ line: String) {
        buffer += line
        buffer += "\n"
        if buffer.utf8.count > 1 << 20 {
            out?.write(Data(buffer.utf8))
            buffer = ""
        }
    }

    func close() {
        out?.write(Data(buffer.utf8))
        buffer = ""
        if let o = out, o !== FileHandle.standardOutput { try? o.close() }
    }
}

/// Errors go to stderr in the parser's one format (C6).
func printError(_ message: String) { ArgumentParser.printError(message) }

extension ExitCode {
    /// EX_CANTCREAT: an output file cannot be created (sysexits(3)).
    static let cantCreate = ExitCode(73)
}
