import Foundation

/// The two things the page reads from a URL (E4, E14), parsed by Foundation's `URLComponents`.
public enum PageURL {
    /// The fragment key of a deep link to a post (E4): `#tickaroo_event_id=ID`.
    public static let fragmentKey = "tickaroo_event_id="

    /// The lowercased host of an absolute URL (one with a scheme), without user info or port; an
    /// IPv6 host keeps its brackets (`[::1]`). nil for relative URLs and URLs without a host.
    public static func host(of url: String) -> String? {
        guard let c = URLComponents(string: url), c.scheme != nil,
              let host = c.host, !host.isEmpty else { return nil }
        return host.lowercased()
    }

    /// The post id of a `#tickaroo_event_id=ID` fragment (up to the next `&`), percent-decoded;
    /// an id whose escapes are invalid is taken as written. nil when there is none.
    public static func fragmentId(_ url: String?) -> String? {
        guard let url, let fragment = URLComponents(string: url)?.percentEncodedFragment,
              fragment.hasPrefix(fragmentKey) else { return nil }
        let id = fragment.dropFirst(fragmentKey.count).prefix { $0 != "&" }
        return id.isEmpty ? nil : String(id).removingPercentEncoding ?? String(id)
    }
}

/// Where a link inside the page leads (E14).
enum LinkTarget: Equatable {
    /// A post of this liveblog: `#tickaroo_event_id=ID` on the page's own origin.
    case post(String)
    /// Another origin: handed to the app.
    case external(String)
    /// Same origin, but not a post: not followed.
    case blocked(String)

    init(href: String, origin: String) {
        if let id = PageURL.fragmentId(href), href.hasPrefix("#") || PageURL.host(of: href) == origin {
            self = .post(id)
        } else if let h = PageURL.host(of: href), h != origin {
            self = .external(href)
        } else {
            self = .blocked(href)
        }
    }
}
