// A small declarative command-line parser in the shape of swift-argument-parser
// (one declaration per subcommand; help, usage and errors generated from the
// same declarations), without property wrappers: a command is a `CommandSpec`
// value holding a list of `ArgSpec`s, and parsing yields `ParsedArguments`.
//
// Differences from swift-argument-parser, on purpose: no grouped short flags
// (`-ab`), no `-nVALUE`; a container command (one with subcommands) takes no
// options of its own besides `--help` and `--version`; anything else is routed
// to its default subcommand.
import Foundation

// MARK: - Declarations

/// The kind of value an option (or positional) takes; validated while parsing.
public enum ValueType: Sendable, Equatable {
    case string
    /// A whole number, optionally at least `min`.
    case int(min: Int? = nil)
    /// A decimal number, optionally at least `min`.
    case double(min: Double? = nil)
    /// Comma-separated words (`a,b,c`); read with `ParsedArguments.list(_:)`.
    case list
    /// Exactly `count` comma-separated whole numbers (`2,1`); read with `ParsedArguments.ints(_:)`.
    case intList(count: Int)
}

/// One declared argument: an option (`--name VALUE`), a flag (`--json`) or a positional (`SOURCE`).
public struct ArgSpec: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case option, flag, positional }

    public var kind: Kind
    /// Long name without dashes (`event` for `--event`), or the positional's name (`SOURCE`).
    public var name: String
    /// Optional one-letter short name (`n` for `-n`); options and flags only.
    public var short: Character?
    /// Shown in usage and help (`ID` in `--event ID`). For positionals it is the name.
    public var valueName: String
    public var help: String
    /// Used when the argument is not given, and shown in help as `(default: …)`.
    public var defaultValue: String?
    /// The only values accepted, when set; anything else is a usage error.
    public var allowed: [String]?
    public var type: ValueType
    /// A required option must be given; a required positional must be present.
    public var isRequired: Bool

    public init(kind: Kind, name: String, short: Character? = nil, valueName: String? = nil,
                help: String, defaultValue: String? = nil, allowed: [String]? = nil,
                type: ValueType = .string, isRequired: Bool = false) {
        self.kind = kind
        self.name = name
        self.short = short
        self.valueName = valueName ?? (kind == .positional ? name : allowed?.joined(separator: "|") ?? name.uppercased())
        self.help = help
        self.defaultValue = defaultValue
        self.allowed = allowed
        self.type = type
        self.isRequired = isRequired
    }

    /// `--name VALUE` (or `-s VALUE`, `--name=VALUE`).
    public static func option(_ name: String, short: Character? = nil, value: String? = nil,
                              help: String, default defaultValue: String? = nil,
                              allowed: [String]? = nil, type: ValueType = .string,
                              required: Bool = false) -> ArgSpec {
        ArgSpec(kind: .option, name: name, short: short, valueName: value, help: help,
                defaultValue: defaultValue, allowed: allowed, type: type, isRequired: required)
    }

    /// `--name`, true when present.
    public static func flag(_ name: String, short: Character? = nil, help: String) -> ArgSpec {
        ArgSpec(kind: .flag, name: name, short: short, valueName: "", help: help)
    }

    /// A word in order (`SOURCE`); optional positionals are shown as `[SOURCE]`.
    public static func positional(_ name: String, help: String, required: Bool = false,
                                  default defaultValue: String? = nil,
                                  type: ValueType = .string) -> ArgSpec {
        ArgSpec(kind: .positional, name: name, help: help, defaultValue: defaultValue,
                type: type, isRequired: required)
    }

    /// How the argument is written in usage and help: `--event ID`, `-n, --posts N`, `SOURCE`.
    var label: String {
        switch kind {
        case .positional: return name
        case .flag: return (short.map { "-\($0), " } ?? "") + "--\(name)"
        case .option: return (short.map { "-\($0), " } ?? "") + "--\(name) \(valueName)"
        }
    }

    var usageWord: String {
        switch kind {
        case .positional: return isRequired ? name : "[\(name)]"
        case .flag: return "[--\(name)]"
        case .option: return isRequired ? "--\(name) \(valueName)" : "[--\(name) \(valueName)]"
        }
    }
}

