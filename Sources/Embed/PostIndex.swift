import LiveblogModel

/// The catalog's post id → position table (B7): a `SlotIndex` of stored positions and nothing
/// else. A slot's key is the id of the post its position points at, read from the posts
/// themselves, so the table keeps no ids of its own (1 MB at 100 000 posts; a dictionary took
/// 6.3 MB, an `IDTable` 3). Every stored position must point at a post of `posts` whenever the
/// table is read or written: the catalog changes its posts first, then the table.
struct PostIndex: Sendable {
    private var index: SlotIndex

    init(capacity n: Int = 0) { index = SlotIndex(capacity: n) }

    var count: Int { index.count }

    /// The id of the post a stored position points at: index `posts.count - 1 - (stored + bias)`.
    private static func key(_ stored: Int32, _ posts: [Post], _ bias: Int) -> String? {
        let i = posts.count - 1 - (Int(stored) + bias)
        return i >= 0 && i < posts.count ? posts[i].id : nil
    }

    /// The stored position of the post with this id.
    func position(of id: String, in posts: [Post], bias: Int) -> Int32? {
        let (s, found) = index.find(id) { PostIndex.key($0, posts, bias) }
        return found ? index[s] : nil
    }

    /// Stores the position of the post with this id (replacing the one stored for that id).
    mutating func set(_ stored: Int32, for id: String, in posts: [Post], bias: Int) {
        index.reserveOne { PostIndex.key($0, posts, bias) }
        let (s, _) = index.find(id) { PostIndex.key($0, posts, bias) }
        index.set(slot: s, to: stored)
    }

    /// Adds `delta` to every stored position of at least `threshold` (posts inserted below them).
    mutating func shift(atLeast threshold: Int32, by delta: Int32) {
        index.shift(atLeast: threshold, by: delta)
    }
}
