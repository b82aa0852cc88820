import Foundation
import TestSupport
import XCTest

/// Issue 18, C6: the command line's numbers are range-checked before any use: a usage error
/// (exit 64) naming the option and its range, never a trap (`generate --seed -5` was SIGILL).
final class CommandLineNumberTests: XCTestCase {
    /// Runs the binary with stdin from /dev/null; its status and stderr.
    func run(_ args: [String]) throws -> (status: Int32, err: String) {
        let r = Subprocess.output(try Requirement.liveblogBinary(), args, timeout: 60)
        XCTAssertNotEqual(r.code, -1, "the binary starts and ends")
        return (r.code, r.err)
    }

    func testC6_negativeGenerateSeedIsAUsageError() throws {
        let r = try run(["generate", "--posts", "3", "--seed", "-5"])
        XCTAssertEqual(r.status, 64, r.err)
        XCTAssertTrue(r.err.contains("--seed") && r.err.contains("from 0"), r.err)
    }

    func testC6_hugeViewNumbersAreUsageErrors() throws {
        for (args, option) in [(["--live", "1e300"], "--live"), (["--top-offset", "1e308", "--event", "ev-010"], "--top-offset"),
                               (["--insets", "2,1001"], "--insets"), (["--live", "nan"], "--live")] {
            let r = try run(["view"] + args)
            XCTAssertEqual(r.status, 64, "\(args): \(r.err)")
            XCTAssertTrue(r.err.contains(option), r.err)
        }
    }
}
