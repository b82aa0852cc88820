/// Where the reader was: the first post at least partly visible under the top inset, and how far
/// the top of the visible area is inside it (pt; negative when the post starts lower down). The
/// one position of R5 (kept per source) and of W2 (kept per history entry).
public struct ReadingPosition: Codable, Hashable, Sendable {
    public var postId: String
    public var offset: Double

    public init(postId: String, offset: Double) {
        self.postId = postId
        self.offset = offset
    }

    /// The post's `post.y` (docs/contract.md: its top minus the top inset) when the position is restored.
    public var postY: Double { -offset }

    /// positions.json spells the id `postID`.
    enum CodingKeys: String, CodingKey {
        case postId = "postID"
        case offset
    }
}
