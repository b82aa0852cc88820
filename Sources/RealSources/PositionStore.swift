import Foundation

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

    /// The post's `post.y` (SPEC 9: its top minus the top inset) when the position is restored.
    public var postY: Double { -offset }

    /// positions.json spells the id `postID`.
    enum CodingKeys: String, CodingKey {
        case postId = "postID"
        case offset
    }
}

/// The reading position of every source (R5), one JSON file in the XDG state directory:
/// `$XDG_STATE_HOME/liveblog/positions.json`, `~/.local/state/liveblog/positions.json` when the
/// variable is unset or not absolute (XDG Base Directory Specification 0.8). The file is
/// `{"positions": {KEY: {"postID": …, "offset": …}}}`, KEY being `SourceLocation.positionKey`.
/// A missing or broken file reads as empty; writes replace the file atomically.
public struct PositionStore: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// The store at the default place for `environment`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(path: Self.defaultPath(environment: environment))
    }

    public static func defaultPath(environment: [String: String]) -> String {
        var base = environment["XDG_STATE_HOME"] ?? ""
        if !base.hasPrefix("/") {
            let home = environment["HOME"] ?? NSHomeDirectory()
            base = home + "/.local/state"
        }
        return base + "/liveblog/positions.json"
    }

    struct File: Codable {
        var positions: [String: ReadingPosition]
    }

    public func all() -> [String: ReadingPosition] {
        guard let data = FileManager.default.contents(atPath: path),
              let file = try? JSONDecoder().decode(File.self, from: data) else { return [:] }
        return file.positions
    }

    public func position(for key: String) -> ReadingPosition? { all()[key] }

    /// Keeps `position` for `key`; throws when the directory or file cannot be written.
    public func save(_ position: ReadingPosition, for key: String) throws {
        var positions = all()
        positions[key] = position
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try encoder.encode(File(positions: positions)).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
