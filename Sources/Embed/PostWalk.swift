import LiveblogModel

/// The parts of a post in the order the page shows them (E1): meta line, headline, sport
/// event, blocks, closing rule. One walk visits them; sinks decide what a part becomes.
protocol PostSink {
    /// True when the sink needs no more blocks (a card holds 11 lines).
    var isFull: Bool { get }
    mutating func meta(createdAt: Double, highlight: Highlight)
    mutating func headline(_ text: String)
    mutating func sport(_ text: String)
    mutating func block(_ block: Block)
    mutating func end()
}

enum PostWalk {
    /// A quote's text: two columns narrower, indented 3 (`PostProgram` tells it by this indent).
    static let quoteIndent = 3

    /// The one walk over a post: measuring, building items and timeline cards all go through it.
    static func walk<S: PostSink>(_ post: Post, into sink: inout S) {
        sink.meta(createdAt: post.createdAt, highlight: post.highlight)
        if let h = post.headline, !h.isEmpty { sink.headline(h) }
        if let s = post.sportEvent { sink.sport(sportText(s)) }
        for block in post.blocks {
            if sink.isFull { break }
            sink.block(block)
        }
        sink.end()
    }

    /// The sport event's line text (before wrapping).
    static func sportText(_ s: SportEvent) -> String {
        var t = s.isGoal ? "⚽ GOAL" : (s.title ?? s.eventType)
        if s.isGoal, let title = s.title, !title.isEmpty { t += " · \(title)" }
        if let tp = s.timeOfPlay { t += " \(tp)" }
        if !s.players.isEmpty { t += " — " + s.players.joined(separator: ", ") }
        if let team = s.team { t += " (\(team))" }
        return t
    }

    /// A post's time as HH:MM (UTC).
    static func clock(_ unix: Double) -> String {
        // A file may hold any number (1e300 traps in Int()).
        let s = abs(unix) < 1e15 ? Int(unix.rounded(.down)) : 0
        let m = ((s % 86400) + 86400) % 86400 / 60
        let h = m / 60, mm = m % 60
        let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]
        return String([digits[h / 10], digits[h % 10], ":", digits[mm / 10], digits[mm % 10]])
    }
}

/// Where a post's column lines go: counted (measuring) or built into items (drawing). Kinds are
/// autoclosures so that counting never builds them.
protocol LineSink {
    mutating func wrapped(_ text: RichText, columns: Int, indent: Int,
                          _ kind: (StyledLine) -> PageItem.Kind)
    mutating func wrapped(plain: String, columns: Int, _ kind: (String) -> PageItem.Kind)
    mutating func line(_ kind: @autoclosure () -> PageItem.Kind, indent: Int)
    mutating func block(_ kind: @autoclosure () -> PageItem.Kind, height: Double)
    /// An image or video: a block whose height `geometry` gives (recorders keep how it was found).
    mutating func media(_ m: Media, _ geometry: MediaGeometry)
    /// A web embed: a block whose height `geometry` gives (L6).
    mutating func embed(_ e: WebEmbed, _ geometry: MediaGeometry)
}

extension LineSink {
    mutating func media(_ m: Media, _ g: MediaGeometry) {
        block(.media(m, g.media.state(m)), height: g.height(m))
    }
    mutating func embed(_ e: WebEmbed, _ g: MediaGeometry) {
        block(g.embedItem(e), height: g.height(e))
    }
}

/// A post in the page's column (E1): the same steps whether its lines are counted or built, so
/// a measured height and a built layout cannot disagree.
struct ColumnSink<Lines: LineSink>: PostSink {
    var lines: Lines
    let columns: Int
    let geometry: MediaGeometry
    var isFull: Bool { false }

    mutating func meta(createdAt: Double, highlight: Highlight) {
        lines.line(.postMeta(time: PostWalk.clock(createdAt), highlight: highlight), indent: 1)
    }

    mutating func headline(_ text: String) {
        let bold = RichText(runs: [TextRun(text: text, bold: true)])
        lines.wrapped(bold, columns: columns, indent: 1) { .headline($0) }
    }

    mutating func sport(_ text: String) {
        lines.wrapped(plain: text, columns: columns) { .sport($0) }
    }

