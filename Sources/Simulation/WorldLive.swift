import LiveblogModel
import Embed

/// Live updates without moving the reader (R3): the anchor (the first post at least partly
/// visible under the top inset) keeps its row across any change above it, as browser scroll
/// anchoring does, unless a jump hold runs (then the hook corrects, as on a phone). Posts that
/// arrive above the viewport count for the "N new posts" pill.
extension World {
    func pollLiveFeed() {
        switch pageSide.liveFeed?.update(tick: tick) {
        case let .snapshot(snapshot)?: applyLive(snapshot)
        case let .failed(message)?: pageCall { $0.log("warn", "live update failed: \(message)") }
        case let .streamed(posts)?: applyStreamed(posts)
        case nil: break
        }
    }

    /// Applies a snapshot now.
    func applyLive(_ snapshot: LiveSnapshot) {
        keepingTheReadersPlace {
            pageSide.source.posts = snapshot.posts
            pageCall { page in
                page.applySnapshot(snapshot.posts)
                page.log("info", "live update: \(snapshot.summary)")
            }
            return snapshot.added
        }
    }

    /// Generated live posts (L8: `view --live N`, the `l` key, the scenario event `live`, which a
    /// `--live` recording writes) through the same anchoring and pill path as a polled source
    /// (R3, issue 32): `n` posts arrive at the top and the reader's line stays.
    func receiveLivePosts(_ n: Int) {
        keepingTheReadersPlace {
            let fresh = pageCall { page -> [Post] in
                let posts = LivePostSource.next(n, for: page)
                page.insertPostsAtTop(posts)
                return posts
            }
            return fresh.map(\.id)
        }
    }

    /// The one anchoring and pill path for new posts (R3): `change` alters the page and returns
    /// the ids that arrived; the anchor (or, when it went, the next post that stays, as a
    /// browser picks a new one) keeps its row unless a jump hold runs, and the posts that came
    /// above it count for the pill unless the reader was at the top.
    func keepingTheReadersPlace(_ change: () -> [String]) {
        let candidates = anchorCandidates()
        let atTop = scrollSide.isAtTop(webAtTop: pageSide.page.scrollY <= 0.5)
        let added = change()
        let kept = candidates.lazy
            .compactMap { c in self.pageSide.page.loadedPostIndex(c.id).map { ($0, c.viewportY) } }.first
        guard pageSide.page.held == nil, let (i, viewportY) = kept else { return }
        let above = added.filter { id in pageSide.page.loadedPostIndex(id).map { $0 < i } ?? false }.count
        if !atTop { pageSide.newPostsAbove += above }
        restoreAnchor((i, viewportY))
    }

    /// The anchor and the few posts after it, each with the viewport y of its top.
    func anchorCandidates() -> [(id: String, viewportY: Double)] {
        guard let anchor = readingAnchor() else { return [] }
        let posts = pageSide.page.liveblog.posts
        let end = min(pageSide.page.loadedCount, anchor.postIndex + 8)
        return (anchor.postIndex..<end).map { k in
            (posts[k].id, viewportY(pageY: pageSide.page.postTop(index: k)))
        }
    }

    /// The pill's key or click: to the newest post (the top of the list), the pill goes.
    func jumpToNewest() {
        pageSide.newPostsAbove = 0
        scroll(by: panRoom(contentUp: false), homeEnd: true)
    }

    /// The pill hides once the reader is back at the top (the frame asks while the pill shows,
    /// as it polls the live feed only while there is one).
    func updatePill() {
        pageSide.hidePill(listAtTop: scrollSide.isAtTop(webAtTop: true))
    }
}

/// R5: the reading position (`readingPosition()`, the one W2's history keeps: the post at the top
/// of the visible area and how far its top is above the top inset, pt), taken when the viewer
/// quits and given back at the next open.
extension World {
    /// Scrolls so that `postID`'s top is `offset` pt above the top inset; false when the post is
    /// not on the page.
    @discardableResult
    func restoreReadingPosition(postID: String, offset: Double) -> Bool {
        guard let i = pageSide.page.loadedPostIndex(postID) else { return false }
        restoreAnchor((i, insetTop - offset))
        return true
    }
}
