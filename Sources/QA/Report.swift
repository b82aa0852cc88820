import LiveblogModel
import Simulation
import TextCells

/// The reports a CI reads (Q4), by the names `--report` takes: one place that turns results into
/// each (the command line's list of names, `LiveblogCommands.reports`, is held equal to these by a test).
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, junit

    public func render(_ results: [ScenarioResult]) -> String {
        switch self {
        case .text: return Report.text(results)
        case .json: return Report.json(results)
        case .junit: return Report.junit(results)
        }
    }
}

/// Reports (C2, Q4) of a list of scenario results, so a runner of many scenarios (F7) writes one
/// report for all. Text is for people: one PASS/FAIL (XFAIL/XPASS, Q13) line per expectation, a
/// line per scenario and, for several, one summary line, sanitised for the terminal (T8). JSON is
/// for programs: numbers, not only words — each expectation's `expected`, `observed` and `at`
/// (seconds of virtual time), whole numbers written as integers. JUnit is `JUnitReport`'s, in the
/// shape CI servers read.
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
                var what = Sanitizer.clean(e.description) + ": " + Sanitizer.clean(e.detail)
                if let note = e.xfailNote { what += " — " + Sanitizer.clean(note) }
                s += "\(e.verdict.rawValue.uppercased())  \(id)\(what)\n"
            }
            if r.xpassed { s += "XPASS  \(Sanitizer.clean(r.xpassNote))\n" }
            if r.nothingChecked {
                s += "\(title): nothing checked (the scenario has no expectations)\n"
            } else {
                let xfail = r.expectedFailures, held = r.expectations.filter { $0.verdict == .pass }.count
                s += "\(title): \(held) passed, \(r.failures) failed"
                    + (xfail > 0 ? ", \(xfail) expected to fail" : "") + "\n"
            }
        }
        if results.count > 1 { s += totals(results) + "\n" }
        return s
    }

    /// The one summary line of several scenarios: "N scenarios: a passed, b failed, c invalid;
    /// E expectations, F failed" (and how many failed as expected, Q13).
    public static func totals(_ results: [ScenarioResult]) -> String {
        let invalid = results.filter { $0.error != nil }.count
        let passed = results.filter(\.passed).count
        let expectations = results.reduce(0) { $0 + $1.expectations.count }
        let failedExp = results.reduce(0) { $0 + $1.failures }
        let xfail = results.reduce(0) { $0 + $1.expectedFailures }
        let failed = results.count - passed - invalid
        return "\(Plural.count(results.count, "scenario")): \(passed) passed, \(failed) failed, "
            + "\(invalid) invalid; \(Plural.count(expectations, "expectation")), \(failedExp) failed"
            + (xfail > 0 ? ", \(xfail) expected to fail" : "")
    }

    public static func json(_ results: [ScenarioResult]) -> String {
        let obj: JSONValue = .object([
            ("passed", .bool(results.allSatisfy(\.passed))),
            ("tests", .number(Double(results.map { $0.expectations.count }.reduce(0, +)))),
            ("failures", .number(Double(results.map(\.failures).reduce(0, +)))),
            ("errors", .number(Double(results.filter { $0.error != nil }.count))),
            ("skipped", .number(Double(results.map(\.expectedFailures).reduce(0, +)))),
            ("scenarios", .array(results.map(scenario))),
        ])
        return JSONWriter.pretty(obj, integers: true) + "\n"
    }

    static func scenario(_ r: ScenarioResult) -> JSONValue {
        .object([
            ("path", .string(r.path)), ("scenario", .string(r.title)), ("passed", .bool(r.passed)),
            ("error", r.error.map { .string($0) } ?? .null),
            ("nothingChecked", .bool(r.nothingChecked)),
            ("xfail", r.xfail.map { .string($0) } ?? .null), ("xpassed", .bool(r.xpassed)),
            ("virtualSeconds", .number(r.virtualSeconds)), ("time", .number(r.wallSeconds)),
            ("checked", .number(Double(r.expectations.count))), ("failed", .number(Double(r.failures))),
            ("skipped", .number(Double(r.expectedFailures))),
            ("expectations", .array(r.expectations.map(expectation))),
        ])
    }

    static func expectation(_ e: ExpectationResult) -> JSONValue {
        .object([
            ("id", .string(e.id)), ("name", e.name.map { .string($0) } ?? .null),
            ("index", .number(Double(e.index))), ("kind", .string(e.kind)),
            ("description", .string(e.description)), ("passed", .bool(e.passed)),
            ("status", .string(e.verdict.rawValue)), ("xfail", e.xfail.map { .string($0) } ?? .null),
            ("detail", .string(e.detail)),
            ("expected", e.expected), ("observed", e.observed), ("at", e.at.map { .number($0) } ?? .null),
        ])
    }
}
