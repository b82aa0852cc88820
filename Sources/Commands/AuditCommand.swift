import Foundation
import Arguments
import LiveblogModel
import QA
import Simulation
import TextCells

/// `liveblog audit LOG [--expect FILE] [--json] [--report text|json|junit] [--report-file F]
/// [--plot FILE.svg]` (A2, A3, issue 43). The log is streamed (`LineStream`, `AppLogReader`).
/// Exit 0, 1, 65 as `simulate`; 66 when LOG or FILE cannot be read; 64 for --json with a
/// report on stdout (they are never mixed); 73/74 when an output cannot be written.
struct AuditCommand: Command {
    static let spec = LiveblogCommands.audit
    var path: String
    var format: ReportFormat
    var reportFile: String?
    var json: Bool
    var expect: String?
    var plot: String?

    init(_ args: ParsedArguments) throws {
        path = args.positional("LOG") ?? "-"
        format = ReportFormat(rawValue: args.string(.report) ?? "text") ?? .text
        reportFile = args.string(.reportFile)
        json = args.flag(.json)
        if json, args.isExplicit(.report), reportFile == nil {
            throw Refusal(message: "--json and a --report on stdout would be mixed: give --report-file", usageLine: false)
        }
        expect = args.string(.expect)
        plot = args.string(.plot)
    }

    func run() -> ExitCode {
        var expectations: ExpectationFile?
        if let f = expect {
            guard FileManager.default.isReadableFile(atPath: f) else {
                printError("\(f): cannot read the file")
                return .noInput
            }
            do { expectations = try ExpectationFile.load(path: f) } catch {
                printError("\(error)")
                return .dataErr
            }
        }
        guard let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path) else {
            printError("\(path): cannot read the file")
            return .noInput
        }
        let stream = LineStream(handle)
        let result: AppLogAudit.Result, audit: AppLogAudit
        do {
            (result, audit) = try AppLogAudit.run(path: path, expectations: expectations, keepSamples: plot != nil) {
                try stream.next()
            }
        } catch {
            return auditReadFailure(error, path: path)
        }
        if let rc = printAudit(result, format: format, reportFile: reportFile, json: json) { return rc }
        if let plot {
            guard let svg = AuditPlot.svg(audit, result: result) else {
                printError("\(Sanitizer.clean(path)): no frame names a post: nothing to plot")
                return .dataErr
            }
            if let rc = writeOutputFile(Data(svg.utf8), to: plot, naming: plot) { return rc }
        }
        return result.exitCode
    }
}

/// The audit's report (to stdout or --report-file), the log and the replay: nil when written,
/// else the exit code of a failed write.
func printAudit(_ result: AppLogAudit.Result, format: ReportFormat, reportFile: String?, json: Bool) -> ExitCode? {
    if let e = result.result.error { printError(e) }
    let report = format == .text && result.result.error != nil ? "" : format.render([result.result])
    if let file = reportFile, let rc = writeReportFile(report, to: file) { return rc }
    if json {
        let reportJSON = try? JSONParser.parse(ReportFormat.json.render([result.result]))
        print(JSONWriter.pretty(result.json(report: reportJSON), integers: true))
    } else if reportFile != nil || format == .text {
        if reportFile == nil { print(report, terminator: "") }
        print(result.text, terminator: "")
    } else {
        // A JSON or JUnit report alone on stdout; the log and the replay on stderr.
        print(report, terminator: "")
        FileHandle.standardError.write(Data(result.text.utf8))
    }
    return nil
}

/// `liveblog compare --log LOG` (A3): the log beside its replay on the reference host, printed.
func runCompareLog(_ path: String) -> ExitCode {
    guard let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path) else {
        printError("\(path): cannot read the file")
        return .noInput
    }
    let stream = LineStream(handle)
    do {
        let (result, audit) = try AppLogAudit.run(path: path, expectations: nil, keepSamples: true) { try stream.next() }
        print(SideBySide.text(audit, result: result), terminator: "")
        return .ok
    } catch {
        return auditReadFailure(error, path: path)
    }
}

/// An app log that cannot be read: 65 naming its line and field, or 66 when the file cannot be read.
private func auditReadFailure(_ error: Error, path: String) -> ExitCode {
    if let e = error as? TraceReadError {
        printError("\(Sanitizer.clean(path)): \(e)")
        return .dataErr
    }
    printError("\(Sanitizer.clean(path)): cannot read the file")
    return .noInput
}
