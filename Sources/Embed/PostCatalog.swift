import LiveblogModel

/// The liveblog's posts as the page holds them (L8, E3): every post newest first, the first
/// `loadedCount` of them on the page, and each post's position by id.
public struct PostCatalog: Sendable {
    public private(set) var liveblog: Liveblog
    public private(set) var loadedCount: Int
    /// Post id → its position counted from the oldest post, so that posts arriving at the top
    /// leave every entry valid. The index (newest first) is `posts.count - 1 - position`.
    /// Stored less `bias`: posts streamed in at the bottom (B9) move every position by one
    /// bias step instead of rewriting every entry.
    /// A `PostIndex`: 1 MB at 100 000 posts, a dictionary took 6.3 (B7).
    private var positionFromOldest = PostIndex()
    private var bias = 0

    /// Where a post is, seen from the loaded ones (E3).
    enum Location: Equatable {
        case loaded(Int)
        /// Not loaded yet: `beyond` posts past the last loaded one.
        case beyond(Int)
        case missing
    }

    init(liveblog: Liveblog, loadedCount: Int) {
        self.liveblog = liveblog
        self.loadedCount = loadedCount
        let n = liveblog.posts.count
        positionFromOldest = PostIndex(capacity: n)
        for (i, p) in liveblog.posts.enumerated() { setPosition(n - 1 - i, of: p.id) }
    }

    var posts: [Post] { liveblog.posts }
    /// Posts not loaded yet.
    var remaining: Int { liveblog.posts.count - loadedCount }

    /// The index (newest first) of any post the liveblog has, loaded or not.
    func index(of id: String) -> Int? {
        positionFromOldest.position(of: id, in: liveblog.posts, bias: bias)
            .map { liveblog.posts.count - 1 - (Int($0) + bias) }
    }

    /// Stores a post's position from the oldest (less `bias`); the post is in `posts` already.
    private mutating func setPosition(_ position: Int, of id: String) {
        positionFromOldest.set(Int32(position - bias), for: id, in: liveblog.posts, bias: bias)
    }

    /// The index of a loaded post.
    func loadedIndex(of id: String) -> Int? {
        guard let i = index(of: id), i < loadedCount else { return nil }
        return i
    }

    func locate(_ id: String) -> Location {
        guard let j = index(of: id) else { return .missing }
        return j < loadedCount ? .loaded(j) : .beyond(j - loadedCount + 1)
    }

    /// A liveblog that does not initialise lays out no posts (E14).
    mutating func unloadAll() { loadedCount = 0 }

    /// The next page of older posts (`size` 0: all of them); the range of the new ones.
    mutating func loadNextPage(size: Int) -> Range<Int> {
        let start = loadedCount
        let end = min(liveblog.posts.count, start + (size > 0 ? size : liveblog.posts.count))
        loadedCount = max(start, end)
        return start..<loadedCount
    }

    /// New posts at the top, loaded (L8). Positions count from the oldest post: O(new posts).
    mutating func insertAtTop(_ fresh: [Post]) {
        let oldCount = liveblog.posts.count
        liveblog.posts.insert(contentsOf: fresh, at: 0)
        for (k, p) in fresh.enumerated() { setPosition(oldCount + fresh.count - 1 - k, of: p.id) }
        loadedCount += fresh.count
    }

    /// Older posts streamed in at the bottom (B9), loaded when everything before was (`load`):
    /// O(new posts).
    mutating func appendAtBottom(_ older: [Post], load: Bool) {
        bias += older.count
        liveblog.posts.append(contentsOf: older)
        for (k, p) in older.enumerated() { setPosition(older.count - 1 - k, of: p.id) }
        if load { loadedCount += older.count }
    }

    /// Posts streamed in at index `i` (pinned ones after the pinned already there, B9), loaded
    /// when `i` is: O(posts) for the positions above them, O(new posts) for theirs.
    mutating func insert(_ fresh: [Post], at i: Int) {
        let below = liveblog.posts.count - i
        liveblog.posts.insert(contentsOf: fresh, at: i)
        // The posts above keep their index and gain `fresh.count` in position from the oldest.
        positionFromOldest.shift(atLeast: Int32(below - bias), by: Int32(fresh.count))
        for (k, p) in fresh.enumerated() { setPosition(below + fresh.count - 1 - k, of: p.id) }
        if i <= loadedCount { loadedCount += fresh.count }
    }
}
