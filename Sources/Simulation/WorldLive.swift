import LiveblogModel
import Embed

/// Live updates without moving the reader (R3): the anchor (the first post at least partly
/// visible under the top inset) keeps its row across any change above it, as browser scroll
/// anchoring does, unless a jump hold runs (then the hook corrects, as on a phone). Posts that
/// arrive above the viewport count for the "N new posts" pill.
extension World {
    func pollLiveFeed() {
        switch liveFeed?.update(tick: tick) {
        case let .snapshot(snapshot)?: applyLive(snapshot)
        case let .failed(message)?: pageCall { $0.log("warn", "live update failed: \(message)") }
        case nil: break
        }
    }

    /// Applies a snapshot now.
    public func applyLive(_ snapshot: LiveSnapshot) {
        let anchor = readingAnchor().map { (id: page.liveblog.posts[$0.postIndex].id, viewportY: $0.viewportY) }
        let atTop = listView.offset <= listView.minOffset + 0.5 && page.scrollY <= 0.5
        source.posts = snapshot.posts
        pageCall { page in
            page.applySnapshot(snapshot.posts)
            page.log("info", "live update: \(snapshot.summary)")
        }
        guard page.held == nil, let anchor, let i = page.loadedPostIndex(anchor.id) else { return }
        let above = snapshot.added.filter { id in page.loadedPostIndex(id).map { $0 < i } ?? false }.count
        if !atTop { newPostsAbove += above }
        restoreAnchor((i, anchor.viewportY))
    }

    /// The pill's key or click: to the newest post (the top of the list), the pill goes.
    public func jumpToNewest() {
        newPostsAbove = 0
        pan.easedScroll(by: pan.target.room(contentUp: false), now: tick, homeEnd: true)
    }

    /// The pill hides once the reader is back at the top.
    func updatePill() {
        guard newPostsAbove > 0 else { return }
        if listView.offset <= listView.minOffset + 0.5, page.scrollY <= 0.5 { newPostsAbove = 0 }
    }
}

/// R5: the reading position, as the post at the top of the visible area and how far its top is
/// above the top inset (pt), taken when the viewer quits and given back at the next open.
extension World {
    public func readingPosition() -> (postID: String, offset: Double)? {
        guard let anchor = readingAnchor() else { return nil }
        return (page.liveblog.posts[anchor.postIndex].id, insetTop - anchor.viewportY)
    }

    /// Scrolls so that `postID`'s top is `offset` pt above the top inset; false when the post is
    /// not on the page.
    @discardableResult
    public func restoreReadingPosition(postID: String, offset: Double) -> Bool {
        guard let i = page.loadedPostIndex(postID) else { return false }
        restoreAnchor((i, insetTop - offset))
        return true
    }
}
