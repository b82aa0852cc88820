import LiveblogModel
import Simulation

/// The report of a suite, many scenarios in one (SPEC F7): the entries become `ScenarioResult`s,
/// named by their paths and titled by their scenarios (Q12), with the wall time each took, and go
/// through the one set of reports (`Report`, Q4): text with one summary line, JSON with numbers, JUnit
/// `<testsuites>` with a `<testsuite>` per scenario and an invalid scenario as an `<error>` test
/// case. The report depends only on the entries and their order, never on how many threads ran
/// them (the times aside, which are the clock's).
public enum SuiteReport {
    public static func render(_ entries: [ScenarioSuite.Entry], format: ReportFormat) -> String {
        format.render(entries.map(\.result))
    }
}
