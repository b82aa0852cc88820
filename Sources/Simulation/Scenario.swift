import Foundation
import LiveblogModel
import Embed
import Host

/// A scenario (SPEC section 9): a public contract. Unknown fields, unknown event kinds and wrong
/// types are errors naming the place, so a QA suite learns of a typo instead of a silent pass.
public struct Scenario {
    public enum Event: Equatable {
        case jump(id: String, topOffset: Double?)
        case fragment(String)
        case drag(dy: Double, duration: Double, row: Double, col: Double)
        case tap(row: Double, col: Double)
        case wheel(notches: Int, row: Double, col: Double)
        case key(String)
        case resize(cols: Int, rows: Int)
        case live(Int)
        case load(String)
        case setHook(String?)
        case remove
        /// Extension (recordings, C7): a raw pointer sample in viewport points.
        case pointer(phase: String, x: Double, y: Double)
    }

    public struct TimedEvent: Equatable {
        public var at: Double
        public var event: Event
    }

    public enum Expectation: Equatable {
        case landsAt(post: String, y: Double, tolerance: Double, by: Double)
        case still(post: String, from: Double, until: Double, tolerance: Double)
        case holdEnds(reason: String, by: Double)
        case noPullBackAfterDrag(Bool)
        /// Additions to the contract, on a world value per frame (see `ValueKind`):
        /// `{"value": K, "at": t, "equals": v, "tolerance": tol}`
        case valueAt(ValueKind, at: Double, equals: Double, tolerance: Double)
        /// `{"value": K, "changesFrom": t1, "until": t2}`: the value moves in every frame of the window.
        case valueMoving(ValueKind, from: Double, until: Double)
        /// `{"value": K, "stillFrom": t1, "until": t2, "tolerance": tol}`
        case valueStill(ValueKind, from: Double, until: Double, tolerance: Double)
        /// `{"value": K, "from": t1, "until": t2, "within": [lo, hi]}`
        case valueWithin(ValueKind, from: Double, until: Double, lo: Double, hi: Double)
    }

    /// World values an expectation can watch, frame by frame.
    public enum ValueKind: String, CaseIterable {
        /// The list's content offset (UIKit convention: −inset.top at the top).
        case offset
        /// The self-scrolling web view's offset (M2, M3).
        case webOffset
        /// The web row's height in the list.
        case webHeight
        /// How far the list is past its bottom bound (P3; 0 inside the range).
        case overscroll
        /// How far the web view can still scroll down (M2, M3; 0 at its bottom).
        case webRemaining
        /// M3: how far the header has moved up, min(s, h).
        case headerShift
        /// M3: the header's opacity, 1 − min(s, h)/h.
        case headerFade
    }

    public var liveblog: Liveblog
    public var config: WorldConfig
    public var duration: Double
    public var events: [TimedEvent]
    public var expectations: [Expectation]
    public var name: String

    public struct Invalid: Error, CustomStringConvertible {
        public var file: String
        public var place: String
        public var message: String
        public var description: String { place.isEmpty ? "\(file): \(message)" : "\(file): \(place): \(message)" }
    }

