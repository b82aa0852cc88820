import Fetch
import Foundation
import VirtualTime

/// Answers a session's fetches from a capture, offline (R4, network profile `capture`): the
/// n-th request for a URL and kind gets the n-th recorded response for them, after the same
/// number of ticks as when it was recorded. A session that asks at the same ticks (the core is
/// deterministic) therefore sees every load at the same tick. A request the capture does not
/// hold fails at once, naming the URL.
public final class ReplayNetwork: SessionNetwork {
    private var entries: [CapturedResponse]
    private var used: [Bool]
    private var nextID = 0
    private var scheduled: [(tick: Int, completion: FetchCompletion)] = []
    private var starts: [FetchID: Int] = [:]

    public init(capture: Capture) {
        entries = capture.responses
        used = Array(repeating: false, count: capture.responses.count)
    }

    public func submit(_ request: FetchRequest, kind: CapturedResponse.Kind, atTick tick: Int) -> FetchID {
        nextID += 1
        let id = FetchID(nextID)
        starts[id] = tick
        let url = request.url.redacted  // captures keep URLs without credentials (issue 31)
        let documentKinds: Set<CapturedResponse.Kind> = [.liveblog, .poll]
        func sameKind(_ other: CapturedResponse.Kind) -> Bool {
            other == kind || (documentKinds.contains(kind) && documentKinds.contains(other))
        }
        let match = entries.indices.first { i in
            !used[i] && entries[i].url == url && sameKind(entries[i].kind)
        }
        guard let i = match else {
            let error = FetchError(url: request.url, kind: .transport("not in the capture"))
            let timing = FetchTiming(startedSeconds: VirtualClock.seconds(tick), firstAnswerSeconds: nil,
                                     endedSeconds: VirtualClock.seconds(tick))
            let failed = FetchCompletion(id: id, request: request, result: .failure(error), timing: timing)
            scheduled.append((tick, failed))
            return id
        }
        used[i] = true
        let entry = entries[i]
        let endTick = tick + entry.endedTick - entry.startedTick
        let timing = FetchTiming(startedSeconds: VirtualClock.seconds(tick),
                                 firstAnswerSeconds: entry.firstAnswerTick.map {
                                     VirtualClock.seconds(tick + $0 - entry.startedTick)
                                 },
                                 endedSeconds: VirtualClock.seconds(endTick))
        let answer = FetchCompletion(id: id, request: request, result: Self.result(entry, request: request),
                                     timing: timing)
        scheduled.append((endTick, answer))
        return id
    }

    static func result(_ entry: CapturedResponse, request: FetchRequest) -> Result<FetchResponse, FetchError> {
        if let error = entry.error { return .failure(FetchError(url: request.url, kind: error.fetchKind)) }
        let body = entry.bodyBase64.flatMap { Data(base64Encoded: $0) } ?? Data()
        let final = entry.finalURL.flatMap { URL(string: $0) } ?? request.url
        return .success(FetchResponse(url: request.url, finalURL: final, status: entry.status ?? 200,
                                      headers: entry.headers ?? [:], body: body, redirects: []))
    }

    public func poll(atTick tick: Int) -> [FetchCompletion] {
        let due = scheduled.filter { $0.tick <= tick }
            .sorted { ($0.tick, $0.completion.id) < ($1.tick, $1.completion.id) }
        scheduled.removeAll { $0.tick <= tick }
        return due.map(\.completion)
    }

    public func startTick(of id: FetchID) -> Int? { starts[id] }

    public var pendingCount: Int { scheduled.count }

    /// The first document response of the capture: the liveblog the session opened.
    public static func document(of capture: Capture) -> FetchCompletion? {
        guard let entry = capture.responses.first(where: { $0.kind == .liveblog }),
              let url = URL(string: entry.url) else { return nil }
        let request = SourceLoader.request(url)
        let timing = FetchTiming(startedSeconds: 0, firstAnswerSeconds: nil, endedSeconds: 0)
        return FetchCompletion(id: FetchID(0), request: request, result: result(entry, request: request),
                               timing: timing)
    }
}
