import LiveblogModel

/// Posts of a liveblog body still arriving (B9), in the page's order: `pinned` ones go after the
/// pinned posts already at the top (R3 pins them there), `older` ones at the bottom. A body in
/// newest-first order (the Tickaroo API's, the generator's) streams in only through these two
/// places; any other order comes as a snapshot (`Page.applySnapshot`).
public struct StreamedPosts: Sendable {
    public var pinned: [Post]
    public var older: [Post]

    public init(pinned: [Post], older: [Post]) {
        self.pinned = pinned
        self.older = older
    }

    public var count: Int { pinned.count + older.count }

    /// R3: sticky posts are pinned at the top of a live page.
    public static func isPinned(_ post: Post) -> Bool {
        post.highlight == .sticky || post.highlight == .stickyNoHighlight
    }
}

extension Page {
    /// B9: streamed posts join the page through the paths of L8 and R3: pinned ones are
    /// inserted after the pinned posts (an O(n) height rebuild, once per batch), older ones
    /// appended at the bottom (O(log n) each in the height index), loaded when every post
    /// before them is and within the pages asked for (`pageSize`); their media load as a
    /// page's do. The world keeps the reader's anchor (`World.applyStreamed`).
    public func applyStreamed(_ posts: StreamedPosts) {
        guard isLive, posts.count > 0 else { return }
        for p in posts.pinned + posts.older { media.index(p) }
        let g = geometry
        if !posts.pinned.isEmpty {
            let at = catalog.posts.prefix(while: StreamedPosts.isPinned).count
            let loaded = at <= catalog.loadedCount
            catalog.insert(posts.pinned, at: at)
            if loaded {
                layout.insert(posts.pinned.map { layout.measure($0, g) }, at: at)
                for p in posts.pinned { enqueueMedia(of: p) }
            }
        }
        if !posts.older.isEmpty {
            let start = catalog.loadedCount
            let room = config.pageSize > 0 ? config.pageSize * (pagesRequested + 1) - start : Int.max
            let loading = catalog.remaining == 0 ? max(0, min(posts.older.count, room)) : 0
            catalog.appendAtBottom(Array(posts.older[..<loading]), load: true)
            catalog.appendAtBottom(Array(posts.older[loading...]), load: false)
            layout.append(posts.older[..<loading].map { layout.measure($0, g) })
            enqueueMedia(postRange: start..<(start + loading))
        }
        emitLayout("stream")
    }
}
