import Foundation
import LiveblogModel

/// Media of a liveblog read from a URL point at absolute URLs (R2): a relative `url` is
/// resolved against the URL that answered, as a browser resolves `<img src>`.
public enum MediaURLs {
    public static func resolve(_ liveblog: inout Liveblog, against base: URL) {
        for p in liveblog.posts.indices {
            for b in liveblog.posts[p].blocks.indices {
                guard case var .media(items) = liveblog.posts[p].blocks[b] else { continue }
                for m in items.indices { items[m].url = absolute(items[m].url, base: base) }
                liveblog.posts[p].blocks[b] = .media(items)
            }
        }
    }

    /// `url` made absolute against `base`; kept as it is when it already has a scheme or does
    /// not parse.
    public static func absolute(_ url: String, base: URL) -> String {
        if url.isEmpty || URL(string: url)?.scheme != nil { return url }
        return URL(string: url, relativeTo: base)?.absoluteURL.absoluteString ?? url
    }
}
