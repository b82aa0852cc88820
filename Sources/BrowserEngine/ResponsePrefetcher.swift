import DevTools
import Fetch
import Foundation
import LiveblogModel

/// Q20: a slow server costs its longest delay, not the sum. A page of one's own has each of its
/// requests held in the engine (the Fetch domain) until the network profile's delay is due in
/// virtual time; before, a released request was only then fetched by the engine, in real time,
/// one frame's after another's, while virtual time stood still. Now each held GET is fetched at
/// once, in parallel, in real time (libcurl: 16 at a time, redirects followed, the body capped), and
/// when it is due the engine is handed the answer (`Fetch.fulfillRequest`, or `failRequest` with
/// the transport's reason): a run waits about the server's longest delay plus the engine's stepping.
/// A fetch that has not answered when its request is due is waited for (bounded, as a stall);
/// past that the engine fetches it itself, as before.
final class ResponsePrefetcher {
    private let fetcher: Fetcher
    private var fetches: [String: FetchID] = [:]
    /// Requests the engine paused, by Fetch id, until the gate says whether they are held.
    private var paused: [String: JSONValue] = [:]

    init() {
        var c = FetchConfig()
        c.maxConcurrent = 16
        c.connectTimeout = 30
        c.deadline = 60
        fetcher = Fetcher(config: c)
    }

    deinit { fetcher.invalidate() }

    /// A request the engine paused: kept until the gate tells whether it is held (its
    /// `Network.requestWillBeSent` may come after the pause).
    func paused(fetchId: String, request: JSONValue?) {
        if let request, paused.count < 4096 { paused[fetchId] = request }
    }

    /// Starts the fetches of the paused requests the gate holds; forgets the ones it passed.
    func startHeld(where isHeld: (String) -> Bool, released: (String) -> Bool) {
        for (f, request) in paused {
            if isHeld(f) {
                start(fetchId: f, request: request)
                paused[f] = nil
            } else if released(f) {
                paused[f] = nil
            }
        }
    }

    /// A request the engine holds (`Fetch.requestPaused`): fetched now when it is a GET of http(s).
    func start(fetchId: String, request: JSONValue?) {
        guard fetches[fetchId] == nil, request?["method"]?.stringValue ?? "GET" == "GET",
              let u = request?["url"]?.stringValue, let url = URL(string: u),
              ["http", "https"].contains(url.scheme?.lowercased() ?? "") else { return }
        var headers: [String: String] = [:]
        for (k, v) in request?["headers"]?.objectPairs ?? [] {
            // The engine's own headers as the page sent them; libcurl sets the connection's.
            guard let value = v.stringValue, !["host", "connection", "accept-encoding", "content-length"]
                .contains(k.lowercased()) else { continue }
            headers[k] = value
        }
        fetches[fetchId] = fetcher.submit(FetchRequest(url: url, headers: headers))
    }

    func has(_ fetchId: String) -> Bool { fetches[fetchId] != nil }

    /// The engine command that hands over `fetchId`'s answer, waiting up to `seconds` for it; nil
    /// when it has not come (the caller continues the request instead).
    func answer(_ fetchId: String, waiting seconds: Double) -> (method: String, params: JSONValue)? {
        guard let id = fetches.removeValue(forKey: fetchId) else { return nil }
        guard let done = fetcher.wait(for: id, timeout: seconds) else {
            fetcher.cancel(id)
            return nil
        }
        switch done.result {
        case .success(let r):
            return ("Fetch.fulfillRequest", Self.fulfill(fetchId, status: r.status, headers: r.headers, body: r.body))
        case .failure(let e):
            if case .status(let code) = e.kind {
                return ("Fetch.fulfillRequest", Self.fulfill(fetchId, status: code, headers: ["content-type": "text/plain"],
                                                             body: Data("HTTP \(code)\n".utf8)))
            }
            return ("Fetch.failRequest", .obj(("requestId", .string(fetchId)), ("errorReason", .string(Self.reason(e.kind)))))
        }
    }

    static func fulfill(_ fetchId: String, status: Int, headers: [String: String], body: Data) -> JSONValue {
        // The body is decoded already: its encoding and length headers would describe other bytes.
        let kept = headers.filter { !["content-encoding", "content-length", "transfer-encoding", "connection"]
            .contains($0.key.lowercased()) }
        let fields: [JSONValue] = kept.sorted { $0.key < $1.key }.map {
            .obj(("name", .string($0.key)), ("value", .string($0.value)))
        }
        return .obj(("requestId", .string(fetchId)), ("responseCode", .int(status)),
                    ("responseHeaders", .array(fields)), ("body", .string(body.base64EncodedString())))
    }

    /// The DevTools `Network.ErrorReason` closest to the transport's failure.
    static func reason(_ kind: FetchError.Kind) -> String {
        switch kind {
        case .unknownHost: return "NameNotResolved"
        case .connectionRefused: return "ConnectionRefused"
        case .noAnswer, .stalled, .deadline: return "TimedOut"
        case .cancelled: return "Aborted"
        case .overCap, .truncated: return "Failed"
        default: return "Failed"
        }
    }

    /// Forgets what was not handed over (the page closes).
    func cancelAll() {
        for id in fetches.values { fetcher.cancel(id) }
        fetches = [:]
        paused = [:]
    }
}
