import Foundation
import Arguments
import Fetch
import LiveblogModel
import RealSources
import TerminalKit
import TextCells

/// `liveblog dump [SOURCE] [--width N] [--event ID]` (issue 15): the liveblog as plain text on
/// stdout. Also what `view` does when stdout is not a terminal. SOURCE may be a URL (issue 32).
public struct DumpCommand: Command {
    public static let spec = LiveblogCommands.dump
    var source: String?
    /// `--width`, else the terminal's width, else $COLUMNS, else 80.
    var width: Int
    var event: String?

    public init(_ args: ParsedArguments) {
        source = args.positional("SOURCE")
        width = args.int(.width) ?? LineWriter.defaultWidth()
        event = args.string(.event)
    }

    public func run() -> ExitCode {
        if let source, SourceLocation(source).isURL {
            return dumpURL(SourceLocation(source), event: event, width: width, fetch: FetchConfig())
        }
        return dumpLiveblog(source: source, event: event, width: width)
    }
}

/// A URL read whole with `check URL`'s loader and messages (R1, R6), then its text as a file's
/// (issue 32: `dump URL` and `view URL > file`).
func dumpURL(_ location: SourceLocation, event: String?, width: Int, fetch: FetchConfig) -> ExitCode {
    withURLSource(location, fetch: fetch) { lb in
        writeDump(lb, path: location.description, event: event, width: width)
    }
}

/// Loads SOURCE with the same loader and messages as `check` (L4), then streams the text post
/// by post through a 64 KB buffer: the liveblog is held (its order and its errors need all of
/// it), its text never is. SOURCE `-`, or none with stdin not a terminal, reads stdin; none with
/// stdin a terminal, the bundled sample. A reader that goes away (`| head`) ends it quietly, exit 0.
func dumpLiveblog(source: String?, event: String?, width: Int) -> ExitCode {
    LineWriter.ignoreSIGPIPE()
    let fromStdin = source == "-" || (source == nil && isatty(STDIN_FILENO) == 0)
    let (lbOpt, code, path) = loadLiveblog(fromStdin ? "/dev/stdin" : source)
    guard let lb = lbOpt else { return code }
    return writeDump(lb, path: path, event: event, width: width)
}

/// The text of a loaded liveblog on stdout, from the post `event` on (unknown: exit 65).
func writeDump(_ lb: Liveblog, path: String, event: String?, width: Int) -> ExitCode {
    LineWriter.ignoreSIGPIPE()
    var start = 0
    if let id = event {
        guard let i = lb.index(ofPost: id) else {
            printError("\(path): --event: no post with id \(JSONWriter.quote(Sanitizer.clean(id)))")
            return .dataErr
        }
        start = i
    }
    let out = LineWriter()
    // V6: times in the reader's zone (TZ), marked, as the list shows them.
    PlainText.write(lb, width: max(1, width), from: start, zone: TimeZone.current) { out.line($0) }
    out.flush()
    if let e = out.failure {
        printError("cannot write the text: \(String(cString: strerror(e)))")
        return .ioErr
    }
    return .ok
}
