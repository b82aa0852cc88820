import Fetch
import Foundation
import VirtualTime

/// The network of a session with a real source, in virtual time: the run loop submits and
/// polls once per tick. `RealNetwork` fetches for real (and can record, R4); `ReplayNetwork`
/// answers from a capture at the recorded times, offline (network profile `capture`).
public protocol SessionNetwork: AnyObject {
    func submit(_ request: FetchRequest, kind: CapturedResponse.Kind, atTick tick: Int) -> FetchID
    /// The fetches that ended by `tick`, in the order they ended.
    func poll(atTick tick: Int) -> [FetchCompletion]
    /// The tick `id` was submitted at.
    func startTick(of id: FetchID) -> Int?
    var pendingCount: Int { get }
}

/// Fetches for real over `Fetcher` (R1–R3). With a `CaptureRecorder`, every document and poll
/// response is recorded when the run loop takes it (its tick is the one the session saw);
/// images are recorded by `ImageFeed` when their pixels reach the page.
public final class RealNetwork: SessionNetwork {
    public let fetcher: Fetcher
    public let recorder: CaptureRecorder?
    private var started: [FetchID: (tick: Int, kind: CapturedResponse.Kind)] = [:]

    public init(fetcher: Fetcher = Fetcher(), recorder: CaptureRecorder? = nil) {
        self.fetcher = fetcher
        self.recorder = recorder
    }

    public func submit(_ request: FetchRequest, kind: CapturedResponse.Kind, atTick tick: Int) -> FetchID {
        let id = fetcher.submit(request)
        started[id] = (tick, kind)
        return id
    }

    public func poll(atTick tick: Int) -> [FetchCompletion] {
        let done = fetcher.poll()
        for completion in done {
            guard let start = started[completion.id] else { continue }
            if start.kind != .image {
                recorder?.record(completion, kind: start.kind, startedTick: start.tick, endedTick: tick)
            }
        }
        return done
    }

    public func startTick(of id: FetchID) -> Int? { started[id]?.tick }

    public var pendingCount: Int { fetcher.pendingCount }
}
