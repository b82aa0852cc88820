import Foundation
import LiveblogModel
import Embed
import ExitStatus
import Host
import Simulation
import VirtualTime

/// A2 (issue 43): `liveblog audit LOG`: `simulate`'s expectations (docs/contract.md, Q2) on an app's own
/// log, evaluated by the one evaluator (`ExpectationSource`) with the same refusals (Q1, Q9), and
/// the replay through the reference host (A3, `ReferenceReplay`). Lines are taken one at a time
/// in time order (`take`); what is kept is what `simulate` keeps of a run: the watched posts' y
/// and the watched values per frame, compactly, and the lines other than frames (frames too only
/// when a `count` reads them).
public final class AppLogAudit: ExpectationSource {
    public let path: String
    public let geometry: AppLog.Geometry
    let file: ExpectationFile
    public private(set) var scenario: Scenario
    private(set) var series: [String: [(tick: Int, y: Double?)]] = [:]
    private(set) var values: [Scenario.ValueKind: [(tick: Int, v: Double)]] = [:]
    public private(set) var records: [TraceRecord] = []
    private(set) var widestScrollRange = 0.0
    private(set) var jumpsMade = 0
    private var rule = PullBacks()
    var pullBackFinding: PullBacks.Finding { rule.finding }
    public let replay: ReferenceReplay

    private let watchedPosts: [String]
    private let watchedValues: [Scenario.ValueKind]
    private let keepFrames: Bool
    private var postsNamed = Set<String>()
    private var kindsSeen = Set<String>()
    private var webHeight = 0.0
    private var minOffset = Double.infinity, maxOffset = -Double.infinity

    /// `expectations`: the `--expect` file's (nil: nothing checked, the replay alone).
    public init(path: String, geometry: AppLog.Geometry, expectations: ExpectationFile?) {
        self.path = path
        self.geometry = geometry
        file = expectations ?? ExpectationFile()
        scenario = file.scenario(name: (path as NSString).lastPathComponent, duration: 0, platform: geometry.platform)
        var posts: [String] = [], kinds: [Scenario.ValueKind] = []
        for e in file.expectations {
            if let p = Scenario.post(of: e), !posts.contains(p) { posts.append(p) }
            if let k = Scenario.value(of: e), !kinds.contains(k) { kinds.append(k) }
        }
        watchedPosts = posts
        watchedValues = kinds
        keepFrames = file.expectations.contains { e in
            guard case let .count(pattern, _, _, _, _) = e else { return false }
            let ev = pattern["ev"]
            return ev == nil || ev == .string("frame")
        }
        replay = ReferenceReplay(geometry: geometry)
    }

    /// The log's next line, in time order (`AppLogReader`'s output).
    public func take(_ l: TraceLine) {
        replay.take(l)
        kindsSeen.insert(l.kind)
        let tick = VirtualClock.ticks(l.seconds)
        if l.kind == "hook", l.bool("correction") == false { rule.note(.found, at: tick) }
        if let step = PullBacks.step(l) { rule.note(step, at: tick) }
        guard let event = AppLogAudit.event(l, webHeight: &webHeight) else { return }
        if case let .hook(j, _, _, _, _) = event { jumpsMade = max(jumpsMade, j) }
        if case let .frame(_, postId, _, _) = event {
            if let p = postId { postsNamed.insert(p) }
            let offset = l.number("offset") ?? 0
            minOffset = min(minOffset, offset)
            maxOffset = max(maxOffset, offset)
            widestScrollRange = max(widestScrollRange, geometry.scrollRange(webHeight: webHeight), maxOffset - minOffset)
            let post = l.framePost
            for id in watchedPosts { series[id, default: []].append((tick, post?.id == id ? post?.y : nil)) }
            for k in watchedValues {
                switch k {
                case .offset: values[k, default: []].append((tick, offset))
                case .webHeight: values[k, default: []].append((tick, webHeight))
                default: break
                }
            }
            if !keepFrames { return }
        }
        records.append(TraceRecord(tick: tick, event: event))
    }

