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

        if let help = helpRequest(args, root: root) { return help }

        while !command.subcommands.isEmpty {
            guard let word = rest.first else {
                if let d = command.defaultSubcommand, let s = command.subcommand(named: d) {
                    command = s
                    path.append(d)
                    continue
                }
                return .help(helpText(for: command, path: fullPath()))
            }
            if word == "--version", path.isEmpty, let v = root.version { return .version(v) }
            if word == "help" { return helpCommand(Array(rest.dropFirst()), from: command, path: path, root: root) }
            if let s = command.subcommand(named: word) {
                command = s
                path.append(word)
                rest = rest.dropFirst()
                continue
            }
            let names = command.subcommands.map(\.name) + ["help"]
            if let d = command.defaultSubcommand, let s = command.subcommand(named: d),
               !looksLikeSubcommand(word, of: command) {
                // Not a subcommand: the words belong to the default subcommand.
                command = s
                path.append(d)
                continue
            }
            let what = word.hasPrefix("-") ? "unknown option '\(word)'" : "unknown subcommand '\(word)'"
            let optionNames = ["--help"] + (root.version != nil && path.isEmpty ? ["--version"] : [])
            let candidates = word.hasPrefix("-") ? optionNames : names
            return .usageError(UsageError(message: what + suggestion(word, candidates),
                                          usage: shortUsage(command, path: fullPath()), commandPath: fullPath()))
        }

        switch parseLeaf(Array(rest), command: command, path: fullPath()) {
        case .success(let parsed): return .run(commandPath: path, parsed)
        case .failure(let error): return .usageError(error)
        }
    }

    /// `help [SUBCOMMAND…]` below `command`: the help of the command the names reach.
    private static func helpCommand(_ names: [String], from command: CommandSpec, path: [String],
                                    root: CommandSpec) -> ParseResult {
        // `help [SUBCOMMAND…]`
        var c = command, p = path
        for name in names {
            guard let s = c.subcommand(named: name) else {
                let message = "unknown subcommand '\(name)'" + suggestion(name, c.subcommands.map(\.name))
                let e = UsageError(message: message, usage: shortUsage(c, path: [root.name] + p),
                                   commandPath: [root.name] + p)
                return .usageError(e)
            }
            c = s
            p.append(name)
        }
        return .help(helpText(for: c, path: [root.name] + p))
    }

    /// `--help` / `-h` anywhere before `--`: help for the command the words reach; else nil.
    private static func helpRequest(_ args: [String], root: CommandSpec) -> ParseResult? {
        let beforeDashes = args.prefix { $0 != "--" }
        if beforeDashes.contains(where: { $0 == "--help" || $0 == "-h" }) {
            var c = root, p: [String] = []
            for word in beforeDashes where word != "--help" && word != "-h" && !c.subcommands.isEmpty {
                if let s = c.subcommand(named: word) {
                    c = s
                    p.append(word)
                } else if word == "help" || looksLikeSubcommand(word, of: c) {
                    break
                } else if let d = c.defaultSubcommand, let s = c.subcommand(named: d) {
                    // `liveblog --mode nested --help`: the default's options
                    c = s
                    p.append(d)
                } else {
                    break
                }
            }
            return .help(helpText(for: c, path: [root.name] + p))
        }
        return nil
    }


    /// A word that is no subcommand but close to one, and not a path: `simulte`, not `sample.json`.
    /// Such a word is reported as an unknown subcommand instead of going to the default subcommand.
    private static func looksLikeSubcommand(_ word: String, of command: CommandSpec) -> Bool {
        !word.hasPrefix("-") && !word.contains(".") && !word.contains("/")
            && closest(word, command.subcommands.map(\.name) + ["help"]) != nil
    }

    private static func parseLeaf(_ args: [String], command: CommandSpec,
                                  path: [String]) -> Swift.Result<ParsedArguments, UsageError> {
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
            let negativeNumber = Double(word) != nil && !options.contains { $0.short.map { "-\($0)" } == word }
            if optionsEnded || word == "-" || !word.hasPrefix("-") || negativeNumber {
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
                if inline != nil, !spec.takesOptionalList { return fail("\(display) does not take a value") }
                values[spec.name, default: []].append(spec.takesOptionalList ? inline ?? optionalList(args, at: &i) : "true")
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

        if let message = assignPositionals(positionals, command: command, path: path, into: &values) {
            return fail(message)
        }
        return .success(ParsedArguments(commandPath: path, command: command, values: values))
    }

    /// Checks and stores the positionals, then checks required options; nil or the error message.
    private static func assignPositionals(_ words: [String], command: CommandSpec, path: [String],
                                          into values: inout [String: [String]]) -> String? {
        let declared = command.positionals
        var positionals = words
        // A last positional named `NAME...` takes every remaining word (`simulate SCENARIO...`, F7).
        if let last = declared.last, last.name.hasSuffix("..."), positionals.count > declared.count {
            let rest = Array(positionals[(declared.count - 1)...])
            for v in rest {
                if let message = validate(v, last, display: last.name) { return message }
            }
            values[last.name] = rest
            positionals = Array(positionals[..<(declared.count - 1)])
        }
        if positionals.count > declared.count {
            let extra = positionals[declared.count]
            let none = declared.isEmpty ? "; '\(path.joined(separator: " "))' takes no arguments" : ""
            return "unexpected argument '\(extra)'" + none
        }
        for (spec, value) in zip(declared, positionals) {
            if let message = validate(value, spec, display: spec.name) { return message }
            values[spec.name] = [value]
        }
        for spec in declared.dropFirst(positionals.count) where spec.isRequired && values[spec.name] == nil {
            return "missing expected argument '\(spec.name)'"
        }
        for spec in command.options where spec.isRequired && values[spec.name] == nil {
            return "missing expected option '--\(spec.name) \(spec.valueName)'"
        }
        return nil
    }

    /// An optional list's value: the word at `i` (taken) when it is no option and no file's name
    /// (no `.`, no `/`), else "" (the bare flag).
    private static func optionalList(_ args: [String], at i: inout Int) -> String {
        guard i < args.count, !isOptionLike(args[i]), !args[i].contains("."), !args[i].contains("/") else { return "" }
        i += 1
        return args[i - 1]
    }

    /// A word that would be taken as an option, not as an option's value.
    private static func isOptionLike(_ word: String) -> Bool {
        guard word.hasPrefix("-"), let second = word.dropFirst().first else { return false }
        return !(second.isNumber || second == ".")   // `-16`, `-1,2`, `-.5` are values
    }

    static func splitList(_ s: String) -> [String] {
        s.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

}
