/// Where the page's posts are (CSS px = pt, page coordinates), read from the engine after a
/// frame's layout (X5): the document's height and each post's box, in page order.
public struct PageGeometry: Sendable, Equatable {
    public struct PostBox: Sendable, Equatable {
        public let id: String
        public let top: Double
        public let height: Double
    }

    public let contentHeight: Double
    public let posts: [PostBox]
    /// The page's own scroll position (`window.scrollY`; 0 in a content-sized web view).
    public var scrollY: Double = 0

    public var postIds: [String] { posts.map(\.id) }

    public func top(of id: String) -> Double? { posts.first { $0.id == id }?.top }

    /// The index of the post whose box holds page y `y`.
    public func index(at y: Double) -> Int? { posts.firstIndex { y >= $0.top && y < $0.top + $0.height } }
}
