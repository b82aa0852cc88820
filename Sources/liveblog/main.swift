import Foundation
import CSupport
import Arguments
import LiveblogModel
import Embed
import Host
import Simulation
import TerminalKit
import TerminalUI

// The command line (section 8). Every command's --help comes from the declarations in
// Arguments/Commands.swift; usage errors exit 64, data errors 65 (sysexits, C6).

// Issue 31: Swift's crash reporter is interactive on a terminal (its debugger prompt reads the
// tty liveblog has in raw mode). It reads SWIFT_BACKTRACE once, at start-up, so when both
// standard streams are a terminal and nothing says otherwise, liveblog starts itself again
// with `interactive=no` (the report, if any, still goes to stderr).
CrashReporter.makeNonInteractive()
setvbuf(lb_c_stdout(), nil, _IOFBF, 1 << 16)
// Issue 31: past the file size limit (`ulimit -f`) a write fails with EFBIG and is reported
// (exit 74) instead of SIGXFSZ ending the process with a file half-written.
signal(SIGXFSZ, SIG_IGN)
let parsed = ArgumentParser.parse(Array(CommandLine.arguments.dropFirst()), root: LiveblogCommands.root)
let code: Int32
switch parsed {
case .help(let text):
    print(text)
    code = ExitCode.ok.rawValue
case .version(let v):
    print(v)
    code = ExitCode.ok.rawValue
case .usageError(let e):
    writeStderr(e.text)
    code = ExitCode.usage.rawValue
case .run(let path, let args):
    switch path.last ?? "view" {
    case "simulate": code = runSimulateCommand(args)
    case "compare": code = runCompare(args)
    case "fuzz": code = runFuzz(args)
    case "metrics": code = runMetrics(args)
    case "plot": code = runPlot(args)
    case "audit": code = runAudit(args)
    case "check": code = runCheck(args)
    case "dump": code = runDump(args)
    case "generate": code = runGenerate(args)
    case "bench": code = runBench(args)
    case "demo": code = runDemo(args)
    default: code = runView(args)
    }
}
// Issue 31: what could not be written to stdout (a full disk, a closed descriptor) is an error,
// exit 74, not a silent 0.
if fflush(lb_c_stdout()) != 0 || ferror(lb_c_stdout()) != 0 {
    let reason = String(cString: strerror(errno))
    ArgumentParser.printError("cannot write to standard output: \(reason)")
    exit(code == ExitCode.ok.rawValue || code == ExitCode.failure.rawValue ? ExitCode.ioErr.rawValue : code)
}
exit(code)
