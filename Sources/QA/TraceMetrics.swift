import Simulation
import VirtualTime
/// What a jump did, computed from its trace alone (Q5: `liveblog metrics TRACE`). Every number
/// comes from the trace's lines (docs/contract.md), so a QA suite can check a trace it did not produce here.
///
/// **The jump.** The post is `--post ID`, or else the post of the last frame that names one (the
/// latest jump's post, docs/contract.md), or else the id of the last `nav` line. The jump is the last `nav`
/// line with that id and `"result":"found"`; it lasts until the next `found` nav line (a new jump)
/// or the trace's end. Its `jumpId` is that of its first `hook` line with `correction: false`.
/// Times are virtual seconds, "after the jump" meaning after that nav line's `t`. `y` is a frame's
/// `post.y` (pt, 0 = the post's top just under the bar); `target` (default 0) and `tolerance`
/// (default 16 pt, the `landsAt` default) are options.
///
/// - **time to land**: the first frame of the jump whose `y` is within `tolerance` of `target`.
/// - **settle time**: the earliest frame from which every later frame of the jump has a `y`
///   within `tolerance` of the jump's final `y` (its last frame): the same rule as `settlesBy`.
/// - **largest |y − target| after landing**: over the frames after the landing frame.
/// - **corrections**: `hook` lines of the jump with `correction: true` that did not throw;
///   **dropped**: `host` lines with `action: drop` in the jump; **followed**: corrections less
///   dropped (a host answers a correction with a scroll, a drop, or nothing when it is already
///   heading there). **re-aims** and **settles** count those host actions.
/// - **pull-backs**: host scroll, re-aim or settle lines of the jump after a reader drag (`input`
///   drag-begin, or a wheel notch or scroll key written `"drag":true`) that came after the host
///   first heard of the jump (its first `hook` line that did not throw): `PullBacks`, the rule of
///   `noPullBackAfterDrag`.
/// - **overshoot**: how far `y` went past `target` on the far side from where the post started
///   (the sign of the first `y` different from `target`): max(0, −s·(y − target)) over the jump.
/// - **hold end**: the `hold-end` line with the jump's `jumpId` (its reason and `t`), if any.
public struct TraceMetrics: Equatable {
    public struct Options: Equatable {
        public var post: String?
        public var target: Double
        public var tolerance: Double
        public init(post: String? = nil, target: Double = 0, tolerance: Double = 16) {
            self.post = post
            self.target = target
            self.tolerance = tolerance
        }
    }

    /// A moment of the jump: `t` in milliseconds and the value there.
    public struct Moment: Equatable {
        public var milliseconds: Int
        public var value: Double
        public init(milliseconds: Int, value: Double) {
            self.milliseconds = milliseconds
            self.value = value
        }
    }

    public var post: String
    public var options: Options
    /// The jump's nav line: its `t` (ms) and result; nil when the trace has none for the post.
    public var navMilliseconds: Int?
    public var navResult: String?
    /// Where the jump's times count from: the nav line's `t`, or the first frame naming the post.
    public var startMilliseconds: Int
    public var endMilliseconds: Int
    public var jumpId: Int?
    /// Frames of the jump naming the post, and those of them without `y` (not laid out).
    public var frames = 0
    public var framesNotLaidOut = 0
    /// The landing frame's `t` and `y`.
    public var landed: Moment?
    /// The settle frame's `t` and the final `y` the post settled at.
    public var settled: Moment?
    /// The largest |y − target| after landing, and when.
    public var largestAfterLanding: Moment?
    public var corrections = 0
    public var dropped = 0
    public var followed: Int { max(0, corrections - dropped) }
    public var reaims = 0
    public var settles = 0
    /// `t` (ms) of every pull-back.
    public var pullBacks: [Int] = []
    /// The overshoot past the target in pt (0 when none), and when it was largest.
    public var overshoot = Moment(milliseconds: 0, value: 0)
    /// The hold's end: reason and `t` (ms).
    public var holdEndReason: String?
    public var holdEndMilliseconds: Int?

