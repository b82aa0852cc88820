import Foundation
import Arguments
import TerminalUI

/// The exit status of a session's end: 0, or 74 after saying what could not be written.
func exitStatus(_ end: SessionEnd) -> ExitCode {
    switch end {
    case .finished: return .ok
    case .outputFailed(let why):
        printError(why)
        return .ioErr
    case .pageFailed(let why):
        printError(why)
        return EngineRun.exitCode(forFailure: why) ?? .software
    }
}

/// One line on stderr, `liveblog: note: …`.
func printNote(_ text: String) {
    writeStderr("liveblog: note: \(text)\n")
}
