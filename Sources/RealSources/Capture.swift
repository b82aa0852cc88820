import Foundation

/// A recorded session's network (R4): every response fetched, with when it started, first
/// answered and ended in virtual time (ticks of 120 Hz since the session's start). Written as
/// `S.capture.json` next to the scenario `S.json`; bodies of more than `inlineLimit` bytes go
/// to sidecar files in `S.capture/`. See README "Capture format".
public struct Capture: Codable, Equatable, Sendable {
    public static let formatVersion = 1
    /// Bodies up to this size are kept inline as base64.
    public static let inlineLimit = 256 << 10

    public var capture: Int
    /// The source the session opened (`SourceLocation.description`).
    public var source: String
    /// `--poll` of the session (R3); nil or 0: it did not poll.
    public var pollSeconds: Double?
    public var responses: [CapturedResponse]

    enum CodingKeys: String, CodingKey {
        case capture, source, responses
        case pollSeconds = "poll_seconds"
    }

    public init(source: String, pollSeconds: Double? = nil, responses: [CapturedResponse] = []) {
        capture = Self.formatVersion
        self.source = source
        self.pollSeconds = pollSeconds
        self.responses = responses
    }
}

/// One fetch of a recorded session.
public struct CapturedResponse: Codable, Equatable, Sendable {
    /// What it was for: the first load, a poll, or an image.
    public enum Kind: String, Codable, Sendable { case liveblog, poll, image }

    public var kind: Kind
    public var url: String
    /// The URL that answered after redirects; nil when the fetch failed.
    public var finalURL: String?
    /// 2xx or 304; nil when the fetch failed.
    public var status: Int?
    /// The headers that matter (content-type, etag, last-modified, …), names lowercased.
    public var headers: [String: String]?
    /// The body inline (base64), or in a sidecar file relative to the capture file.
    public var bodyBase64: String?
    public var bodyFile: String?
    /// Why it failed, when it did.
    public var error: CapturedError?
    public var startedTick: Int
    public var firstAnswerTick: Int?
    public var endedTick: Int

    enum CodingKeys: String, CodingKey {
        case kind, url, status, headers, error
        case finalURL = "final_url", bodyBase64 = "body_base64", bodyFile = "body_file"
        case startedTick = "started_tick", firstAnswerTick = "first_answer_tick", endedTick = "ended_tick"
    }

    public init(kind: Kind, url: String, finalURL: String? = nil, status: Int? = nil,
                headers: [String: String]? = nil, bodyBase64: String? = nil, bodyFile: String? = nil,
                error: CapturedError? = nil, startedTick: Int, firstAnswerTick: Int?, endedTick: Int) {
        self.kind = kind
        self.url = url
        self.finalURL = finalURL
        self.status = status
        self.headers = headers
        self.bodyBase64 = bodyBase64
        self.bodyFile = bodyFile
        self.error = error
        self.startedTick = startedTick
        self.firstAnswerTick = firstAnswerTick
        self.endedTick = endedTick
    }
}
