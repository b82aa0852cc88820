import Foundation
// ExitCode lives below every module that names one (ExitStatus); whoever imports Arguments has it.
@_exported import ExitStatus

// MARK: - Errors

/// Writes to the standard error stream.
public struct StandardError: TextOutputStream, Sendable {
    public init() {}
    public mutating func write(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}
