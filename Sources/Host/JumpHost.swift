/// What a host strategy did with a scroll request, for the trace and the toolbar (T1, docs/contract.md).
public struct HostAction: Sendable, Equatable {
    public enum Kind: String, Sendable { case scroll, drop, reaim, settle }
    public var jumpId: Int
    public var kind: Kind
    public var target: Double?
    public var animated: Bool?
    public var clamped: Bool?
    /// The range the android host clamped with (F8); nil for the other hosts and for a drop.
    public var range: AndroidScrollRange?
    /// D3: the request in device pixels where they differ from pt; nil otherwise.
    public var pixels: HostPixels?
    public init(jumpId: Int, kind: Kind, target: Double? = nil, animated: Bool? = nil, clamped: Bool? = nil,
                range: AndroidScrollRange? = nil) {
        self.jumpId = jumpId
        self.kind = kind
        self.target = target
        self.animated = animated
        self.clamped = clamped
        self.range = range
    }
}

/// A host strategy (H3): the app's side of the hook, re-created from the seed's sample code.
/// It decides on a working copy of the list (`ListScene`) and returns what it wants done as
/// `ScrollEffect`s, in order (its `HostAction`s among them as `.report`); the World applies them.
/// Every tick is a VirtualClock tick (120 Hz).
public protocol JumpHost: AnyObject {
    var platform: Platform { get }
    /// The bridge delivered a call: what the app's JS shim forwards (top, !!info.correction,
    /// info.jumpId || 0).
    func scrollRequest(top: Double, correction: Bool, jumpId: Int, in scene: ListScene) -> [ScrollEffect]
    /// The web view reports a new content height (E2); the host resizes the row.
    func webRowResized(to height: Double, in scene: ListScene) -> [ScrollEffect]
    /// The reader started dragging the list (H5): scrollViewWillBeginDragging / SCROLL_STATE_DRAGGING.
    func readerWillBeginDragging(now tick: Int)
    /// Work it posted to the next frame (Android's webView.post, a `.post` effect): the World calls
    /// it on the frame after a `.post`, never on the others.
    func frame(in scene: ListScene) -> [ScrollEffect]
    /// UIScrollViewDelegate.scrollViewDidEndScrollingAnimation, for an animation that ended on its
    /// own or was replaced by the reader's scrolling (not one the host replaced itself: the sample
    /// sets its flag after that one's call).
    func scrollingAnimationEnded()
    /// Follow a jump already held when this host was made (a platform or mode switch at run
    /// time): its later corrections are the current jump's, and a drag from now on stops them.
    func adopt(jumpId: Int, now tick: Int)
    /// The jump the host is following, for the toolbar.
    var followingJumpId: Int? { get }
    var isClamped: Bool { get }
}

extension JumpHost {
    public func scrollingAnimationEnded() {}
    public func frame(in scene: ListScene) -> [ScrollEffect] { [] }
}
