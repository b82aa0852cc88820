/// The naive host: scroll to the reported top on every call, unclamped, never gated (H3).
/// It shows what goes wrong without the samples' care: the list overscrolls past its end, and
/// corrections pull the reader back after a drag. It subtracts the top inset like the others,
/// so the only differences are the ones it is meant to show.
public final class NaiveJumpHost: JumpHost {
    public let platform = Platform.naive
    public var actions: (HostAction) -> Void = { _ in }
    let list: NativeList
    private var lastJumpId: Int?
    private var clamped = false

    public init(list: NativeList) { self.list = list }

    public var followingJumpId: Int? { lastJumpId }
    public var isClamped: Bool { false }

    public func scrollRequest(top: Double, correction: Bool, jumpId: Int, now tick: Int) {
        lastJumpId = jumpId
        let target = list.webRowY + top - list.scrollView.insetTop
        list.scrollView.setContentOffset(target, animated: false, now: tick)
        actions(HostAction(jumpId: jumpId, kind: .scroll, target: target, animated: false, clamped: false))
    }

    public func webRowResized(to height: Double, now tick: Int) { list.setWebRowHeight(height) }
    public func readerWillBeginDragging(now tick: Int) {}
    public func adopt(jumpId: Int, now tick: Int) {}
    public func frame(now tick: Int) {}
}
