import Embed
import Fetch
import Foundation
import ImageDecoding
import LiveblogModel

/// Everything a session with a real source needs (R1–R4): the liveblog as first read, the
/// page's loader for its images, the live feed that polls it, and the capture being recorded.
/// `open` reads a URL for real; `replay` answers every load from a capture, offline.
public final class RealSession {
    public let location: SourceLocation
    public let liveblog: Liveblog
    public let loader: RealResourceLoader
    /// Polls (R3); for a body still streaming, the rest of the body first (B9).
    public let liveFeed: (any LiveFeed)?
    public let recorder: CaptureRecorder?

    init(location: SourceLocation, liveblog: Liveblog, loader: RealResourceLoader, liveFeed: (any LiveFeed)?,
         recorder: CaptureRecorder?) {
        self.location = location
        self.liveblog = liveblog
        self.loader = loader
        self.liveFeed = liveFeed
        self.recorder = recorder
    }

    /// Reads `location` (a URL, or a file whose images load for real) and sets up real loading.
    /// `pollSeconds` 0: no polling. `record`: every response also goes into a capture.
    public static func open(_ location: SourceLocation, pollSeconds: Double, record: Bool,
                            fetch: FetchConfig = FetchConfig()) -> Result<RealSession, SourceError> {
        let recorder = record ? CaptureRecorder(source: location.description, pollSeconds: pollSeconds) : nil
        let documents = RealNetwork(fetcher: Fetcher(config: fetch), recorder: recorder)
        let loaded: LoadedSource
        switch SourceLoader.load(location, fetcher: documents.fetcher) {
        case let .failure(error): return .failure(error)
        case let .success(source): loaded = source
        }
        if let completion = loaded.completion {
            recorder?.record(completion, kind: .liveblog, startedTick: 0, endedTick: 0)
        }
        let images = ImageFeed(network: RealNetwork(fetcher: Fetcher(config: fetch), recorder: recorder),
                               recorder: recorder)
        let loader = RealResourceLoader(feed: images, baseDirectory: loaded.liveblog.baseDirectory)
        let feed = Poller(source: loaded, seconds: pollSeconds)
            .map { RealLiveFeed(poller: $0, network: documents) }
        return .success(RealSession(location: location, liveblog: pinned(loaded.liveblog), loader: loader,
                                    liveFeed: feed, recorder: recorder))
    }

    /// A recorded session's network replayed from `capture` (network profile `capture`, R4).
    public static func replay(_ capture: Capture) -> Result<RealSession, SourceError> {
        let location = SourceLocation(capture.source)
        guard let document = ReplayNetwork.document(of: capture) else {
            let error = LiveblogError(file: capture.source, place: "responses",
                                      message: "the capture holds no liveblog")
            return .failure(SourceError(location: location, kind: .notALiveblog(error, contentType: nil)))
        }
        let liveblog: Liveblog
        switch SourceLoader.liveblog(from: document, location: location) {
        case let .failure(error): return .failure(error)
        case let .success(lb): liveblog = lb
        }
        let images = ImageFeed(network: ReplayNetwork(capture: capture), decodesInline: true)
        let loader = RealResourceLoader(feed: images, baseDirectory: nil)
        let loaded = LoadedSource(location: location, liveblog: liveblog, completion: document)
        let feed = Poller(source: loaded, seconds: capture.pollSeconds ?? 0)
            .map { RealLiveFeed(poller: $0, network: ReplayNetwork(capture: capture)) }
        return .success(RealSession(location: location, liveblog: pinned(liveblog), loader: loader,
                                    liveFeed: feed, recorder: nil))
    }

    /// R3: a live page pins its sticky posts at the top from the first load on, as every poll does.
    static func pinned(_ liveblog: Liveblog) -> Liveblog {
        var out = liveblog
        out.posts = LiveOrder.pinned(liveblog.posts)
        return out
    }
}
