import VirtualTime
import ScrollPhysics

/// The Android sample (the view holder in LiveblogEmbedRecyclerViewFragment.kt), kept in its shape:
/// a drag counter, a pending top held for 10 s, `smoothScrollBy` unless a correction arrives while
/// idle, no re-aim while already settling to the same aim, and a settle when the row's height changes.
///
/// Differences: RecyclerView's offsets are whole pixels, so ours are rounded here too (density 1:
/// one dp = one px = one pt). Our list draws under its bars, so the top inset is subtracted from
/// `requested`, as the seed advises for such a list (the sample itself subtracts none).
/// LinearLayoutManager only estimates the scroll range; ours is exact.
public final class AndroidJumpHost: JumpHost {
    public let platform = Platform.android
    public var actions: (HostAction) -> Void = { _ in }
    let list: NativeList
    var scrollView: ScrollView { list.scrollView }

    /// DragCounter: counts SCROLL_STATE_DRAGGING.
    public private(set) var dragCount = 0
    public private(set) var jumpId: Int?
    private var dragCountAtJump = 0
    public private(set) var pendingTop: Double?
    private var pendingUntil = 0
    private var aimedWebViewTop: Int?
    private var settlePosted = false
    private var lastClamped = false
    private var now = 0
    /// HOLD_MS: the embed sends corrections for at most 10 s after the jump.
    static let holdTicks = 10 * VirtualClock.ticksPerSecond

    public init(list: NativeList) { self.list = list }

    public var followingJumpId: Int? { pendingTop != nil ? jumpId : nil }
    public var isClamped: Bool { lastClamped }

    public func scrollRequest(top: Double, correction: Bool, jumpId: Int, now: Int) {
        self.now = now
        if !correction || jumpId != self.jumpId {
            self.jumpId = jumpId
            dragCountAtJump = dragCount
        } else if dragCount != dragCountAtJump {
            actions(HostAction(jumpId: jumpId, kind: .drop))
            return
        }
        pendingTop = top
        pendingUntil = now + AndroidJumpHost.holdTicks
        _ = scrollTo(top: top, correction: correction, kind: .scroll)
    }

    private func settle() {
        guard let top = pendingTop else { return }
        if dragCount != dragCountAtJump || now > pendingUntil {
            pendingTop = nil
            return
        }
        if scrollTo(top: top, correction: true, kind: .settle) == 0 { pendingTop = nil }
    }

    /// Android offsets: 0 at the top of the padded content (our −inset.top).
    private var androidOffset: Int { Int((scrollView.offset + scrollView.insetTop).rounded()) }

    private func scrollTo(top: Double, correction: Bool, kind: HostAction.Kind) -> Int {
        // offsetDescendantRectToMyCoords: the web view's top in the RecyclerView.
        let webViewTop = Int((list.webRowY - scrollView.offset).rounded())
        let requested = webViewTop + Int(top.rounded()) - Int(scrollView.insetTop.rounded())

        // computeVerticalScrollOffset / Range / Extent (exact here).
        let offset = androidOffset
        let range = Int((scrollView.contentHeight + scrollView.insetTop + scrollView.insetBottom).rounded())
        let extent = Int(scrollView.viewportHeight.rounded())
        let maxOffset = range - extent
        let wanted = offset + requested
        let scrollBy = min(max(wanted, 0), max(maxOffset, 0)) - offset
        lastClamped = wanted != min(max(wanted, 0), max(maxOffset, 0))

        // Re-aiming restarts the smooth scroll's easing, so a scroll already heading for this position is left alone.
        let settling = scrollView.state == .settling
        let aim = webViewTop - scrollBy
        if settling && aim == aimedWebViewTop { return scrollBy }
        aimedWebViewTop = aim

        let target = Double(offset + scrollBy) - scrollView.insetTop
        // Once the jump has landed, an instant scroll keeps the post still while content above it grows.
        if correction && scrollView.state == .idle {
            // recyclerView.scrollBy(0, scrollBy)
            scrollView.setContentOffset(target, animated: false, now: now)
            actions(HostAction(jumpId: jumpId ?? 0, kind: kind, target: target, animated: false, clamped: lastClamped))
        } else {
            smoothScrollBy(scrollBy)
            actions(HostAction(jumpId: jumpId ?? 0, kind: kind, target: target, animated: scrollBy != 0, clamped: lastClamped))
        }
        return scrollBy
    }

    /// RecyclerView.smoothScrollBy: nothing for 0; otherwise SETTLING with ViewFlinger's duration and quintic.
    private func smoothScrollBy(_ dy: Int) {
        guard dy != 0 else { return }
        // From where the list is now (RecyclerView's flinger restarts from the current position),
        // in our UIKit coordinates: Android's offset less the top inset.
        let from = androidOffset - Int(scrollView.insetTop.rounded())
        let motion = ScrollAnimation.androidSmoothScroll(from: from, by: dy, viewportHeight: scrollView.viewportHeight)
        scrollView.animate(motion, now: now, programmatic: true)
        scrollView.state = .settling
    }

    public func webRowResized(to height: Double, now: Int) {
        self.now = now
        let old = list.webRowHeight
        list.setWebRowHeight(height)
        // addOnLayoutChangeListener: if the height changed, webView.post { settle() }.
        if old != height { settlePosted = true }
    }

    public func readerWillBeginDragging(now: Int) {
        dragCount += 1
    }

    public func adopt(jumpId: Int, now: Int) {
        self.jumpId = jumpId
        dragCountAtJump = dragCount
    }

    public func frame(now: Int) {
        self.now = now
        if settlePosted {
            settlePosted = false
            settle()
        }
    }
}
