import LiveblogModel

/// The horizontal timeline strip (E15): the posts as cards side by side, scrolled by the embed
/// itself. A jump scrolls the strip to the post's card; only the page position goes to the hook.
public struct TimelineStrip: Sendable {
    /// Twelve lines of cards: the time, then the post's first lines.
    public static let rows = 12
    /// The strip's own horizontal scroll position in columns.
    public private(set) var x = 0
    /// Cards by post id and card width (sanitised text).
    private var cache: [String: [String]] = [:]
    private static let cacheLimit = 2000

    /// Card width in columns at a page's text width.
    public static func cardColumns(contentColumns: Int) -> Int { max(8, min(34, contentColumns - 2)) }
    /// The distance from one card to the next.
    public static func cardPitch(contentColumns: Int) -> Int {
        cardColumns(contentColumns: contentColumns) + 2
    }
    public static func maxX(cards: Int, contentColumns: Int) -> Int {
        max(0, cards * cardPitch(contentColumns: contentColumns) - 2 - contentColumns)
    }

    /// Scrolls to `x` columns, kept inside the strip.
    mutating func scroll(to newX: Int, maxX: Int) { x = min(max(0, newX), maxX) }

    /// A post's card lines, cached per post and width: the post walk into a `CardSink`.
    mutating func card(_ post: Post, columns: Int) -> [String] {
        let key = "\(post.id)|\(columns)"
        if let c = cache[key] { return c }
        var sink = CardSink(columns: columns)
        PostWalk.walk(post, into: &sink)
        if cache.count > TimelineStrip.cacheLimit { cache.removeAll() }
        let out = sink.card
        cache[key] = out
        return out
    }
}
