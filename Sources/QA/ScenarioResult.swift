import LiveblogModel
import Simulation

/// One expectation's result (Q2, Q4): its stable id, what it checked, and what was expected and
/// observed as JSON values (numbers where the check is numeric), with the virtual time the
/// observation is from.
public struct ExpectationResult: Equatable, Sendable {
    /// Its place in the scenario's `expect` array.
    public var index: Int
    /// The scenario's `"name"` for it, if any.
    public var name: String?
    /// The kind of check: landsAt, stillFrom, holdEnds, noPullBackAfterDrag, value, within,
    /// settlesBy, count, noHost.
    public var kind: String
    /// What it checks, in words (tolerances included).
    public var description: String
    public var passed: Bool
    /// What was seen, in words.
    public var detail: String
    public var expected: JSONValue
    public var observed: JSONValue
    /// Seconds of virtual time the observation is from (nil when it is about the whole run).
    public var at: Double?
    /// Q13: `"xfail": "reason or bug id"`, the expectation's own or its scenario's: expected to
    /// fail. While it fails it is skipped with the reason; once it passes it is a failure.
    public var xfail: String?
    /// Q9: why the expectation is invalid input, found only by running (a `jumpId` the run never
    /// makes, a tolerance wider than the list's whole scroll range): the place and the reason.
    /// A refused expectation makes its scenario invalid (exit 65), whatever it observed.
    public var refusal: Scenario.Invalid?

    public init(index: Int = 0, name: String? = nil, kind: String = "", description: String, passed: Bool,
                detail: String, expected: JSONValue = .null, observed: JSONValue = .null, at: Double? = nil) {
        self.index = index
        self.name = name
        self.kind = kind
        self.description = description
        self.passed = passed
        self.detail = detail
        self.expected = expected
        self.observed = observed
        self.at = at
    }

    /// The stable id reports use (Q4): the name, or `expect[INDEX]`; never the tolerance or the
    /// description, so a CI server keeps one history per expectation when a tolerance changes.
    public var id: String { name ?? "expect[\(index)]" }

    /// Q13: what a report makes of the check: it held, it failed, it failed as expected (xfail:
    /// skipped), or it holds although marked xfail (xpass: a failure, "fixed? remove xfail").
    public enum Verdict: String, Equatable, Sendable {
        case pass, fail, xfail, xpass
    }

    public var verdict: Verdict {
        guard xfail != nil else { return passed ? .pass : .fail }
        return passed ? .xpass : .xfail
    }

    /// Counts as a success for the exit code: it held, or it failed as expected.
    public var ok: Bool { verdict == .pass || verdict == .xfail }

    /// The words a report gives an xfail verdict (Q13).
    public var xfailNote: String? {
        guard let why = xfail else { return nil }
        return passed ? "expected to fail (\(why)) but passes: fixed? remove xfail" : "expected to fail: \(why)"
    }
}

/// One scenario's result for the reports (Q4): a run's expectation results, or why the scenario
/// could not run (an invalid scenario is an error, not a pass). `Report` takes a list of these,
/// so a runner of many scenarios (F7) writes one report for all of them.
public struct ScenarioResult: Equatable, Sendable {
    public enum Status: Equatable, Sendable {
        case ran([ExpectationResult])
        /// The scenario is invalid input (exit 65): the message names the file and the place.
        case invalid(String)
    }

    /// The scenario file's path as given (the JUnit testsuite's name).
    public var path: String
    /// The scenario's `"name"` (or its file name).
    public var title: String
    public var status: Status
    /// The scenario's duration in virtual seconds (0 when it did not run).
    public var virtualSeconds: Double
    /// Wall-clock seconds the run took, measured by the caller (the reports' `time`); the core
    /// never reads the clock.
    public var wallSeconds: Double
    /// Q13: the scenario's `"xfail"`: it is expected to fail (some expectation fails).
    public var xfail: String?
    /// Why it did not run (nil when it ran): the exit status's kind (`ScenarioSuite.runOne`).
    public var problem: Problem?

    public init(path: String, title: String, status: Status, virtualSeconds: Double = 0, wallSeconds: Double = 0,
                xfail: String? = nil, problem: Problem? = nil) {
        self.path = path
        self.title = title
        self.status = status
        self.virtualSeconds = virtualSeconds
        self.wallSeconds = wallSeconds
        self.xfail = xfail
        self.problem = problem
    }

    public var expectations: [ExpectationResult] {
        if case .ran(let e) = status { return e }
        return []
    }

    public var error: String? {
        if case .invalid(let m) = status { return m }
        return nil
    }

    /// Failed expectations, xpasses among them (Q13), and the scenario's own xpass.
    public var failures: Int { expectations.filter { !$0.ok }.count + (xpassed ? 1 : 0) }
    /// Expectations that failed as expected (Q13): skipped in the reports.
    public var expectedFailures: Int { expectations.filter { $0.verdict == .xfail }.count }
    /// Ran, and every expectation held (or failed as expected). A scenario with no expectations
    /// passes, and says so.
    public var passed: Bool { error == nil && failures == 0 }
    /// Ran with no expectation at all: its reports say "nothing checked" (Q1).
    public var nothingChecked: Bool { error == nil && expectations.isEmpty }
    /// Q13: the scenario is marked xfail, yet every expectation holds: "fixed? remove xfail".
    public var xpassed: Bool {
        xfail != nil && error == nil && !expectations.isEmpty && expectations.allSatisfy(\.passed)
    }

    /// The words for the scenario's xpass (Q13).
    public var xpassNote: String {
        "the scenario is expected to fail (\(xfail ?? "")) but every expectation passes: fixed? remove xfail"
    }
}
