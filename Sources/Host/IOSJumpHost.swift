/// The iOS sample (CollectionViewDemo.swift in the seed), line for line where it matters:
///
///     cell.scrollCallback = { request in
///       let dropped = request.correction && request.jumpId != self.activeJumpId
///       guard !dropped else { return }
///       self.activeJumpId = request.jumpId
///       self.requestedPostY = cell.frame.minY + request.top
///       self.scrollToRequestedPost()
///     }
///
/// Differences from UIKit, and why: the message handler runs after the bridge's delay (D4,
/// `BridgeDelivery`: one frame on iOS, none for the terminal's `naive` comparison);
/// `performBatchUpdates` completes at once (animations are disabled in the sample anyway). The
/// collection view is the World's: the host decides on a copy of it and returns the effects.
public final class IOSJumpHost: JumpHost {
    public let platform = Platform.ios

    public private(set) var activeJumpId: Int?
    public private(set) var requestedPostY: Double = 0
    public private(set) var isJumpAnimating = false
    public private(set) var isJumpClamped = false

    /// D3: UIScreen.scale; offsets land on the screen's pixels (1/scale pt). nil: no grid.
    public let scale: Double?

    public init(scale: Double? = nil) {
        self.scale = scale
    }

    public var followingJumpId: Int? { activeJumpId }
    public var isClamped: Bool { isJumpClamped }

    private func scrollToRequestedPost(_ kind: HostAction.Kind, _ s: inout ListScene) {
        let scrollView = s.scrollView
        // adjustedContentInset: our insets are the bars drawn over the list.
        let minY = scrollView.minOffset
        let maxY = scrollView.maxOffset
        let desiredY = requestedPostY - scrollView.insetTop
        var target = min(max(desiredY, minY), maxY)
        // D3: UIKit aligns contentOffset to the screen's pixels.
        if let k = scale { target = HostPixels.aligned(target, scale: k) }
        // A correction can arrive before the embed cell has grown, so the next resize re-applies a clamped target.
        isJumpClamped = desiredY > maxY
        // scrollViewDidEndScrollingAnimation is not called for an animation to the current offset,
        // but it is called for the running animation when a new one replaces it, so the flag is set afterwards.
        let animated = abs(target - scrollView.offset) >= 1
        s.perform(.setContentOffset(target, animated: animated))
        isJumpAnimating = animated
        var action = HostAction(jumpId: activeJumpId ?? 0, kind: kind, target: target, animated: animated,
                                clamped: isJumpClamped)
        if let k = scale, k != 1 {
            action.pixels = HostPixels(density: k, target: Int((target * k).rounded()))
        }
        s.perform(.report(action))
    }

    public func scrollRequest(top: Double, correction: Bool, jumpId: Int, in scene: ListScene) -> [ScrollEffect] {
        // Corrections only belong to the latest jump, and the reader's drag ends them.
        let dropped = correction && jumpId != activeJumpId
        guard !dropped else { return [.report(HostAction(jumpId: jumpId, kind: .drop))] }
        var s = scene
        activeJumpId = jumpId
        requestedPostY = s.list.webRowY + top
        scrollToRequestedPost(.scroll, &s)
        return s.effects
    }

    public func webRowResized(to height: Double, in scene: ListScene) -> [ScrollEffect] {
        var s = scene
        let offset = s.scrollView.offset
        // Restoring the offset stops a jump mid-animation and keeps a clamped jump short, so the jump is re-aimed afterwards.
        let reaimJump = isJumpAnimating || isJumpClamped
        s.perform(.setWebRowHeight(height))
        // (As far as the new range allows: a row that shrank leaves no room for the old offset.)
        s.perform(.setContentOffset(s.scrollView.clamp(offset), animated: false))
        if reaimJump, activeJumpId != nil {
            scrollToRequestedPost(.reaim, &s)
        }
        return s.effects
    }

    public func readerWillBeginDragging(now tick: Int) {
        activeJumpId = nil
        isJumpAnimating = false
    }

    /// scrollViewDidEndScrollingAnimation.
    public func scrollingAnimationEnded() {
        isJumpAnimating = false
    }

    public func adopt(jumpId: Int, now tick: Int) { activeJumpId = jumpId }
}