/// A command: its words, help texts, arguments and subcommands.
public struct CommandSpec: Sendable, Equatable {
    public var name: String
    /// One line, shown in the parent's SUBCOMMANDS list and as OVERVIEW.
    public var abstract: String
    /// Paragraphs (separated by blank lines) shown under the overview; wrapped at 80 columns.
    public var discussion: String
    public var arguments: [ArgSpec]
    public var subcommands: [CommandSpec]
    /// The subcommand used when the first word is not a subcommand (or there is none).
    public var defaultSubcommand: String?
    /// When set (on the root), `--version` yields `.version(version)`.
    public var version: String?

    public init(name: String, abstract: String, discussion: String = "", arguments: [ArgSpec] = [],
                subcommands: [CommandSpec] = [], defaultSubcommand: String? = nil, version: String? = nil) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
        self.version = version
    }

    public func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    /// The command reached by following `path` (subcommand names, not including self).
    public func command(at path: [String]) -> CommandSpec? {
        var c = self
        for p in path {
            guard let s = c.subcommand(named: p) else { return nil }
            c = s
        }
        return c
    }

    var positionals: [ArgSpec] { arguments.filter { $0.kind == .positional } }
    var options: [ArgSpec] { arguments.filter { $0.kind != .positional } }
}

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
    public func isExplicit(_ name: String) -> Bool {
        values[spec(name).name] != nil
    }

    /// The last value given, else the declared default, else nil.
    public func string(_ name: String) -> String? {
        let s = spec(name)
        return values[s.name]?.last ?? s.defaultValue
    }

    /// Every value given, in order (empty when none); the default is not included.
    public func strings(_ name: String) -> [String] {
        values[spec(name).name] ?? []
    }

    /// `string(name)` as a whole number (validated while parsing for `.int` options).
    public func int(_ name: String) -> Int? { string(name).flatMap { Int($0) } }

    /// `string(name)` as a decimal number (validated while parsing for `.double` options).
    public func double(_ name: String) -> Double? { string(name).flatMap { Double($0) } }

    /// Whether a flag was given.
    public func flag(_ name: String) -> Bool {
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
    public func list(_ name: String) -> [String]? {
        string(name).map(ArgumentParser.splitList)
    }

    /// `string(name)` as comma-separated whole numbers (nil when absent or malformed).
    public func ints(_ name: String) -> [Int]? {
        guard let words = list(name) else { return nil }
        let n = words.compactMap { Int($0) }
        return n.count == words.count ? n : nil
    }

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

// MARK: - Exit codes and errors

/// Exit statuses from sysexits(3).
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
    /// EX_SOFTWARE: an internal software error.
    public static let software = ExitCode(70)
    /// EX_IOERR: an error while doing I/O.
    public static let ioErr = ExitCode(74)
}

/// Writes to the standard error stream.
public struct StandardError: TextOutputStream, Sendable {
    public init() {}
    public mutating func write(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}

// MARK: - Parser

public enum ArgumentParser {
    public typealias Result = ParseResult

    /// Prints `program: error: message` (and the usage line, when given) to stderr.
    public static func printError(_ message: String, usage: String? = nil, program: String = "liveblog") {
        var err = StandardError()
        err.write("\(program): error: \(message)\n")
        if let usage { err.write(usage.hasSuffix("\n") ? usage : usage + "\n") }
    }

    /// Prints a usage error (message, usage line, help hint) to stderr.
    public static func printError(_ error: UsageError) {
        var err = StandardError()
        err.write(error.text)
    }

