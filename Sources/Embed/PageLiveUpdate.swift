import LiveblogModel

/// A polled snapshot applied to the page (R3): new posts at the top, edited ones replaced in
/// place, deleted ones removed, the order the snapshot gives (pinned posts first). Heights are
/// measured again for the posts on the page; media already loaded keep their state, new media
/// are requested. A held jump sees its post move and corrects (E10) at the next frame.
extension Page {
    public func applySnapshot(_ posts: [Post]) {
        guard isLive else { return }
        let wasAllLoaded = catalog.remaining == 0
        let added = posts.filter { catalog.index(of: $0.id) == nil }.count
        var liveblog = catalog.liveblog
        liveblog.posts = posts
        let loaded = wasAllLoaded ? posts.count : min(posts.count, catalog.loadedCount + added)
        catalog = PostCatalog(liveblog: liveblog, loadedCount: loaded)
        postsInsertedAtTop += added
        for p in posts { media.index(p) }
        layout.postsReplaced()
        relayoutAll()
        enqueueMedia(postRange: 0..<catalog.loadedCount)
        emitLayout("live")
    }
}
