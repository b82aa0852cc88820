import Foundation
import Arguments
import LiveblogModel
import Simulation

// `liveblog metrics` (Q5) and `liveblog plot` (Q8): both read a trace (SPEC 9) and pick one jump
// as TraceMetrics does. Exit 65 for a malformed trace or no such jump, 66 for an unreadable
// file, 73 when the SVG cannot be written (sysexits).

/// Why a trace command stopped: its exit code (the message is already on stderr).
struct TraceCommandFailure: Error {
    var code: ExitCode
}

/// Reads TRACE ('-' for stdin) and measures the chosen jump; on failure, the exit code (the
/// error already printed).
func measureTrace(_ args: ParsedArguments)
    -> Result<(lines: [TraceLine], metrics: TraceMetrics), TraceCommandFailure> {
    let path = args.positional("TRACE") ?? "-"
    let data: Data?
    if path == "-" { data = FileHandle.standardInput.readDataToEndOfFile() } else {
        data = FileManager.default.contents(atPath: path)
    }
    guard let data else {
        printError("\(path): cannot read the file")
        return .failure(TraceCommandFailure(code: .noInput))
    }
    let options = TraceMetrics.Options(post: args.string("post"), target: args.double("target") ?? 0,
                                       tolerance: args.double("tolerance") ?? 16)
    do {
        let lines = try TraceReader.read(String(decoding: data, as: UTF8.self))
        return .success((lines, try TraceMetrics.compute(lines, options: options)))
    } catch {
        printError("\(path): \(error)")
        return .failure(TraceCommandFailure(code: .dataErr))
    }
}

/// `liveblog metrics TRACE [--post ID] [--json]` (Q5).
func runMetrics(_ args: ParsedArguments) -> Int32 {
    let m: TraceMetrics
    switch measureTrace(args) {
    case .success(let r): m = r.metrics
    case .failure(let f): return f.code.rawValue
    }
    if args.flag("json") { print(JSONWriter.pretty(m.json, integers: true)) } else { print(m.text, terminator: "") }
    return 0
}

/// `liveblog plot TRACE [--post ID] --out FILE.svg` (Q8).
func runPlot(_ args: ParsedArguments) -> Int32 {
    let lines: [TraceLine], m: TraceMetrics
    switch measureTrace(args) {
    case .success(let r): (lines, m) = (r.lines, r.metrics)
    case .failure(let f): return f.code.rawValue
    }
    let out = args.string("out") ?? "plot.svg"
    let svg = SVGPlot.svg(JumpChart(trace: lines, metrics: m))
    guard FileManager.default.createFile(atPath: out, contents: Data(svg.utf8)) else {
        printError("cannot write \(out)")
        return 73
    }
    return 0
}
