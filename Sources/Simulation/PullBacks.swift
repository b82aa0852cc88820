import Host


/// The pull-back rule (H5, F4), one rule for every reader of it (Q14): the World applies it to
/// the records it wrote, when asked (`World.pullBacks`: its own decision, which the
/// `noPullBackAfterDrag` expectation and the fuzzer's oracle read), and `liveblog metrics`,
/// `simulate --compare` and `liveblog plot` feed it the lines of a trace (QA's `find(lines:)`).
///
/// A pull-back is a host line that moves the list (scroll, re-aim, settle; not a drop, not a
/// scroll that only stops the list) after the reader's latest drag, for a jump that started
/// before that drag. A drag is what the host hears as one: an `input` line `drag-begin` (a finger
/// drag, Android's press while settling), or a wheel notch or scroll key written `"drag":true`
/// (F4's rule at that moment). A jump starts for the host at its first call that reaches the
/// host: a call to a hook that throws (E13) never gets to the app, so the app cannot have been
/// following that jump before the drag, and a later call (a replacement hook, same jumpId) is
/// the first it hears of it. The Android sample takes a correction for a jumpId it does not
/// know as a new jump (iOS drops it); that is the sample's logic, not a pull back to a post the
/// app had brought the reader to (fuzz seeds 6660, 7034, 8556, 9485, 12950).
public struct PullBacks: Equatable {
    /// A line as the rule reads it; `time` in any unit that orders the lines (ticks or ms).
    public enum Step: Equatable {
        /// The reader dragged (the host heard a drag).
        case drag
        /// A hook call that reached the host (it did not throw).
        case call(jumpId: Int)
        /// A host line; `moves`: scroll (not a still one), re-aim or settle.
        case host(jumpId: Int, moves: Bool)
        /// A `nav` line that found its post (a jump began).
        case found
    }

    /// What the rule saw: the pull-backs' times, and what Q9 asks of a run before
    /// `noPullBackAfterDrag` means anything: a found jump, and a drag after a jump's first call.
    public struct Finding: Equatable {
        public var pullBacks: [Int] = []
        public var foundJumps = 0
        /// The first call of any jump that reached the host.
        public var firstCall: Int?
        /// Drags after the first call of a jump that reached the host.
        public var dragsAfterACall = 0
        /// The first such drag.
        public var firstDragAfterACall: Int?
    }

    /// What the rule has seen so far.
    public private(set) var finding = Finding()
    private var lastDrag: Int?
    private var jumpStart: [Int: Int] = [:]
    private var lastHookJump: Int?

    public init() {}

    /// The next step of the run, at `t`.
    public mutating func note(_ step: Step, at t: Int) {
        switch step {
        case .found: finding.foundJumps += 1
        case .drag:
            lastDrag = t
            if finding.firstCall != nil {
                finding.dragsAfterACall += 1
                finding.firstDragAfterACall = finding.firstDragAfterACall ?? t
            }
        case let .call(jumpId):
            jumpStart[jumpId] = jumpStart[jumpId] ?? t
            finding.firstCall = finding.firstCall ?? t
            lastHookJump = jumpId
        case let .host(jumpId, moves):
            guard moves, let d = lastDrag, t > d else { return }
            if let s = jumpStart[lastHookJump ?? jumpId], s < d { finding.pullBacks.append(t) }
        }
    }

    public static func find(_ steps: [(time: Int, step: Step)]) -> Finding {
        var rule = PullBacks()
        for (t, s) in steps { rule.note(s, at: t) }
        return rule.finding
    }

    /// A run's record as a step (nil: the rule ignores it).
    public static func step(_ e: TraceEvent) -> Step? {
        switch e {
        case let .input(kind, _, drag): return kind == .dragBegin || drag ? .drag : nil
        case let .hook(jumpId, _, _, _, threw): return threw ? nil : .call(jumpId: jumpId)
        case let .host(a):
            let still = a.kind == .scroll && a.animated == false && a.target == nil
            return .host(jumpId: a.jumpId, moves: a.kind != .drop && !still)
        case let .nav(_, result, _): return result == "found" ? .found : nil
        default: return nil
        }
    }

    public static func find(records: [TraceRecord]) -> Finding {
        find(records.compactMap { r in step(r.event).map { (r.tick, $0) } })
    }
}
