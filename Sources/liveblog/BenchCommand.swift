import Foundation
import Arguments

/// `liveblog bench` (C4, section 10): written with issue 6.
func runBench(_ args: ParsedArguments) -> Int32 {
    printError("bench: not available in this build yet")
    return ExitCode.software.rawValue
}
