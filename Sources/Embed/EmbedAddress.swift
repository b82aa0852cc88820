import Foundation

/// Issue 32: whether a web view would load an embed's address at all. An embed is an iframe or
/// a provider's script: an address that is empty, relative, or of a scheme other than http(s)
/// never loads, so the page shows a one-line card with the reason instead of reserving a box.
public enum EmbedAddress {
    /// Why the address will not load, or nil when a web view would try it.
    public static func failure(of url: String) -> String? {
        let trimmed = url.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return "no address" }
        guard let c = URLComponents(string: trimmed), let scheme = c.scheme?.lowercased() else {
            return "not a web address"
        }
        guard scheme == "http" || scheme == "https" else { return "\(scheme): is not loaded in a web view" }
        guard let host = c.host, !host.isEmpty else { return "no host" }
        return nil
    }
}