    /// Parses `args` (without the program name) against `root`.
    public static func parse(_ args: [String], root: CommandSpec) -> ParseResult {
        var command = root
        var path: [String] = []   // subcommand names below the root
        var rest = args[...]
        func fullPath() -> [String] { [root.name] + path }

        // `--help` / `-h` anywhere before `--`: help for the command the words reach.
        let beforeDashes = args.prefix { $0 != "--" }
        if beforeDashes.contains(where: { $0 == "--help" || $0 == "-h" }) {
            var c = root, p: [String] = []
            for word in beforeDashes where word != "--help" && word != "-h" && !c.subcommands.isEmpty {
                if let s = c.subcommand(named: word) {
                    c = s; p.append(word)
                } else if word == "help" || looksLikeSubcommand(word, of: c) {
                    break
                } else if let d = c.defaultSubcommand, let s = c.subcommand(named: d) {
                    c = s; p.append(d)   // `liveblog --mode nested --help`: the default's options
                } else {
                    break
                }
            }
            return .help(helpText(for: c, path: [root.name] + p))
        }

        while !command.subcommands.isEmpty {
            guard let word = rest.first else {
                if let d = command.defaultSubcommand, let s = command.subcommand(named: d) {
                    command = s; path.append(d); continue
                }
                return .help(helpText(for: command, path: fullPath()))
            }
            if word == "--version", path.isEmpty, let v = root.version { return .version(v) }
            if word == "help" {
                // `help [SUBCOMMAND…]`
                var c = command, p = path
                for name in rest.dropFirst() {
                    guard let s = c.subcommand(named: name) else {
                        let e = UsageError(message: "unknown subcommand '\(name)'" + suggestion(name, c.subcommands.map(\.name)),
                                           usage: shortUsage(c, path: [root.name] + p), commandPath: [root.name] + p)
                        return .usageError(e)
                    }
                    c = s; p.append(name)
                }
                return .help(helpText(for: c, path: [root.name] + p))
            }
            if let s = command.subcommand(named: word) {
                command = s; path.append(word); rest = rest.dropFirst(); continue
            }
            let names = command.subcommands.map(\.name) + ["help"]
            if let d = command.defaultSubcommand, let s = command.subcommand(named: d),
               !looksLikeSubcommand(word, of: command) {
                // Not a subcommand: the words belong to the default subcommand.
                command = s; path.append(d); continue
            }
            let what = word.hasPrefix("-") ? "unknown option '\(word)'" : "unknown subcommand '\(word)'"
            let candidates = word.hasPrefix("-") ? ["--help"] + (root.version != nil && path.isEmpty ? ["--version"] : []) : names
            return .usageError(UsageError(message: what + suggestion(word, candidates),
                                          usage: shortUsage(command, path: fullPath()), commandPath: fullPath()))
        }

        switch parseLeaf(Array(rest), command: command, path: fullPath()) {
        case .success(let parsed): return .run(commandPath: path, parsed)
        case .failure(let error): return .usageError(error)
        }
    }

    /// A word that is no subcommand but close to one, and not a path: `simulte`, not `sample.json`.
    /// Such a word is reported as an unknown subcommand instead of going to the default subcommand.
    private static func looksLikeSubcommand(_ word: String, of command: CommandSpec) -> Bool {
        !word.hasPrefix("-") && !word.contains(".") && !word.contains("/")
            && closest(word, command.subcommands.map(\.name) + ["help"]) != nil
    }

    private static func parseLeaf(_ args: [String], command: CommandSpec, path: [String]) -> Swift.Result<ParsedArguments, UsageError> {
        var values: [String: [String]] = [:]
        var positionals: [String] = []
        let options = command.options
        func fail(_ message: String) -> Swift.Result<ParsedArguments, UsageError> {
            .failure(UsageError(message: message, usage: shortUsage(command, path: path), commandPath: path))
        }
        var i = 0
        var optionsEnded = false
        while i < args.count {
            let word = args[i]
            i += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") || (Double(word) != nil && !options.contains { $0.short != nil && "-\($0.short!)" == word }) {
                positionals.append(word)
                continue
            }
            if word == "--" { optionsEnded = true; continue }
            var name = word
            var inline: String? = nil
            if word.hasPrefix("--"), let eq = word.firstIndex(of: "=") {
                name = String(word[..<eq])
                inline = String(word[word.index(after: eq)...])
            }
            let spec: ArgSpec?
            if name.hasPrefix("--") {
                spec = options.first { "--\($0.name)" == name }
            } else {
                spec = name.count == 2 ? options.first { $0.short.map { "-\($0)" } == name } : nil
            }
            guard let spec else {
                let candidates = options.map { "--\($0.name)" } + ["--help"]
                return fail("unknown option '\(name)'" + suggestion(name, candidates))
            }
            let display = name.hasPrefix("--") ? name : "\(name)/--\(spec.name)"
            if spec.kind == .flag {
                if inline != nil { return fail("\(display) does not take a value") }
                values[spec.name, default: []].append("true")
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else if i < args.count, !isOptionLike(args[i]) {
                value = args[i]
                i += 1
            } else {
                return fail("\(display) expects a value (\(spec.valueName))")
            }
            if let message = validate(value, spec, display: display) { return fail(message) }
            values[spec.name, default: []].append(value)
        }

        let declared = command.positionals
        // A last positional named `NAME...` takes every remaining word (`simulate SCENARIO...`, F7).
        let variadic = declared.last.map { $0.name.hasSuffix("...") } ?? false
        if variadic && positionals.count > declared.count {
            let rest = Array(positionals[(declared.count - 1)...])
            for v in rest {
                if let message = validate(v, declared.last!, display: declared.last!.name) { return fail(message) }
            }
            values[declared.last!.name] = rest
            positionals = Array(positionals[..<(declared.count - 1)])
        } else if positionals.count > declared.count {
            let extra = positionals[declared.count]
            return fail("unexpected argument '\(extra)'" + (declared.isEmpty ? "; '\(path.joined(separator: " "))' takes no arguments" : ""))
        }
        for (spec, value) in zip(declared, positionals) where values[spec.name] == nil {
            if let message = validate(value, spec, display: spec.name) { return fail(message) }
            values[spec.name] = [value]
        }
        for spec in declared.dropFirst(positionals.count) where spec.isRequired && values[spec.name] == nil {
            return fail("missing expected argument '\(spec.name)'")
        }
        for spec in options where spec.isRequired && values[spec.name] == nil {
            return fail("missing expected option '--\(spec.name) \(spec.valueName)'")
        }
        return .success(ParsedArguments(commandPath: path, command: command, values: values))
    }

