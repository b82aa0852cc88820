import Foundation

/// Reads a liveblog in any supported format (L1–L3), detected from content.
/// (Skeleton: the loaders are being written; see issue 2 / 5.)
public enum LiveblogLoader {
    /// Loads a file; errors name the file and the place (L4).
    public static func load(path: String) throws -> Liveblog {
        throw LiveblogError(file: path, place: "", message: "loader not written yet")
    }

    /// Parses an already-read JSON value (an inline liveblog in a scenario, for example).
    public static func load(json: JSONValue, name: String, baseDirectory: String?) throws -> Liveblog {
        throw LiveblogError(file: name, place: "", message: "loader not written yet")
    }
}
