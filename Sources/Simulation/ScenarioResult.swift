import LiveblogModel

/// One expectation's result (Q2, Q4): its stable id, what it checked, and what was expected and
/// observed as JSON values (numbers where the check is numeric), with the virtual time the
/// observation is from.
public struct ExpectationResult: Equatable {
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
}

/// One scenario's result for the reports (Q4): a run's expectation results, or why the scenario
/// could not run (an invalid scenario is an error, not a pass). `Report` takes a list of these,
/// so a runner of many scenarios (F7) writes one report for all of them.
public struct ScenarioResult: Equatable {
    public enum Status: Equatable {
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

    public init(path: String, title: String, status: Status, virtualSeconds: Double = 0, wallSeconds: Double = 0) {
        self.path = path
        self.title = title
        self.status = status
        self.virtualSeconds = virtualSeconds
        self.wallSeconds = wallSeconds
    }

    public var expectations: [ExpectationResult] {
        if case .ran(let e) = status { return e }
        return []
    }

    public var error: String? {
        if case .invalid(let m) = status { return m }
        return nil
    }

    public var failures: Int { expectations.filter { !$0.passed }.count }
    /// Ran, and every expectation held. A scenario with no expectations passes, and says so.
    public var passed: Bool { error == nil && failures == 0 }
    /// Ran with no expectation at all: its reports say "nothing checked" (Q1).
    public var nothingChecked: Bool { error == nil && expectations.isEmpty }
}
