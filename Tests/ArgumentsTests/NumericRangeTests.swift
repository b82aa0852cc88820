import XCTest
@testable import Arguments

/// Issue 18: every number on the command line is range-checked on its text, before any
/// conversion that could trap; the error names the option and its range (C6, exit 64).
final class NumericRangeTests: XCTestCase {
    let root = LiveblogCommands.root

    func message(_ args: [String], file: StaticString = #filePath, line: UInt = #line) -> String? {
        guard case let .usageError(e) = ArgumentParser.parse(args, root: root) else {
            XCTFail("expected a usage error for \(args)", file: file, line: line)
            return nil
        }
        return e.message
    }

    /// The cases of issue 18: each was a trap (SIGILL) or a misleading message before.
    func testC6_issue18NumbersOutOfRangeAreUsageErrors() throws {
        XCTAssertEqual(message(["view", "--live", "1e300"]), "--live expects a number from 0 to 86400, got '1e300'")
        XCTAssertEqual(message(["view", "--top-offset", "1e308", "--event", "x"]),
                       "--top-offset expects a number from -1000000 to 1000000, got '1e308'")
        XCTAssertEqual(message(["generate", "--posts", "3", "--seed", "-5"]),
                       "--seed expects a whole number from 0 to 9223372036854775807, got '-5'")
        XCTAssertEqual(message(["generate", "--posts", "3", "--seed", "99999999999999999999999"]),
                       "--seed expects a whole number from 0 to 9223372036854775807, got '99999999999999999999999'")
        XCTAssertEqual(message(["view", "--insets", "1,99999999999999999999"]),
                       "--insets expects 2 comma-separated whole numbers (TOP,BOTTOM, each 0 to 1000), "
                        + "got '1,99999999999999999999'")
        XCTAssertEqual(message(["view", "--sticky-header", "nan"]),
                       "--sticky-header expects a number from 0 to 1000000, got 'nan'")
    }

    /// Every numeric option of every command, given the hostile values of issue 18: each either
    /// parses to a value inside its declared range (so the caller's conversions are safe) or is
    /// a usage error naming the option and the range.
    func testC6_everyNumericOptionBoundedForHostileValues() throws {
        let hostile = ["0", "-1", "-0.0", "1e-300", "1e17", "1e300", "-1e300", "inf", "nan",
                       "9223372036854775807", "-9223372036854775808", "18446744073709551616"]
        var checked = 0
        for command in root.subcommands {
            for spec in command.arguments where spec.type.rangeText != nil {
                for v in hostile {
                    let value = spec.type == .intList(count: 2, min: 0, max: LiveblogCommands.maxInsetRows)
                        ? "\(v),\(v)" : v
                    var args = [command.name, "--\(spec.name)", value]
                    if command.name == "generate" && spec.name != "posts" { args += ["--posts", "1"] }
                    if command.name == "metrics" || command.name == "plot" { args += ["t.jsonl"] }
                    if command.name == "plot" { args += ["--out", "p.svg"] }
                    if command.name == "simulate" { args += ["s.json"] }
                    if command.name == "check" { args += ["http://127.0.0.1:1/"] }
                    switch ArgumentParser.parse(args, root: root) {
                    case .run(_, let parsed):
                        assertInRange(parsed, spec, value)
                    case .usageError(let e):
                        XCTAssertTrue(e.message.hasPrefix("--\(spec.name) expects"), e.message)
                        XCTAssertTrue(e.message.contains(spec.type.rangeText!), e.message)
                    default:
                        XCTFail("\(args)")
                    }
                    checked += 1
                }
            }
        }
        XCTAssertEqual(checked, 30 * hostile.count, "view: 11 (with --poll, --fetch-deadline), bench: 1, generate: 3, "
                       + "simulate: 3, compare: 4, fuzz: 2, dump: 1, check: 1 (--fetch-deadline), metrics and plot: 2 "
                       + "each (D4, D5: --bridge-delay, --column)")
    }

    func assertInRange(_ parsed: ParsedArguments, _ spec: ArgSpec, _ value: String) {
        switch spec.type {
        case .int(let lo, let hi):
            let n = try? XCTUnwrap(parsed.int(spec.name))
            XCTAssertTrue(n.map { $0 >= lo! && $0 <= hi! } ?? false, "\(spec.name) \(value)")
        case .double(let lo, let hi):
            let x = parsed.double(spec.name)
            XCTAssertTrue(x.map { $0.isFinite && $0 >= lo! && $0 <= hi! } ?? false, "\(spec.name) \(value)")
        case .intList(_, let lo, let hi):
            XCTAssertTrue(parsed.ints(spec.name)?.allSatisfy { $0 >= lo! && $0 <= hi! } ?? false)
        default:
            XCTFail("\(spec.name)")
        }
    }

    /// Help shows each numeric option's range, from the same declaration the parser checks.
    func testC6_helpShowsRanges() throws {
        guard case .help(let text) = ArgumentParser.parse(["view", "--help"], root: root) else {
            return XCTFail("no help")
        }
        let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(flat.contains("(0 to 86400)"), flat)
        XCTAssertTrue(flat.contains("(0 to 9223372036854775807)"), flat)
        XCTAssertTrue(flat.contains("(-1000000 to 1000000)"), flat)
    }
}
