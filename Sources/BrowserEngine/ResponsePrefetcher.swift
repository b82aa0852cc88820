import EngineProcess
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
package final class ResponsePrefetcher {
    private let fetcher: Fetcher
    private var fetches: [String: FetchID] = [:]
    /// Requests the engine paused (GETs of http(s)), by Fetch id, until answered: the URL, the
    /// request as the engine sent it, and the tick it was paused at.
    private var requests: [String: (url: String, request: JSONValue, tick: Int)] = [:]
    /// Q20: a capture to record every answer into, or to answer every request from (offline).
    package let capture: PageCapture?

    package init(capture: PageCapture? = nil) {
        self.capture = capture
        var c = FetchConfig()
        c.maxConcurrent = 16
        c.connectTimeout = 30
        c.deadline = 60
        fetcher = Fetcher(config: c)
    }

    deinit { fetcher.invalidate() }

    private var replaying: Bool { capture?.mode == .replay }
    private var recording: Bool { capture?.mode == .record }

    /// A request the engine paused: kept until it is answered (its `Network.requestWillBeSent`
    /// may come after the pause, so the gate says later whether it is held).
    package func paused(fetchId: String, request: JSONValue?, tick: Int) {
        guard let request, request["method"]?.stringValue ?? "GET" == "GET", let u = request["url"]?.stringValue,
              let scheme = URL(string: u)?.scheme?.lowercased(), ["http", "https"].contains(scheme),
              requests.count < 4096 else { return }
        requests[fetchId] = (u, request, tick)
    }

    /// Starts the fetches of the paused requests the gate holds (every one while recording);
    /// forgets the ones it passed on otherwise.
    package func startHeld(where isHeld: (String) -> Bool, released: (String) -> Bool) {
        guard !replaying else { return }
        for (f, r) in requests where fetches[f] == nil {
            if isHeld(f) || recording {
                start(fetchId: f, request: r.request)
            } else if released(f) {
                requests[f] = nil
            }
        }
    }

    /// Fetches a paused request now.
    private func start(fetchId: String, request: JSONValue) {
        guard let u = request["url"]?.stringValue, let url = URL(string: u) else { return }
        var headers: [String: String] = [:]
        for (k, v) in request["headers"]?.objectPairs ?? [] {
            // The engine's own headers as the page sent them; libcurl sets the connection's.
            guard let value = v.stringValue, !["host", "connection", "accept-encoding", "content-length"]
                .contains(k.lowercased()) else { continue }
            headers[k] = value
        }
        fetches[fetchId] = fetcher.submit(FetchRequest(url: url, headers: headers))
    }

    /// Is there an answer to hand over for `fetchId` (fetched, or in the capture)?
    package func has(_ fetchId: String) -> Bool { fetches[fetchId] != nil || (replaying && requests[fetchId] != nil) }

    /// The engine command that hands over `fetchId`'s answer at `tick`, waiting up to `seconds`
    /// for a fetch; nil when it has not come (the caller continues the request instead).
    package func answer(_ fetchId: String, waiting seconds: Double, tick: Int) -> (method: String, params: JSONValue)? {
        let asked = requests.removeValue(forKey: fetchId)
        if replaying, let capture, let asked {
            guard let e = capture.next(for: asked.url) else {
                return ("Fetch.failRequest", .obj(("requestId", .string(fetchId)), ("errorReason", .string("Failed"))))
            }
            if let status = e.status, e.error == nil {
                return ("Fetch.fulfillRequest", Self.fulfill(fetchId, status: status, headers: e.headers, body: e.body))
            }
            return ("Fetch.failRequest", .obj(("requestId", .string(fetchId)), ("errorReason", .string("Failed"))))
        }
        guard let id = fetches.removeValue(forKey: fetchId) else { return nil }
        guard let done = fetcher.wait(for: id, timeout: seconds) else {
            fetcher.cancel(id)
            return nil
        }
        let started = asked?.tick ?? tick
        switch done.result {
        case .success(let r):
            capture?.record(PageCapture.Entry(url: asked?.url ?? r.url.absoluteString, finalURL: r.finalURL.absoluteString,
                                              status: r.status, headers: r.headers, body: r.body, error: nil,
                                              startedTick: started, endedTick: tick))
            return ("Fetch.fulfillRequest", Self.fulfill(fetchId, status: r.status, headers: r.headers, body: r.body))
        case .failure(let e):
            if case .status(let code) = e.kind {
                let body = Data("HTTP \(code)\n".utf8)
                capture?.record(PageCapture.Entry(url: asked?.url ?? e.url.absoluteString, finalURL: e.url.absoluteString,
                                                  status: code, headers: ["content-type": "text/plain"], body: body,
                                                  error: nil, startedTick: started, endedTick: tick))
                return ("Fetch.fulfillRequest", Self.fulfill(fetchId, status: code, headers: ["content-type": "text/plain"],
                                                             body: body))
            }
            capture?.record(PageCapture.Entry(url: asked?.url ?? e.url.absoluteString, finalURL: e.url.absoluteString,
                                              status: nil, headers: [:], body: Data(), error: Self.reason(e.kind),
                                              startedTick: started, endedTick: tick))
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
        default: return "Failed"
        }
    }

    /// Forgets what was not handed over (the page closes).
    package func cancelAll() {
        for id in fetches.values { fetcher.cancel(id) }
        fetches = [:]
        requests = [:]
    }
}
