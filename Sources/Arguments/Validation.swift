// Checking a value against its declaration: allowed words, and numbers in their range.
//
// Issue 18: every number from the command line is range-checked on its text, before any
// conversion that could trap (`UInt64(-5)`, `Int(1e300)`, seconds to ticks), so a usage
// error names the option and its allowed range and exits 64 (C6).

extension ValueType {
    /// The allowed range as help and errors show it: `0 to 100`, `at least 1`, `at most 5`;
    /// nil when unbounded or not a number.
    public var rangeText: String? {
        switch self {
        case .int(let lo, let hi), .intList(_, let lo, let hi):
            return ValueType.range(lo.map(String.init), hi.map(String.init))
        case .double(let lo, let hi):
            return ValueType.range(lo.map(ValueType.format), hi.map(ValueType.format))
        case .string, .list:
            return nil
        }
    }

    static func range(_ lo: String?, _ hi: String?) -> String? {
        switch (lo, hi) {
        case let (lo?, hi?): return "\(lo) to \(hi)"
        case let (lo?, nil): return "at least \(lo)"
        case let (nil, hi?): return "at most \(hi)"
        case (nil, nil): return nil
        }
    }

    static func format(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }

    /// Whether `word` is a whole number in `lo...hi`; words too long for `Int` are out of range.
    static func wholeNumber(_ word: String, _ lo: Int?, _ hi: Int?) -> Bool {
        guard let n = Int(word) else { return false }
        return n >= (lo ?? Int.min) && n <= (hi ?? Int.max)
    }
}

extension ArgumentParser {
    /// nil when `value` suits `spec`, else the error message (naming `display` and the range).
    static func validate(_ value: String, _ spec: ArgSpec, display: String) -> String? {
        if let allowed = spec.allowed, !allowed.contains(value) {
            return "invalid value '\(value)' for \(display); expected one of: "
                + allowed.joined(separator: ", ") + suggestion(value, allowed)
        }
        let range = spec.type.rangeText.map { " from \($0)" } ?? ""
        let between = range.replacingOccurrences(of: " from at ", with: " of at ")
        switch spec.type {
        case .string:
            return nil
        case .int(let lo, let hi):
            if !ValueType.wholeNumber(value, lo, hi) {
                return "\(display) expects a whole number\(between), got '\(value)'"
            }
        case .double(let lo, let hi):
            guard let x = Double(value), x.isFinite, x >= (lo ?? -.greatestFiniteMagnitude),
                  x <= (hi ?? .greatestFiniteMagnitude) else {
                return "\(display) expects a number\(between), got '\(value)'"
            }
        case .list:
            if splitList(value).isEmpty { return "\(display) expects a comma-separated list, got '\(value)'" }
        case .intList(let count, let lo, let hi):
            let words = value.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if words.count != count || words.contains(where: { !ValueType.wholeNumber($0, lo, hi) }) {
                let each = spec.type.rangeText.map { ", each \($0)" } ?? ""
                return "\(display) expects \(count) comma-separated whole numbers (\(spec.valueName)\(each)), "
                    + "got '\(value)'"
            }
        }
        return nil
    }
}
