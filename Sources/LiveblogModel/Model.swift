import Foundation

/// A liveblog as every loader produces it: posts newest first, blocks already resolved
/// (media items point at their media, not at ids), text already sanitised (T8).
public struct Liveblog: Sendable {
    public enum Format: String, Sendable { case tickaroo, jsonFeed = "jsonfeed", jsonLD = "jsonld", generated }

    public var id: String
    public var title: String
    public var scoreboard: Scoreboard?
    /// Newest first (L4).
    public var posts: [Post]
    public var format: Format
    /// Where relative media paths are resolved; nil for inline liveblogs with no file.
    public var baseDirectory: String?

    public init(id: String, title: String, scoreboard: Scoreboard? = nil, posts: [Post],
                format: Format = .tickaroo, baseDirectory: String? = nil) {
        self.id = id; self.title = title; self.scoreboard = scoreboard; self.posts = posts
        self.format = format; self.baseDirectory = baseDirectory
    }

    /// Highlights the reader can jump from (L7): sticky, inplace and milestone posts, newest first.
    public var highlights: [Post] { posts.filter { $0.highlight.isHighlight } }
    /// Chapters (L7): milestone posts that have a headline.
    public var chapters: [Post] { posts.filter { $0.highlight == .milestone && !($0.headline ?? "").isEmpty } }
    /// Scorers (L7): posts whose sport event is a goal.
    public var scorers: [Post] { posts.filter { $0.sportEvent?.isGoal == true } }

    public func index(ofPost id: String) -> Int? { posts.firstIndex { $0.id == id } }
}

public struct Scoreboard: Sendable, Equatable {
    public var homeTeam: String
    public var awayTeam: String
    public var homeScore: Int
    public var awayScore: Int
    public init(homeTeam: String, awayTeam: String, homeScore: Int, awayScore: Int) {
        self.homeTeam = homeTeam; self.awayTeam = awayTeam; self.homeScore = homeScore; self.awayScore = awayScore
    }
}

public enum Highlight: String, Sendable, CaseIterable {
    case none = ""
    case sticky
    case stickyNoHighlight
    case inplace
    case milestone

    public var isHighlight: Bool { self == .sticky || self == .inplace || self == .milestone }
}

public struct Post: Sendable, Equatable {
    public var id: String
    /// Unix seconds.
    public var createdAt: Double
    public var highlight: Highlight
    /// Milestone headline (chapters); also a post title from JSON Feed / JSON-LD.
    public var headline: String?
    public var blocks: [Block]
    /// Boxed: most posts have none, and inline it would double a post's size (B6, B7).
    public var sportEvent: SportEvent? {
        get { sportEventBox.first }
        set { sportEventBox = newValue.map { [$0] } ?? [] }
    }
    private var sportEventBox: [SportEvent] = []

    public init(id: String, createdAt: Double, highlight: Highlight = .none, headline: String? = nil,
                blocks: [Block], sportEvent: SportEvent? = nil) {
        self.id = id; self.createdAt = createdAt; self.highlight = highlight; self.headline = headline
        self.blocks = blocks
        self.sportEventBox = sportEvent.map { [$0] } ?? []
    }
}

/// A post's block. Quotes and embeds are boxed (`indirect`): inline, their 40-byte payloads would
/// make every block 48 bytes where 32 hold the rest (B6, B7: a heavy liveblog has 200 000 blocks).
public enum Block: Sendable, Equatable {
    case text(RichText)
    case media([Media])
    indirect case embed(WebEmbed)
    indirect case quote(text: RichText, author: String?)
    case emoji(String)
    /// A block type we do not know: shown as a one-line placeholder (L1).
    case unknown(type: String)
}


public struct TextRun: Sendable, Equatable {
    public var text: String
    public var bold: Bool
    public var italic: Bool
    /// Link target (href), already sanitised.
    public var link: String?
    public init(text: String, bold: Bool = false, italic: Bool = false, link: String? = nil) {
        self.text = text; self.bold = bold; self.italic = italic; self.link = link
    }
}

public struct Media: Sendable, Equatable {
    public enum Kind: String, Sendable { case image = "i", video = "v" }
    public var id: String
    public var kind: Kind
    /// Declared size in pixels; when both are known the final height is reserved from the start (L5).
    public var width: Double?
    public var height: Double?
    public var url: String
    public var alt: String?
    public init(id: String, kind: Kind = .image, width: Double? = nil, height: Double? = nil, url: String, alt: String? = nil) {
        self.id = id; self.kind = kind; self.width = width; self.height = height; self.url = url; self.alt = alt
    }
    public var hasDeclaredSize: Bool {
        if let w = width, let h = height, w > 0, h > 0 { return true }
        return false
    }
}

public struct WebEmbed: Sendable, Equatable {
    public var id: String
    public var url: String
    /// `oembed_json.height`: the placeholder's height, and the final one (L6).
    public var declaredHeight: Double?
    public init(id: String, url: String, declaredHeight: Double? = nil) {
        self.id = id; self.url = url; self.declaredHeight = declaredHeight
    }
}

public struct SportEvent: Sendable, Equatable {
    public var eventType: String
    public var title: String?
    public var team: String?
    public var players: [String]
    public var timeOfPlay: String?
    public init(eventType: String, title: String? = nil, team: String? = nil, players: [String] = [], timeOfPlay: String? = nil) {
        self.eventType = eventType; self.title = title; self.team = team; self.players = players; self.timeOfPlay = timeOfPlay
    }
    public var isGoal: Bool { eventType.lowercased().contains("goal") }
}

/// An error in a liveblog file: which file, where in it (a JSON path or a line), and what (L4).
public struct LiveblogError: Error, CustomStringConvertible, Sendable, Equatable {
    public var file: String
    public var place: String
    public var message: String
    public init(file: String, place: String, message: String) {
        self.file = file; self.place = place; self.message = message
    }
    public var description: String { place.isEmpty ? "\(file): \(message)" : "\(file): \(place): \(message)" }
}
