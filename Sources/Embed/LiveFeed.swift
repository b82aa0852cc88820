import LiveblogModel

/// Where a world's live snapshots come from (R3): a real source's poller, or a capture replayed
/// (R4). Polled once a frame; deterministic in virtual time.
public protocol LiveFeed: AnyObject {
    /// What arrived by `tick`, if anything.
    func update(tick: Int) -> LiveUpdate?
    /// G6: the terminal lost (true) or regained focus; a feed may poll less often meanwhile.
    func setBackground(_ background: Bool)
}

extension LiveFeed {
    public func setBackground(_ background: Bool) {}
}

public enum LiveUpdate: Sendable {
    /// A new snapshot: every post, in page order.
    case snapshot(LiveSnapshot)
    /// A poll failed (R6): the page keeps what it has; the message names the URL.
    case failed(String)
    /// B9: posts of the first body, still arriving, in page order (`PageStream`).
    case streamed(StreamedPosts)
}

public struct LiveSnapshot: Sendable {
    public var posts: [Post]
    /// Ids new since the last snapshot.
    public var added: [String]
    /// "2 new, 1 edited": for the console and the trace.
    public var summary: String

    public init(posts: [Post], added: [String], summary: String) {
        self.posts = posts
        self.added = added
        self.summary = summary
    }
}
