import LiveblogModel

/// What changed between two snapshots of a polled liveblog (R3): posts new to the reader, posts
/// edited (same id, other content: a new `version` or `dateModified` always comes with one; a
/// bare version bump with the same content changes nothing on the page), and posts deleted (gone
/// from the list; the Tickaroo loader leaves out events with `local_status` 100). Ids are in the
/// new snapshot's order (newest first), deleted ones in the old one's.
public struct LiveDiff: Equatable, Sendable {
    public var added: [String] = []
    public var edited: [String] = []
    public var deleted: [String] = []

    public init(added: [String] = [], edited: [String] = [], deleted: [String] = []) {
        self.added = added
        self.edited = edited
        self.deleted = deleted
    }

    public var isEmpty: Bool { added.isEmpty && edited.isEmpty && deleted.isEmpty }

    /// The diff from `old` to `new`.
    public static func between(_ old: [Post], _ new: [Post]) -> LiveDiff {
        var before: [String: Int] = [:]
        for (i, post) in old.enumerated() { before[post.id] = i }
        var diff = LiveDiff()
        var seen = Set<String>()
        for post in new {
            seen.insert(post.id)
            guard let i = before[post.id] else {
                diff.added.append(post.id)
                continue
            }
            if old[i] != post { diff.edited.append(post.id) }
        }
        diff.deleted = old.map(\.id).filter { !seen.contains($0) }
        return diff
    }

    /// One line for the status bar and the trace: "2 new, 1 edited, 1 deleted".
    public var summary: String {
        var parts: [String] = []
        if !added.isEmpty { parts.append("\(added.count) new") }
        if !edited.isEmpty { parts.append("\(edited.count) edited") }
        if !deleted.isEmpty { parts.append("\(deleted.count) deleted") }
        return parts.isEmpty ? "no change" : parts.joined(separator: ", ")
    }
}

/// The order of a live page (R3): pinned posts (`sticky`, `stickyNoHighlight`) first, as the
/// embed pins them, then the others newest first; each group keeps the snapshot's order.
public enum LiveOrder {
    public static func isPinned(_ post: Post) -> Bool {
        post.highlight == .sticky || post.highlight == .stickyNoHighlight
    }

    public static func pinned(_ posts: [Post]) -> [Post] {
        posts.filter(isPinned) + posts.filter { !isPinned($0) }
    }
}
