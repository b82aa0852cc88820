/// The naive host: scroll to the reported top on every call, unclamped, never gated (H3).
/// It shows what goes wrong without the samples' care: the list overscrolls past its end, and
/// corrections pull the reader back after a drag. It subtracts the top inset like the others,
/// so the only differences are the ones it is meant to show.
public final class NaiveJumpHost: JumpHost {
    public let platform = Platform.naive
    private var lastJumpId: Int?

    public init() {}

    public var followingJumpId: Int? { lastJumpId }
    public var isClamped: Bool { false }

    public func scrollRequest(top: Double, correction: Bool, jumpId: Int, in scene: ListScene) -> [ScrollEffect] {
        lastJumpId = jumpId
        let target = scene.list.webRowY + top - scene.scrollView.insetTop
        return [.setContentOffset(target, animated: false),
                .report(HostAction(jumpId: jumpId, kind: .scroll, target: target, animated: false, clamped: false))]
    }

    public func webRowResized(to height: Double, in scene: ListScene) -> [ScrollEffect] {
        [.setWebRowHeight(height)]
    }
    public func readerWillBeginDragging(now tick: Int) {}
    public func adopt(jumpId: Int, now tick: Int) {}
}
