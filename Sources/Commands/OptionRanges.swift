import Arguments

/// Issue 18, 39: every number of the command line is range-checked by the parser against the one
/// declaration of its option (`LiveblogCommands`: range, default, help) before any conversion;
/// the commands read the checked values. What remains here is a range the declarations cannot
/// hold: `demo --step`, whose upper bound is the tour's length (TerminalUI).
struct OptionRangeError: Error, CustomStringConvertible {
    var description: String
}

extension ParsedArguments {
    /// The option as a whole number in `range`, nil when absent.
    func int(_ name: OptionName, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = string(name) else { return nil }
        guard let v = Int(text), range.contains(v) else {
            throw OptionRangeError(description: "\(name): expected a whole number from \(range.lowerBound) "
                                              + "to \(range.upperBound), got \(text)")
        }
        return v
    }
}
