// What parsing yields: a usage error, the values of one parsed command line, the overall result.
import Foundation

// MARK: - Results

/// A usage error: what is wrong, and the usage line of the command it concerns.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// `USAGE: liveblog view [<options>] [SOURCE]` (abbreviated when long).
    public var usage: String
    /// Full command words, root first: `["liveblog", "view"]`.
    public var commandPath: [String]

    public init(message: String, usage: String, commandPath: [String]) {
        self.message = message
        self.usage = usage
        self.commandPath = commandPath
    }

    /// What goes to stderr: `liveblog: error: …`, the usage line, and where to find help.
    public var text: String {
        let program = commandPath.first ?? "liveblog"
        return "\(program): error: \(message)\n\(usage)\n"
            + "See '\(commandPath.joined(separator: " ")) --help' for more information.\n"
    }

    public var description: String { text }
}

/// The values of one parsed command line.
public struct ParsedArguments: Sendable, Equatable {
    /// Full command words, root first: `["liveblog", "view"]`.
    public let commandPath: [String]
    let command: CommandSpec
    let values: [String: [String]]

    init(commandPath: [String], command: CommandSpec, values: [String: [String]]) {
        self.commandPath = commandPath
        self.command = command
        self.values = values
    }

    private func spec(_ name: String) -> ArgSpec {
        let key = ParsedArguments.key(name)
        guard let s = command.arguments.first(where: { $0.name == key }) else {
            preconditionFailure("'\(commandPath.joined(separator: " "))' declares no argument named '\(name)'")
        }
        return s
    }

    static func key(_ name: String) -> String {
        String(name.drop(while: { $0 == "-" }))
    }

    /// Names (without dashes; positionals by name) of the arguments given on the command line.
    public var explicitNames: Set<String> { Set(values.keys) }

    /// Whether the option, flag or positional was given (not defaulted). `name` may carry dashes.
    func isExplicit(_ name: String) -> Bool {
        values[spec(name).name] != nil
    }

    /// The last value given, else the declared default, else nil.
    func string(_ name: String) -> String? {
        let s = spec(name)
        return values[s.name]?.last ?? s.defaultValue
    }

    /// Every value given, in order (empty when none); the default is not included.
    func strings(_ name: String) -> [String] {
        values[spec(name).name] ?? []
    }

    /// `string(name)` as a whole number (validated while parsing for `.int` options).
    func int(_ name: String) -> Int? { string(name).flatMap { Int($0) } }

    /// `string(name)` as a decimal number (validated while parsing for `.double` options).
    func double(_ name: String) -> Double? { string(name).flatMap { Double($0) } }

    /// Whether a flag was given.
    func flag(_ name: String) -> Bool {
        let s = spec(name)
        precondition(s.kind == .flag, "'\(name)' is not a flag")
        return values[s.name] != nil
    }

    /// A positional's value, else its default.
    public func positional(_ name: String) -> String? {
        let s = spec(name)
        precondition(s.kind == .positional, "'\(name)' is not a positional")
        return values[s.name]?.last ?? s.defaultValue
    }

    /// `string(name)` split at commas, words trimmed, empty words dropped.
    func list(_ name: String) -> [String]? {
        string(name).map(ArgumentParser.splitList)
    }

    /// `string(name)` as comma-separated whole numbers (nil when absent or malformed).
    func ints(_ name: String) -> [Int]? {
        guard let words = list(name) else { return nil }
        let n = words.compactMap { Int($0) }
        return n.count == words.count ? n : nil
    }

    // The reads of an option or flag by its one name (`OptionName`); the String forms above are
    // the parser's own and its tests'.

    /// Whether the option or flag was given (not defaulted).
    public func isExplicit(_ option: OptionName) -> Bool { isExplicit(option.rawValue) }
    /// The last value given, else the declared default, else nil.
    public func string(_ option: OptionName) -> String? { string(option.rawValue) }
    /// Every value given, in order (empty when none); the default is not included.
    public func strings(_ option: OptionName) -> [String] { strings(option.rawValue) }
    /// `string(option)` as a whole number.
    public func int(_ option: OptionName) -> Int? { int(option.rawValue) }
    /// `string(option)` as a decimal number.
    public func double(_ option: OptionName) -> Double? { double(option.rawValue) }
    /// Whether a flag was given.
    public func flag(_ option: OptionName) -> Bool { flag(option.rawValue) }
    /// `string(option)` split at commas.
    public func list(_ option: OptionName) -> [String]? { list(option.rawValue) }
    /// `string(option)` as comma-separated whole numbers.
    public func ints(_ option: OptionName) -> [Int]? { ints(option.rawValue) }
    /// Every value of a positional that takes several (`SCENARIO.json...`), in order.
    public func positionals(_ name: String) -> [String] { strings(name) }

    /// A usage error about this command, for checks made after parsing.
    public func usageError(_ message: String) -> UsageError {
        UsageError(message: message, usage: ArgumentParser.shortUsage(command, path: commandPath),
                   commandPath: commandPath)
    }
}

/// What the command line asks for.
public enum ParseResult: Sendable, Equatable {
    /// Run the command at `commandPath` (subcommand names below the root: `["view"]`; `[]` = the root itself).
    case run(commandPath: [String], ParsedArguments)
    /// Print this text to stdout and exit 0 (`--help`, `-h`, `help [SUBCOMMAND…]`).
    case help(String)
    /// Print this version to stdout and exit 0.
    case version(String)
    /// Print `error.text` to stderr and exit `ExitCode.usage`.
    case usageError(UsageError)
}
