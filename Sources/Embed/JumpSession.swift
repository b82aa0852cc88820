import VirtualTime

/// The jump protocol of `window.tickarooLiveblogScrollTo` (E5–E13): the hook, the held jump and
/// its corrections. A value with step functions: the page tells it where the post is, it
/// answers with the events to emit (hook calls, hold ends, console lines).
public struct JumpSession: Sendable {
    public struct HeldJump: Sendable, Equatable {
        public var jumpId: Int
        public var postId: String
        public var topOffset: Double
        public var startTick: Int
        public var lastCallTick: Int
        public var lastSentTop: Double
        /// nil: no hook at jump start (the page scrolls itself, E12).
        public var arity: Int?

        /// A held jump as another page reports it (a real engine's, X1).
        public init(jumpId: Int, postId: String, topOffset: Double, startTick: Int, lastCallTick: Int,
                    lastSentTop: Double, arity: Int?) {
            self.jumpId = jumpId
            self.postId = postId
            self.topOffset = topOffset
            self.startTick = startTick
            self.lastCallTick = lastCallTick
            self.lastSentTop = lastSentTop
            self.arity = arity
        }
    }

    /// What a change of the hook does to the held jump (E11, E12).
    public enum HookChange: Equatable {
        case none
        /// The hold ended: emit these events.
        case ended([PageEvent])
        /// A hook defined while a hook-less jump is held receives it as a new jump (E12).
        case restart(HeldJump)
    }

    /// E8: a one-parameter hook's jump call is skipped within this distance; E10: corrections
    /// are sent when `top` moved more than this.
    public static let tolerance = 5.0
    /// E11: the hold ends this long after the jump (the one length both sides use, `JumpHold`).
    public static let holdSeconds = JumpHold.seconds
    /// E11: a one-parameter hook's hold ends this long after its last call.
    public static let oneParamIdleSeconds = 1

    public private(set) var hook: HookSignature?
    public private(set) var held: HeldJump?
    public private(set) var lastJumpPostId: String?
    /// E9: ids increase over the page's life (and a reloaded page's, `firstJumpId`).
    public private(set) var nextJumpId: Int

    public init(firstJumpId: Int = 1) { nextJumpId = max(1, firstJumpId) }

    /// Starts a jump to a post whose top is `postTop` in the page (E5–E8), ending a held one.
    public mutating func start(postId: String, topOffset: Double, postTop: Double, scrollY: Double,
                               tick: Int) -> [PageEvent] {
        var events = endHold(.newJump)
        let jumpId = nextJumpId
        nextJumpId += 1
        lastJumpPostId = postId
        // E6: top = page scroll position + the post's top in the page viewport − top offset.
        let rectTop = postTop - scrollY
        let top = scrollY + rectTop - topOffset
        // E5: whether a hook exists and its arity are decided now.
        held = HeldJump(jumpId: jumpId, postId: postId, topOffset: topOffset, startTick: tick,
                        lastCallTick: tick, lastSentTop: top, arity: hook?.arity)
        guard let hook else { return events }
        if hook.arity == 1 && abs(rectTop - topOffset) <= JumpSession.tolerance {
            // E8: a one-parameter hook's jump call is skipped when the post is already in place.
            return events
        }
        events += call(hook, arity: hook.arity, top: top, correction: false, jumpId: jumpId)
        return events
    }

    /// One frame (60 Hz) of the held jump (E10, E11): `postTop` is the post's top in the page
    /// now, nil when it is gone. End conditions come first: nothing is reported after the hold.
    public mutating func frame(tick: Int, postTop: Double?) -> [PageEvent] {
        guard let h = held else { return [] }
        if tick - h.startTick >= JumpSession.holdSeconds * VirtualClock.ticksPerSecond {
            return endHold(.timeout)
        }
        let idleTicks = JumpSession.oneParamIdleSeconds * VirtualClock.ticksPerSecond
        if h.arity == 1, tick - h.lastCallTick >= idleTicks {
            return endHold(.idle)
        }
        guard let postTop else { return endHold(.removed) }
        guard let arity = h.arity, let hook else { return [] }
        let top = postTop - h.topOffset
        guard abs(top - h.lastSentTop) > JumpSession.tolerance else { return [] }
        held?.lastSentTop = top
        held?.lastCallTick = tick
        return call(hook, arity: arity, top: top, correction: true, jumpId: h.jumpId)
    }

    /// Defines, replaces or removes the hook (E11, E12, F5).
    ///
    /// F5: a hook replaced while a jump is held keeps the hold, whatever it declares: the later
    /// calls go to the new function in the shape decided when the jump started (E5, `held.arity`;
    /// `call` passes that many arguments and the trace's `args` says so). The seed: "The embed
    /// decides when a jump starts whether to call the hook"; only removing it ends the hold.
    public mutating func setHook(_ newHook: HookSignature?) -> HookChange {
        let old = hook
        hook = newHook
        guard let h = held else { return .none }
        if newHook == nil, old != nil, h.arity != nil {
            return .ended(endHold(.hookRemoved))
        } else if newHook != nil, h.arity == nil {
            return .restart(h)
        }
        return .none
    }

    /// Ends the held jump, if any (E11).
    public mutating func endHold(_ reason: HoldEndReason) -> [PageEvent] {
        guard let h = held else { return [] }
        held = nil
        return [.holdEnd(jumpId: h.jumpId, reason: reason),
                .log("info", "jump \(h.jumpId) to \(h.postId): hold ended (\(reason.rawValue))")]
    }

    private func call(_ hook: HookSignature, arity: Int, top: Double, correction: Bool,
                      jumpId: Int) -> [PageEvent] {
        var events: [PageEvent] = [.hook(jumpId: jumpId, top: top, correction: correction, args: arity,
                                         threw: hook.throwsMessage != nil)]
        if let msg = hook.throwsMessage {
            // E13: the error goes to the console; the hold goes on.
            let site = "in window.tickarooLiveblogScrollTo, jump \(jumpId)"
            events.append(.log("error", "Uncaught Error: \(msg) (\(site))"))
        }
        return events
    }
}
