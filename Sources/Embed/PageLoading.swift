import LiveblogModel

/// The page's side of loading (I1, I2, L5, L6, L8): what it asks its `ResourceLoader` for, and
/// what a completion changes (a post's height, the loaded posts).
extension Page {
    public var isLoading: Bool { !loader.isIdle }
    public var networkProfile: NetworkProfile { loader.networkProfile }
    public func setNetworkProfile(_ p: NetworkProfile) { loader.setNetworkProfile(p, tick: tick) }

    /// The share of the page's resources loaded, 0…1 (W1, `PageProgress`).
    public var estimatedProgress: Double { progress.value }

    /// Asks the loader, and counts the request in the progress (W1).
    func request(_ r: ResourceRequest) {
        let s = slot(of: r.key)
        progress.requested(r.key, slot: s)
        loader.request(r, slot: s, tick: tick)
    }

    /// A media's or embed's entry in the owner table: the number the per-request tables of the
    /// progress and the loader keep it under (B7); nil for a page of posts or an id no post holds.
    func slot(of r: Request) -> Int? {
        switch r {
        case .media(let id), .embed(let id): return media.owner.entry(of: id)
        case .page: return nil
        }
    }

    func enqueueMedia(postRange: Range<Int>) {
        guard !config.lazyMedia else { return }
        for i in postRange { enqueueMedia(of: catalog.posts[i]) }
    }

    func enqueueMedia(of post: Post) {
        for b in post.blocks {
            switch b {
            case .media(let ms):
                for m in ms where media.state(of: m.id) == nil {
                    // The item as the post that holds its id has it (the first of that id in the
                    // last post indexed with it): this one, unless an id was met twice (B7).
                    request(.media(media.repeatedIDs ? findMedia(m.id) ?? m : m))
                }
            case .embed(let e) where !media.isLoaded(e):
                // Every embed loads (L6); one with a declared oEmbed height keeps it, so it moves
                // nothing. One whose address a web view does not load fails instead (issue 32),
                // told at the next frame as a loader's answer would be.
                if let why = EmbedAddress.failure(of: e.url) {
                    if !refusedEmbeds.contains(where: { $0.key == .embed(e.id) }) {
                        refusedEmbeds.append(.embedFailed(id: e.id, why: why))
                    }
                } else {
                    request(.embed(id: e.id))
                }
            default:
                break
            }
        }
    }

    /// Lazy loading: asks for the media of posts overlapping [y0, y1) (the visible area ± a viewport).
    public func requestMedia(visibleFrom y0: Double, to y1: Double) {
        guard config.lazyMedia, isLive else { return }
        guard var i = postIndex(at: max(headerHeight, y0)) else { return }
        while i < loadedCount, postTop(index: i) < y1 {
            enqueueMedia(of: catalog.posts[i])
            i += 1
        }
    }

    /// The media item with this id, as the post that holds it has it.
    func findMedia(_ id: String) -> Media? {
        guard let pid = media.owner[id], let i = catalog.index(of: pid) else { return nil }
        for b in catalog.posts[i].blocks {
            if case .media(let ms) = b, let m = ms.first(where: { $0.id == id }) { return m }
        }
        return nil
    }

    func apply(_ c: ResourceCompletion) {
        // A removed page loads nothing more (its layout is gone; late loads must not index it).
        guard isLive else { return }
        switch c {
        case .media(let id, let state):
            media.setState(state, of: id)
            if case .failed(let why) = state { log("warn", "image \(id) failed to load: \(why)") }
            if let pid = media.owner[id] { relayoutPost(id: pid) }
            emitLayout("image")
        case .embed(let id, let height):
            media.setEmbedHeight(height, of: id)
            if let pid = media.owner[id] { relayoutPost(id: pid) }
            emitLayout("embed")
        case .embedFailed(let id, let why):
            media.setEmbedFailed(why, of: id)
            log("warn", "embed \(id) will not load: \(why)")
            if let pid = media.owner[id] { relayoutPost(id: pid) }
            emitLayout("embed")
        case .page:
            pageLoading = false
            loadNextPage()
        }
    }

    /// One post changed (a media or embed load): its height again, its items rebuilt when drawn (B2).
    private func relayoutPost(id: String) {
        guard isLive, let i = catalog.loadedIndex(of: id) else { return }
        layout.remeasure(i, catalog.posts[i], geometry)
    }

    /// Completes a media item's or embed's load now (scenario `load`).
    @discardableResult
    public func forceLoad(_ id: String) -> Bool {
        guard media.owner[id] != nil else { return false }
        let r: ResourceRequest = findMedia(id).map { .media($0) } ?? .embed(id: id)
        let s = slot(of: r.key)
        apply(loader.force(r, slot: s, tick: tick))
        progress.completed(r.key, slot: s)
        return true
    }

    /// The reader pressed "load more" (L8).
    public func requestMorePosts() {
        guard isLive, catalog.remaining > 0, !pageLoading else { return }
        pageLoading = true
        pagesRequested += 1
        request(.page(pagesRequested))
    }

    private func loadNextPage() {
        let range = catalog.loadNextPage(size: config.pageSize)
        guard !range.isEmpty else { return }
        let g = geometry
        layout.append(range.map { layout.measure(catalog.posts[$0], g) })
        enqueueMedia(postRange: range)
        emitLayout("page")
        guard let p = pendingNav else { return }
        if catalog.loadedIndex(of: p.id) != nil {
            pendingNav = nil
            navigate(to: p.id, topOffset: p.topOffset, via: p.via)
        } else {
            requestMorePosts()
        }
    }

    /// New posts arrive at the top (L8), e.g. from a `LivePostSource`. Their media load at once.
    public func insertPostsAtTop(_ fresh: [Post]) {
        guard isLive, !fresh.isEmpty else { return }
        catalog.insertAtTop(fresh)
        for p in fresh { media.index(p) }
        postsInsertedAtTop += fresh.count
        let g = geometry
        layout.insertAtTop(fresh.indices.map { layout.measure(catalog.posts[$0], g) })
        for p in fresh { enqueueMedia(of: p) }
        emitLayout("live")
    }
}
