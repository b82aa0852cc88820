import Fetch
import Foundation

/// Where a liveblog comes from (R1): a file path, or an `http://` / `https://` URL.
public enum SourceLocation: Hashable, Sendable, CustomStringConvertible {
    case file(String)
    case url(URL)

    /// `text` as the reader typed it: an http(s) URL, else a path.
    public init(_ text: String) {
        let lower = text.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://"), let url = URL(string: text) {
            self = .url(url)
        } else {
            self = .file(text)
        }
    }

    /// A real source is read over the network (R2: `--network real` is its default).
    public var isURL: Bool {
        if case .url = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case let .file(path): return path
        case let .url(url): return url.redacted
        }
    }

    /// The key of the reading position (R5): the absolute path, or the URL without its fragment
    /// (and without credentials, issue 31).
    public var positionKey: String {
        switch self {
        case let .file(path):
            return URL(fileURLWithPath: path).standardizedFileURL.path
        case let .url(url):
            guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
                return url.absoluteString
            }
            parts.fragment = nil
            parts.user = nil
            parts.password = nil
            return parts.string ?? url.redacted
        }
    }

    /// The post of a `#tickaroo_event_id=ID` fragment on a URL source (a deep link, E-series).
    public var deepLinkID: String? {
        guard case let .url(url) = self, let fragment = url.fragment else { return nil }
        let key = "tickaroo_event_id="
        for part in fragment.split(separator: "&") where part.hasPrefix(key) {
            let id = String(part.dropFirst(key.count))
            return id.isEmpty ? nil : (id.removingPercentEncoding ?? id)
        }
        return nil
    }
}
