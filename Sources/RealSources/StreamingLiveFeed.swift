import Embed
import Fetch
import Foundation
import LiveblogModel

/// The live feed of a URL whose body is still arriving (B9), then of its polls (R3). Each frame
/// it hands the world at most `perFrame` of the posts the body's thread completed, so a frame
/// measures a bounded number of posts and keys keep being answered. Posts in page order go in
/// as `streamed` (older ones at the bottom at once; pinned ones, inserted after the pinned at
/// the top at O(n) each time, in batches as large as the pinned already shown, so O(log n)
/// inserts in all, and at the end); once a post is out of that
/// order (a body not newest first), the page gets snapshots of everything so far, each when the
/// posts have doubled, and at the end. At the end the page holds exactly the whole liveblog;
/// an error is reported once (R6) and the posts shown stay. Then polling starts, as in
/// `RealSession.open`, from the whole body's validators.
public final class StreamingLiveFeed: LiveFeed {
    public enum State: Equatable, Sendable {
        case streaming(posts: Int)
        case done(posts: Int)
        case failed(String)
    }

    public let stream: BodyStream
    public let perFrame: Int
    private let pollSeconds: Double
    private var pinned: [Post]
    private var older: [Post]
    /// Pinned posts not on the page yet (in page order after `pinned`).
    private var pendingPinned: [Post] = []
    /// Every post so far in file order, once out of page order (snapshots are made from it).
    private var unordered: [Post]?
    private var snapshotAt = 0
    private var polling: RealLiveFeed?
    private var background = false
    public private(set) var state: State

    /// `shown`: the posts the page opened with (page order), taken from `stream` before.
    public init(stream: BodyStream, shown: [Post], pollSeconds: Double, perFrame: Int = 500) {
        self.stream = stream
        self.perFrame = perFrame
        self.pollSeconds = pollSeconds
        pinned = shown.filter(StreamedPosts.isPinned)
        older = shown.filter { !StreamedPosts.isPinned($0) }
        state = .streaming(posts: shown.count)
    }

    /// Posts received from the body so far (shown, or pinned ones waiting for their batch).
    public var postsReceived: Int { unordered?.count ?? (pinned.count + pendingPinned.count + older.count) }

    public func setBackground(_ background: Bool) {
        self.background = background
        polling?.setBackground(background)
    }

    public func update(tick: Int) -> LiveUpdate? {
        if let polling { return polling.update(tick: tick) }
        guard case .streaming = state else { return nil }
        // The outcome is read first: once it is there, every post of the body is ready to take.
        let outcome = stream.progress.outcome
        let fresh = stream.take(limit: perFrame)
        if !fresh.isEmpty {
            let update = place(fresh)
            state = .streaming(posts: postsReceived)
            if let update { return update }
        }
        guard fresh.count < perFrame, let outcome else { return nil }
        if !pendingPinned.isEmpty { return flushPinned(older: []) }
        // Everything the body held is on the page: the end.
        return end(outcome, tick: tick)
    }

    /// New posts in page order, or a snapshot once out of order.
    private func place(_ fresh: [Post]) -> LiveUpdate? {
        if unordered == nil, let inOrder = split(fresh) {
            pendingPinned += inOrder.pinned
            older += inOrder.older
            if pendingPinned.count >= max(16, pinned.count) { return flushPinned(older: inOrder.older) }
            return inOrder.older.isEmpty ? nil : .streamed(StreamedPosts(pinned: [], older: inOrder.older))
        }
        if unordered == nil { unordered = pinned + pendingPinned + older }
        unordered! += fresh
        guard unordered!.count >= 2 * max(snapshotAt, 256) else { return nil }
        return snapshot(of: unordered!)
    }

    /// `fresh` as pinned and older posts when each goes after the last of its group (newest
    /// first; equal times keep the body's order, as the loaders sort); nil otherwise.
    private func split(_ fresh: [Post]) -> StreamedPosts? {
        var out = StreamedPosts(pinned: [], older: [])
        var lastPinned = (pendingPinned.last ?? pinned.last)?.createdAt ?? .infinity
        var lastOlder = older.last?.createdAt ?? .infinity
        for p in fresh {
            if StreamedPosts.isPinned(p) {
                guard p.createdAt <= lastPinned else { return nil }
                lastPinned = p.createdAt
                out.pinned.append(p)
            } else {
                guard p.createdAt <= lastOlder else { return nil }
                lastOlder = p.createdAt
                out.older.append(p)
            }
        }
        return out
    }

    private func flushPinned(older fresh: [Post]) -> LiveUpdate {
        let batch = StreamedPosts(pinned: pendingPinned, older: fresh)
        pinned += pendingPinned
        pendingPinned = []
        return .streamed(batch)
    }

    private func snapshot(of posts: [Post]) -> LiveUpdate {
        snapshotAt = posts.count
        let ordered = LiveOrder.pinned(LiveblogLoader.sortedNewestFirst(posts))
        return .snapshot(LiveSnapshot(posts: ordered, added: [], summary: "\(posts.count) posts loaded"))
    }

    private func end(_ outcome: Result<LoadedSource, SourceError>, tick: Int) -> LiveUpdate? {
        switch outcome {
        case let .failure(error):
            state = .failed(error.description)
            return .failed(error.description)
        case .success:
            // Made on the stream's thread (`BodyStream.ending`): no O(n) work in this frame.
            guard let ending = stream.ending else { return nil }
            let final = ending.pagePosts
            state = .done(posts: final.count)
            if var poller = ending.poller {
                poller.start(atTick: tick)
                polling = RealLiveFeed(poller: poller, network: RealNetwork())
                polling?.setBackground(background)
            }
            // In page order all along and streamed through: the page holds the body's posts
            // (those are the whole parse's). Otherwise a last snapshot of the whole parse.
            let same = unordered == nil && ending.streamedThrough && pinned.count + older.count == final.count
            unordered = nil
            guard !same else { return nil }
            return .snapshot(LiveSnapshot(posts: final, added: [], summary: "\(final.count) posts loaded"))
        }
    }
}
