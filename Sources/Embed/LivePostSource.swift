import LiveblogModel

/// New posts arriving while the reader watches (L8): a seeded stream of short match updates,
/// a third of them with a photo. Post k of the stream depends only on the seed and k, so a
/// source made for a page goes on where the live posts the page already got left off.
public struct LivePostSource {
    private static let lines = [
        "Corner kick swung in, headed clear at the near post.",
        "A long spell of possession in midfield; nobody wants to lose the ball now.",
        "Substitution warming up on the touchline.",
        "The crowd is on its feet after a quick break down the left.",
        "Free kick 25 metres out — the wall is lining up.",
        "Yellow card for a late challenge. The bench is not happy.",
        "Shot from distance, just over the bar!",
    ]
    private static let photoShare = 0.35
    /// Seconds between consecutive live posts.
    private static let spacing = 30.0

    private var rng: SeededRandom

    /// The stream for `seed`, positioned after its first `position` posts.
    public init(seed: UInt64, position: Int = 0) {
        rng = SeededRandom(seed: seed ^ 0x5EED)
        for _ in 0..<max(0, position) { _ = draw() }
    }

    /// The stream for a page: its network seed, after the posts the page got at the top.
    public init(for page: any WebPage) {
        self.init(seed: page.config.networkSeed, position: page.postsInsertedAtTop)
    }

    /// The next `n` live posts for a page, from the stream positioned for it.
    public static func next(_ n: Int, for page: any WebPage) -> [Post] {
        var source = LivePostSource(for: page)
        return source.next(n, for: page)
    }

    /// One post's random choices: which line, and whether it has a photo.
    private mutating func draw() -> (line: Int, photo: Bool) {
        let line = rng.int(0, LivePostSource.lines.count - 1)
        return (line, rng.unit() < LivePostSource.photoShare)
    }

    /// The next `n` posts, newest first, ids `live-K` not yet taken on `page`, 30 s apart after
    /// `unixTime` (default: the page's newest post).
    public mutating func next(_ n: Int, for page: any WebPage, at unixTime: Double? = nil) -> [Post] {
        let newest = unixTime ?? page.liveblog.posts.first?.createdAt ?? 1_700_000_000
        var counter = 0
        var fresh: [Post] = []
        for k in 0..<max(0, n) {
            counter += 1
            while page.exists("live-\(counter)") { counter += 1 }
            let time = newest + Double(n - k) * LivePostSource.spacing
            fresh.append(post(id: "live-\(counter)", time: time, n: counter))
        }
        return fresh
    }

    private mutating func post(id: String, time: Double, n: Int) -> Post {
        let d = draw()
        let line = LivePostSource.lines[d.line]
        let text = RichText(runs: [TextRun(text: "Live: ", bold: true), TextRun(text: line)])
        var blocks: [Block] = [.text(text)]
        if d.photo {
            blocks.append(.media([Media(id: "\(id)-img", kind: .image, width: 1600, height: 900,
                                        url: "https://media.example.com/\(id).png", alt: "Live photo \(n)")]))
        }
        return Post(id: id, createdAt: time, blocks: blocks)
    }
}
