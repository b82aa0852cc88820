import LiveblogModel
import TextCells

/// Reports (C2, Q4) of a list of scenario results, so a runner of many scenarios (F7) writes one
/// report for all. Text is for people: one PASS/FAIL line per expectation and a summary line per
/// scenario, sanitised for the terminal (T8). JSON is for programs: numbers, not only words —
/// each expectation's `expected`, `observed` and `at` (seconds of virtual time). JUnit is
/// `JUnitReport`'s, in the shape CI servers read.
public enum Report {
    public static func junit(_ results: [ScenarioResult]) -> String { JUnitReport.xml(results) }

    /// One scenario's report from its name and outcomes (the form before Q4).
    public static func text(_ name: String, _ outcomes: [ExpectationResult]) -> String {
        text([ScenarioResult(path: name, title: name, status: .ran(outcomes))])
    }

    public static func json(_ name: String, _ outcomes: [ExpectationResult], virtualSeconds: Double) -> String {
        json([ScenarioResult(path: name, title: name, status: .ran(outcomes), virtualSeconds: virtualSeconds)])
    }

    public static func junit(_ name: String, _ outcomes: [ExpectationResult]) -> String {
        junit([ScenarioResult(path: name, title: name, status: .ran(outcomes))])
    }

    public static func text(_ results: [ScenarioResult]) -> String {
        var s = ""
        for r in results {
            let title = Sanitizer.clean(r.title)
            if let e = r.error {
                s += "ERROR \(Sanitizer.clean(e))\n\(title): invalid scenario, nothing ran\n"
                continue
            }
            for e in r.expectations {
                let id = e.name.map { "[\(Sanitizer.clean($0))] " } ?? ""
                let what = Sanitizer.clean(e.description) + ": " + Sanitizer.clean(e.detail)
                s += "\(e.passed ? "PASS" : "FAIL")  \(id)\(what)\n"
            }
            if r.nothingChecked {
                s += "\(title): nothing checked (the scenario has no expectations)\n"
            } else {
                s += "\(title): \(r.expectations.count - r.failures) passed, \(r.failures) failed\n"
            }
        }
        if results.count > 1 {
            let failed = results.filter { !$0.passed }.count
            s += "\(results.count) scenarios: \(results.count - failed) passed, \(failed) did not\n"
        }
        return s
    }

    public static func json(_ results: [ScenarioResult]) -> String {
        let obj: JSONValue = .object([
            ("passed", .bool(results.allSatisfy(\.passed))),
            ("tests", .number(Double(results.map { $0.expectations.count }.reduce(0, +)))),
            ("failures", .number(Double(results.map(\.failures).reduce(0, +)))),
            ("errors", .number(Double(results.filter { $0.error != nil }.count))),
            ("scenarios", .array(results.map(scenario))),
        ])
        return JSONWriter.pretty(obj) + "\n"
    }

    static func scenario(_ r: ScenarioResult) -> JSONValue {
        .object([
            ("path", .string(r.path)), ("scenario", .string(r.title)), ("passed", .bool(r.passed)),
            ("error", r.error.map { .string($0) } ?? .null),
            ("nothingChecked", .bool(r.nothingChecked)),
            ("virtualSeconds", .number(r.virtualSeconds)), ("time", .number(r.wallSeconds)),
            ("checked", .number(Double(r.expectations.count))), ("failed", .number(Double(r.failures))),
            ("expectations", .array(r.expectations.map(expectation))),
        ])
    }

    static func expectation(_ e: ExpectationResult) -> JSONValue {
        .object([
            ("id", .string(e.id)), ("name", e.name.map { .string($0) } ?? .null),
            ("index", .number(Double(e.index))), ("kind", .string(e.kind)),
            ("description", .string(e.description)), ("passed", .bool(e.passed)), ("detail", .string(e.detail)),
            ("expected", e.expected), ("observed", e.observed), ("at", e.at.map { .number($0) } ?? .null),
        ])
    }
}
