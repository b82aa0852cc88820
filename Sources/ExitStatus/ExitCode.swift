// Issue 39: the exit statuses, in a module of their own below every module that names one (the
// command layer, QA's audit, the engine's errors); `Arguments` re-exports it.

/// Exit statuses from sysexits(3): the only spelling of an exit status (issue 25).
public struct ExitCode: RawRepresentable, Sendable, Equatable, Hashable {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public init(_ rawValue: Int32) { self.rawValue = rawValue }

    public static let ok = ExitCode(0)
    public static let failure = ExitCode(1)
    /// EX_USAGE: the command was used incorrectly.
    public static let usage = ExitCode(64)
    /// EX_DATAERR: the input data was incorrect.
    public static let dataErr = ExitCode(65)
    /// EX_NOINPUT: an input file did not exist or was not readable.
    public static let noInput = ExitCode(66)
    /// EX_UNAVAILABLE: a URL could not be fetched.
    public static let unavailable = ExitCode(69)
    /// EX_SOFTWARE: an internal software error.
    public static let software = ExitCode(70)
    /// EX_CANTCREAT: an output file cannot be created.
    public static let cantCreate = ExitCode(73)
    /// EX_IOERR: an error while doing I/O.
    public static let ioErr = ExitCode(74)
}