    /// A word that would be taken as an option, not as an option's value.
    private static func isOptionLike(_ word: String) -> Bool {
        guard word.hasPrefix("-"), let second = word.dropFirst().first else { return false }
        return !(second.isNumber || second == ".")   // `-16`, `-1,2`, `-.5` are values
    }

    private static func validate(_ value: String, _ spec: ArgSpec, display: String) -> String? {
        if let allowed = spec.allowed, !allowed.contains(value) {
            return "invalid value '\(value)' for \(display); expected one of: "
                + allowed.joined(separator: ", ") + suggestion(value, allowed)
        }
        switch spec.type {
        case .string:
            return nil
        case .int(let min):
            guard let n = Int(value) else { return "\(display) expects a whole number, got '\(value)'" }
            if let min, n < min { return "\(display) expects a whole number of at least \(min), got '\(value)'" }
        case .double(let min):
            guard let x = Double(value), x.isFinite else { return "\(display) expects a number, got '\(value)'" }
            if let min, x < min { return "\(display) expects a number of at least \(format(min)), got '\(value)'" }
        case .list:
            if splitList(value).isEmpty { return "\(display) expects a comma-separated list, got '\(value)'" }
        case .intList(let count):
            let words = value.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if words.count != count || words.contains(where: { Int($0) == nil }) {
                return "\(display) expects \(count) comma-separated whole numbers (\(spec.valueName)), got '\(value)'"
            }
        }
        return nil
    }

    static func splitList(_ s: String) -> [String] {
        s.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private static func format(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }

    // MARK: Suggestions

    /// `; did you mean 'x'?` when a candidate is close to `word`, else "".
    static func suggestion(_ word: String, _ candidates: [String]) -> String {
        closest(word, candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The candidate nearest to `word` by edit distance (dashes ignored), when close enough,
    /// or the only candidate that `word` is a prefix of.
    static func closest(_ word: String, _ candidates: [String]) -> String? {
        let w = Array(ParsedArguments.key(word).lowercased())
        guard !w.isEmpty else { return nil }
        var best: (String, Int)? = nil
        for c in candidates {
            let d = editDistance(w, Array(ParsedArguments.key(c).lowercased()))
            if best == nil || d < best!.1 { best = (c, d) }
        }
        if let (c, d) = best, d <= min(2, max(1, w.count / 3)) { return c }
        let prefixed = candidates.filter { ParsedArguments.key($0).lowercased().hasPrefix(String(w)) }
        return prefixed.count == 1 && w.count >= 3 ? prefixed[0] : nil
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev2 = [Int](repeating: 0, count: b.count + 1)
        var prev = Array(0...b.count)
        var cur = prev
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                cur[j] = Swift.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    cur[j] = Swift.min(cur[j], prev2[j - 2] + 1)
                }
            }
            prev2 = prev
            prev = cur
        }
        return prev[b.count]
    }

    // MARK: Usage and help

    static let width = 80

    /// The usage line: in full when it fits on one line, else with optional options as `[<options>]`.
    public static func shortUsage(_ command: CommandSpec, path: [String]) -> String {
        let full = "USAGE: " + usageWords(command, path: path, abbreviate: false).joined(separator: " ")
        if full.count <= width { return full }
        return "USAGE: " + usageWords(command, path: path, abbreviate: true).joined(separator: " ")
    }