    /// A line of the log as the trace event it is (docs/contract.md), `webHeight` the web row's as last logged.
    static func event(_ l: TraceLine, webHeight: inout Double) -> TraceEvent? {
        switch l.kind {
        case "hook":
            return .hook(jumpId: l.int("jumpId") ?? 0, top: l.number("top") ?? 0, correction: l.bool("correction") ?? false,
                         args: l.int("args") ?? 2, threw: false)
        case "host":
            guard let kind = HostAction.Kind(rawValue: l.string("action") ?? "") else { return nil }
            return .host(HostAction(jumpId: l.int("jumpId") ?? 0, kind: kind, target: l.number("target"),
                                    animated: l.bool("animated"), clamped: l.bool("clamped")))
        case "layout":
            webHeight = l.number("webHeight") ?? webHeight
            return .layout(webHeight: webHeight, cause: l.string("cause") ?? "app")
        case "input":
            guard let k = InputKind(rawValue: l.string("kind") ?? "") else { return nil }
            return .input(kind: k, detail: l.string("detail"), drag: l.bool("drag") ?? false)
        case "hold-end":
            guard let r = HoldEndReason(rawValue: l.string("reason") ?? "") else { return nil }
            return .holdEnd(jumpId: l.int("jumpId") ?? 0, reason: r)
        case "frame":
            if let h = l.number("webHeight") { webHeight = h }
            var v = Scenario.ValueKind.allCases.map { _ in 0.0 }
            for (i, k) in Scenario.ValueKind.allCases.enumerated() {
                switch k {
                case .offset: v[i] = l.number("offset") ?? 0
                case .webHeight, .documentHeight: v[i] = webHeight
                case .headerFade: v[i] = 1
                default: break
                }
            }
            let post = l.framePost
            return .frame(values: v, postId: post?.id, postY: post?.y, scrollState: l.string("scrollState"))
        default: return nil
        }
    }

    // MARK: The end

    /// The whole audit's result.
    public struct Result {
        public var path: String
        public var geometry: AppLog.Geometry
        public var summary: AppLog.Summary
        /// The expectations' report entry (an invalid one: the refusal).
        public var result: ScenarioResult
        public var maxDistance: Double
        public var maxDistanceMilliseconds: Int?
        public var firstDivergence: ReferenceReplay.Divergence?
        public var framesCompared: Int
        /// 0, 1 or 65 as `simulate`'s (A2).
        public var exitCode: ExitCode {
            if result.error != nil { return .dataErr }
            return result.passed ? .ok : .failure
        }
    }

    /// Evaluates the expectations once the log has ended (its `summary` from the reader).
    public func finish(summary: AppLog.Summary) -> Result {
        scenario = file.scenario(name: scenario.name, duration: VirtualClock.seconds(milliseconds: summary.endMilliseconds),
                                 platform: geometry.platform)
        var outcomes = evaluateExpectations()
        for i in outcomes.indices {
            // What the log cannot show first: it is the more telling reason.
            outcomes[i].refusal = appRefusal(file.expectations[i], "expect[\(i)]", summary: summary) ?? outcomes[i].refusal
        }
        let title = scenario.name
        let status: ScenarioResult.Status
        if var refused = outcomes.lazy.compactMap(\.refusal).first {
            refused.file = path
            status = .invalid("\(refused)")
        } else {
            status = .ran(outcomes)
        }
        let r = ScenarioResult(path: path, title: title, status: status, virtualSeconds: scenario.duration,
                               xfail: file.xfail)
        return Result(path: path, geometry: geometry, summary: summary, result: r, maxDistance: replay.maxDistance,
                      maxDistanceMilliseconds: replay.maxDistanceMilliseconds, firstDivergence: replay.firstDivergence,
                      framesCompared: replay.framesCompared)
    }

