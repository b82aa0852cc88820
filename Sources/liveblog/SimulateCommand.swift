import Foundation
import Arguments
import LiveblogModel
import Simulation

/// `liveblog simulate SCENARIO.json [--trace FILE] [--report text|json|junit]` (C2).
/// Exit 0 when every expectation holds, 1 when one fails, 65 for invalid input.
func runSimulate(path: String, tracePath: String?, report: String) -> Int32 {
    let scenario: Scenario
    do { scenario = try Scenario.load(path: path) } catch let e as Scenario.Invalid {
        printError(e.description)
        return ExitCode.dataErr.rawValue
    } catch {
        printError("\(path): \(error)")
        return ExitCode.dataErr.rawValue
    }
    let runner = ScenarioRunner(scenario: scenario)
    var out: FileHandle?
    var buffer = ""
    if let tp = tracePath {
        if tp == "-" { out = FileHandle.standardOutput } else {
            guard FileManager.default.createFile(atPath: tp, contents: nil), let fh = FileHandle(forWritingAtPath: tp) else {
                printError("cannot write the trace to \(tp)")
                return ExitCode.cantCreate.rawValue
            }
            out = fh
        }
        buffer.reserveCapacity(1 << 20)
        runner.traceLine = { line in
            buffer += line
            buffer += "\n"
            if buffer.utf8.count > 1 << 20 { out?.write(buffer.data(using: .utf8)!); buffer = "" }
        }
    }
    let outcomes = runner.run()
    if let o = out {
        o.write(buffer.data(using: .utf8)!)
        if o !== FileHandle.standardOutput { try? o.close() }
    }
    let text: String
    switch report {
    case "json": text = Report.json(scenario.name, outcomes, virtualSeconds: scenario.duration)
    case "junit": text = Report.junit(scenario.name, outcomes)
    default: text = Report.text(scenario.name, outcomes)
    }
    if tracePath == "-" { FileHandle.standardError.write(text.data(using: .utf8)!) } else { print(text, terminator: "") }
    return outcomes.allSatisfy(\.passed) ? ExitCode.ok.rawValue : ExitCode.failure.rawValue
}

/// Errors go to stderr in the parser's one format (C6).
func printError(_ message: String) { ArgumentParser.printError(message) }

extension ExitCode {
    /// EX_CANTCREAT: an output file cannot be created (sysexits(3)).
    static let cantCreate = ExitCode(73)
}
