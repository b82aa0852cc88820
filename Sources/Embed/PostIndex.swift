import LiveblogModel

/// The catalog's post id → position table (B7): open addressing over 32-bit stored positions and
/// nothing else. A slot's key is the id of the post its position points at, read from the posts
/// themselves, so the table keeps no ids of its own (1 MB at 100 000 posts; a dictionary took
/// 6.3 MB, an `IDTable` 3). Every stored position must point at a post of `posts` whenever the
/// table is read or written: the catalog changes its posts first, then the table.
struct PostIndex: Sendable {
    private static let empty = Int32.min
    private var slots: [Int32] = []
    private(set) var count = 0

    init(capacity n: Int = 0) {
        slots = [Int32](repeating: PostIndex.empty, count: PostIndex.slotCount(for: n))
    }

    private static func slotCount(for n: Int) -> Int {
        var s = 16
        while s * 3 < n * 4 + 4 { s *= 2 }
        return s
    }

    /// The post a stored position points at: index `posts.count - 1 - (stored + bias)`.
    @inline(__always)
    private static func index(_ stored: Int32, _ posts: [Post], _ bias: Int) -> Int {
        posts.count - 1 - (Int(stored) + bias)
    }

    private func find(_ id: String, _ posts: [Post], _ bias: Int) -> (slot: Int, found: Bool) {
        let mask = slots.count - 1
        var s = id.hashValue & mask
        while true {
            let v = slots[s]
            if v == PostIndex.empty { return (s, false) }
            let i = PostIndex.index(v, posts, bias)
            if i >= 0, i < posts.count, posts[i].id == id { return (s, true) }
            s = (s + 1) & mask
        }
    }

    /// The stored position of the post with this id.
    func position(of id: String, in posts: [Post], bias: Int) -> Int32? {
        guard !slots.isEmpty else { return nil }
        let (s, found) = find(id, posts, bias)
        return found ? slots[s] : nil
    }

    /// Stores the position of the post with this id (replacing the one stored for that id).
    mutating func set(_ stored: Int32, for id: String, in posts: [Post], bias: Int) {
        if (count + 1) * 4 > slots.count * 3 { grow(posts, bias) }
        let (s, found) = find(id, posts, bias)
        if !found { count += 1 }
        slots[s] = stored
    }

    /// Adds `delta` to every stored position of at least `threshold` (posts inserted below them).
    mutating func shift(atLeast threshold: Int32, by delta: Int32) {
        for s in slots.indices where slots[s] != PostIndex.empty && slots[s] >= threshold { slots[s] += delta }
    }

    private mutating func grow(_ posts: [Post], _ bias: Int) {
        let old = slots
        slots = [Int32](repeating: PostIndex.empty, count: PostIndex.slotCount(for: max(16, count * 2)))
        let mask = slots.count - 1
        for v in old where v != PostIndex.empty {
            var s = posts[PostIndex.index(v, posts, bias)].id.hashValue & mask
            while slots[s] != PostIndex.empty { s = (s + 1) & mask }
            slots[s] = v
        }
    }
}