    private static func usageWords(_ command: CommandSpec, path: [String], abbreviate: Bool) -> [String] {
        var words = path
        if !command.subcommands.isEmpty {
            words.append(command.defaultSubcommand == nil ? "<subcommand>" : "[<subcommand>]")
            return words
        }
        words += command.positionals.map(\.usageWord)
        let required = command.options.filter(\.isRequired)
        words += required.map(\.usageWord)
        let optional = command.options.filter { !$0.isRequired }
        if abbreviate { if !optional.isEmpty { words.append("[<options>]") } } else { words += optional.map(\.usageWord) }
        return words
    }

    /// The help text for `command`, reached by `path` (root first).
    public static func helpText(for command: CommandSpec, path: [String]) -> String {
        var out = ""
        out += wrap("OVERVIEW: " + command.abstract, indent: 0, hanging: 10) + "\n"
        if !command.discussion.isEmpty {
            out += "\n"
            let paragraphs = command.discussion.components(separatedBy: "\n\n")
            out += paragraphs.map { p in
                p.hasPrefix("  ") ? p  // pre-formatted (examples): kept as written
                    : wrap(p.split(whereSeparator: \.isNewline).joined(separator: " "), indent: 0, hanging: 0)
            }.joined(separator: "\n\n") + "\n"
        }
        // USAGE, wrapped with continuation lines under the first argument.
        let words = usageWords(command, path: path, abbreviate: false)
        let head = "USAGE: " + path.joined(separator: " ")
        var lines = [head]
        let hang = String(repeating: " ", count: min(head.count + 1, 30))
        for w in words.dropFirst(path.count) {
            if lines[lines.count - 1].count + 1 + w.count > width, lines[lines.count - 1] != head {
                lines.append(hang + w)
            } else {
                lines[lines.count - 1] += " " + w
            }
        }
        out += "\n" + lines.joined(separator: "\n") + "\n"

        let positionals = command.subcommands.isEmpty ? command.positionals : []
        var options = (command.subcommands.isEmpty ? command.options : []).map { ($0.label, describe($0)) }
        options.append(("-h, --help", "Show help information."))
        if path.count == 1, command.version != nil { options.append(("--version", "Show the version.")) }
        let subcommands = command.subcommands.map {
            ($0.name + ($0.name == command.defaultSubcommand ? " (default)" : ""), $0.abstract)
        }
        let arguments = positionals.map { ($0.label, describe($0)) }
        // One first column for every section, as wide as the widest label that fits.
        let labels = (arguments + options + subcommands).map { $0.0.count }.filter { $0 <= 24 }
        let column = (labels.max() ?? 12) + 4
        if !arguments.isEmpty { out += "\nARGUMENTS:\n" + table(arguments, column: column) }
        out += "\nOPTIONS:\n" + table(options, column: column)
        if !subcommands.isEmpty {
            out += "\nSUBCOMMANDS:\n" + table(subcommands, column: column)
            out += "\n  See '\(path.joined(separator: " ")) help <subcommand>' for detailed help.\n"
        }
        return out
    }

    private static func describe(_ spec: ArgSpec) -> String {
        var text = spec.help
        if let d = spec.defaultValue {
            let shown = d.contains(" ") || d.isEmpty ? "\"\(d)\"" : d
            // Kept on one line: spaces inside the default do not break (see `wrap`).
            text += (text.isEmpty ? "" : " ") + "(default: \(shown))".replacingOccurrences(of: " ", with: nbsp)
        }
        return text
    }

    /// Two aligned columns; a label too wide for the first column puts its text on the next line.
    private static func table(_ rows: [(String, String)], column: Int) -> String {
        var out = ""
        for (label, text) in rows {
            let left = "  " + label
            let body = wrap(text, indent: column, hanging: column)
            let bodyText = String(body.dropFirst(column))
            if left.count + 2 <= column {
                out += left + String(repeating: " ", count: column - left.count) + bodyText + "\n"
            } else {
                out += left + "\n" + (text.isEmpty ? "" : body + "\n")
            }
        }
        return out
    }

    /// Wraps `text` at `width` columns: the first line indented by `indent`, the rest by `hanging`.
    static func wrap(_ text: String, indent: Int, hanging: Int) -> String {
        var lines: [String] = []
        var line = String(repeating: " ", count: indent)
        var lineHasWord = false
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if lineHasWord && line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: hanging)
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        lines.append(line)
        return lines.joined(separator: "\n").replacingOccurrences(of: nbsp, with: " ")
    }

    /// A space that `wrap` does not break at.
    private static let nbsp = "\u{00A0}"
}
