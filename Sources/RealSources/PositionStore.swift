import LiveblogModel
import Foundation


/// The reading position of every source (R5), one JSON file in the XDG state directory:
/// `$XDG_STATE_HOME/liveblog/positions.json`, `~/.local/state/liveblog/positions.json` when the
/// variable is unset or not absolute (XDG Base Directory Specification 0.8). The file is
/// `{"positions": {KEY: {"postID": …, "offset": …}}}`, KEY being `SourceLocation.positionKey`.
/// Issue 31: an entry that does not parse is dropped and reported, the others are kept; a file
/// that does not parse at all is kept beside it (`positions.json.bad`) before a new one is
/// written. Writes replace the file atomically, mode 0600 (a directory 0700, as XDG asks).
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

    /// What the file holds: the entries that parse, and what was left out and why.
    public struct Contents: Sendable {
        public var positions: [String: ReadingPosition] = [:]
        /// "KEY: why" for each entry dropped; "the file: why" when none of it parses.
        public var dropped: [String] = []
        /// The file exists but is no positions file at all.
        public var unreadable = false
    }

    /// The file's entries, one by one: a bad entry costs only itself.
    public func read() -> Contents {
        var out = Contents()
        guard let data = FileManager.default.contents(atPath: path) else { return out }
        guard let top = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let entries = top["positions"] as? [String: Any] else {
            out.unreadable = true
            out.dropped = ["the file: not a positions file"]
            return out
        }
        for key in entries.keys.sorted() {
            guard let value = entries[key], JSONSerialization.isValidJSONObject([value]),
                  let bytes = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]),
                  let position = try? JSONDecoder().decode(ReadingPosition.self, from: bytes) else {
                out.dropped.append("\(key): not a reading position")
                continue
            }
            out.positions[key] = position
        }
        return out
    }

    public func all() -> [String: ReadingPosition] { read().positions }

    public func position(for key: String) -> ReadingPosition? { all()[key] }

    /// Keeps `position` for `key`; the entries dropped on the way ("KEY: why"), to report.
    /// Throws when the directory or file cannot be written.
    @discardableResult
    public func save(_ position: ReadingPosition, for key: String) throws -> [String] {
        var contents = read()
        contents.positions[key] = position
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        if contents.unreadable {
            _ = rename(path, path + ".bad")
            contents.dropped = ["the file was not a positions file: kept as \(path).bad"]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try Self.writePrivately(encoder.encode(File(positions: contents.positions)), to: path)
        return contents.dropped
    }

    /// Writes `data` to a temporary file of mode 0600 beside `path`, then renames it over `path`.
    static func writePrivately(_ data: Data, to path: String) throws {
        let temp = path + ".\(getpid()).tmp"
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path]) }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        do {
            _ = fchmod(fd, 0o600)
            try handle.write(contentsOf: data)
            try handle.close()
            guard rename(temp, path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
        } catch {
            unlink(temp)
            throw error
        }
    }
}