    mutating func block(_ block: Block) {
        let g = geometry
        switch block {
        case .text(let rt):
            lines.wrapped(rt, columns: columns, indent: 1) { .text($0) }
        case .quote(let rt, let author):
            lines.wrapped(rt, columns: max(1, columns - 2), indent: PostWalk.quoteIndent) { .quote($0) }
            if let a = author, !a.isEmpty { lines.line(.quoteAuthor("— " + a), indent: 3) }
        case .media(let ms):
            for m in ms { lines.media(m, g) }
        case .embed(let e):
            lines.embed(e, g)
        case .emoji(let e):
            lines.line(.emoji(e), indent: 1)
        case .unknown(let t):
            lines.line(.unknown(t), indent: 1)
        }
    }

    mutating func end() { lines.line(.rule, indent: 1) }
}

/// Measuring: text lines are counted without being wrapped into runs; blocks add their height.
struct LineCounter: LineSink {
    let lineHeight: Double
    private(set) var lines = 0
    private(set) var blocks = 0.0
    init(lineHeight: Double) { self.lineHeight = lineHeight }

    var height: Double { blocks + Double(lines) * lineHeight }

    mutating func wrapped(_ text: RichText, columns: Int, indent: Int,
                          _ kind: (StyledLine) -> PageItem.Kind) {
        lines += TextLayout.lineCount(text, columns: columns)
    }
    mutating func wrapped(plain: String, columns: Int, _ kind: (String) -> PageItem.Kind) {
        lines += TextLayout.lineCount(plain: plain, columns: columns)
    }
    mutating func line(_ kind: @autoclosure () -> PageItem.Kind, indent: Int) { lines += 1 }
    mutating func block(_ kind: @autoclosure () -> PageItem.Kind, height: Double) { blocks += height }
}

/// Building: every line becomes an item at its y relative to the post's top.
struct ItemBuilder: LineSink {
    let postIndex: Int
    let lineHeight: Double
    private(set) var items: [PageItem] = []
    private var y = 0.0
    init(postIndex: Int, lineHeight: Double) {
        self.postIndex = postIndex
        self.lineHeight = lineHeight
    }

    private mutating func add(_ kind: PageItem.Kind, height: Double, indent: Int) {
        items.append(PageItem(y: y, height: height, kind: kind, postIndex: postIndex, indent: indent))
        y += height
    }

    mutating func wrapped(_ text: RichText, columns: Int, indent: Int,
                          _ kind: (StyledLine) -> PageItem.Kind) {
        for l in TextLayout.wrap(text, columns: columns) { add(kind(l), height: lineHeight, indent: indent) }
    }
    mutating func wrapped(plain: String, columns: Int, _ kind: (String) -> PageItem.Kind) {
        for l in TextLayout.wrap(plain: plain, columns: columns) {
            add(kind(l), height: lineHeight, indent: 1)
        }
    }
    mutating func line(_ kind: @autoclosure () -> PageItem.Kind, indent: Int) {
        add(kind(), height: lineHeight, indent: indent)
    }
    mutating func block(_ kind: @autoclosure () -> PageItem.Kind, height: Double) {
        add(kind(), height: height, indent: 1)
    }
}

/// A card of the timeline strip (E15): the time, then the post's first lines as plain text,
/// at most `CardSink.maxLines`. Cards show no sport line, quote author or rule.
struct CardSink: PostSink {
    static let maxLines = 11
    let columns: Int
    private(set) var lines: [String] = []
    init(columns: Int) { self.columns = columns }

    var isFull: Bool { lines.count >= CardSink.maxLines }
    var card: [String] { Array(lines.prefix(CardSink.maxLines)) }

    mutating func meta(createdAt: Double, highlight: Highlight) {
        lines.append(PostWalk.clock(createdAt) + (highlight.isHighlight ? "  ★" : ""))
    }
    mutating func headline(_ text: String) { lines += TextLayout.wrap(plain: text, columns: columns) }
    mutating func sport(_ text: String) {}
    mutating func block(_ block: Block) {
        switch block {
        case .text(let t), .quote(let t, _): lines += TextLayout.wrap(plain: t.plainText, columns: columns)
        case .media(let ms):
            lines += ms.map { "[\($0.kind == .video ? "video" : "image"): \($0.alt ?? $0.id)]" }
        case .embed(let e): lines.append("[embed: \(e.url)]")
        case .emoji(let e): lines.append(e)
        case .unknown(let t): lines.append("[\(t)]")
        }
    }
    mutating func end() {}
}
