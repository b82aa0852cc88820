// Issue 39: a command in the shape of swift-argument-parser's `ParsableCommand` (that package
// cannot be fetched here). A command is a type: its declaration (`spec`: its name, help and every
// argument with its range, default and help, once, in `LiveblogCommands`), its options converted
// once from the parsed command line into typed values (`init`), and `run`, whose `ExitCode` is
// the process's exit status. No command reads an option by name after `init`.

/// One command of the command line.
public protocol Command {
    /// The command's declaration (`LiveblogCommands.dump`, …): what the parser checks and help shows.
    static var spec: CommandSpec { get }
    /// The options the parser checked, converted once. A combination the declarations cannot
    /// express is refused here with a `UsageError` (printed with the usage line, exit 64).
    init(_ arguments: ParsedArguments) throws
    /// Runs the command; errors are printed by the command itself, its status is the result.
    func run() -> ExitCode
}

/// Options a command refuses after parsing, with the reason: exit 64, the message printed as a
/// usage error with the command's usage line, or (`usageLine` false) as a one-line error (a
/// missing terminal, a hook that does not parse).
public struct Refusal: Error, Equatable, Sendable {
    public var message: String
    public var usageLine: Bool

    public init(message: String, usageLine: Bool = true) {
        self.message = message
        self.usageLine = usageLine
    }
}

/// A command's usage line, kept to refuse options after parsing (`error(_:)`: a `UsageError`).
public struct CommandUsage: Sendable, Equatable {
    let command: CommandSpec
    let commandPath: [String]

    public func error(_ message: String) -> UsageError {
        UsageError(message: message, usage: ArgumentParser.shortUsage(command, path: commandPath),
                   commandPath: commandPath)
    }
}

extension ParsedArguments {
    /// This command's usage line, for refusals made after parsing.
    public var usage: CommandUsage { CommandUsage(command: command, commandPath: commandPath) }
}

/// An option group (swift-argument-parser's `@OptionGroup`): options several commands declare
/// alike, converted once.
public protocol OptionGroup {
    init(_ arguments: ParsedArguments)
}
