import Foundation
import CSupport
import Arguments

// The command line (section 8). Every command's --help comes from the declarations in
// Arguments/Commands.swift; usage errors exit 64, data errors 65 (sysexits, C6). The executable's
// main.swift calls these three, in order.
public enum LiveblogMain {
    /// Before anything is parsed: the crash reporter, stdout's buffer, SIGXFSZ.
    public static func prepareProcess() {
        // Issue 31: Swift's crash reporter is interactive on a terminal (its debugger prompt reads the
        // tty liveblog has in raw mode). It reads SWIFT_BACKTRACE once, at start-up, so when both
        // standard streams are a terminal and nothing says otherwise, liveblog starts itself again
        // with `interactive=no` (the report, if any, still goes to stderr).
        CrashReporter.makeNonInteractive()
        setvbuf(lb_c_stdout(), nil, _IOFBF, 1 << 16)
        // Issue 31: past the file size limit (`ulimit -f`) a write fails with EFBIG and is reported
        // (exit 74) instead of SIGXFSZ ending the process with a file half-written.
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Parses `arguments` (without the program's name) and runs the command they name; its exit status.
    public static func run(_ arguments: [String], bench: (ParsedArguments) -> Int32) -> Int32 {
        switch ArgumentParser.parse(arguments, root: LiveblogCommands.root) {
        case .help(let text):
            print(text)
            return ExitCode.ok.rawValue
        case .version(let v):
            print(v)
            return ExitCode.ok.rawValue
        case .usageError(let e):
            writeStderr(e.text)
            return ExitCode.usage.rawValue
        case .run(let path, let args):
            switch path.last ?? "view" {
            case "simulate": return runSimulateCommand(args)
            case "compare": return runCompare(args)
            case "fuzz": return runFuzz(args)
            case "metrics": return runMetrics(args)
            case "plot": return runPlot(args)
            case "audit": return runAudit(args)
            case "check": return runCheck(args)
            case "dump": return runDump(args)
            case "generate": return runGenerate(args)
            case "bench": return bench(args)
            case "demo": return runDemo(args)
            default: return runView(args)
            }
        }
    }

    /// Ends the process with `code`. Issue 31: what could not be written to stdout (a full disk, a
    /// closed descriptor) is an error, exit 74, not a silent 0.
    public static func exit(_ code: Int32) -> Never {
        if fflush(lb_c_stdout()) != 0 || ferror(lb_c_stdout()) != 0 {
            let reason = String(cString: strerror(errno))
            ArgumentParser.printError("cannot write to standard output: \(reason)")
            Foundation.exit(code == ExitCode.ok.rawValue || code == ExitCode.failure.rawValue
                            ? ExitCode.ioErr.rawValue : code)
        }
        Foundation.exit(code)
    }
}
