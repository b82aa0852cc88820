import LiveblogModel

/// Reports (C2): text for people, JSON and JUnit for CI. A scenario's name and its ids are
/// anybody's text: the text report sends them through the screen's sanitiser (T8), so no escape
/// sequence reaches the terminal, and the JUnit report keeps no character XML 1.0 forbids
/// (issue 18), so it stays well-formed. JSON escapes every control character itself.
public enum Report {
    public static func text(_ name: String, _ outcomes: [ScenarioRunner.Outcome]) -> String {
        var s = ""
        for o in outcomes {
            s += "\(o.passed ? "PASS" : "FAIL")  \(Sanitizer.clean(o.description)): \(Sanitizer.clean(o.detail))\n"
        }
        let failed = outcomes.filter { !$0.passed }.count
        s += "\(Sanitizer.clean(name)): \(outcomes.count - failed) passed, \(failed) failed\n"
        return s
    }

    public static func json(_ name: String, _ outcomes: [ScenarioRunner.Outcome], virtualSeconds: Double) -> String {
        let items: [JSONValue] = outcomes.map {
            .object([("description", .string($0.description)), ("passed", .bool($0.passed)), ("detail", .string($0.detail))])
        }
        let obj: JSONValue = .object([("scenario", .string(name)), ("passed", .bool(outcomes.allSatisfy(\.passed))),
                                      ("virtualSeconds", .number(virtualSeconds)), ("expectations", .array(items))])
        return JSONWriter.pretty(obj) + "\n"
    }

    public static func junit(_ name: String, _ outcomes: [ScenarioRunner.Outcome]) -> String {
        let failed = outcomes.filter { !$0.passed }.count
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<testsuite name=\"\(xml(name))\" tests=\"\(outcomes.count)\" failures=\"\(failed)\">\n"
        for o in outcomes {
            s += "  <testcase classname=\"\(xml(name))\" name=\"\(xml(o.description))\""
            if o.passed { s += "/>\n" } else { s += ">\n    <failure message=\"\(xml(o.detail))\"/>\n  </testcase>\n" }
        }
        return s + "</testsuite>\n"
    }

    /// Text for an XML attribute: controls and escape sequences made visible (the screen's
    /// sanitiser), the non-characters U+FFFE and U+FFFF replaced, markup escaped.
    static func xml(_ text: String) -> String {
        var out = ""
        for u in Sanitizer.clean(text).unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\u{FFFE}", "\u{FFFF}": out += "\u{FFFD}"
            default:
                // Sanitizer.clean leaves no C0 or C1 control; this is the XML 1.0 Char rule itself.
                out.unicodeScalars.append(u.value < 0x20 ? "\u{FFFD}" : u)
            }
        }
        return out
    }
}
