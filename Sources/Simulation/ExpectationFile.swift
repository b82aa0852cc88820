import Foundation
import Host
import LiveblogModel

/// A2 (issue 43): the expectations `liveblog audit LOG --expect FILE` checks on an app's log,
/// read with the scenario's own reader (docs/contract.md, Q2, Q13), so each kind, field, range and refusal
/// is the one `simulate` has. The file is `{"expect": [...]}` (with an optional `"name"` and
/// `"xfail"`), a bare array of expectations, or a whole scenario, whose `expect` is taken.
public struct ExpectationFile {
    public var expectations: [Scenario.Expectation] = []
    public var names: [String?] = []
    public var xfails: [String?] = []
    /// Q13: each expectation's `"xfailIn"` (nil: none), read against the app's own web view (below).
    public var xfailEngines: [[PageEngine.Kind]?] = []
    public var xfail: String?
    public var name: String?

    public init() {}

    /// The scenario the evaluator reads these from: no liveblog, no events, the log's duration.
    /// `platform`: the app's; its web view is the platform's engine (iOS: WebKit, Android:
    /// Chromium), which an expectation's `"xfailIn"` is read against.
    public func scenario(name fallback: String, duration: Double, platform: Platform = .ios) -> Scenario {
        var config = WorldConfig()
        config.platform = platform
        var s = Scenario(liveblog: Liveblog(id: "app-log", title: "", posts: []), config: config, duration: duration,
                         events: [], expectations: expectations, name: name ?? fallback, expectationNames: names,
                         expectationXfails: xfails, xfail: xfail)
        s.engine.kind = .platform
        s.expectationXfailEngines = xfailEngines
        return s
    }

    /// Reads `json` (the file `file`'s), every error naming its place (exit 65).
    public static func read(_ json: JSONValue, file: String) throws -> ExpectationFile {
        let r = Scenario.Reader(file: file)
        var out = ExpectationFile()
        var list: [JSONValue]
        if let a = json.arrayValue {
            list = a
        } else if let pairs = json.objectPairs {
            list = []
            for (k, v) in pairs {
                switch k {
                case "expect": list = try r.array(v, "expect")
                case "xfail": out.xfail = try r.xfailReason(v, "xfail")
                case "name": out.name = try r.string(v, "name")
                default:
                    // A scenario's other fields (its liveblog, events, settings) say nothing about
                    // an app's log: they are left, the expectations taken.
                    guard Scenario.Reader.topKeys.contains(k) else {
                        throw r.fail(k, "unknown field \"\(k)\" (an expectation file has \"expect\", \"name\" "
                                        + "and \"xfail\", or is a scenario)")
                    }
                }
            }
        } else {
            throw r.fail("", "expected {\"expect\": [...]} or an array of expectations, found \(json.typeName)")
        }
        var seen: [String: Int] = [:]
        for (i, e) in list.enumerated() {
            let place = "expect[\(i)]"
            out.expectations.append(try r.expectation(e, place))
            let n = try r.expectationName(e, place)
            if let n {
                if let first = seen[n] { throw r.fail("\(place).name", "\"\(n)\" is also expect[\(first)]'s name") }
                seen[n] = i
            }
            out.names.append(n)
            out.xfails.append(try r.xfailReason(e["xfail"], "\(place).xfail"))
            out.xfailEngines.append(try r.xfailIn(e, place))
        }
        return out
    }

    /// Reads the file at `path` (at most a scenario's size).
    public static func load(path: String) throws -> ExpectationFile {
        let bytes = try Scenario.readCapped(path)
        let json: JSONValue
        do { json = try JSONParser.parse(bytes: bytes) } catch let e as JSONSyntaxError {
            throw Scenario.Invalid(file: path, place: "line \(e.line), column \(e.column)", message: e.message)
        }
        return try read(json, file: path)
    }
}

extension Scenario {
    /// An expectation's times with their field names (Q1: each must fall in the run).
    public static func expectationTimes(of e: Expectation) -> [(String, Double)] { times(of: e) }

    /// An expectation's window and the field that ends it, for Q9's zero-length check.
    public static func expectationWindow(of e: Expectation, duration: Double) -> (String, Double, Double)? {
        window(of: e, duration: duration)
    }
}
