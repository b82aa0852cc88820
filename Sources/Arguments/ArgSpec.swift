// Declarations of the command-line parser: value types (with their ranges), arguments, commands.

// MARK: - Declarations

/// The kind of value an option (or positional) takes; validated while parsing.
public enum ValueType: Sendable, Equatable {
    case string
    /// A whole number, optionally at least `min` and at most `max` (checked on the text, before
    /// any conversion can trap: issue 18).
    case int(min: Int? = nil, max: Int? = nil)
    /// A finite decimal number, optionally at least `min` and at most `max`.
    case double(min: Double? = nil, max: Double? = nil)
    /// Comma-separated words (`a,b,c`); read with `ParsedArguments.list(_:)`.
    case list
    /// Exactly `count` comma-separated whole numbers (`2,1`), each in `min...max` when set;
    /// read with `ParsedArguments.ints(_:)`.
    case intList(count: Int, min: Int? = nil, max: Int? = nil)
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
    /// A flag that may take a list (`--compare-engines` or `--compare-engines a,b`): the next word
    /// is its value when it has no `.` and no `/` (a file's name has one), or `--name=LIST`.
    public var takesOptionalList = false

    public init(kind: Kind, name: String, short: Character? = nil, valueName: String? = nil,
                help: String, defaultValue: String? = nil, allowed: [String]? = nil,
                type: ValueType = .string, isRequired: Bool = false) {
        self.kind = kind
        self.name = name
        self.short = short
        let shown = allowed?.joined(separator: "|") ?? name.uppercased()
        self.valueName = valueName ?? (kind == .positional ? name : shown)
        self.help = help
        self.defaultValue = defaultValue
        self.allowed = allowed
        self.type = type
        self.isRequired = isRequired
    }

    /// `--name VALUE` (or `-s VALUE`, `--name=VALUE`).
    static func option(_ name: String, short: Character? = nil, value: String? = nil,
                       help: String, default defaultValue: String? = nil,
                       allowed: [String]? = nil, type: ValueType = .string,
                       required: Bool = false) -> ArgSpec {
        ArgSpec(kind: .option, name: name, short: short, valueName: value, help: help,
                defaultValue: defaultValue, allowed: allowed, type: type, isRequired: required)
    }

    /// `--name`, true when present.
    static func flag(_ name: String, short: Character? = nil, help: String) -> ArgSpec {
        ArgSpec(kind: .flag, name: name, short: short, valueName: "", help: help)
    }

    /// `--name`, or `--name LIST` / `--name=LIST` (`takesOptionalList`); read with `list(_:)`,
    /// empty when given without a list.
    static func flag(_ name: String, optionalList value: String, help: String) -> ArgSpec {
        var spec = ArgSpec(kind: .flag, name: name, valueName: value, help: help)
        spec.takesOptionalList = true
        return spec
    }

    /// `option(_:…)` by its one name (`OptionName`).
    public static func option(_ name: OptionName, short: Character? = nil, value: String? = nil,
                              help: String, default defaultValue: String? = nil,
                              allowed: [String]? = nil, type: ValueType = .string,
                              required: Bool = false) -> ArgSpec {
        option(name.rawValue, short: short, value: value, help: help, default: defaultValue, allowed: allowed,
               type: type, required: required)
    }

    /// `flag(_:…)` by its one name.
    public static func flag(_ name: OptionName, short: Character? = nil, help: String) -> ArgSpec {
        flag(name.rawValue, short: short, help: help)
    }

    /// `flag(_:optionalList:…)` by its one name.
    public static func flag(_ name: OptionName, optionalList value: String, help: String) -> ArgSpec {
        flag(name.rawValue, optionalList: value, help: help)
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
        case .flag: return (short.map { "-\($0), " } ?? "") + "--\(name)" + (takesOptionalList ? " [\(valueName)]" : "")
        case .option: return (short.map { "-\($0), " } ?? "") + "--\(name) \(valueName)"
        }
    }

    var usageWord: String {
        switch kind {
        case .positional: return isRequired ? name : "[\(name)]"
        case .flag: return takesOptionalList ? "[--\(name) [\(valueName)]]" : "[--\(name)]"
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
