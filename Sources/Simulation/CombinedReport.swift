import LiveblogModel

/// One report for many scenarios (SPEC F7), made of the per-scenario reports (`Report`): each
/// scenario is named by its path; an invalid scenario is reported as such (Q1, Q4: an `<error>`
/// test case in JUnit). The report depends only on the entries and their order, never on how
/// many threads ran them.
public enum CombinedReport {
    public static func render(_ entries: [ScenarioSuite.Entry], format: String) -> String {
        switch format {
        case "json": return json(entries)
        case "junit": return junit(entries)
        default: return text(entries)
        }
    }

    /// Every scenario's text report, then a total line.
    public static func text(_ entries: [ScenarioSuite.Entry]) -> String {
        var s = ""
        for e in entries {
            if let why = e.invalid {
                s += "INVALID  \(Sanitizer.clean(why))\n\(Sanitizer.clean(e.path)): invalid scenario\n"
            } else {
                s += Report.text(e.path, e.outcomes)
            }
        }
        return s + totals(entries) + "\n"
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

    /// `{"passed", "scenarios": N, "failed", "invalid", "results": [each scenario's JSON report]}`.
    public static func json(_ entries: [ScenarioSuite.Entry]) -> String {
        var results: [JSONValue] = []
        for e in entries {
            if let why = e.invalid {
                results.append(.object([("scenario", .string(e.path)), ("passed", .bool(false)),
                                        ("invalid", .string(why))]))
            } else {
                let one = Report.json(e.path, e.outcomes, virtualSeconds: e.virtualSeconds)
                results.append((try? JSONParser.parse(bytes: Array(one.utf8))) ?? .string(one))
            }
        }
        let invalid = entries.filter { $0.invalid != nil }.count
        let obj: JSONValue = .object([
            ("passed", .bool(entries.allSatisfy(\.passed))),
            ("scenarios", .number(Double(entries.count))),
            ("failed", .number(Double(entries.filter { !$0.passed }.count - invalid))),
            ("invalid", .number(Double(invalid))),
            ("results", .array(results)),
        ])
        return JSONWriter.pretty(obj) + "\n"
    }

    /// `<testsuites>` holding each scenario's `<testsuite>` (a test case per expectation).
    public static func junit(_ entries: [ScenarioSuite.Entry]) -> String {
        let tests = entries.reduce(0) { $0 + max(1, $1.outcomes.count) }
        let failures = entries.reduce(0) { $0 + $1.outcomes.filter { !$0.passed }.count }
        let errors = entries.filter { $0.invalid != nil }.count
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<testsuites name=\"liveblog simulate\" tests=\"\(tests)\" failures=\"\(failures)\""
            + " errors=\"\(errors)\">\n"
        for e in entries {
            if let why = e.invalid {
                let name = Report.xml(e.path)
                s += "<testsuite name=\"\(name)\" tests=\"1\" failures=\"0\" errors=\"1\">\n"
                s += "  <testcase classname=\"\(name)\" name=\"scenario\">\n"
                s += "    <error message=\"\(Report.xml(why))\"/>\n  </testcase>\n</testsuite>\n"
            } else {
                let one = Report.junit(e.path, e.outcomes)
                s += one.split(separator: "\n", omittingEmptySubsequences: false)
                    .filter { !$0.hasPrefix("<?xml") }.joined(separator: "\n")
                if !s.hasSuffix("\n") { s += "\n" }
            }
        }
        return s + "</testsuites>\n"
    }
}
