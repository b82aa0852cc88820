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

    /// liveblog's commands but the bench (the Bench library's `BenchCommand`, which the executable adds).
    public static var commands: [any Command.Type] {
        [ViewCommand.self, SimulateCommand.self, CompareCommand.self, MetricsCommand.self, PlotCommand.self,
         AuditCommand.self, DemoCommand.self, GenerateCommand.self, CheckCommand.self, DumpCommand.self,
         FuzzCommand.self]
    }

    /// Parses `arguments` (without the program's name) against `LiveblogCommands.root` and runs the
    /// command they name, one of `commands`: its exit status. Help, the version and usage errors
    /// are printed here.
    public static func run(_ arguments: [String], commands: [any Command.Type] = commands) -> ExitCode {
        switch ArgumentParser.parse(arguments, root: LiveblogCommands.root) {
        case .help(let text):
            print(text)
            return .ok
        case .version(let v):
            print(v)
            return .ok
        case .usageError(let e):
            writeStderr(e.text)
            return .usage
        case .run(let path, let args):
            let name = path.last ?? LiveblogCommands.root.defaultSubcommand ?? ""
            guard let type = commands.first(where: { $0.spec.name == name }) else {
                printError("'\(name)' is not a command of this program")
                return .software
            }
            let command: any Command
            do { command = try type.init(args) } catch let e as UsageError {
                ArgumentParser.printError(e)
                return .usage
            } catch let r as Refusal {
                if r.usageLine { ArgumentParser.printError(args.usageError(r.message)) } else { printError(r.message) }
                return .usage
            } catch {
                printError("\(error)")
                return .usage
            }
            return command.run()
        }
    }

    /// Ends the process with `code`. Issue 31: what could not be written to stdout (a full disk, a
    /// closed descriptor) is an error, exit 74, not a silent 0.
    public static func exit(_ code: ExitCode) -> Never {
        if fflush(lb_c_stdout()) != 0 || ferror(lb_c_stdout()) != 0 {
            let reason = String(cString: strerror(errno))
            ArgumentParser.printError("cannot write to standard output: \(reason)")
            Foundation.exit((code == .ok || code == .failure ? .ioErr : code).rawValue)
        }
        Foundation.exit(code.rawValue)
    }
}
