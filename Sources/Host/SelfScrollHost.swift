/// The host in modes M2 and M3, where the web view scrolls itself (M2: "with a hook the host
/// brings the web view fully into view and scrolls it to `top`"). It gates corrections the way
/// its platform's sample does: iOS drops corrections for a jump other than the active one (a drag
/// clears it), Android drops corrections after a drag since the jump, naive never drops.
public final class SelfScrollHost: JumpHost {
    public let platform: Platform
    public var actions: (HostAction) -> Void = { _ in }
    let list: NativeList
    let setWebOffset: (Double) -> Void
    let webMaxOffset: () -> Double
    /// M2 scrolls the list so the web view is fully in view; M3's list does not scroll.
    let revealWebView: Bool

    private var activeJumpId: Int?
    private var dragCount = 0
    private var dragCountAtJump = 0

    public init(platform: Platform, list: NativeList, revealWebView: Bool,
                setWebOffset: @escaping (Double) -> Void, webMaxOffset: @escaping () -> Double) {
        self.platform = platform
        self.list = list
        self.revealWebView = revealWebView
        self.setWebOffset = setWebOffset
        self.webMaxOffset = webMaxOffset
    }

    public var followingJumpId: Int? { activeJumpId }
    public var isClamped: Bool { false }

    public func scrollRequest(top: Double, correction: Bool, jumpId: Int, now tick: Int) {
        switch platform {
        case .ios:
            if correction && jumpId != activeJumpId { actions(HostAction(jumpId: jumpId, kind: .drop)); return }
        case .android:
            if !correction || jumpId != activeJumpId { dragCountAtJump = dragCount }
            else if dragCount != dragCountAtJump { actions(HostAction(jumpId: jumpId, kind: .drop)); return }
        case .naive:
            break
        }
        activeJumpId = jumpId
        if revealWebView { list.scrollView.setContentOffset(list.scrollView.minOffset + list.webRowY, animated: false, now: tick) }
        let target = platform == .naive ? top : min(max(0, top), webMaxOffset())
        setWebOffset(target)
        actions(HostAction(jumpId: jumpId, kind: .scroll, target: target, animated: false, clamped: target != top))
    }

    public func webRowResized(to height: Double, now tick: Int) {}

    public func readerWillBeginDragging(now tick: Int) {
        if platform == .ios { activeJumpId = nil }
        dragCount += 1
    }

    public func adopt(jumpId: Int, now tick: Int) {
        activeJumpId = jumpId
        dragCountAtJump = dragCount
    }

    public func frame(now tick: Int) {}
}
