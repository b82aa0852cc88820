import LiveblogModel
import Host
import Embed
import Simulation
import TextCells
import VirtualTime

/// A1 (issue 43): an app's own log, the part of the trace contract (docs/contract.md) an app can observe,
/// written by the team's iOS or Android app on a device or simulator (docs/applog.md).
///
///     {"ev":"app","t":5012.250,"platform":"ios","device":"iphone-15","insets":{"top":44,"bottom":0},"webTop":96}
///     {"t":5013.100,"ev":"hook","jumpId":1,"top":5120,"correction":false,"args":2}
///     {"t":5013.100,"ev":"host","jumpId":1,"action":"scroll","target":5172,"animated":true}
///     {"t":5013.400,"ev":"layout","webHeight":20480}
///     {"t":5013.500,"ev":"input","kind":"drag-begin"}
///     {"t":5013.117,"ev":"frame","offset":5088.5,"post":{"id":"ev-19","y":12.5}}
///
/// The first line names the platform and the device (a profile's name, D1) or gives its
/// geometry (`viewport`, `density`); `insets` are the app's own bars over the list and `webTop`
/// the web row's top in the list's content (`below`: the native content under it). Times are
/// seconds on any clock: every `t` counts from the first line's (or, without one there, from
/// the second line's).
public enum AppLog {
    /// The line kinds an app log may have besides its first line.
    public static let kinds = ["hook", "host", "input", "layout", "frame", "hold-end"]
    /// How far out of time order a line may be (a logger's threads, a buffered writer): lines are
    /// held this long and put in order; one later than this is a bad line.
    public static let reorderMilliseconds = 50
    /// The first line's `ev`.
    public static let headerKind = "app"

    /// The list the app's log describes (the first line).
    public struct Geometry: Equatable {
        public var platform: Platform
        /// The device profile's name, if the log named one (sanitised).
        public var device: String?
        public var viewportWidth: Double
        /// The list's height (the screen less the system bars), pt (dp).
        public var viewportHeight: Double
        public var density: Double
        /// The app's own bars over the list, pt.
        public var insetTop: Double
        public var insetBottom: Double
        /// The web row's top in the list's content, and the native content below it, pt.
        public var webTop: Double
        public var below: Double

        public init(platform: Platform, device: String?, viewportWidth: Double, viewportHeight: Double,
                    density: Double, insetTop: Double, insetBottom: Double, webTop: Double, below: Double) {
            self.platform = platform
            self.device = device
            self.viewportWidth = viewportWidth
            self.viewportHeight = viewportHeight
            self.density = density
            self.insetTop = insetTop
            self.insetBottom = insetBottom
            self.webTop = webTop
            self.below = below
        }

        /// The list's whole scroll range for a web row of `webHeight` (U4: maxY − minY).
        public func scrollRange(webHeight: Double) -> Double {
            max(0, webTop + webHeight + below + insetBottom - viewportHeight + insetTop)
        }
    }

    /// Frames the log does not have: a gap between two frame lines longer than three of the
    /// log's shortest frame interval (and than 50 ms). Nothing is interpolated in it.
    public struct Gap: Equatable {
        public var fromMilliseconds: Int
        public var toMilliseconds: Int
        /// About how many frames are missing (at the log's shortest interval).
        public var frames: Int
    }

    /// What the reader saw of the log as a whole.
    public struct Summary: Equatable {
        public var lines = 0
        public var frames = 0
        public var hooks = 0
        public var hostLines = 0
        public var holdEnds = 0
        public var duplicates = 0
        /// Lines that came before an earlier line's time (put back in order).
        public var reordered = 0
        public var gapCount = 0
        /// The first gaps (at most `maxGapsKept`), and the longest.
        public var gaps: [Gap] = []
        public var longestGap: Gap?
        public var missingMilliseconds = 0
        /// The last line's time, ms from the first line.
        public var endMilliseconds = 0
        public var shortestFrameInterval: Int?
    }

    public static let maxGapsKept = 20
}