    public static func load(path: String) throws -> Scenario {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Invalid(file: path, place: "", message: "cannot read the file")
        }
        let json: JSONValue
        do { json = try JSONParser.parse(bytes: [UInt8](data)) } catch let e as JSONSyntaxError {
            throw Invalid(file: path, place: "line \(e.line), column \(e.column)", message: e.message)
        }
        let dir = (path as NSString).deletingLastPathComponent
        return try parse(json, file: path, baseDirectory: dir.isEmpty ? "." : dir)
    }

    public static func parse(_ json: JSONValue, file: String, baseDirectory: String) throws -> Scenario {
        var p = Reader(file: file)
        return try p.scenario(json, baseDirectory: baseDirectory)
    }

    static let topKeys: Set<String> = ["liveblog", "terminal", "mode", "platform", "hook", "insets", "native", "page",
                                       "network", "url", "enabledDomains", "duration", "events", "expect", "name",
                                       "layout", "description", "$schema"]

    struct Reader {
        let file: String

        func fail(_ place: String, _ message: String) -> Invalid { Invalid(file: file, place: place, message: message) }

        func object(_ v: JSONValue, _ place: String, allowed: Set<String>) throws -> [(String, JSONValue)] {
            guard let pairs = v.objectPairs else { throw fail(place, "expected an object, found \(v.typeName)") }
            for (k, _) in pairs where !allowed.contains(k) {
                throw fail(place.isEmpty ? k : "\(place).\(k)", "unknown field \"\(k)\" (allowed: \(allowed.sorted().joined(separator: ", ")))")
            }
            var seen = Set<String>()
            for (k, _) in pairs {
                if seen.contains(k) { throw fail(place.isEmpty ? k : "\(place).\(k)", "duplicate field \"\(k)\"") }
                seen.insert(k)
            }
            return pairs
        }

        func number(_ v: JSONValue, _ place: String) throws -> Double {
            guard let d = v.doubleValue, d.isFinite else { throw fail(place, "expected a number, found \(v.typeName)") }
            return d
        }

        func nonNegative(_ v: JSONValue, _ place: String) throws -> Double {
            let d = try number(v, place)
            guard d >= 0 else { throw fail(place, "must not be negative (got \(JSONWriter.number(d)))") }
            return d
        }

        func int(_ v: JSONValue, _ place: String, min lo: Int? = nil, max hi: Int? = nil) throws -> Int {
            let d = try number(v, place)
            guard d == d.rounded(), abs(d) < 1e9 else { throw fail(place, "expected a whole number, found \(JSONWriter.number(d))") }
            let i = Int(d)
            if let lo, i < lo { throw fail(place, "must be at least \(lo) (got \(i))") }
            if let hi, i > hi { throw fail(place, "must be at most \(hi) (got \(i))") }
            return i
        }

        func string(_ v: JSONValue, _ place: String) throws -> String {
            guard let s = v.stringValue else { throw fail(place, "expected a string, found \(v.typeName)") }
            return s
        }

        func id(_ v: JSONValue, _ place: String) throws -> String {
            if let s = v.stringValue { return s }
            if let d = v.doubleValue, d == d.rounded() { return String(Int64(d)) }
            throw fail(place, "expected a post id (a string), found \(v.typeName)")
        }

        func bool(_ v: JSONValue, _ place: String) throws -> Bool {
            guard let b = v.boolValue else { throw fail(place, "expected true or false, found \(v.typeName)") }
            return b
        }

        func hook(_ v: JSONValue, _ place: String) throws -> HookSignature? {
            if v.isNull { return nil }
            let s = try string(v, place)
            if s == "none" { return nil }
            do { return try HookSignature(parsing: s) } catch let e as HookSignature.ParseError {
                throw fail(place, e.message)
            }
        }

        mutating func scenario(_ root: JSONValue, baseDirectory: String) throws -> Scenario {
            let pairs = try object(root, "", allowed: Scenario.topKeys)
            var config = WorldConfig()
            var liveblog: Liveblog?
            var duration = 12.0
            var events: [TimedEvent] = []
            var expects: [Expectation] = []
            var name = (file as NSString).lastPathComponent
            for (k, v) in pairs {
                switch k {
                case "liveblog":
                    if let rel = v.stringValue {
                        let path = rel.hasPrefix("/") ? rel : baseDirectory + "/" + rel
                        do { liveblog = try LiveblogLoader.load(path: path) } catch let e as LiveblogError {
                            throw fail("liveblog", e.description)
                        }
                    } else if v.objectPairs != nil {
                        do { liveblog = try LiveblogLoader.load(json: v, name: "\(file): liveblog", baseDirectory: baseDirectory) }
                        catch let e as LiveblogError { throw fail("liveblog", e.description) }
                    } else {
                        throw fail("liveblog", "expected a file name or an inline liveblog object, found \(v.typeName)")
                    }
                case "terminal":
                    for (tk, tv) in try object(v, "terminal", allowed: ["cols", "rows"]) {
                        if tk == "cols" { config.cols = try int(tv, "terminal.cols", min: 1, max: 1000) }
                        if tk == "rows" { config.rows = try int(tv, "terminal.rows", min: 1, max: 1000) }
                    }
                case "mode":
                    let s = try string(v, "mode")
                    guard let m = Mode(rawValue: s) else { throw fail("mode", "unknown mode \"\(s)\" (content, nested or header)") }
                    config.mode = m
                case "platform":
                    let s = try string(v, "platform")
                    guard let p = Platform(rawValue: s) else { throw fail("platform", "unknown platform \"\(s)\" (ios, android or naive)") }
                    config.platform = p
                case "hook":
                    config.hook = try hook(v, "hook")
                case "insets":
                    for (ik, iv) in try object(v, "insets", allowed: ["top", "bottom"]) {
                        if ik == "top" { config.insetTopRows = try int(iv, "insets.top", min: 0, max: 100) }
                        if ik == "bottom" { config.insetBottomRows = try int(iv, "insets.bottom", min: 0, max: 100) }
                    }
                case "native":
                    for (nk, nv) in try object(v, "native", allowed: ["headerRows", "footerRows"]) {
                        if nk == "headerRows" { config.headerRows = try int(nv, "native.headerRows", min: 0, max: 10000) }
                        if nk == "footerRows" { config.footerRows = try int(nv, "native.footerRows", min: 0, max: 10000) }
                    }
                case "page":
                    for (pk, pv) in try object(v, "page", allowed: ["pageSize", "deepLinkLimit", "stickyHeader", "resizeLatency", "lazyMedia"]) {
                        switch pk {
                        case "pageSize": config.page.pageSize = try int(pv, "page.pageSize", min: 0)
                        case "deepLinkLimit": config.page.deepLinkLimit = try int(pv, "page.deepLinkLimit", min: 0)
                        case "stickyHeader": config.page.stickyHeader = try nonNegative(pv, "page.stickyHeader").rounded()
                        case "resizeLatency": config.page.resizeLatency = try int(pv, "page.resizeLatency", min: 0, max: 600)
                        default: config.page.lazyMedia = try bool(pv, "page.lazyMedia")
                        }
                    }
                case "network":
                    for (nk, nv) in try object(v, "network", allowed: ["profile", "seed"]) {
                        if nk == "profile" {
                            let s = try string(nv, "network.profile")
                            guard let p = NetworkProfile(rawValue: s) else {
                                throw fail("network.profile", "unknown profile \"\(s)\" (instant, fast, 3g, slow, offline)")
                            }
                            config.page.networkProfile = p
                        } else {
                            config.page.networkSeed = UInt64(try int(nv, "network.seed", min: 0))
                        }
                    }
                case "url":
                    config.page.url = try string(v, "url")
                case "enabledDomains":
                    guard let a = v.arrayValue else { throw fail("enabledDomains", "expected an array of domains, found \(v.typeName)") }
                    config.page.enabledDomains = try a.enumerated().map { try string($1, "enabledDomains[\($0)]") }
                case "duration":
                    duration = try nonNegative(v, "duration")
                    guard duration <= 24 * 3600 else { throw fail("duration", "at most 86400 seconds") }
                case "events":
                    guard let a = v.arrayValue else { throw fail("events", "expected an array, found \(v.typeName)") }
                    for (i, e) in a.enumerated() { events.append(try event(e, "events[\(i)]")) }
                case "expect":
                    guard let a = v.arrayValue else { throw fail("expect", "expected an array, found \(v.typeName)") }
                    for (i, e) in a.enumerated() { expects.append(try expectation(e, "expect[\(i)]")) }
                case "name":
                    name = try string(v, "name")
                case "layout":
                    let s = try string(v, "layout")
                    guard let l = PageLayoutKind(rawValue: s) else { throw fail("layout", "unknown layout \"\(s)\" (list or timeline)") }
                    config.page.layout = l
                default: break
                }
            }
            guard let lb = liveblog else { throw fail("", "missing \"liveblog\" (a file name or an inline liveblog)") }
            // Stable by time: events at the same time keep their order.
            events = events.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
            return Scenario(liveblog: lb, config: config, duration: duration, events: events, expectations: expects, name: name)
        }

        static let eventKinds: Set<String> = ["jump", "fragment", "drag", "tap", "wheel", "key", "resize", "live", "load",
                                              "setHook", "remove", "pointer"]

        func event(_ v: JSONValue, _ place: String) throws -> TimedEvent {
            let pairs = try object(v, place, allowed: Reader.eventKinds.union(["at", "topOffset"]))
            var at: Double?
            var topOffset: Double?
            var kinds: [(String, JSONValue)] = []
            for (k, x) in pairs {
                if k == "at" { at = try nonNegative(x, "\(place).at") }
                else if k == "topOffset" { topOffset = try number(x, "\(place).topOffset") }
                else { kinds.append((k, x)) }
            }
            guard let time = at else { throw fail(place, "missing \"at\" (seconds of virtual time)") }
            guard kinds.count == 1 else {
                throw fail(place, kinds.isEmpty ? "no event kind (one of \(Reader.eventKinds.sorted().joined(separator: ", ")))"
                                                 : "more than one event kind: \(kinds.map(\.0).joined(separator: ", "))")
            }
            let (k, x) = kinds[0]
            let p = "\(place).\(k)"
            if topOffset != nil && k != "jump" { throw fail("\(place).topOffset", "topOffset goes with \"jump\" only") }
            let ev: Event
            switch k {
            case "jump": ev = .jump(id: try id(x, p), topOffset: topOffset)
            case "fragment": ev = .fragment(try id(x, p))
            case "drag":
                var dy: Double?, dur = 0.25, row = 12.0, col = 40.0
                for (dk, dv) in try object(x, p, allowed: ["dy", "duration", "row", "col"]) {
                    switch dk {
                    case "dy": dy = try number(dv, "\(p).dy")
                    case "duration": dur = try nonNegative(dv, "\(p).duration")
                    case "row": row = try nonNegative(dv, "\(p).row")
                    default: col = try nonNegative(dv, "\(p).col")
                    }
                }
                guard let d = dy else { throw fail(p, "missing \"dy\" (the finger's movement in pt)") }
                ev = .drag(dy: d, duration: dur, row: row, col: col)
            case "tap":
                var row: Double?, col = 40.0
                for (tk, tv) in try object(x, p, allowed: ["row", "col"]) {
                    if tk == "row" { row = try nonNegative(tv, "\(p).row") } else { col = try nonNegative(tv, "\(p).col") }
                }
                guard let r = row else { throw fail(p, "missing \"row\"") }
                ev = .tap(row: r, col: col)
            case "wheel":
                var n: Int?, row = 12.0, col = 40.0
                for (wk, wv) in try object(x, p, allowed: ["notches", "row", "col"]) {
                    switch wk {
                    case "notches": n = try int(wv, "\(p).notches", min: -1000, max: 1000)
                    case "row": row = try nonNegative(wv, "\(p).row")
                    default: col = try nonNegative(wv, "\(p).col")
                    }
                }
                guard let nn = n else { throw fail(p, "missing \"notches\"") }
                ev = .wheel(notches: nn, row: row, col: col)
            case "key":
                let s = try string(x, p)
                guard Scenario.isKeyName(s) else { throw fail(p, "unknown key \"\(s)\" (a character, or one of \(Scenario.namedKeys.sorted().joined(separator: ", ")))") }
                ev = .key(s)
            case "resize":
                var c: Int?, r: Int?
                for (rk, rv) in try object(x, p, allowed: ["cols", "rows"]) {
                    if rk == "cols" { c = try int(rv, "\(p).cols", min: 1, max: 1000) } else { r = try int(rv, "\(p).rows", min: 1, max: 1000) }
                }
                guard let cc = c, let rr = r else { throw fail(p, "needs \"cols\" and \"rows\"") }
                ev = .resize(cols: cc, rows: rr)
            case "live": ev = .live(try int(x, p, min: 0, max: 10000))
            case "load": ev = .load(try id(x, p))
            case "setHook":
                let h = try hook(x, p)
                ev = .setHook(h?.source)
            case "remove":
                guard try bool(x, p) else { throw fail(p, "\"remove\" takes true") }
                ev = .remove
            default: // pointer
                var phase: String?, px: Double?, py: Double?
                for (pk, pv) in try object(x, p, allowed: ["phase", "x", "y"]) {
                    switch pk {
                    case "phase": phase = try string(pv, "\(p).phase")
                    case "x": px = try number(pv, "\(p).x")
                    default: py = try number(pv, "\(p).y")
                    }
                }
                guard let ph = phase, ["down", "move", "up"].contains(ph), let xx = px, let yy = py else {
                    throw fail(p, "needs \"phase\" (down, move, up), \"x\" and \"y\"")
                }
                ev = .pointer(phase: ph, x: xx, y: yy)
            }
            return TimedEvent(at: time, event: ev)
        }

        func expectation(_ v: JSONValue, _ place: String) throws -> Expectation {
            let pairs = try object(v, place, allowed: ["post", "landsAt", "tolerance", "by", "stillFrom", "until", "holdEnds", "noPullBackAfterDrag",
                                                       "value", "at", "equals", "changesFrom", "from", "within"])
            var d: [String: JSONValue] = [:]
            for (k, x) in pairs { d[k] = x }
            if let vv = d["value"] { return try valueExpectation(vv, d, place) }
            for k in ["at", "equals", "changesFrom", "from", "within"] where d[k] != nil {
                throw fail("\(place).\(k)", "\"\(k)\" goes with \"value\"")
            }
            if let nb = d["noPullBackAfterDrag"] {
                guard d.count == 1 else { throw fail(place, "noPullBackAfterDrag stands alone") }
                return .noPullBackAfterDrag(try bool(nb, "\(place).noPullBackAfterDrag"))
            }
            if let he = d["holdEnds"] {
                let reason = try string(he, "\(place).holdEnds")
                guard HoldEndReason(rawValue: reason) != nil else {
                    throw fail("\(place).holdEnds", "unknown reason \"\(reason)\" (timeout, new-jump, input, removed, idle, hook-removed)")
                }
                guard let by = d["by"] else { throw fail(place, "holdEnds needs \"by\"") }
                for k in d.keys where k != "holdEnds" && k != "by" { throw fail("\(place).\(k)", "does not go with holdEnds") }
                return .holdEnds(reason: reason, by: try nonNegative(by, "\(place).by"))
            }
            guard let pv = d["post"] else { throw fail(place, "an expectation needs \"post\", \"holdEnds\" or \"noPullBackAfterDrag\"") }
            let post = try id(pv, "\(place).post")
            let tol = try d["tolerance"].map { try nonNegative($0, "\(place).tolerance") } ?? 16
            if let la = d["landsAt"] {
                guard let by = d["by"] else { throw fail(place, "landsAt needs \"by\"") }
                if d["stillFrom"] != nil || d["until"] != nil { throw fail(place, "landsAt and stillFrom are separate expectations") }
                return .landsAt(post: post, y: try number(la, "\(place).landsAt"), tolerance: tol, by: try nonNegative(by, "\(place).by"))
            }
            if let sf = d["stillFrom"] {
                guard let until = d["until"] else { throw fail(place, "stillFrom needs \"until\"") }
                let a = try nonNegative(sf, "\(place).stillFrom"), b = try nonNegative(until, "\(place).until")
                guard b >= a else { throw fail("\(place).until", "must not be before stillFrom") }
                if d["by"] != nil { throw fail("\(place).by", "does not go with stillFrom") }
                return .still(post: post, from: a, until: b, tolerance: tol)
            }
            throw fail(place, "a post expectation needs \"landsAt\" + \"by\" or \"stillFrom\" + \"until\"")
        }

        func valueExpectation(_ vv: JSONValue, _ d: [String: JSONValue], _ place: String) throws -> Expectation {
            let name = try string(vv, "\(place).value")
            guard let kind = ValueKind(rawValue: name) else {
                throw fail("\(place).value", "unknown value \"\(name)\" (\(ValueKind.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            func need(_ k: String) throws -> Double {
                guard let x = d[k] else { throw fail(place, "needs \"\(k)\"") }
                return try number(x, "\(place).\(k)")
            }
            let tol = try d["tolerance"].map { try nonNegative($0, "\(place).tolerance") } ?? 1
            func only(_ keys: Set<String>) throws {
                for k in d.keys where !keys.contains(k) { throw fail("\(place).\(k)", "does not go with this value expectation") }
            }
            if d["equals"] != nil {
                try only(["value", "at", "equals", "tolerance"])
                return .valueAt(kind, at: try need("at"), equals: try need("equals"), tolerance: tol)
            }
            if d["changesFrom"] != nil {
                try only(["value", "changesFrom", "until"])
                return .valueMoving(kind, from: try need("changesFrom"), until: try need("until"))
            }
            if d["stillFrom"] != nil {
                try only(["value", "stillFrom", "until", "tolerance"])
                return .valueStill(kind, from: try need("stillFrom"), until: try need("until"), tolerance: tol)
            }
            if let w = d["within"] {
                try only(["value", "from", "until", "within"])
                guard let a = w.arrayValue, a.count == 2 else { throw fail("\(place).within", "expected [low, high]") }
                return .valueWithin(kind, from: try need("from"), until: try need("until"),
                                    lo: try number(a[0], "\(place).within[0]"), hi: try number(a[1], "\(place).within[1]"))
            }
            throw fail(place, "a value expectation needs \"equals\" + \"at\", \"changesFrom\" + \"until\", \"stillFrom\" + \"until\", or \"within\" + \"from\" + \"until\"")
        }
    }

    public static let namedKeys: Set<String> = ["space", "Up", "Down", "Left", "Right", "PageUp", "PageDown", "Home", "End",
                                                "Tab", "BackTab", "Enter", "Escape", "Backspace"]

    public static func isKeyName(_ s: String) -> Bool {
        if namedKeys.contains(s) { return true }
        return s.count == 1 && s.unicodeScalars.allSatisfy { $0.value >= 0x21 && $0.value < 0x7F }
    }
}
