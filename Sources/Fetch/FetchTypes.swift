import Foundation

/// One fetch in flight or done, as numbered by its `Fetcher` in submission order.
public struct FetchID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let value: Int
    public init(_ value: Int) { self.value = value }
    public static func < (a: FetchID, b: FetchID) -> Bool { a.value < b.value }
    public var description: String { "#\(value)" }
}

/// What a server said about a resource's version, sent back to ask "has it changed?"
/// (R3 conditional requests: ETag → If-None-Match, Last-Modified → If-Modified-Since).
public struct Validators: Hashable, Sendable {
    public var etag: String?
    public var lastModified: String?

    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    public var isEmpty: Bool { etag == nil && lastModified == nil }
}

/// A GET (R1, R2).
public struct FetchRequest: Hashable, Sendable {
    public var url: URL
    /// When set, the request is conditional and a 304 comes back as `notModified`.
    public var validators: Validators?
    /// The body cap of this request; nil: the fetcher's.
    public var maxBodyBytes: Int?
    /// Extra request headers (e.g. Accept).
    public var headers: [String: String]
    /// B9: the body is handed out as it arrives (`Fetcher.pollStreaming()`, 2xx only) and the
    /// completion's body is then empty, so a large liveblog is not held twice.
    public var streamsBody: Bool

    public init(url: URL, validators: Validators? = nil, maxBodyBytes: Int? = nil,
                headers: [String: String] = [:], streamsBody: Bool = false) {
        self.url = url
        self.validators = validators
        self.maxBodyBytes = maxBodyBytes
        self.headers = headers
        self.streamsBody = streamsBody
    }
}

/// A successful answer: a 2xx with its whole body, or a 304 to a conditional request.
public struct FetchResponse: Hashable, Sendable {
    /// The URL asked for.
    public let url: URL
    /// The URL that answered, after redirects.
    public let finalURL: URL
    public let status: Int
    /// Response headers that matter, names lowercased (content-type, etag, last-modified,
    /// content-length, content-encoding, cache-control, date, age, location).
    public let headers: [String: String]
    /// The body, decompressed when it came gzipped; empty for a 304.
    public let body: Data
    /// The redirects followed, in order.
    public let redirects: [URL]

    public init(url: URL, finalURL: URL, status: Int, headers: [String: String], body: Data,
                redirects: [URL]) {
        self.url = url
        self.finalURL = finalURL
        self.status = status
        self.headers = headers
        self.body = body
        self.redirects = redirects
    }

    /// 304: the resource has not changed since the validators sent.
    public var isNotModified: Bool { status == 304 }

    /// The validators to send with the next request for this resource.
    public var validators: Validators {
        Validators(etag: headers["etag"], lastModified: headers["last-modified"])
    }

    public var contentType: String? { headers["content-type"] }

    static let keptHeaders: Set<String> = ["content-type", "etag", "last-modified", "content-length",
                                           "content-encoding", "cache-control", "date", "age", "location"]
}

/// When a fetch started, first got an answer (the response head) and ended, in seconds of the
/// monotonic clock since its `Fetcher` was created. Real time is read here, at the edge: the
/// deterministic core never reads it; a capture (R4) maps these to virtual time.
public struct FetchTiming: Hashable, Sendable {
    public let startedSeconds: Double
    public let firstAnswerSeconds: Double?
    public let endedSeconds: Double

    public init(startedSeconds: Double, firstAnswerSeconds: Double?, endedSeconds: Double) {
        self.startedSeconds = startedSeconds
        self.firstAnswerSeconds = firstAnswerSeconds
        self.endedSeconds = endedSeconds
    }
}

/// A finished fetch, delivered as a value by `Fetcher.poll()`.
public struct FetchCompletion: Sendable {
    public let id: FetchID
    public let request: FetchRequest
    public let result: Result<FetchResponse, FetchError>
    public let timing: FetchTiming

    /// Public so that a replayed capture (R4) can deliver the same values.
    public init(id: FetchID, request: FetchRequest, result: Result<FetchResponse, FetchError>,
                timing: FetchTiming) {
        self.id = id
        self.request = request
        self.result = result
        self.timing = timing
    }
}

/// A piece of a streamed body (B9): `data` starts at byte `offset` of the (decoded) body.
public struct FetchChunk: Hashable, Sendable {
    public let id: FetchID
    public let offset: Int
    public let data: Data
    /// When it arrived, as in `FetchTiming`.
    public let seconds: Double
    /// The URL that answered, after redirects (relative media resolve against it, R2).
    public let finalURL: URL?

    public init(id: FetchID, offset: Int, data: Data, seconds: Double, finalURL: URL? = nil) {
        self.id = id
        self.offset = offset
        self.data = data
        self.seconds = seconds
        self.finalURL = finalURL
    }
}

/// The fetcher's limits (R1, R2, R6).
public struct FetchConfig: Hashable, Sendable {
    /// R2: at most 6 connections.
    public var maxConcurrent = 6
    /// R1: at most 5 redirects.
    public var maxRedirects = 5
    /// Seconds from the start to the response head (connect, TLS, the server's first answer).
    public var connectTimeout: Double = 10
    /// Seconds without a byte once the response has begun (a stalled body).
    public var idleTimeout: Double = 15
    /// Seconds from the start to the last byte, whatever the pace (issue 31: a body that
    /// trickles in one byte a second never trips the idle timeout); 0: none. `--fetch-deadline`.
    public var deadline: Double = 120
    /// The body cap (R6), decoded bytes: counted as they arrive, the transfer stopped at the cap.
    public var maxBodyBytes = 64 << 20
    public var userAgent = "liveblog/1 (terminal liveblog viewer)"

    public init() {}
}