/// A1: the streaming reader of an app log. Lines go in one at a time (`feed`); lines come out in
/// time order, as trace lines (docs/contract.md's fields, `t` from the log's start, every string through
/// the sanitiser, T8), once no earlier line can still arrive. It keeps only the lines of the
/// last `AppLog.reorderMilliseconds` (`retainedLines`), so an hour's log takes no more memory
/// than a second's. A bad line throws `TraceReadError` naming its line number and field.
public struct AppLogReader {
    public private(set) var geometry: AppLog.Geometry?
    public private(set) var summary = AppLog.Summary()
    /// The lines held back for ordering: all the reader keeps of the log.
    public var retainedLines: Int { buffer.count + releasedAtLast.count }

    private var number = 0
    private var origin: Double?
    private var buffer: [TraceLine] = []
    private var newest = Int.min
    private var lastReleased = Int.min
    /// Lines released at `lastReleased` (for duplicates that come after their twin left).
    private var releasedAtLast: [JSONValue] = []
    private var lastFrame: Int?
    private var latestJumpId: Int?
    private var normalIntervals = (sum: 0, count: 0)

    public init() {}

    /// The next line of the log (without its newline); the lines now in order.
    public mutating func feed(_ raw: Substring) throws -> [TraceLine] {
        number += 1
        let s = raw.hasSuffix("\r") ? raw.dropLast() : raw
        if s.allSatisfy({ $0 == " " || $0 == "\t" }) { return [] }
        let v: JSONValue
        do { v = try JSONParser.parse(String(s)) } catch let e as JSONSyntaxError {
            throw TraceReadError(line: number, message: "column \(e.column): \(e.message)")
        } catch {
            throw TraceReadError(line: number, message: "\(error)")
        }
        guard v.objectPairs != nil else {
            throw TraceReadError(line: number, message: "expected a JSON object, found \(v.typeName)")
        }
        if geometry == nil {
            try header(v)
            return []
        }
        let line = try body(v)
        return insert(line)
    }

    public mutating func feed(_ raw: String) throws -> [TraceLine] { try feed(raw[...]) }

    /// The end of the log: every line still held, in order.
    public mutating func finish() throws -> [TraceLine] {
        guard geometry != nil else {
            throw TraceReadError(line: max(1, number), message: "the log is empty: its first line must be "
                                    + "{\"ev\":\"app\",\"platform\":\"ios\"|\"android\",\"device\":NAME,…}")
        }
        let out = release(upTo: Int.max)
        return out
    }

    // MARK: The first line

    func fail(_ field: String, _ message: String) -> TraceReadError {
        TraceReadError(line: number, message: "field \"\(field)\": \(message)")
    }

    func number(_ v: JSONValue, _ field: String, min lo: Double = -1e9, max hi: Double = 1e9) throws -> Double {
        guard let d = v[field]?.doubleValue, d.isFinite else {
            throw fail(field, v[field] == nil ? "missing (a number)" : "expected a number, found \(v[field]!.typeName)")
        }
        guard d >= lo, d <= hi else {
            throw fail(field, "must be between \(JSONWriter.number(lo)) and \(JSONWriter.number(hi)) "
                            + "(got \(JSONWriter.number(d)))")
        }
        return d
    }

    func optionalNumber(_ v: JSONValue, _ field: String, min lo: Double = -1e9, max hi: Double = 1e9) throws
        -> Double? {
        guard v[field] != nil, v[field]?.isNull == false else { return nil }
        return try number(v, field, min: lo, max: hi)
    }

    func int(_ v: JSONValue, _ field: String, min lo: Int, max hi: Int) throws -> Int {
        let d = try number(v, field, min: Double(lo), max: Double(hi))
        guard d == d.rounded() else { throw fail(field, "expected a whole number, found \(JSONWriter.number(d))") }
        return Int(d)
    }

    func string(_ v: JSONValue, _ field: String) throws -> String {
        guard let x = v[field] else { throw fail(field, "missing (a string)") }
        guard let s = x.stringValue else { throw fail(field, "expected a string, found \(x.typeName)") }
        return s
    }

