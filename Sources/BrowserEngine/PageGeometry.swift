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
    /// The panels' marks of the posts that have any (L7), read again only when the DOM changed
    /// since the last reading: nil when it did not.
    public var marks: [String: PostMarks]?

    public var postIds: [String] { posts.map(\.id) }

    public func top(of id: String) -> Double? { posts.first { $0.id == id }?.top }

    /// The index of the post whose box holds page y `y`.
    public func index(at y: Double) -> Int? { posts.firstIndex { y >= $0.top && y < $0.top + $0.height } }
}

/// What the page's DOM marks a post as for the panels (L7), by the selector options: a
/// highlight (with the kind its `data-highlight` names, if any), a chapter (its title), a scorer
/// (its line); with the post's first heading or paragraph and its `<time datetime>`.
public struct PostMarks: Sendable, Equatable {
    public var highlight: String?
    public var chapter: String?
    public var scorer: String?
    public var text: String
    public var time: Double?

    public init(highlight: String? = nil, chapter: String? = nil, scorer: String? = nil, text: String = "",
                time: Double? = nil) {
        self.highlight = highlight
        self.chapter = chapter
        self.scorer = scorer
        self.text = text
        self.time = time
    }
}
