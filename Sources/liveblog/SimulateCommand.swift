import Foundation
import Arguments
import LiveblogModel
import QA
import Simulation
import ScrollPhysics
import Host
import TextCells
import RealSources
import Embed

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
    let format = ReportFormat(rawValue: args.string("report") ?? "text") ?? .text
    let reportFile = args.string("report-file")
    let tracePath = args.string("trace")
    let started = Date()
    let (result, code) = simulateOne(path: path, tracePath: tracePath, engine: { $0.apply(args) }) {
        applyScrollingOptions(args, to: &$0)
    }
    var r = result
    r.wallSeconds = Date().timeIntervalSince(started)
    if let e = r.error { printError(e) }
    if code == ExitCode.cantCreate.rawValue || code == ExitCode.ioErr.rawValue { return code }
    // An invalid scenario's text report is its message on stderr alone.
    let text = format == .text && r.error != nil ? "" : format.render([r])
    if let file = reportFile {
        if let rc = writeReportFile(text, to: file) { return rc }
    } else if tracePath == "-" {
        FileHandle.standardError.write(Data(text.utf8))
    } else {
        print(text, terminator: "")
    }
    return code
}

/// `--report-file`: nil when written, else the exit code after saying why (73 when it cannot
/// be created, 74 when a write fails).
func writeReportFile(_ text: String, to file: String) -> Int32? {
    writeOutputFile(Data(text.utf8), to: file, naming: "the report to \(file)")
}

/// Writes `data` to `file` as a shell's `>` does (`OutputFile`); nil when written, else the
/// exit code after "cannot write NAMING" (73: it cannot be created, 74: a write failed, with the
/// system's reason: a full disk, /dev/full, the file size limit; issue 31).
func writeOutputFile(_ data: Data, to file: String, naming: String) -> Int32? {
    let handle: FileHandle
    do { handle = try OutputFile.open(file) } catch {
        printError("cannot write \(naming)")
        return ExitCode.cantCreate.rawValue
    }
    do {
        try handle.write(contentsOf: data)
        try handle.close()
    } catch {
        printError("cannot write \(naming): \(OutputError.reason(error))")
        return ExitCode.ioErr.rawValue
    }
    return nil
}

/// The executable's captures for the scenarios that replay one (R4): read by RealSources.
let readCapture: CaptureReading = { try CaptureReader.read(path: $0) }

/// Loads and runs one scenario, writing its trace; the result and the exit code.
func simulateOne(path: String, tracePath: String?, engine: (inout PageEngine) -> Void = { _ in },
                 override: (inout WorldConfig) -> Void = { _ in }) -> (ScenarioResult, Int32) {
    let title = (path as NSString).lastPathComponent
    guard FileManager.default.isReadableFile(atPath: path) else {
        return (ScenarioResult(path: path, title: title, status: .invalid("\(path): cannot read the file")),
                ExitCode.noInput.rawValue)
    }
    var scenario: Scenario
    do { scenario = try Scenario.load(path: path, readCapture: readCapture) } catch {
        return (ScenarioResult(path: path, title: title, status: .invalid("\(error)")), ExitCode.dataErr.rawValue)
    }
    override(&scenario.config)
    engine(&scenario.engine)
    let makePage: PageMaker?
    do { makePage = try EngineRun.maker(checked: scenario.engine) } catch {
        return (ScenarioResult(path: path, title: scenario.name, status: .invalid("\(error)")), EngineRun.exitCode(error))
    }
    defer { EngineRun.closeAll() }
    let runner = ScenarioRunner(scenario: scenario, makePage: makePage)
    runner.keepFrameRecords = runner.needsFrameRecords  // issue 31: memory bounded by what is checked
    guard let trace = TraceWriter(path: tracePath) else {
        let why = "cannot write the trace to \(tracePath ?? "")"
        return (ScenarioResult(path: path, title: scenario.name, status: .invalid(why)), ExitCode.cantCreate.rawValue)
    }
    if tracePath != nil { runner.traceLine = trace.write }
    let outcomes = runner.run()
    trace.close()
    if let why = runner.failure {
        // X2: the engine crashed or stopped answering, or the page could not be opened (a bad
        // selector: 65): the message names what it was doing.
        return (ScenarioResult(path: path, title: scenario.name, status: .invalid(why)),
                EngineRun.exitCode(forFailure: why) ?? ExitCode.software.rawValue)
    }
    if let failure = trace.failure {
        return (ScenarioResult(path: path, title: scenario.name, status: .invalid(failure)), ExitCode.ioErr.rawValue)
    }
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

/// The trace's output: a file, or stdout for "-", written in 1 MB blocks. Issue 31: a write
/// that fails (a full disk, /dev/full, the file size limit) is kept as `failure` and ends the
/// run with exit 74, never a crash (FileHandle's non-throwing `write` traps) nor exit 0.
final class TraceWriter {
    private let out: FileHandle?
    private let path: String
    private var buffer = ""
    /// Why the trace could not be written whole, once a write failed.
    private(set) var failure: String?

    init?(path: String?) {
        self.path = path ?? ""
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
        if buffer.utf8.count > 1 << 20 { flush() }
    }

    private func flush() {
        defer { buffer = "" }
        guard failure == nil, let out else { return }
        do { try out.write(contentsOf: Data(buffer.utf8)) } catch {
            failure = "cannot write the trace to \(path == "-" ? "standard output" : path): \(OutputError.reason(error))"
        }
    }

    func close() {
        flush()
        guard let o = out, o !== FileHandle.standardOutput else { return }
        do { try o.close() } catch {
            if failure == nil { failure = "cannot write the trace to \(path): \(OutputError.reason(error))" }
        }
    }
}

/// The system's words for a failed write (ENOSPC: "No space left on device").
enum OutputError {
    static func reason(_ error: Error) -> String {
        let code = (error as NSError).code
        if (error as NSError).domain == NSPOSIXErrorDomain || (error as NSError).domain == NSCocoaErrorDomain,
           let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError {
            return String(cString: strerror(Int32(posix.code)))
        }
        if (error as NSError).domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(code))) }
        return error.localizedDescription
    }
}

/// Errors go to stderr in the parser's one format (C6). Issue 31: every message goes through the
/// one sanitiser (T8), so outside text it quotes (a server's Content-Type, a scenario's values,
/// a capture's fields, a post id) cannot reach the terminal as an escape sequence.
func printError(_ message: String) { ArgumentParser.printError(Sanitizer.clean(message, keepNewlines: true)) }

/// Text for stderr that is not an error (progress, notes), through the same sanitiser.
func writeStderr(_ text: String) { FileHandle.standardError.write(Data(Sanitizer.clean(text, keepNewlines: true).utf8)) }