    func bool(_ v: JSONValue, _ field: String) throws -> Bool {
        guard let x = v[field] else { throw fail(field, "missing (true or false)") }
        guard let b = x.boolValue else { throw fail(field, "expected true or false, found \(x.typeName)") }
        return b
    }

    func pair(_ v: JSONValue, _ field: String, _ a: String, _ b: String) throws -> (Double, Double)? {
        guard let o = v[field] else { return nil }
        guard o.objectPairs != nil else { throw fail(field, "expected {\"\(a)\": …, \"\(b)\": …}, found \(o.typeName)") }
        return (try number(o, a, min: 0, max: 1e6), try number(o, b, min: 0, max: 1e6))
    }

    private mutating func header(_ v: JSONValue) throws {
        guard v["ev"]?.stringValue == AppLog.headerKind else {
            throw TraceReadError(line: number, message: "field \"ev\": the first line must be the app's: "
                                    + "{\"ev\":\"app\",\"platform\":\"ios\"|\"android\",\"device\":NAME,…}")
        }
        let name = try string(v, "platform")
        guard let platform = Platform(rawValue: name), platform != .naive else {
            throw fail("platform", "unknown platform \"\(Sanitizer.clean(name))\" (ios or android)")
        }
        var device: DeviceProfile?
        if v["device"] != nil {
            let d = try string(v, "device")
            guard let p = DeviceProfile.named(d), !p.isTerminal else {
                let names = DeviceProfile.names.filter { $0 != DeviceProfile.terminalName }.joined(separator: ", ")
                throw fail("device", "unknown device \"\(Sanitizer.clean(d))\" (\(names); or give the geometry: "
                                + "viewport, density)")
            }
            device = p
        }
        let viewport = try pair(v, "viewport", "width", "height")
        let density = try optionalNumber(v, "density", min: 0.5, max: 8)
        guard device != nil || (viewport != nil && density != nil) else {
            throw fail(viewport == nil ? "viewport" : "density",
                       "missing: the first line names a \"device\" or gives \"viewport\" and \"density\"")
        }
        let insets = try pair(v, "insets", "top", "bottom") ?? (0, 0)
        geometry = AppLog.Geometry(platform: platform, device: device?.name,
                                   viewportWidth: viewport?.0 ?? device!.width,
                                   viewportHeight: viewport?.1 ?? device!.viewportHeight,
                                   density: density ?? device!.density, insetTop: insets.0, insetBottom: insets.1,
                                   webTop: try optionalNumber(v, "webTop", min: 0, max: 1e7) ?? 0,
                                   below: try optionalNumber(v, "below", min: 0, max: 1e7) ?? 0)
        origin = try optionalNumber(v, "t", min: -1e12, max: 1e12)
        summary.lines += 1
    }

    // MARK: The other lines

    private mutating func body(_ v: JSONValue) throws -> TraceLine {
        let kind = try string(v, "ev")
        guard AppLog.kinds.contains(kind) else {
            let what = kind == AppLog.headerKind ? "a second \"app\" line" : "unknown line kind \"\(Sanitizer.clean(kind))\""
            throw fail("ev", "\(what) (an app log has \(AppLog.kinds.joined(separator: ", ")))")
        }
        let t = try number(v, "t", min: -1e12, max: 1e12)
        let t0 = origin ?? t
        origin = t0
        var ms = Int(((t - t0) * 1000).rounded())
        if ms < 0 {
            guard ms >= -AppLog.reorderMilliseconds else {
                throw fail("t", "\(JSONWriter.number(t)) is \(JSONWriter.number(Double(-ms) / 1000)) s before the "
                                + "log's first line")
            }
            ms = 0
        }
        try check(kind, v)
        var pairs = (v.objectPairs ?? []).map { k, x in (Sanitizer.clean(k), AppLogReader.clean(x)) }
        if let i = pairs.firstIndex(where: { $0.0 == "t" }) { pairs[i].1 = .number(VirtualClock.seconds(milliseconds: ms)) }
        return TraceLine(number: number, milliseconds: ms, kind: kind, value: .object(pairs))
    }

