import Foundation
import Arguments
import TerminalUI

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
