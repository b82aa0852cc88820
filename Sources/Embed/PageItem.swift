import LiveblogModel

/// How far a media item has got (I2).
public enum MediaState: Equatable, Sendable {
    case pending
    /// Loaded: the pixel size (from the PNG header or the declared size) and the local file, if any.
    case loaded(pixelWidth: Int, pixelHeight: Int, path: String?)
    /// Missing, not a PNG, or corrupt: a broken-image marker of the same size (I2).
    case failed(String)
}

/// One laid-out piece of the page, at an absolute page y (points) when returned by a query.
public struct PageItem: Sendable {
    public enum Kind: Sendable {
        case siteHeader(String)
        case title(StyledLine)
        case scoreboard(Scoreboard)
        case postMeta(time: String, highlight: Highlight)
        case headline(StyledLine)
        case sport(String)
        case text(StyledLine)
        case quote(StyledLine)
        case quoteAuthor(String)
        case media(Media, MediaState)
        case embed(WebEmbed, loaded: Bool)
        /// Issue 32: an embed that will not load (its address is not one a web view loads): a
        /// one-line card with why.
        case failedEmbed(WebEmbed, why: String)
        case emoji(String)
        case unknown(String)
        case rule
        case loadMore(remaining: Int, loading: Bool)
        case notice(String)
        /// Row `row` of the horizontal timeline strip (E15); the renderer asks the page for the cards.
        case stripRow(Int)
        case blank
    }
    public var y: Double
    public var height: Double
    public var kind: Kind
    /// The post this item belongs to (index in the page's loaded posts), nil for page chrome.
    public var postIndex: Int?
    /// Left margin in columns.
    public var indent: Int

    /// The styled runs of a line of text (body, quote or headline), where links can be; nil otherwise.
    public var textRuns: [TextRun]? {
        switch kind {
        case .text(let l), .quote(let l), .headline(let l): return l.runs
        default: return nil
        }
    }

    public init(y: Double, height: Double, kind: Kind, postIndex: Int? = nil, indent: Int = 1) {
        self.y = y
        self.height = height
        self.kind = kind
        self.postIndex = postIndex
        self.indent = indent
    }
}

/// Geometry of the page raster (U1, U2): points, 8 × 16 pt cells.
public struct CellMetrics: Sendable, Equatable {
    public var width: Double = 8
    public var height: Double = 16
    public init(width: Double = 8, height: Double = 16) {
        self.width = width
        self.height = height
    }
}