    /// T8: every string of the log through the sanitiser.
    static func clean(_ v: JSONValue) -> JSONValue {
        if let s = v.stringValue { return .string(Sanitizer.clean(s)) }
        if let a = v.arrayValue { return .array(a.map(clean)) }
        if let o = v.objectPairs { return .object(o.map { (Sanitizer.clean($0.0), clean($0.1)) }) }
        return v
    }

    // MARK: Order, duplicates, gaps

    private mutating func insert(_ line: TraceLine) -> [TraceLine] {
        summary.lines += 1
        // Before a line already read: put back in order (one later than the window allows is
        // kept at the earliest time still open, so no line is lost).
        let ms = max(line.milliseconds, lastReleased)
        if (ms == lastReleased && releasedAtLast.contains(line.value))
            || buffer.contains(where: { $0.milliseconds == ms && $0.value == line.value }) {
            summary.duplicates += 1
            return []
        }
        if line.milliseconds < newest { summary.reordered += 1 }
        var l = line
        l.milliseconds = ms
        var i = buffer.count
        while i > 0, buffer[i - 1].milliseconds > ms { i -= 1 }
        buffer.insert(l, at: i)
        newest = max(newest, ms)
        return release(upTo: newest - AppLog.reorderMilliseconds)
    }

    private mutating func release(upTo limit: Int) -> [TraceLine] {
        var k = 0
        while k < buffer.count, buffer[k].milliseconds <= limit { k += 1 }
        guard k > 0 else { return [] }
        let out = buffer[..<k].map { note($0) }
        buffer.removeFirst(k)
        return out
    }

    /// A line leaves the reader: counted, its frame's gap found, its post named.
    private mutating func note(_ line: TraceLine) -> TraceLine {
        var l = line
        if l.milliseconds != lastReleased { releasedAtLast = [] }
        lastReleased = l.milliseconds
        releasedAtLast.append(line.value)
        summary.endMilliseconds = max(summary.endMilliseconds, l.milliseconds)
        switch l.kind {
        case "hook":
            summary.hooks += 1
            latestJumpId = l.int("jumpId")
        case "host": summary.hostLines += 1
        case "hold-end": summary.holdEnds += 1
        case "frame":
            summary.frames += 1
            if let prev = lastFrame { noteInterval(from: prev, to: l.milliseconds) }
            lastFrame = l.milliseconds
            // A post without an id is the latest jump's: named by its jumpId (docs/applog.md).
            if let p = l["post"], p["id"] == nil, let pairs = l.value.objectPairs {
                let id = latestJumpId.map { "jump-\($0)" } ?? "jump-0"
                l.value = .object(pairs.map { k, v in
                    k == "post" ? (k, .object([("id", .string(id))] + (p.objectPairs ?? []))) : (k, v)
                })
            }
        default: break
        }
        return l
    }

    private mutating func noteInterval(from a: Int, to b: Int) {
        let d = b - a
        guard d > 0 else { return }
        let shortest = min(summary.shortestFrameInterval ?? d, max(d, 4))
        summary.shortestFrameInterval = shortest
        guard d > max(50, 3 * shortest) else {
            normalIntervals.sum += d
            normalIntervals.count += 1
            return
        }
        // The frames that would have come at the log's usual interval (its mean outside gaps).
        let usual = normalIntervals.count > 0 ? Double(normalIntervals.sum) / Double(normalIntervals.count) : Double(shortest)
        let gap = AppLog.Gap(fromMilliseconds: a, toMilliseconds: b, frames: max(1, Int((Double(d) / usual).rounded()) - 1))
        summary.gapCount += 1
        summary.missingMilliseconds += d
        if summary.gaps.count < AppLog.maxGapsKept { summary.gaps.append(gap) }
        if d > (summary.longestGap.map { $0.toMilliseconds - $0.fromMilliseconds } ?? 0) { summary.longestGap = gap }
    }
}

