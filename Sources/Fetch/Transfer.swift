import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The state of one fetch while it runs; owned by its `Fetcher`, touched only under its lock.
final class Transfer {
    let id: FetchID
    let request: FetchRequest
    let cap: Int
    var task: URLSessionDataTask?
    var body = Data()
    /// Bytes received (kept in `body` unless the request streams its body).
    var received = 0
    var response: HTTPURLResponse?
    var redirects: [URL] = []
    /// Set by the fetcher's own checks (cap, redirects, timeouts) before it cancels the task;
    /// wins over the session's error, which then only says "cancelled".
    var failure: FetchError.Kind?
    var startedSeconds = 0.0
    var firstAnswerSeconds: Double?
    var lastActivitySeconds = 0.0

    /// The fetcher's connect and idle timeouts, to name URLSession's backstop timeout.
    let timeouts: (connect: Double, idle: Double)

    init(id: FetchID, request: FetchRequest, cap: Int, timeouts: (connect: Double, idle: Double)) {
        self.id = id
        self.request = request
        self.cap = cap
        self.timeouts = timeouts
    }

    /// The request as sent: no cache, the validators as conditional headers.
    func urlRequest(config: FetchConfig) -> URLRequest {
        var r = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData,
                           timeoutInterval: config.connectTimeout + config.idleTimeout)
        r.httpMethod = "GET"
        r.setValue(config.userAgent, forHTTPHeaderField: "User-Agent")
        if let etag = request.validators?.etag { r.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let date = request.validators?.lastModified {
            r.setValue(date, forHTTPHeaderField: "If-Modified-Since")
        }
        for (name, value) in request.headers { r.setValue(value, forHTTPHeaderField: name) }
        return r
    }

    /// Takes `data` at `seconds`: the chunk to hand out when the body streams, or nil; sets
    /// `failure` when the body goes over the cap.
    func take(_ data: Data, at seconds: Double) -> FetchChunk? {
        lastActivitySeconds = seconds
        guard failure == nil else { return nil }
        guard received + data.count <= cap else {
            failure = .overCap(limit: cap)
            return nil
        }
        let offset = received
        received += data.count
        guard request.streamsBody else {
            body.append(data)
            return nil
        }
        guard let status = response?.statusCode, (200..<300).contains(status) else { return nil }
        return FetchChunk(id: id, offset: offset, data: data, seconds: seconds, finalURL: response?.url)
    }

    /// The redirect to `next`: nil to follow it, or why not (R1: at most `limit`, no loops).
    func refuseRedirect(to next: URL, limit: Int) -> FetchError.Kind? {
        let visited = [request.url] + redirects
        redirects.append(next)
        if visited.contains(where: { $0.absoluteString == next.absoluteString }) {
            return .redirectLoop(next)
        }
        if redirects.count > limit { return .tooManyRedirects(limit: limit) }
        return nil
    }

    /// The timeout that has run out at `seconds`, if any.
    func timeout(at seconds: Double, config: FetchConfig) -> FetchError.Kind? {
        if firstAnswerSeconds == nil, seconds - startedSeconds > config.connectTimeout {
            return .noAnswer(seconds: config.connectTimeout)
        }
        if firstAnswerSeconds != nil, seconds - lastActivitySeconds > config.idleTimeout {
            return .stalled(seconds: config.idleTimeout)
        }
        return nil
    }

    /// The outcome once the session has finished the task with `error`.
    func result(error: Error?) -> Result<FetchResponse, FetchError> {
        let url = request.url
        if let failure { return .failure(FetchError(url: url, kind: failure)) }
        if let truncation = truncation() { return .failure(FetchError(url: url, kind: truncation)) }
        if let error {
            var kind = FetchError.kind(of: error, url: url)
            if case .stalled = kind {
                // URLSession's own timeout (a backstop of connect + idle seconds) ran out.
                let seconds = timeouts.connect + timeouts.idle
                kind = response == nil ? .noAnswer(seconds: seconds) : .stalled(seconds: seconds)
            }
            return .failure(FetchError(url: url, kind: kind))
        }
        guard let response else { return .failure(FetchError(url: url, kind: .transport("no response"))) }
        let status = response.statusCode
        guard (200..<300).contains(status) || (status == 304 && request.validators != nil) else {
            return .failure(FetchError(url: url, kind: .status(status)))
        }
        return .success(FetchResponse(url: url, finalURL: response.url ?? url, status: status,
                                       headers: keptHeaders(response), body: status == 304 ? Data() : body,
                                       redirects: redirects))
    }

    /// A body shorter than its Content-Length (only comparable when it came uncompressed).
    private func truncation() -> FetchError.Kind? {
        guard let response, response.statusCode != 304, response.statusCode != 204 else { return nil }
        let headers = keptHeaders(response)
        guard headers["content-encoding"] == nil || headers["content-encoding"] == "identity",
              let length = headers["content-length"].flatMap({ Int($0) }), received < length else {
            return nil
        }
        return .truncated(expected: length, received: received)
    }

    private func keptHeaders(_ response: HTTPURLResponse) -> [String: String] {
        var kept: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            let key = "\(name)".lowercased()
            if FetchResponse.keptHeaders.contains(key) { kept[key] = "\(value)" }
        }
        return kept
    }
}
