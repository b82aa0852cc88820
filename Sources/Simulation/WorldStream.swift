import Embed
import LiveblogModel

/// B9: the rest of a liveblog body streaming in after the first frame. Older posts append
/// below and move nothing; pinned posts go in above, and the reader's anchor keeps its row as
/// for any live change (R3) unless a jump hold runs (the hook corrects then). They are the
/// body's own posts, not news: the "N new posts" pill does not count them.
extension World {
    func applyStreamed(_ posts: StreamedPosts) {
        let candidates = posts.pinned.isEmpty ? [] : anchorCandidates()
        pageSide.addStreamed(posts)
        pageCall { $0.applyStreamed(posts) }
        let kept = candidates.lazy
            .compactMap { c in self.pageSide.page.loadedPostIndex(c.id).map { ($0, c.viewportY) } }.first
        guard pageSide.page.held == nil, let (i, viewportY) = kept else { return }
        restoreAnchor((i, viewportY))
    }
}
