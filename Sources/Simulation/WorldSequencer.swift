import VirtualTime

/// The World's virtual time: the tick, whether the first frame ran, and the order of one step
/// (120 Hz) and of the frame (60 Hz) inside every second step. It only counts and orders: the
/// World runs each phase (`World.run(_:)`), calling into the scroll side and the page side, so the
/// order below is the one place to read what happens in a step, and in which order.
struct Sequencer {
    /// One thing a step does.
    enum Phase: Equatable, CaseIterable {
        // The step's own phases.
        /// iOS: a held finger's delayed touch reaches the page (Q19).
        case delayedTouch
        /// The pan engine's inertia, key or wheel ease, one tick on.
        case panStep
        /// The list's own animation, one tick on (its end told to the host).
        case listStep
        /// A settling list whose motions ended is idle (F10).
        case settle
        /// The scroll indicator notes a movement (P7).
        case indicator
        // The frame's phases (every second tick), in order.
        /// D4: the page's calls whose bridge delay is over reach the host.
        case bridgeCalls
        /// The host's work posted to this frame.
        case hostWork
        /// The page's frame: loads complete, the layout changes, a held jump corrects.
        case pageFrame
        /// A real source's live feed is polled (R3).
        case liveFeed
        /// The "new posts" pill hides once the reader is back at the top (R3).
        case pill
        /// The web row's resizes that are due reach the host (E2).
        case resizes
        /// A reading position kept past the bottom comes into range once no resize waits.
        case anchorIntoRange
        /// M1: the page's viewport is the web row's height.
        case webViewport
        /// Lazy media around the visible area are requested.
        case lazyMedia
        /// The `frame` trace line, with the watched posts' ys.
        case frameLine
        // After the frame.
        /// The drags under way: their samples due at this tick (docs/contract.md `drag`).
        case gestures
    }

    /// The phases of a step without a frame.
    static let step: [Phase] = [.delayedTouch, .panStep, .listStep, .settle, .indicator, .gestures]
    /// The frame's phases.
    static let frame: [Phase] = [.bridgeCalls, .hostWork, .pageFrame, .liveFeed, .pill, .resizes,
                                 .anchorIntoRange, .webViewport, .lazyMedia, .frameLine]
    /// The phases of a step with a frame: the frame after the step's own, before the drags' samples.
    static let stepWithFrame: [Phase] = Array(step.dropLast()) + frame + [.gestures]

    /// Ticks (120 Hz) since the World was made.
    private(set) var tick = 0
    /// The first frame ran (the page started, E4).
    private(set) var started = false

    /// The phases of the step that ends at `tick`: a frame every `VirtualClock.ticksPerFrame` ticks.
    static func phases(at tick: Int) -> [Phase] {
        tick % VirtualClock.ticksPerFrame == 0 ? stepWithFrame : step
    }

    /// True once, at the first advance: the page is to start.
    mutating func begin() -> Bool {
        defer { started = true }
        return !started
    }

    /// The next step's phases, the tick moved on; nil once `target` is reached.
    mutating func next(upTo target: Int) -> [Phase]? {
        guard tick < target else { return nil }
        tick += 1
        return Sequencer.phases(at: tick)
    }
}
