// Usage lines and help text, generated from the same declarations the parser reads.

extension ArgumentParser {
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
        if !abbreviate {
            words += optional.map(\.usageWord)
        } else if !optional.isEmpty {
            words.append("[<options>]")
        }
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
        if let range = spec.type.rangeText {
            // The allowed range, from the same declaration the parser checks (issue 18).
            text += (text.isEmpty ? "" : " ") + "(\(range))".replacingOccurrences(of: " ", with: nbsp)
        }
        if let d = spec.defaultValue {
            let shown = d.contains(" ") || d.isEmpty ? "\"\(d)\"" : d
            // Kept on one line: spaces inside the default do not break (see `wrap`).
            let note = "(default: \(shown))".replacingOccurrences(of: " ", with: nbsp)
            text += (text.isEmpty ? "" : " ") + note
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
