import Fetch
import Foundation

/// A failed fetch in a capture (R4, R6): `FetchError.Kind` as a tagged value, so a replay fails
/// the same way with the same message.
public struct CapturedError: Codable, Equatable, Sendable {
    /// unknown_host, refused, status, no_answer, stalled, deadline, too_many_redirects, redirect_loop,
    /// over_cap, truncated, unsupported, cancelled, transport.
    public var kind: String
    public var host: String?
    public var status: Int?
    public var seconds: Double?
    public var limit: Int?
    public var url: String?
    public var expected: Int?
    public var received: Int?
    public var message: String?

    public init(kind: String) { self.kind = kind }

    public init(_ error: FetchError.Kind) {
        var tagged = CapturedError(kind: Self.tag(error))
        switch error {
        case let .unknownHost(host): tagged.host = host
        case let .status(code): tagged.status = code
        case let .noAnswer(seconds), let .stalled(seconds), let .deadline(seconds): tagged.seconds = seconds
        case let .tooManyRedirects(limit), let .overCap(limit): tagged.limit = limit
        case let .redirectLoop(to): tagged.url = to.redacted
        case let .truncated(expected, received):
            tagged.expected = expected
            tagged.received = received
        case let .transport(message): tagged.message = message
        case .connectionRefused, .unsupportedURL, .cancelled: break
        }
        self = tagged
    }

    static func tag(_ error: FetchError.Kind) -> String {
        switch error {
        case .unknownHost: return "unknown_host"
        case .connectionRefused: return "refused"
        case .status: return "status"
        case .noAnswer: return "no_answer"
        case .stalled: return "stalled"
        case .deadline: return "deadline"
        case .tooManyRedirects: return "too_many_redirects"
        case .redirectLoop: return "redirect_loop"
        case .overCap: return "over_cap"
        case .truncated: return "truncated"
        case .unsupportedURL: return "unsupported"
        case .cancelled: return "cancelled"
        case .transport: return "transport"
        }
    }

    /// The kind again; an unknown tag reads as a transport failure naming it.
    public var fetchKind: FetchError.Kind {
        switch kind {
        case "unknown_host": return .unknownHost(host ?? "")
        case "refused": return .connectionRefused
        case "status": return .status(status ?? 0)
        case "no_answer": return .noAnswer(seconds: seconds ?? 0)
        case "stalled": return .stalled(seconds: seconds ?? 0)
        case "deadline": return .deadline(seconds: seconds ?? 0)
        case "too_many_redirects": return .tooManyRedirects(limit: limit ?? 0)
        case "redirect_loop": return .redirectLoop(URL(string: url ?? "") ?? URL(fileURLWithPath: "/"))
        case "over_cap": return .overCap(limit: limit ?? 0)
        case "truncated": return .truncated(expected: expected ?? 0, received: received ?? 0)
        case "unsupported": return .unsupportedURL
        case "cancelled": return .cancelled
        default: return .transport(message ?? "captured failure \(kind)")
        }
    }
}
