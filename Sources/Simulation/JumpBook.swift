import Embed
import Host

/// The front end's record of the latest jump (the toolbar's status, T1; the timeline's samples and
/// marks, T4, Q8) and the lines the pull-back finding reads (Q13): an observer of the trace the
/// World writes. It reads each record as it is emitted, and the page only for what a trace line
/// does not carry (which post a hook line's jump holds, whether the page has a hook at all); it
/// never changes the World.
public struct JumpBook {
    /// The latest jump's status, not a jump itself (the App performs one).
    public private(set) var status: JumpStatus?
    /// The target post's y at each frame of the first 15 s of the jump.
    public private(set) var timeline: [(tick: Int, y: Double?)] = []
    public private(set) var marks: [TimelineMark] = []
    /// The input, hook, host and nav lines, for the pull-back finding.
    private(set) var pullBackRecords: [TraceRecord] = []

    public init() {}

    /// A new page (`reload`): its jumps start a new status and timeline.
    mutating func forgetJump() {
        status = nil
        timeline = []
        marks = []
    }

    /// Reads one record as the World emits it; `page` is the page that wrote it.
    mutating func observe(_ record: TraceRecord, page: any WebPage) {
        let tick = record.tick
        switch record.event {
        case .input:
            if status != nil { marks.append(TimelineMark(tick: tick, kind: .input)) }
            pullBackRecords.append(record)
        case let .hook(jumpId, top, correction, _, _):
            pullBackRecords.append(record)
            if !correction || status?.jumpId != jumpId {
                start(jumpId, postId: page.held?.postId ?? page.lastJumpPostId, tick: tick)
            }
            status?.calls += 1
            if correction {
                status?.corrections += 1
                marks.append(TimelineMark(tick: tick, kind: .correction))
            }
            status?.lastTop = top
        case let .host(a):
            pullBackRecords.append(record)
            host(a, tick: tick)
        case let .nav(id, result, _):
            pullBackRecords.append(record)
            // A jump without a hook still shows in the toolbar and timeline.
            guard result == NavResult.found.rawValue, page.hook == nil || page.held?.arity == nil,
                  let h = page.held, h.postId == id, status?.jumpId != h.jumpId else { return }
            start(h.jumpId, postId: id, tick: tick)
        case let .holdEnd(jumpId, reason):
            guard status?.jumpId == jumpId || status == nil else { return }
            if status == nil { status = JumpStatus(jumpId: jumpId, postId: page.lastJumpPostId, startTick: tick) }
            status?.endedTick = tick
            status?.endReason = reason.rawValue
            marks.append(TimelineMark(tick: tick, kind: .holdEnd))
        case let .frame(_, _, postY, _):
            if let s = status, tick - s.startTick <= 15 * VirtualClock.ticksPerSecond { timeline.append((tick, postY)) }
        default: break
        }
    }

    private mutating func start(_ jumpId: Int, postId: String?, tick: Int) {
        status = JumpStatus(jumpId: jumpId, postId: postId, startTick: tick)
        timeline = []
        marks = [TimelineMark(tick: tick, kind: .jump)]
    }

    private mutating func host(_ a: HostAction, tick: Int) {
        guard var j = status, j.jumpId == a.jumpId || a.jumpId == 0 else { return }
        switch a.kind {
        case .drop:
            j.drops += 1
            marks.append(TimelineMark(tick: tick, kind: .drop))
        case .reaim: marks.append(TimelineMark(tick: tick, kind: .reaim))
        case .settle: marks.append(TimelineMark(tick: tick, kind: .settle))
        case .scroll: break
        }
        if let c = a.clamped { j.clamped = c }
        status = j
    }
}
