import Foundation
import LiveblogModel
import Simulation

/// The JUnit XML report (Q4, Q12, Q13), in the shape CI servers read (Jenkins' and GitLab's JUnit
/// importers, the xunit plugin's junit-10 schema): one `<testsuites>` with the totals; one
/// `<testsuite>` per scenario, named by its path as given, with its title and virtual duration
/// as properties; one `<testcase>` per expectation whose `name` is the expectation's stable id
/// (its `"name"`, or `expect[INDEX]`) and whose `classname` is the path without `.json` and with
/// no other dot (a CI server splits a classname at its dots into package and class); `time` in
/// seconds on all three: the suite's is the run's wall-clock time, which the caller measured,
/// and its test cases share it (they add up to it); `<failure>` with the expected and the
/// observed value; an expectation marked xfail that fails as `<skipped>` with the reason, one
/// that passes as a `<failure>` ("fixed? remove xfail"); an invalid scenario as a test case with
/// `<error>`; a scenario without expectations as a `<skipped>` test case, "nothing checked".
public enum JUnitReport {
    public static func xml(_ results: [ScenarioResult], name: String = "liveblog simulate") -> String {
        let tests = results.map(testCount).reduce(0, +)
        let failures = results.map(\.failures).reduce(0, +)
        let errors = results.filter { $0.error != nil }.count
        let skipped = results.map(skippedCount).reduce(0, +)
        let wall = results.map(\.wallSeconds).reduce(0, +)
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<testsuites name=\"\(attr(name))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" "
        s += "skipped=\"\(skipped)\" time=\"\(time(wall))\">\n"
        for r in results { s += suite(r) }
        return s + "</testsuites>\n"
    }

    static func testCount(_ r: ScenarioResult) -> Int {
        r.error != nil || r.nothingChecked ? 1 : r.expectations.count + (r.xpassed ? 1 : 0)
    }

    static func skippedCount(_ r: ScenarioResult) -> Int { r.expectedFailures + (r.nothingChecked ? 1 : 0) }

    /// A classname a CI server does not split: the path without `.json`, other dots as `_`.
    public static func classname(_ path: String) -> String {
        let base = path.hasSuffix(".json") ? String(path.dropLast(5)) : path
        return base.replacingOccurrences(of: ".", with: "_")
    }

    /// Q12: the test cases share the scenario's run: each gets its share of the wall time, so
    /// their times add up to the suite's (GitLab sums a suite's time from its test cases).
    static func caseTime(_ r: ScenarioResult) -> String { time(r.wallSeconds / Double(max(1, testCount(r)))) }

    static func suite(_ r: ScenarioResult) -> String {
        let cls = attr(classname(r.path)), t = caseTime(r)
        var s = "  <testsuite name=\"\(attr(r.path))\" tests=\"\(testCount(r))\" failures=\"\(r.failures)\" "
        s += "errors=\"\(r.error == nil ? 0 : 1)\" skipped=\"\(skippedCount(r))\" "
        s += "time=\"\(time(r.wallSeconds))\">\n"
        s += "    <properties>\n"
        s += "      <property name=\"scenario\" value=\"\(attr(r.title))\"/>\n"
        s += "      <property name=\"virtualSeconds\" value=\"\(JSONWriter.number(r.virtualSeconds))\"/>\n"
        if let why = r.xfail { s += "      <property name=\"xfail\" value=\"\(attr(why))\"/>\n" }
        s += "    </properties>\n"
        if let message = r.error {
            s += "    <testcase name=\"scenario\" classname=\"\(cls)\" time=\"\(t)\">\n"
            s += "      <error message=\"\(attr(message))\" type=\"invalid scenario\">\(text(message))</error>\n"
            s += "    </testcase>\n"
        } else if r.nothingChecked {
            s += "    <testcase name=\"nothing checked\" classname=\"\(cls)\" time=\"\(t)\">\n"
            s += "      <skipped message=\"the scenario has no expectations: nothing checked\"/>\n"
            s += "    </testcase>\n"
        }
        for e in r.expectations { s += testcase(e, cls, t) }
        if r.xpassed {
            s += "    <testcase name=\"xfail\" classname=\"\(cls)\" time=\"\(t)\">\n"
            s += "      <failure message=\"\(attr(r.xpassNote))\" type=\"xpass\">\(text(r.xpassNote))</failure>\n"
            s += "    </testcase>\n"
        }
        return s + "  </testsuite>\n"
    }

    static func testcase(_ e: ExpectationResult, _ cls: String, _ t: String) -> String {
        var s = "    <testcase name=\"\(attr(e.id))\" classname=\"\(cls)\" time=\"\(t)\">\n"
        let body = "expected: \(JSONWriter.write(e.expected))\nobserved: \(JSONWriter.write(e.observed))"
            + (e.at.map { "\nat: t=\(JSONWriter.number($0)) s" } ?? "")
        let what = e.description + ": " + e.detail
        switch e.verdict {
        case .pass: break
        case .fail:
            s += "      <failure message=\"\(attr(what))\" type=\"\(attr(e.kind))\">" + text(body) + "</failure>\n"
        case .xfail:
            s += "      <skipped message=\"\(attr(e.xfailNote ?? ""))\"/>\n"
        case .xpass:
            let note = e.xfailNote ?? ""
            s += "      <failure message=\"\(attr(note))\" type=\"xpass\">" + text(note + "\n" + body)
                + "</failure>\n"
        }
        s += "      <system-out>\(text(what))</system-out>\n"
        return s + "    </testcase>\n"
    }

    /// Seconds with millisecond precision: "0.123" (the schema's time pattern: no exponent, no sign).
    static func time(_ seconds: Double) -> String {
        let ms = Int((max(0, seconds.isFinite ? seconds : 0) * 1000).rounded())
        return TraceLine.format(milliseconds: ms)
    }

    /// Text for an attribute value: `text` with quotes escaped too.
    static func attr(_ s: String) -> String { text(s).replacingOccurrences(of: "\"", with: "&quot;") }

    /// Character data: markup escaped, and every character XML 1.0 forbids (C0 controls other than
    /// tab and newline, U+FFFE, U+FFFF) replaced by U+FFFD, so the document stays well-formed
    /// whatever a scenario's text. C1 controls and escape sequences are made visible as well.
    static func text(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\n", "\t": out.unicodeScalars.append(u)
            default:
                let bad = u.value < 0x20 || (0x7F...0x9F).contains(u.value) || u.value == 0xFFFE || u.value == 0xFFFF
                out.unicodeScalars.append(bad ? "\u{FFFD}" : u)
            }
        }
        return out
    }
}
