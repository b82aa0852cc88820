import Arguments

/// Number options are range-checked before any conversion or use (issue 18): `generate --seed -5`
/// trapped converting to UInt64, `view --live 1e300` and `--top-offset 1e308` trapped downstream.
/// A value outside its range is a usage error (exit 64) naming the option and the range.
struct OptionRangeError: Error, CustomStringConvertible {
    var description: String
}

extension ParsedArguments {
    /// `--name` as a whole number in `range`, nil when absent.
    func int(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = string(name) else { return nil }
        guard let v = Int(text), range.contains(v) else {
            throw OptionRangeError(description: "--\(name): expected a whole number from \(range.lowerBound) "
                                              + "to \(range.upperBound), got \(text)")
        }
        return v
    }

    /// `--name` as a finite number in `range`, nil when absent.
    func double(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let text = string(name) else { return nil }
        guard let v = Double(text), v.isFinite, range.contains(v) else {
            throw OptionRangeError(description: "--\(name): expected a number from \(range.lowerBound) "
                                              + "to \(range.upperBound), got \(text)")
        }
        return v
    }
}

/// The ranges of the command line's numbers.
enum OptionRanges {
    static let seed = 0...Int.max
    /// A synthetic liveblog of up to 200 000 posts (issue 31: what runs within 2 GB; the bench's
    /// default is 100 000).
    static let posts = 0...LiveblogCommands.maxGeneratedPosts
    static let count = 0...1_000_000_000
    static let insetRows = 0...100
    /// Seconds between live posts (0 = none) and points of a top offset or a sticky header.
    static let liveSeconds = 0.0...86_400.0
    static let points = -1_000_000.0...1_000_000.0
}
