import LiveblogModel

/// One report for many scenarios (SPEC F7): the entries become `ScenarioResult`s, named by their
/// paths, and go through the one set of reports (`Report`, Q4): text with totals, JSON with
/// numbers, JUnit `<testsuites>` with a `<testsuite>` per scenario and an invalid scenario as an
/// `<error>` test case. The report depends only on the entries and their order, never on how many
/// threads ran them.
public enum CombinedReport {
    public static func render(_ entries: [ScenarioSuite.Entry], format: String) -> String {
        let results = entries.map(result)
        switch format {
        case "json": return Report.json(results)
        case "junit": return Report.junit(results)
        default: return Report.text(results) + totals(entries) + "\n"
        }
    }

    static func result(_ e: ScenarioSuite.Entry) -> ScenarioResult {
        if let why = e.invalid { return ScenarioResult(path: e.path, title: e.path, status: .invalid(why)) }
        return ScenarioResult(path: e.path, title: e.path, status: .ran(e.outcomes), virtualSeconds: e.virtualSeconds)
    }

    /// "N scenarios: a passed, b failed, c invalid; E expectations, F failed".
    public static func totals(_ entries: [ScenarioSuite.Entry]) -> String {
        let invalid = entries.filter { $0.invalid != nil }.count
        let passed = entries.filter(\.passed).count
        let expectations = entries.reduce(0) { $0 + $1.outcomes.count }
        let failedExp = entries.reduce(0) { $0 + $1.outcomes.filter { !$0.passed }.count }
        let failed = entries.count - passed - invalid
        return "\(counted(entries.count, "scenario")): \(passed) passed, \(failed) failed, "
            + "\(invalid) invalid; \(counted(expectations, "expectation")), \(failedExp) failed"
    }
}
