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
/// Differences from UIKit, and why: without a device the message handler runs in the same frame
/// as the page's call; on a device it runs after the bridge's delay (D4, `BridgeDelivery`);
/// `performBatchUpdates` completes at once (animations are disabled in the sample anyway).
public final class IOSJumpHost: JumpHost {
    public let platform = Platform.ios
    public var actions: (HostAction) -> Void = { _ in }
    let list: NativeList
    var scrollView: ScrollView { list.scrollView }

    public private(set) var activeJumpId: Int?
    public private(set) var requestedPostY: Double = 0
    public private(set) var isJumpAnimating = false
    public private(set) var isJumpClamped = false
    private var tick = 0

    /// D3: UIScreen.scale; offsets land on the screen's pixels (1/scale pt). nil: no grid.
    public let scale: Double?

    public init(list: NativeList, scale: Double? = nil) {
        self.list = list
        self.scale = scale
        list.scrollView.didEndScrollingAnimation = { [weak self] in self?.scrollViewDidEndScrollingAnimation() }
    }

    public var followingJumpId: Int? { activeJumpId }
    public var isClamped: Bool { isJumpClamped }

    private func scrollToRequestedPost(_ kind: HostAction.Kind) {
        // adjustedContentInset: our insets are the bars drawn over the list.
        let minY = -scrollView.insetTop
        let maxY = max(minY, scrollView.contentHeight + scrollView.insetBottom - scrollView.viewportHeight)
        let desiredY = requestedPostY - scrollView.insetTop
        var target = min(max(desiredY, minY), maxY)
        // D3: UIKit aligns contentOffset to the screen's pixels.
        if let k = scale { target = HostPixels.aligned(target, scale: k) }
        // A correction can arrive before the embed cell has grown, so the next resize re-applies a clamped target.
        isJumpClamped = desiredY > maxY
        // scrollViewDidEndScrollingAnimation is not called for an animation to the current offset,
        // but it is called for the running animation when a new one replaces it, so the flag is set afterwards.
        let animated = abs(target - scrollView.offset) >= 1
        scrollView.setContentOffset(target, animated: animated, now: tick)
        isJumpAnimating = animated
        var action = HostAction(jumpId: activeJumpId ?? 0, kind: kind, target: target, animated: animated,
                                clamped: isJumpClamped)
        if let k = scale, k != 1 {
            action.pixels = HostPixels(density: k, target: Int((target * k).rounded()))
        }
        actions(action)
    }

    public func scrollRequest(top: Double, correction: Bool, jumpId: Int, now tick: Int) {
        self.tick = tick
        // Corrections only belong to the latest jump, and the reader's drag ends them.
        let dropped = correction && jumpId != activeJumpId
        guard !dropped else {
            actions(HostAction(jumpId: jumpId, kind: .drop))
            return
        }
        activeJumpId = jumpId
        requestedPostY = list.webRowY + top
        scrollToRequestedPost(.scroll)
    }

    public func webRowResized(to height: Double, now tick: Int) {
        self.tick = tick
        let offset = scrollView.offset
        // Restoring the offset stops a jump mid-animation and keeps a clamped jump short, so the jump is re-aimed afterwards.
        let reaimJump = isJumpAnimating || isJumpClamped
        list.setWebRowHeight(height)
        // (As far as the new range allows: a row that shrank leaves no room for the old offset.)
        scrollView.setContentOffset(scrollView.clamp(offset), animated: false, now: tick)
        if reaimJump, activeJumpId != nil {
            scrollToRequestedPost(.reaim)
        }
    }

    public func readerWillBeginDragging(now tick: Int) {
        activeJumpId = nil
        isJumpAnimating = false
    }

    func scrollViewDidEndScrollingAnimation() {
        isJumpAnimating = false
    }

    public func adopt(jumpId: Int, now tick: Int) { activeJumpId = jumpId }

    public func frame(now tick: Int) { self.tick = tick }
}
