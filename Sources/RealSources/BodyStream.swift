import Fetch
import Foundation
import LiveblogModel

/// A liveblog body read from a URL as it arrives (B9): a thread of its own takes the fetcher's
/// chunks, feeds `LiveblogStreamParser` and keeps the posts it completes until the drawing loop
/// takes them (`take`, never blocking). The end gives the whole liveblog exactly as
/// `SourceLoader.load` would (the streamed one when the body streamed through, else the whole
/// body parsed with its exact errors), and the completion with the whole body (validators for
/// the poller). Only `open` waits (before the first frame), bounded.
// @unchecked Sendable: what arrived (posts, counts, outcome) is under `lock`; the rest is `let`.
public final class BodyStream: @unchecked Sendable {
    public let location: SourceLocation
    public let url: URL
    private let fetcher: Fetcher
    private let parser: LiveblogStreamParser
    private let lock = NSCondition()
    /// Posts parsed, not taken yet: `ready[readyHead...]` (the taken ones are dropped in bulk,
    /// so taking a batch never moves the whole backlog).
    private var ready: [Post] = []
    private var readyHead = 0
    private var parsed = 0
    private var received = 0
    private var outcome: Result<LoadedSource, SourceError>?
    private var stopped = false
    private let pollSeconds: Double
    private var endingMade: StreamEnding?

    /// What the end of a body that was read gives the page, made on the stream's thread so the
    /// drawing loop does no O(n) work for it: the posts in page order (R3 pins), whether they
    /// are the streamed ones exactly (the body streamed through), and the poller (R3).
    public struct StreamEnding {
        public let pagePosts: [Post]
        public let streamedThrough: Bool
        public let poller: Poller?
    }

    /// Starts the GET of `url` (redirects followed, the fetcher's timeouts and cap apply).
    public init(url: URL, fetch: FetchConfig = FetchConfig(), pollSeconds: Double = 0) {
        self.url = url
        self.pollSeconds = pollSeconds
        location = .url(url)
        fetcher = Fetcher(config: fetch)
        parser = LiveblogStreamParser(name: url.redacted)
        var request = SourceLoader.request(url)
        request.streamsBody = true
        let id = fetcher.submit(request)
        let thread = Thread { [self] in run(id) }
        thread.name = "liveblog.body"
        thread.start()
    }

    deinit { cancel() }

    /// The header once the events began (id, title, scoreboard), nil before or for another shape.
    public var header: (id: String, title: String, scoreboard: Scoreboard?)? {
        lock.lock()
        defer { lock.unlock() }
        return headerSeen
    }
    private var headerSeen: (id: String, title: String, scoreboard: Scoreboard?)?
    /// The format streaming in (native or JSON Feed), once its array began.
    public var format: Liveblog.Format? {
        lock.lock()
        defer { lock.unlock() }
        return formatSeen
    }
    private var formatSeen: Liveblog.Format?

    /// Posts completed so far, bytes received so far, and the end when it came.
    public var progress: (posts: Int, bytes: Int, outcome: Result<LoadedSource, SourceError>?) {
        lock.lock()
        defer { lock.unlock() }
        return (parsed, received, outcome)
    }

    /// The end's page order and poller once the body ended well.
    public var ending: StreamEnding? {
        lock.lock()
        defer { lock.unlock() }
        return endingMade
    }

    /// Waits (the opening only, never the drawing loop) until `count` posts are complete, the
    /// body ended, or `seconds` passed; true unless the time ran out.
    @discardableResult
    public func wait(forPosts count: Int, seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        lock.lock()
        defer { lock.unlock() }
        while parsed < count, outcome == nil {
            if !lock.wait(until: deadline) { return false }
        }
        return true
    }

    /// At most `limit` of the posts completed and not taken yet, in file order; never waits.
    public func take(limit: Int = .max) -> [Post] {
        lock.lock()
        defer { lock.unlock() }
        let n = min(limit, ready.count - readyHead)
        let out = Array(ready[readyHead..<(readyHead + n)])
        readyHead += n
        if readyHead >= 4096, readyHead * 2 >= ready.count {
            ready.removeFirst(readyHead)
            readyHead = 0
        }
        return out
    }

    /// Stops the transfer; the stream ends without an outcome if it had none.
    public func cancel() {
        lock.lock()
        stopped = true
        lock.unlock()
        fetcher.invalidate()
    }

    // MARK: - The stream's thread

    private func run(_ id: FetchID) {
        while true {
            lock.lock()
            let stop = stopped
            lock.unlock()
            if stop { return }
            let (chunks, completions) = fetcher.pollStreaming()
            for chunk in chunks where chunk.id == id { take(chunk) }
            if let done = completions.first(where: { $0.id == id }) {
                end(done)
                return
            }
            if chunks.isEmpty { usleep(1000) }
        }
    }

    private func take(_ chunk: FetchChunk) {
        var posts = parser.feed(chunk.data)
        if !posts.isEmpty, let base = chunk.finalURL { posts = Self.resolved(posts, against: base) }
        lock.lock()
        received += chunk.data.count
        if headerSeen == nil, let h = parser.header {
            headerSeen = h
            formatSeen = parser.format
        }
        ready.append(contentsOf: posts)
        parsed += posts.count
        lock.broadcast()
        lock.unlock()
    }

    /// The end of the body: the liveblog (streamed, or the whole body parsed), or why not (R6).
    private func end(_ completion: FetchCompletion) {
        let result: Result<LoadedSource, SourceError>
        var made: StreamEnding?
        switch completion.result {
        case let .failure(error):
            result = .failure(SourceError(location: location, kind: .fetch(error)))
        case let .success(answer):
            let response = FetchResponse(url: answer.url, finalURL: answer.finalURL, status: answer.status,
                                         headers: answer.headers, body: Data(parser.bytes),
                                         redirects: answer.redirects)
            let whole = FetchCompletion(id: completion.id, request: completion.request,
                                        result: .success(response), timing: completion.timing)
            let parsedWhole: Result<Liveblog, SourceError>
            let streamed = parser.finish()
            if var liveblog = streamed {
                MediaURLs.resolve(&liveblog, against: response.finalURL)
                parsedWhole = .success(liveblog)
            } else {
                parsedWhole = SourceLoader.parse(response, location: location)
            }
            result = parsedWhole.map { LoadedSource(location: location, liveblog: $0, completion: whole) }
            if case let .success(loaded) = result {
                made = StreamEnding(pagePosts: LiveOrder.pinned(loaded.liveblog.posts),
                                    streamedThrough: streamed != nil,
                                    poller: Poller(source: loaded, seconds: pollSeconds))
            }
        }
        lock.lock()
        endingMade = made
        outcome = result
        lock.broadcast()
        lock.unlock()
        fetcher.invalidate()
    }

    /// Media URLs of streamed posts made absolute against the URL that answered (R2).
    static func resolved(_ posts: [Post], against base: URL) -> [Post] {
        var carrier = Liveblog(id: "", title: "", posts: posts)
        MediaURLs.resolve(&carrier, against: base)
        return carrier.posts
    }
}
