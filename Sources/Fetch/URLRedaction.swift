import Foundation

/// Issue 31: a URL with credentials (`http://user:pass@host/`) is fetched with them, but never
/// shown or written with them: errors, the reading positions, recordings and captures all take
/// the URL through `redacted`, which drops the user and the password.
extension URL {
    /// The URL as text without its user and password (`http://host/…`); unchanged without them.
    public var redacted: String {
        guard user != nil || password != nil,
              var parts = URLComponents(url: self, resolvingAgainstBaseURL: false) else {
            return absoluteString
        }
        parts.user = nil
        parts.password = nil
        return parts.string ?? absoluteString
    }
}
