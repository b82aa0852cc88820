import LiveblogModel
import Embed

/// Writes a Scenario as a scenario file (docs/contract.md) that `Scenario.parse` reads back: its settings,
/// its liveblog inline (the native format, `NativeWriter`), its events through the event schema's
/// writer (`EventSchema.json`) and its expectations. `liveblog fuzz` writes shrunk failing
/// scenarios with it (F7), the runner's tests their generated suites.
///
/// Numbers are written with three decimals (`JSONWriter.number`); `roundTrip` is what a reader of
/// the file gets, so a caller that needs the file to behave as the value checks that value.
public enum ScenarioWriter {
    public static func json(_ s: Scenario) -> JSONValue {
        var pairs = settings(s.config)
        pairs.insert(("name", .string(s.name)), at: 0)
        pairs.insert(("liveblog", NativeWriter.json(s.liveblog)), at: 1)
        pairs += s.engine.settings()
        pairs.append(("duration", .number(s.duration)))
        let events = s.events.compactMap { EventSchema.json(at: .number($0.at), $0.event) }
        pairs.append(("events", .array(events)))
        pairs.append(("expect", .array(s.expectations.map(expectation))))
        return .object(pairs)
    }

    /// The file's text: pretty JSON and a newline.
    public static func text(_ s: Scenario) -> String { JSONWriter.pretty(json(s)) + "\n" }

    /// The scenario as a reader of its file sees it.
    public static func roundTrip(_ s: Scenario, file: String = "scenario.json") throws -> Scenario {
        let bytes = Array(JSONWriter.write(json(s)).utf8)
        return try Scenario.parse(try JSONParser.parse(bytes: bytes), file: file, baseDirectory: ".")
    }

    static func settings(_ c: WorldConfig) -> [(String, JSONValue)] {
        func n(_ x: Int) -> JSONValue { .number(Double(x)) }
        var page: [(String, JSONValue)] = [
            ("pageSize", n(c.page.pageSize)), ("deepLinkLimit", n(c.page.deepLinkLimit)),
            ("stickyHeader", .number(c.page.stickyHeader)), ("resizeLatency", n(c.page.resizeLatency)),
        ]
        if c.page.lazyMedia { page.append(("lazyMedia", .bool(true))) }
        var pairs: [(String, JSONValue)] = [
            ("terminal", .object([("cols", n(c.cols)), ("rows", n(c.rows))])),
            ("mode", .string(c.mode.rawValue)),
            ("platform", .string(c.platform.rawValue)),
            ("hook", c.hook.map { .string($0.source) } ?? .null),
            ("insets", .object([("top", n(c.insetTopRows)), ("bottom", n(c.insetBottomRows))])),
            ("native", .object([("headerRows", n(c.headerRows)), ("footerRows", n(c.footerRows))])),
            ("page", .object(page)),
            ("network", .object([("profile", .string(c.page.networkProfile.rawValue)),
                                 ("seed", .number(Double(c.page.networkSeed)))])),
            ("layout", .string(c.page.layout.rawValue)),
            ("androidRange", .string(c.androidRange.rawValue)),
        ]
        if let u = c.page.url { pairs.append(("url", .string(u))) }
        if let d = c.page.enabledDomains { pairs.append(("enabledDomains", .array(d.map { .string($0) }))) }
        return pairs + Scenario.deviceSettings(c)
    }

    /// An expectation in the form `Scenario.Reader.expectation` reads (docs/contract.md, Q2).
    static func expectation(_ e: Scenario.Expectation) -> JSONValue {
        func num(_ x: Double) -> JSONValue { .number(x) }
        switch e {
        case let .landsAt(post, y, tol, by):
            return .object([("post", .string(post)), ("landsAt", num(y)), ("tolerance", num(tol)),
                            ("by", num(by))])
        case let .still(post, from, until, tol):
            return .object([("post", .string(post)), ("stillFrom", num(from)), ("until", num(until)),
                            ("tolerance", num(tol))])
        case let .holdEnds(reason, by): return .object([("holdEnds", .string(reason.rawValue)), ("by", num(by))])
        case let .noPullBackAfterDrag(b): return .object([("noPullBackAfterDrag", .bool(b))])
        case let .postWithin(post, from, until, lo, hi):
            return .object([("post", .string(post)), ("from", num(from)), ("until", num(until)),
                            ("within", .array([num(lo), num(hi)]))])
        case let .settlesBy(post, by, tol):
            return .object([("post", .string(post)), ("settlesBy", num(by)), ("tolerance", num(tol))])
        case let .count(match, from, until, lo, hi):
            var pairs: [(String, JSONValue)] = [("count", match)]
            if let from { pairs.append(("from", num(from))) }
            if let until { pairs.append(("until", num(until))) }
            if let lo { pairs.append(("min", num(Double(lo)))) }
            if let hi { pairs.append(("max", num(Double(hi)))) }
            return .object(pairs)
        case let .noHost(jumpId, after):
            return .object([("noHost", .object([("jumpId", num(Double(jumpId)))])), ("after", num(after))])
        case let .valueAt(k, at, v, tol):
            return .object([("value", .string(k.rawValue)), ("at", num(at)), ("equals", num(v)), ("tolerance", num(tol))])
        case let .valueMoving(k, from, until):
            return .object([("value", .string(k.rawValue)), ("changesFrom", num(from)), ("until", num(until))])
        case let .valueStill(k, from, until, tol):
            return .object([("value", .string(k.rawValue)), ("stillFrom", num(from)), ("until", num(until)),
                            ("tolerance", num(tol))])
        case let .valueWithin(k, from, until, lo, hi):
            return .object([("value", .string(k.rawValue)), ("from", num(from)), ("until", num(until)),
                            ("within", .array([num(lo), num(hi)]))])
        }
    }
}
