import Foundation
import Arguments
import LiveblogModel
import QA
import Simulation
import TextCells

// `liveblog metrics` (Q5) and `liveblog plot` (Q8): both read a trace (docs/contract.md) and pick one jump
// as TraceMetrics does. Exit 65 for a malformed trace or no such jump, 66 for an unreadable
// file, 73 when the SVG cannot be written (sysexits).

/// Why a trace command stopped: its exit code (the message is already on stderr).
struct TraceCommandFailure: Error {
    var code: ExitCode
}

/// The options `metrics` and `plot` share: TRACE and the jump chosen in it.
struct TraceOptions: OptionGroup {
    var path: String
    var metrics: TraceMetrics.Options

    init(_ args: ParsedArguments) {
        path = args.positional("TRACE") ?? "-"
        metrics = TraceMetrics.Options(post: args.string(.post), target: args.double(.target) ?? 0,
                                       tolerance: args.double(.tolerance) ?? 16)
    }
}

/// Reads TRACE ('-' for stdin) and measures the chosen jump; on failure, the exit code (the
/// error already printed).
func measureTrace(_ trace: TraceOptions)
    -> Result<(lines: [TraceLine], metrics: TraceMetrics), TraceCommandFailure> {
    let path = trace.path, options = trace.metrics
    let data: Data
    switch readTrace(path) {
    case .success(let d): data = d
    case .failure(let f): return .failure(f)
    }
    do {
        let text = String(decoding: data, as: UTF8.self)
        // A1, A2: an app's own log reads as a trace (its first line is the app's).
        let first = text.split(separator: "\n").first { !$0.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } }
        let lines = try first.map(AppLogReader.isAppLog) == true ? AppLogReader.read(text).lines : TraceReader.read(text)
        return .success((lines, try TraceMetrics.compute(lines, options: options)))
    } catch {
        printError("\(path): \(error)")
        return .failure(TraceCommandFailure(code: .dataErr))
    }
}

/// Issue 31: a trace is read up to 128 MiB. Every line becomes a JSON value (about six times its
/// size), so a day-long scenario's 1.16 GB trace crashed; 128 MiB (about 10 000 s of frames)
/// stays within 1 GB. Past it: exit 65 with the sizes.
let maxTraceBytes = 128 << 20

/// The trace's bytes ('-': standard input), at most `maxTraceBytes`; the error already printed.
func readTrace(_ path: String) -> Result<Data, TraceCommandFailure> {
    let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path)
    guard let handle else {
        printError("\(path): cannot read the file")
        return .failure(TraceCommandFailure(code: .noInput))
    }
    var st = stat()
    if fstat(handle.fileDescriptor, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, Int(st.st_size) > maxTraceBytes {
        printError("\(path): the trace is \(Int(st.st_size) >> 20) MiB; metrics and plot read traces of up to "
                   + "\(maxTraceBytes >> 20) MiB (about 10 000 s of a scenario)")
        return .failure(TraceCommandFailure(code: .dataErr))
    }
    guard let data = try? handle.read(upToCount: maxTraceBytes + 1) ?? Data() else {
        printError("\(path): cannot read the file")
        return .failure(TraceCommandFailure(code: .noInput))
    }
    guard data.count <= maxTraceBytes else {
        printError("\(path): the trace is over \(maxTraceBytes >> 20) MiB; metrics and plot read traces of up to "
                   + "\(maxTraceBytes >> 20) MiB (about 10 000 s of a scenario)")
        return .failure(TraceCommandFailure(code: .dataErr))
    }
    return .success(data)
}

/// `liveblog metrics TRACE [--post ID] [--json]` (Q5).
struct MetricsCommand: Command {
    static let spec = LiveblogCommands.metrics
    var trace: TraceOptions
    var json: Bool

    init(_ args: ParsedArguments) {
        trace = TraceOptions(args)
        json = args.flag(.json)
    }

    func run() -> ExitCode {
        let m: TraceMetrics
        switch measureTrace(trace) {
        case .success(let r): m = r.metrics
        case .failure(let f): return f.code
        }
        // Issue 31: the post id comes from the trace: through the sanitiser (T8) like all outside text.
        print(json ? JSONWriter.pretty(m.json, integers: true) : Sanitizer.clean(m.text, keepNewlines: true),
              terminator: json ? "\n" : "")
        return .ok
    }
}

/// `liveblog plot TRACE [--post ID] --out FILE.svg` (Q8).
struct PlotCommand: Command {
    static let spec = LiveblogCommands.plot
    var trace: TraceOptions
    var out: String

    init(_ args: ParsedArguments) {
        trace = TraceOptions(args)
        out = args.string(.out) ?? "plot.svg"
    }

    func run() -> ExitCode {
        let lines: [TraceLine], m: TraceMetrics
        switch measureTrace(trace) {
        case .success(let r): (lines, m) = (r.lines, r.metrics)
        case .failure(let f): return f.code
        }
        let svg = SVGPlot.svg(JumpChart(trace: lines, metrics: m))
        // Issue 31: written as a shell's `>` writes (a device stays a device); a failed write is 74.
        if let rc = writeOutputFile(Data(svg.utf8), to: out, naming: out) { return rc }
        return .ok
    }
}
