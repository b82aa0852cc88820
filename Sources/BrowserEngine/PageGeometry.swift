import EngineProcess
import LiveblogModel

/// Where the page's posts are (CSS px = pt, page coordinates), read from the engine after a
/// frame's layout (X5): the document's height and each post's box, in page order.
public struct PageGeometry: Sendable, Equatable {
    public struct PostBox: Sendable, Equatable {
        public let id: String
        public let top: Double
        public let height: Double

        package init(id: String, top: Double, height: Double) {
            self.id = id
            self.top = top
            self.height = height
        }
    }

    public let contentHeight: Double
    public let posts: [PostBox]
    /// The page's own scroll position (`window.scrollY`; 0 in a content-sized web view).
    public var scrollY: Double = 0
    /// The panels' marks of the posts that have any (L7), read again only when the DOM changed
    /// since the last reading: nil when it did not.
    public var marks: [String: PostMarks]?

    package init(contentHeight: Double, posts: [PostBox], scrollY: Double = 0, marks: [String: PostMarks]? = nil) {
        self.contentHeight = contentHeight
        self.posts = posts
        self.scrollY = scrollY
        self.marks = marks
    }

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

extension PageGeometry {
    /// The injected script's answer (`__liveblogDriver.geometry()`), either engine's.
    package static func parse(_ value: JSONValue) throws -> PageGeometry {
        guard let text = value.stringValue, let json = try? JSONParser.parse(text),
              let height = json["height"]?.doubleValue, let rows = json["posts"]?.arrayValue else {
            throw EngineError.malformed("the page's geometry")
        }
        // S4: a post whose box no layout gives (a page's own getBoundingClientRect, a huge
        // transform) is not laid out; the height and the scroll are clamped.
        let posts = rows.compactMap { row -> PageGeometry.PostBox? in
            guard let r = row.arrayValue, r.count == 3, let id = r[0].stringValue,
                  let top = PageNumber.coordinate(r[1].doubleValue), let h = PageNumber.size(r[2].doubleValue)
            else { return nil }
            return PageGeometry.PostBox(id: id, top: top, height: h)
        }
        var g = PageGeometry(contentHeight: PageNumber.clampedSize(height), posts: posts)
        g.scrollY = PageNumber.coordinate(json["scrollY"]?.doubleValue) ?? 0
        g.marks = json["marks"]?.objectPairs.map(EngineWebPage.marks)
        return g
    }
}
