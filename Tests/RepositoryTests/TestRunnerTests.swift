import Foundation
import XCTest

/// Issue 39, a suite that answers fast: `scripts/test` without arguments runs the bundle's tests in
/// parallel processes (`scripts/test-runner.py`), in units of a class, a packed part of the fast
/// tier, or one method of a class `scripts/test-costs` splits. Its plan (`--plan`) over this
/// bundle's own list: every test in exactly one unit, and with `--fast` exactly the fast tier's.
final class TestRunnerTests: XCTestCase {
    /// Runs `program` with `args`: its standard output, and fails the test on a non-zero exit.
    func output(_ program: String, _ args: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program)
        p.arguments = args
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, "\(program) \(args.prefix(2)): \(message)")
        return String(decoding: data, as: UTF8.self)
    }

    func testRunner_everyTestIsInExactlyOneUnit() throws {
        // This process is the test bundle: its own list is the one the runner reads.
        let listed = try output(CommandLine.arguments[0], ["--list-tests"])
        let tests = listed.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.range(of: #"^\w+\.\w+/\w+$"#, options: .regularExpression) != nil }
        XCTAssertGreaterThan(tests.count, 1000, "the bundle's tests were listed")
        let file = NSTemporaryDirectory() + "/liveblog-tests-\(getpid()).txt"
        try tests.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        defer { unlink(file) }
        let heavy = TestTierTests.heavyList(SetupFiles.text("scripts/test"))
        let root = Repository.root.path
        for fast in [false, true] {
            let plan = try output("/usr/bin/env", ["python3", root + "/scripts/test-runner.py", "--list", file,
                                                   "--costs", root + "/scripts/test-costs",
                                                   "--heavy", heavy.joined(separator: ","), "--plan"]
                                                  + (fast ? ["--fast"] : []))
            var runs: [String: Int] = [:]
            for line in plan.split(separator: "\n") {
                let columns = line.split(separator: "\t")
                XCTAssertEqual(columns.count, 3, "a unit's line: cost, label, filter: \(line)")
                guard columns.count == 3 else { continue }
                for name in columns[2].split(separator: ",").map(String.init) {
                    // A filter names a class (all its tests) or one test.
                    let covered = name.contains("/") ? [name] : tests.filter { $0.hasPrefix(name + "/") }
                    XCTAssertFalse(covered.isEmpty, "the unit \(name) runs no test")
                    for t in covered { runs[t, default: 0] += 1 }
                }
            }
            let expected = fast ? tests.filter { !heavy.contains(String($0.split(separator: "/")[0])) } : tests
            XCTAssertEqual(Set(runs.keys), Set(expected), fast ? "--fast: the fast tier" : "every test")
            XCTAssertEqual(runs.values.filter { $0 != 1 }.count, 0, "a test in more than one unit")
        }
    }
}
