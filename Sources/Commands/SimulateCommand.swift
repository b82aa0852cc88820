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

extension SimulateCommand {
    /// `liveblog simulate SCENARIO.json [--trace FILE] [--report text|json|junit] [--report-file FILE]`
    /// (C2, Q4). Exit 0 when every expectation holds (or there is none: "nothing checked"), 1 when
    /// one fails, 65 for invalid input, 66 when the scenario file cannot be read, 73 when an output
    /// cannot be written. An invalid scenario still gets a JSON or JUnit report (an `<error>` test
    /// case), so CI sees it. The report goes to stdout, or to stderr when the trace does (`--trace -`),
    /// or to `--report-file`: never mixed with the trace.
    func runOne() -> ExitCode {
        let (r, code) = simulateOne(path: paths.first ?? "")
        if let e = r.error { printError(e) }
        if code == .cantCreate || code == .ioErr { return code }
        // An invalid scenario's text report is its message on stderr alone.
        let text = report == .text && r.error != nil ? "" : report.render([r])
        if let file = reportFile {
            if let rc = writeReportFile(text, to: file) { return rc }
        } else if trace == "-" {
            FileHandle.standardError.write(Data(text.utf8))
        } else {
            print(text, terminator: "")
        }
        return code
    }

    /// Runs one scenario with the suite's runner (`ScenarioSuite.runOne`, issue 39), writing its trace
    /// to `--trace`; the result and the exit code.
    func simulateOne(path: String) -> (ScenarioResult, ExitCode) {
        var hooks = ScenarioSuite.Hooks()
        hooks.clock = wallClock
        hooks.readCapture = readCapture
        let scrolling = scrolling
        hooks.configure = { scrolling.apply(to: &$0) }
        engineSettingsHooks(&hooks)
        // The exit status of a page that could not be made (69 without an engine, 64 for bad settings).
        let pageStatus = PageStatus()
        let makePage = hooks.makePage
        hooks.makePage = { engine in
            do { return try makePage?(engine) ?? nil } catch {
                pageStatus.code = EngineRun.exitCode(error)
                throw error
            }
        }
        let tracePath = trace
        hooks.trace = { _ in
            guard let tracePath else { return nil }
            guard let w = TraceWriter(path: tracePath) else { throw TraceNotCreated(path: tracePath) }
            return TraceSink(write: w.write, close: {
                w.close()
                return w.failure
            })
        }
        defer { EngineRun.closeAll() }
        var result = ScenarioSuite.runOne(path, hooks: hooks)
        // X2: the command's error line is the runner's message itself.
        if case let .runFailed(why)? = result.problem { result.status = .invalid(why) }
        return (result, exitStatus(of: result, pageStatus: pageStatus.code))
    }
}

/// `--report-file`: nil when written, else the exit code after saying why (73 when it cannot
/// be created, 74 when a write fails).
func writeReportFile(_ text: String, to file: String) -> ExitCode? {
    writeOutputFile(Data(text.utf8), to: file, naming: "the report to \(file)")
}

/// Writes `data` to `file` as a shell's `>` does (`OutputFile`); nil when written, else the
/// exit code after "cannot write NAMING" (73: it cannot be created, 74: a write failed, with the
/// system's reason: a full disk, /dev/full, the file size limit; issue 31).
func writeOutputFile(_ data: Data, to file: String, naming: String) -> ExitCode? {
    let handle: FileHandle
    do { handle = try OutputFile.open(file) } catch {
        printError("cannot write \(naming)")
        return .cantCreate
    }
    do {
        try handle.write(contentsOf: data)
        try handle.close()
    } catch {
        printError("cannot write \(naming): \(OutputError.reason(error))")
        return .ioErr
    }
    return nil
}

/// The command layer's captures for the scenarios that replay one (R4): read by RealSources.
public let readCapture: CaptureReading = { try CaptureReader.read(path: $0) }

/// The exit status of `simulate` for one scenario's result (C2): 0 when it passed, 1 when an
/// expectation failed, else its problem's.
func exitStatus(of result: ScenarioResult, pageStatus: ExitCode?) -> ExitCode {
    switch result.problem {
    case nil: return result.passed ? .ok : .failure
    case .unreadable: return .noInput
    case .invalidScenario: return .dataErr
    case .page: return pageStatus ?? .software
    case let .runFailed(why): return EngineRun.exitCode(forFailure: why) ?? .software
    case .traceNotCreated: return .cantCreate
    case .traceNotWritten: return .ioErr
    }
}

/// Where `simulateOne`'s page maker leaves its error's exit status.
// @unchecked Sendable: one scenario runs on the calling thread; the code is read after it ends.
final class PageStatus: @unchecked Sendable {
    var code: ExitCode?
}

/// `--trace PATH` cannot be created (exit 73).
struct TraceNotCreated: Error, CustomStringConvertible {
    let path: String
    var description: String { "cannot write the trace to \(path)" }
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
public func printError(_ message: String) { ArgumentParser.printError(Sanitizer.clean(message, keepNewlines: true)) }

/// Text for stderr that is not an error (progress, notes), through the same sanitiser.
func writeStderr(_ text: String) { FileHandle.standardError.write(Data(Sanitizer.clean(text, keepNewlines: true).utf8)) }