    /// Seconds after the jump of a moment.
    public func after(_ ms: Int) -> Double { VirtualClock.seconds(milliseconds: ms - startMilliseconds) }
    public var timeToLand: Double? { landed.map { after($0.milliseconds) } }
    public var settleTime: Double? { settled.map { after($0.milliseconds) } }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case noJump
        case noFrames(post: String)
        public var description: String {
            switch self {
            case .noJump: return "the trace has no jump (no nav line and no frame naming a post)"
            case .noFrames(let p): return "the trace has no frame naming post \(p) and no nav line for it"
            }
        }
    }

    /// Computes the metrics of one jump from a trace's lines (read with `TraceReader`).
    public static func compute(_ lines: [TraceLine], options: Options = Options()) throws -> TraceMetrics {
        guard let post = options.post ?? defaultPost(lines) else { throw Failure.noJump }
        let span = jumpSpan(lines, post: post)
        let jumpLines = Array(lines[span.range])
        let frames = jumpLines.filter { $0.framePost?.id == post }
        guard let start = span.nav?.milliseconds ?? frames.first?.milliseconds else {
            throw Failure.noFrames(post: post)
        }
        let end = jumpLines.last?.milliseconds ?? start
        var m = TraceMetrics(post: post, options: options, navMilliseconds: span.nav?.milliseconds,
                             navResult: span.nav?.string("result"), startMilliseconds: start,
                             endMilliseconds: end)
        m.jumpId = jumpLines.first { $0.kind == "hook" && $0.bool("correction") == false }?.int("jumpId")
        m.measureFrames(frames)
        m.countHostLines(jumpLines)
        m.pullBacks = TraceMetrics.pullBacks(jumpLines)
        if let id = m.jumpId, let end = lines[span.range.lowerBound...].first(where: {
            $0.kind == "hold-end" && $0.int("jumpId") == id
        }) {
            m.holdEndReason = end.string("reason")
            m.holdEndMilliseconds = end.milliseconds
        }
        return m
    }

    /// The latest jump's post: the last frame naming one, else the last nav line's id.
    static func defaultPost(_ lines: [TraceLine]) -> String? {
        if let f = lines.last(where: { $0.framePost != nil }) { return f.framePost?.id }
        return lines.last { $0.kind == "nav" }?.string("id")
    }

    /// The lines of the jump to `post`: from its last found nav line up to the next found nav line.
    /// With no found nav line, its last nav line of any result, and else the whole trace.
    static func jumpSpan(_ lines: [TraceLine], post: String) -> (nav: TraceLine?, range: Range<Int>) {
        func isNav(_ l: TraceLine, found: Bool) -> Bool {
            l.kind == "nav" && (!found || l.string("result") == "found")
        }
        let navIndex = lines.lastIndex { isNav($0, found: true) && $0.string("id") == post }
            ?? lines.lastIndex { isNav($0, found: false) && $0.string("id") == post }
        guard let i = navIndex else { return (nil, 0..<lines.count) }
        let next = lines[(i + 1)...].firstIndex { isNav($0, found: true) } ?? lines.count
        return (lines[i], i..<next)
    }

    mutating func measureFrames(_ frames: [TraceLine]) {
        let target = options.target, tol = options.tolerance
        let ys: [(ms: Int, y: Double?)] = frames.map { ($0.milliseconds, $0.framePost?.y) }
        self.frames = ys.count
        framesNotLaidOut = ys.filter { $0.y == nil }.count
        if let i = ys.firstIndex(where: { $0.y.map { abs($0 - target) <= tol } ?? false }) {
            landed = Moment(milliseconds: ys[i].ms, value: ys[i].y!)
            for p in ys[(i + 1)...] {
                guard let y = p.y, abs(y - target) > (largestAfterLanding?.value ?? -1) else { continue }
                largestAfterLanding = Moment(milliseconds: p.ms, value: abs(y - target))
            }
        }
        if let final = ys.last?.y {
            var from = ys.count - 1
            while from > 0, let y = ys[from - 1].y, abs(y - final) <= tol { from -= 1 }
            settled = Moment(milliseconds: ys[from].ms, value: final)
        }
        let side = ys.lazy.compactMap(\.y).first { $0 != target }.map { $0 > target ? 1.0 : -1.0 }
        if let s = side {
            for p in ys {
                guard let y = p.y, -s * (y - target) > overshoot.value else { continue }
                overshoot = Moment(milliseconds: p.ms, value: -s * (y - target))
            }
        }
    }

    mutating func countHostLines(_ lines: [TraceLine]) {
        for l in lines {
            switch (l.kind, l.string("action")) {
            case ("hook", _) where l.bool("correction") == true && l.bool("threw") != true: corrections += 1
            case ("host", "drop"): dropped += 1
            case ("host", "reaim"): reaims += 1
            case ("host", "settle"): settles += 1
            default: break
            }
        }
    }

    /// `t` (ms) of the jump's pull-backs: the one rule (`PullBacks`, Q14) on its lines.
    static func pullBacks(_ lines: [TraceLine]) -> [Int] { PullBacks.find(lines: lines).pullBacks }
}
