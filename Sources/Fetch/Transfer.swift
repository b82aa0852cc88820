import Foundation

/// The state of one fetch while it runs; owned by its `Fetcher`, touched only under its lock
/// (libcurl's callbacks, on the fetcher's thread, take the lock too).
final class Transfer {
    let id: FetchID
    let request: FetchRequest
    let cap: Int
    /// Where the callbacks deliver; weak, so a fetcher let go mid-transfer is not kept alive.
    weak var fetcher: Fetcher?
    /// The URL fetched now: the request's, then each redirect's.
    var currentURL: URL
    /// The easy handle while the transfer runs in the fetcher's multi handle.
    var handle: CurlHandle?
    var body = Data()
    /// Bytes received of the current response's body, decoded (kept in `body` unless it streams).
    var received = 0
    /// The status of the response whose head is read (or being read); nil before any.
    var status: Int?
    /// Its headers that matter, names lowercased (`FetchResponse.keptHeaders`).
    var headers: [String: String] = [:]
    /// Its Location header (a redirect).
    var location: String?
    var headComplete = false
    var redirects: [URL] = []
    /// Set by the fetcher's own checks (cap, status, redirects, timeouts, a cancel) before the
    /// transfer is stopped; wins over libcurl's code, which then only says "aborted".
    var failure: FetchError.Kind?
    var startedSeconds = 0.0
    var firstAnswerSeconds: Double?
    var lastActivitySeconds = 0.0

    init(id: FetchID, request: FetchRequest, cap: Int) {
        self.id = id
        self.request = request
        self.cap = cap
        self.currentURL = request.url
    }

    /// A redirect's status with somewhere to go.
    var isRedirect: Bool {
        guard let status, location != nil else { return false }
        return [301, 302, 303, 307, 308].contains(status)
    }

    /// A header line of the response at `seconds`: false when the transfer must stop (over the
    /// cap by its Content-Length, or a status that fails: said at once, issue 31).
    func takeHeader(_ line: String, at seconds: Double) -> Bool {
        lastActivitySeconds = seconds
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("HTTP/") {
            let parts = trimmed.split(separator: " ", maxSplits: 2)
            status = parts.count > 1 ? Int(parts[1]) : nil
            headers = [:]
            location = nil
            headComplete = false
            return true
        }
        guard !trimmed.isEmpty else { return endOfHead(at: seconds) }
        guard let colon = trimmed.firstIndex(of: ":") else { return true }
        let name = trimmed[..<colon].lowercased()
        let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        if name == "location" { location = value }
        if FetchResponse.keptHeaders.contains(name) { headers[name] = value }
        return true
    }

    private func endOfHead(at seconds: Double) -> Bool {
        guard let status else { return true }
        if (100..<200).contains(status) { return true }  // 100 Continue and the like: another head follows
        headComplete = true
        if firstAnswerSeconds == nil { firstAnswerSeconds = seconds }
        if isRedirect { return true }
        let ok = (200..<300).contains(status) || (status == 304 && request.validators != nil)
        guard ok else {
            failure = .status(status)
            return false
        }
        if let length = headers["content-length"].flatMap({ Int($0) }), length > cap {
            failure = .overCap(limit: cap)
            return false
        }
        return true
    }

    /// Takes decoded body bytes at `seconds`: the chunk to hand out when the body streams, or
    /// nil; sets `failure` (the transfer stops) when the body goes over the cap (R6, issue 31:
    /// decoded bytes count, as they arrive).
    func take(_ bytes: UnsafeRawBufferPointer, at seconds: Double) -> FetchChunk? {
        lastActivitySeconds = seconds
        guard failure == nil else { return nil }
        guard received + bytes.count <= cap else {
            failure = .overCap(limit: cap)
            return nil
        }
        let offset = received
        received += bytes.count
        if isRedirect { return nil }  // a redirect's body is not the resource's
        guard request.streamsBody else {
            body.append(contentsOf: bytes)
            return nil
        }
        guard let status, (200..<300).contains(status) else { return nil }
        return FetchChunk(id: id, offset: offset, data: Data(bytes), seconds: seconds, finalURL: currentURL)
    }

    /// The next URL of a redirect, or nil (then `failure` may say why not: R1, at most `limit`,
    /// no loops, http(s) only).
    func followRedirect(limit: Int) -> URL? {
        guard isRedirect, failure == nil, let target = location,
              let next = URL(string: target, relativeTo: currentURL)?.absoluteURL else { return nil }
        let visited = [request.url] + redirects
        redirects.append(next)
        if visited.contains(where: { $0.absoluteString == next.absoluteString }) {
            failure = .redirectLoop(next)
            return nil
        }
        if redirects.count > limit {
            failure = .tooManyRedirects(limit: limit)
            return nil
        }
        guard ["http", "https"].contains(next.scheme?.lowercased() ?? ""), next.host != nil else {
            failure = .unsupportedURL
            return nil
        }
        currentURL = next
        body = Data()
        received = 0
        status = nil
        headers = [:]
        location = nil
        headComplete = false
        return next
    }

    /// The timeout that has run out at `seconds`, if any: connect (no response head), idle (no
    /// byte), or the overall deadline (issue 31: a body that trickles in still ends).
    func timeout(at seconds: Double, config: FetchConfig) -> FetchError.Kind? {
        if config.deadline > 0, seconds - startedSeconds > config.deadline {
            return .deadline(seconds: config.deadline)
        }
        if firstAnswerSeconds == nil, seconds - startedSeconds > config.connectTimeout {
            return .noAnswer(seconds: config.connectTimeout)
        }
        if firstAnswerSeconds != nil, seconds - lastActivitySeconds > config.idleTimeout {
            return .stalled(seconds: config.idleTimeout)
        }
        return nil
    }

    /// The outcome once libcurl has finished the transfer: `transport` is its error, if any.
    func result(transport: FetchError.Kind?) -> Result<FetchResponse, FetchError> {
        let url = request.url
        if let failure { return .failure(FetchError(url: url, kind: failure)) }
        if let truncation = truncation() { return .failure(FetchError(url: url, kind: truncation)) }
        if let transport { return .failure(FetchError(url: url, kind: transport)) }
        guard let status, headComplete else {
            return .failure(FetchError(url: url, kind: .transport("no response")))
        }
        guard (200..<300).contains(status) || (status == 304 && request.validators != nil) else {
            return .failure(FetchError(url: url, kind: .status(status)))
        }
        return .success(FetchResponse(url: url, finalURL: currentURL, status: status, headers: headers,
                                      body: status == 304 ? Data() : body, redirects: redirects))
    }

    /// A body shorter than its Content-Length (only comparable when it came uncompressed).
    private func truncation() -> FetchError.Kind? {
        guard let status, status != 304, status != 204, headComplete else { return nil }
        guard headers["content-encoding"] == nil || headers["content-encoding"] == "identity",
              let length = headers["content-length"].flatMap({ Int($0) }), received < length else {
            return nil
        }
        return .truncated(expected: length, received: received)
    }
}
