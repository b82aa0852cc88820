import Host
import VirtualTime
import Simulation

/// Checks the invariants of a trace while a World runs (the fuzz tests' oracle). Attach it with
/// `attach(to:)` after the ScenarioRunner is made; it wraps the world's sink.
public final class TraceInvariants {
    public private(set) var violations: [String] = []
    /// How many invariant checks were made (one per invariant per record it applies to).
    public private(set) var checks = 0
    private unowned let world: World
    private var lastTick = 0
    private var lastFrameTick = 0
    private var maxHookJumpId = 0
    private var ended: Set<Int> = []
    private var argsOfJump: [Int: Int] = [:]
    /// The list offset and web scroll the naive host left when the run switched away from it (p).
    private var naiveListOffset: Double?
    private var naiveWebScroll: Double?

    public init(world: World) { self.world = world }

    public func attach() {
        let inner = world.sink
        world.sink = { [unowned self] r in
            inner(r)
            self.observe(r)
        }
    }

    private func fail(_ r: TraceRecord, _ what: String) {
        if violations.count < 20 { violations.append("t=\(TraceRecord.time(r.tick)) \(what): \(r.json)") }
    }

    private func check(_ ok: Bool, _ r: TraceRecord, _ what: @autoclosure () -> String) {
        checks += 1
        if !ok { fail(r, what()) }
    }

    private func finite(_ xs: Double?...) -> Bool { xs.allSatisfy { $0.map(\.isFinite) ?? true } }

    func observe(_ r: TraceRecord) {
        check(r.tick >= lastTick, r, "time out of order (after t=\(TraceRecord.time(lastTick)))")
        lastTick = max(lastTick, r.tick)
        switch r.event {
        case let .hook(jumpId, top, _, args, _):
            check(finite(top), r, "hook top not finite")
            check(!ended.contains(jumpId), r, "hook call after the hold of jump \(jumpId) ended")
            check(jumpId >= maxHookJumpId, r, "jumpId went back (latest \(maxHookJumpId))")
            maxHookJumpId = max(maxHookJumpId, jumpId)
            check(args == 1 || args == 2, r, "hook given \(args) arguments")
            if let a = argsOfJump[jumpId] {
                check(a == args, r, "argument count changed within jump \(jumpId) (was \(a))")
            } else {
                argsOfJump[jumpId] = args
                // E5: decided at jump start, from the hook then defined (F5: kept when it is replaced).
                let arity = world.page.held?.arity
                let arityText = arity.map(String.init) ?? "no"
                check(arity == args, r,
                      "jump \(jumpId) started with a \(arityText)-parameter hook but got \(args) arguments")
            }
        case let .holdEnd(jumpId, _):
            check(!ended.contains(jumpId), r, "hold of jump \(jumpId) ended twice")
            ended.insert(jumpId)
        case let .host(a):
            check(finite(a.target), r, "host target not finite")
        case let .layout(h, _):
            check(finite(h) && h >= 0, r, "web height not finite or negative")
        case let .frame(values, _, y, _):
            check(values.allSatisfy(\.isFinite) && finite(y), r, "frame value not finite")
            check(lastFrameTick == 0 || r.tick - lastFrameTick == VirtualClock.ticksPerFrame, r,
                  "frames not every \(VirtualClock.ticksPerFrame) ticks")
            lastFrameTick = r.tick
            checkSettled(r)
        default: break
        }
    }

    /// Once settled (no animation, no inertia or eased scroll, no touch, no pending resize), the
    /// list's offset is inside its scroll range on ios and android; so is the web view's own scroll.
    ///
    /// Not for naive, which is unclamped by design (H3), nor for a position naive left behind: after
    /// a switch away from naive (p) the new host and the scroll view keep the position they were
    /// given (UIScrollView and our ScrollView leave an offset already outside the range alone, and
    /// the samples have no code for a platform switch), so until that position changes it is naive's
    /// overscroll, not the new host's (fuzz seeds 4280, 15506, 16315, 17364).
    private func checkSettled(_ r: TraceRecord) {
        let sv = world.scrollView, p = world.page
        guard world.config.platform != .naive else {
            naiveListOffset = sv.offset
            naiveWebScroll = p.scrollY
            return
        }
        if naiveListOffset != sv.offset { naiveListOffset = nil }
        if naiveWebScroll != p.scrollY { naiveWebScroll = nil }
        let moving = sv.isAnimating || world.pan.isMoving || world.pan.isTouching || world.hasPendingResize
        guard !moving else { return }
        let eps = 0.5
        if naiveListOffset == nil {
            check(sv.offset >= sv.minOffset - eps && sv.offset <= sv.maxOffset + eps, r,
                  "settled list offset \(sv.offset) outside [\(sv.minOffset), \(sv.maxOffset)] "
                    + "(\(world.config.mode.rawValue))")
        }
        if world.config.mode != .content, naiveWebScroll == nil {
            check(p.scrollY >= -eps && p.scrollY <= p.maxScrollY + eps, r,
                  "settled web scroll \(p.scrollY) outside [0, \(p.maxScrollY)]")
        }
    }
}
