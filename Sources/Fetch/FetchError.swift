import CCurl
import Foundation

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
        /// The whole body did not arrive within the overall deadline (seconds; issue 31).
        case deadline(seconds: Double)
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
        case let .status(code):
            let phrase = Self.reason(code)
            return "HTTP status \(code)" + (phrase.isEmpty ? "" : " " + phrase)
        case let .noAnswer(seconds): return "no answer within \(Self.format(seconds)) s (connect timeout)"
        case let .stalled(seconds): return "stalled: no data for \(Self.format(seconds)) s (idle timeout)"
        case let .deadline(seconds):
            return "not done within \(Self.format(seconds)) s (the overall deadline, --fetch-deadline)"
        case let .tooManyRedirects(limit): return "too many redirects (more than \(limit))"
        case let .redirectLoop(to): return "redirect loop back to \(to.redacted)"
        case let .overCap(limit): return "body over the size cap of \(limit) bytes"
        case let .truncated(expected, received): return "truncated body: \(received) of \(expected) bytes"
        case .unsupportedURL: return "not an http or https URL"
        case .cancelled: return "cancelled"
        case let .transport(message): return message
        }
    }

    /// The kind for a libcurl error code (the fetcher's own kinds are set before); `detail` is
    /// libcurl's error buffer.
    static func kind(curlCode code: CURLcode, detail: String, url: URL) -> Kind {
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST: return .unknownHost(url.host ?? "")
        case CURLE_COULDNT_CONNECT: return .connectionRefused
        case CURLE_UNSUPPORTED_PROTOCOL: return .unsupportedURL
        case CURLE_OPERATION_TIMEDOUT: return .stalled(seconds: 0)
        case CURLE_TOO_MANY_REDIRECTS: return .tooManyRedirects(limit: 0)
        case CURLE_ABORTED_BY_CALLBACK: return .cancelled
        default:
            let words = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
            return .transport(words)
        }
    }

    /// The reason phrase of a status (RFC 9110 section 15), "" for one not listed.
    static func reason(_ code: Int) -> String {
        let phrases: [Int: String] = [
            400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden",
            404: "Not Found", 405: "Method Not Allowed", 406: "Not Acceptable",
            407: "Proxy Authentication Required", 408: "Request Timeout", 409: "Conflict", 410: "Gone",
            411: "Length Required", 412: "Precondition Failed", 413: "Content Too Large", 414: "URI Too Long",
            415: "Unsupported Media Type", 416: "Range Not Satisfiable", 417: "Expectation Failed",
            421: "Misdirected Request", 422: "Unprocessable Content", 426: "Upgrade Required",
            429: "Too Many Requests", 451: "Unavailable For Legal Reasons", 500: "Internal Server Error",
            501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
            505: "HTTP Version Not Supported", 300: "Multiple Choices", 301: "Moved Permanently",
            302: "Found",
            303: "See Other", 304: "Not Modified", 305: "Use Proxy", 307: "Temporary Redirect",
            308: "Permanent Redirect",
        ]
        return phrases[code] ?? ""
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}
