/// The host in modes M2 and M3, where the web view scrolls itself (M2: "with a hook the host
/// brings the web view fully into view and scrolls it to `top`"). It gates corrections the way
/// its platform's sample does: iOS drops corrections for a jump other than the active one (a drag
/// clears it), Android drops corrections after a drag since the jump, naive never drops.
public final class SelfScrollHost: JumpHost {
    public let platform: Platform
    /// M2 scrolls the list so the web view is fully in view; M3's list does not scroll.
    let revealWebView: Bool

    private var activeJumpId: Int?
    private var dragCount = 0
    private var dragCountAtJump = 0

    public init(platform: Platform, revealWebView: Bool) {
        self.platform = platform
        self.revealWebView = revealWebView
    }

    public var followingJumpId: Int? { activeJumpId }
    public var isClamped: Bool { false }

    public func scrollRequest(top: Double, correction: Bool, jumpId: Int, in scene: ListScene) -> [ScrollEffect] {
        let drop = ScrollEffect.report(HostAction(jumpId: jumpId, kind: .drop))
        switch platform {
        case .ios:
            if correction && jumpId != activeJumpId { return [drop] }
        case .android:
            if !correction || jumpId != activeJumpId { dragCountAtJump = dragCount }
            else if dragCount != dragCountAtJump { return [drop] }
        case .naive:
            break
        }
        activeJumpId = jumpId
        var s = scene
        if revealWebView {
            s.perform(.setContentOffset(s.scrollView.minOffset + s.list.webRowY, animated: false))
        }
        let target = platform == .naive ? top : min(max(0, top), s.web.maxOffset)
        s.perform(.setWebOffset(target))
        s.perform(.report(HostAction(jumpId: jumpId, kind: .scroll, target: target, animated: false,
                                     clamped: target != top)))
        return s.effects
    }

    public func webRowResized(to height: Double, in scene: ListScene) -> [ScrollEffect] { [] }

    public func readerWillBeginDragging(now tick: Int) {
        if platform == .ios { activeJumpId = nil }
        dragCount += 1
    }

    public func adopt(jumpId: Int, now tick: Int) {
        activeJumpId = jumpId
        dragCountAtJump = dragCount
    }
}
