import Foundation
import Arguments
import LiveblogModel
import TerminalKit
import TerminalUI
import TextCells

/// Issue 15: how `view` meets the terminal. `--linear`, or a terminal without cursor addressing
/// (`TERM=dumb`, no `TERM`), reads linearly; an unknown `TERM` opens the screen with a fallback
/// entry (`TermFallback`) and leaves a one-line note for stderr after exit. nil: open the screen,
/// with the note (if any) in `note`.
func linearOrScreen(_ lb: Liveblog, args: ParsedArguments, note: inout String?) -> Int32? {
    let decision: TermFallback.Decision =
        args.flag("linear") ? .linear(reason: "--linear") : TermFallback.resolve()
    switch decision {
    case .screen(_, let n):
        note = n
        return nil
    case .linear(let why):
        if args.string("record") != nil {
            // Q11: a linear reading has no session to record.
            return usage(args, "--record records a session on the screen; this terminal reads linearly (\(why))")
        }
        var start = 0
        if let id = args.string("event") {
            if let i = lb.index(ofPost: id) { start = i } else {
                printNote("post \(Sanitizer.clean(id)) not found; reading from the newest post")
            }
        }
        let reader = LinearReader(liveblog: lb, start: start, width: LineWriter.defaultWidth())
        reader.zone = TimeZone.current  // V6
        return exitStatus(reader.run())
    }
}

/// Q11: a recording is of a screen session; off a terminal (or with `--linear`) it would record
/// nothing, so `--record` there is a usage error (exit 64) rather than ignored.
func refuseRecordingOffScreen(_ args: ParsedArguments) -> Int32? {
    guard args.string("record") != nil else { return nil }
    if args.flag("reading") {
        return usage(args, "--record writes a scenario that simulate replays, which has no --reading: "
                     + "record without it")
    }
    if args.flag("linear") {
        return usage(args, "--record records a session on the screen: --linear reads without it")
    }
    guard isatty(STDOUT_FILENO) == 1, isatty(STDIN_FILENO) == 1 else {
        return usage(args, "--record records a session on the screen: stdin and stdout must be a terminal")
    }
    return nil
}

/// The exit status of a session's end: 0, or 74 after saying what could not be written.
func exitStatus(_ end: SessionEnd) -> Int32 {
    switch end {
    case .finished: return ExitCode.ok.rawValue
    case .outputFailed(let why):
        printError(why)
        return ExitCode.ioErr.rawValue
    case .pageFailed(let why):
        printError(why)
        return EngineRun.exitCode(forFailure: why) ?? ExitCode.software.rawValue
    }
}

/// One line on stderr, `liveblog: note: …`.
func printNote(_ text: String) {
    writeStderr("liveblog: note: \(text)\n")
}
