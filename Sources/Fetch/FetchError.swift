import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a fetch failed (R1, R6): always the URL and what happened.
public struct FetchError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// The host name does not resolve.
        case unknownHost(String)
        /// Nothing listens at the host and port.
        case connectionRefused
        /// The server answered with a 4xx or 5xx (or another non-2xx) status.
        case status(Int)
        /// No response head within the connect timeout (seconds).
        case noAnswer(seconds: Double)
        /// The response began but no byte came for the idle timeout (seconds).
        case stalled(seconds: Double)
        /// More than the allowed redirects.
        case tooManyRedirects(limit: Int)
        /// A redirect back to a URL already visited.
        case redirectLoop(URL)
        /// The body is larger than the cap (bytes).
        case overCap(limit: Int)
        /// The connection ended before the announced Content-Length.
        case truncated(expected: Int, received: Int)
        /// Not an http(s) URL.
        case unsupportedURL
        /// The fetch was cancelled by its owner.
        case cancelled
        /// Any other transport failure (TLS, reset, …) with the system's words.
        case transport(String)
    }

    public let url: URL
    public let kind: Kind

    public init(url: URL, kind: Kind) {
        self.url = url
        self.kind = kind
    }

    public var description: String { "\(url.redacted): \(what)" }

    /// What happened, without the URL.
    public var what: String {
        switch kind {
        case let .unknownHost(host): return "unknown host \(host)"
        case .connectionRefused: return "connection refused"
        case let .status(code): return "HTTP status \(code) \(Self.reason(code))"
        case let .noAnswer(seconds): return "no answer within \(Self.format(seconds)) s (connect timeout)"
        case let .stalled(seconds): return "stalled: no data for \(Self.format(seconds)) s (idle timeout)"
        case let .tooManyRedirects(limit): return "too many redirects (more than \(limit))"
        case let .redirectLoop(to): return "redirect loop back to \(to.redacted)"
        case let .overCap(limit): return "body over the size cap of \(limit) bytes"
        case let .truncated(expected, received): return "truncated body: \(received) of \(expected) bytes"
        case .unsupportedURL: return "not an http or https URL"
        case .cancelled: return "cancelled"
        case let .transport(message): return message
        }
    }

    /// The kind for a URLError the session reported (the fetcher's own kinds are set before).
    static func kind(of error: Error, url: URL) -> Kind {
        guard let urlError = error as? URLError else { return .transport("\(error)") }
        switch urlError.code {
        case .cannotFindHost, .dnsLookupFailed: return .unknownHost(url.host ?? "")
        case .cannotConnectToHost: return .connectionRefused
        case .timedOut: return .stalled(seconds: 0)  // seconds filled in by the transfer
        case .httpTooManyRedirects: return .tooManyRedirects(limit: 0)
        case .unsupportedURL: return .unsupportedURL
        case .cancelled: return .cancelled
        default: return .transport(urlError.localizedDescription)
        }
    }

    static func reason(_ code: Int) -> String {
        HTTPURLResponse.localizedString(forStatusCode: code)
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}