    /// Q1, Q9 on an app's log: what the log cannot show is refused, naming why (exit 65).
    func appRefusal(_ e: Scenario.Expectation, _ place: String, summary: AppLog.Summary) -> Scenario.Invalid? {
        func refuse(_ field: String, _ why: String) -> Scenario.Invalid {
            Scenario.Invalid(file: path, place: field.isEmpty ? place : "\(place).\(field)", message: why)
        }
        let end = JSONWriter.number(scenario.duration)
        for (field, t) in Scenario.expectationTimes(of: e) where t > scenario.duration {
            return refuse(field, "\(JSONWriter.number(t)) is after the log's end (it lasts \(end) s)")
        }
        if let (field, a, b) = Scenario.expectationWindow(of: e, duration: scenario.duration), b <= a {
            return refuse(field, "a zero-length window (t=\(JSONWriter.number(a))) holds no frame to check "
                            + "(a check that cannot fail is not a check)")
        }
        let noHook = "the log has no hook call: the app was never asked to jump, nothing to check"
        if let post = Scenario.post(of: e) {
            if summary.hooks == 0 { return refuse("post", noHook) }
            if !postsNamed.contains(post) {
                let named = postsNamed.sorted().prefix(5).joined(separator: ", ")
                return refuse("post", "no frame of the log names post \"\(post)\""
                                + (named.isEmpty ? " (no frame names a post)" : " (they name \(named))"))
            }
        }
        if let k = Scenario.value(of: e), k != .offset, k != .webHeight {
            return refuse("value", "an app log has no \(k.rawValue) (its frames give offset, its layout lines webHeight)")
        }
        switch e {
        case .noPullBackAfterDrag(true):
            if summary.hooks == 0 { return refuse("noPullBackAfterDrag", noHook) }
            if summary.hostLines == 0 {
                return refuse("noPullBackAfterDrag", "the log has no host line: a pull-back is the app's own scroll "
                                + "after the reader's drag, and the app did not log its scrolls")
            }
            if let why = vacuousPullBackCheck(pullBackFinding) { return refuse("noPullBackAfterDrag", why) }
        case .holdEnds:
            if summary.holdEnds == 0 {
                return refuse("holdEnds", "the log has no hold-end line (the page's hold is not something an app "
                                + "sees unless it logs it): nothing to check")
            }
        case let .count(pattern, _, _, _, _):
            if let ev = pattern["ev"]?.stringValue, !AppLog.kinds.contains(ev) {
                return refuse("count.ev", "an app log has no \"\(ev)\" lines (it has \(AppLog.kinds.joined(separator: ", ")))")
            }
        case .noHost:
            if summary.hostLines == 0 {
                return refuse("noHost", "the log has no host line: the app did not log its scrolls, nothing to check")
            }
        default: break
        }
        return nil
    }
}

extension AppLogAudit {
    /// Reads a whole log (`text`), line by line, and audits it: tests and small logs. The
    /// command streams its file instead (`AppLogAudit.run(reading:)`).
    public static func audit(_ text: String, path: String = "app.log", expectations: ExpectationFile? = nil,
                             keepSamples: Bool = false) throws -> Result {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        return try run(path: path, expectations: expectations, keepSamples: keepSamples) { lines.next() }.result
    }

    /// The audit of the lines `next` gives (nil at the end), streamed: the reader orders them,
    /// the audit takes them as they leave it. Throws `TraceReadError` for a bad line.
    public static func run(path: String, expectations: ExpectationFile?, keepSamples: Bool = false,
                           next: () throws -> Substring?) throws -> (result: Result, audit: AppLogAudit) {
        var reader = AppLogReader()
        var audit: AppLogAudit?
        func take(_ lines: [TraceLine]) {
            guard let g = reader.geometry else { return }
            if audit == nil {
                audit = AppLogAudit(path: path, geometry: g, expectations: expectations)
                audit?.replay.keepSamples = keepSamples
            }
            for l in lines { audit!.take(l) }
        }
        while let raw = try next() {
            let out = try reader.feed(raw)
            if reader.geometry != nil, audit == nil { take([]) }
            take(out)
        }
        take(try reader.finish())
        if audit == nil { take([]) }
        return (audit!.finish(summary: reader.summary), audit!)
    }
}

/// A file's lines, read in chunks: what `audit`, `metrics` and `plot` stream an app log with.
public final class LineStream {
    private let handle: FileHandle
    private var pending: [UInt8] = []
    private var start = 0
    private var atEnd = false

    public init(_ handle: FileHandle) { self.handle = handle }

    /// The next line without its newline; nil at the end.
    public func next() throws -> Substring? {
        while true {
            if let i = pending[start...].firstIndex(of: 10) {
                let line = String(decoding: pending[start..<i], as: UTF8.self)
                start = i + 1
                return line[...]
            }
            if atEnd {
                guard start < pending.count else { return nil }
                let line = String(decoding: pending[start...], as: UTF8.self)
                start = pending.count
                return line[...]
            }
            pending.removeFirst(start)
            start = 0
            let chunk = try handle.read(upToCount: 1 << 16) ?? Data()
            if chunk.isEmpty { atEnd = true } else { pending.append(contentsOf: chunk) }
        }
    }
}
