import Embed
import Fetch
import Foundation
import LiveblogModel

extension RealSession {
    /// `open` for a URL whose body streams in (B9): waits only until `firstPosts` posts are
    /// complete (enough to fill a screen: every post takes at least a row), the body ended, or
    /// `timeout` passed, and opens the page with those; the rest comes through the live feed
    /// (`StreamingLiveFeed`), then the polls. A body that ends with an error before any post
    /// fails as `open` does; one that ends later keeps the posts shown and says why. A file,
    /// or a recorded session (its capture replays the whole body at the start), takes `open`.
    public static func openStreaming(_ location: SourceLocation, pollSeconds: Double, record: Bool,
                                     firstPosts: Int, fetch: FetchConfig = FetchConfig(),
                                     timeout: Double = 120) -> Result<RealSession, SourceError> {
        guard case let .url(url) = location, !record else {
            return open(location, pollSeconds: pollSeconds, record: record, fetch: fetch)
        }
        let stream = BodyStream(url: url, fetch: fetch, pollSeconds: pollSeconds)
        if !stream.wait(forPosts: firstPosts, seconds: timeout) {
            stream.cancel()
            return .failure(SourceError(location: location,
                                        kind: .fetch(FetchError(url: url, kind: .noAnswer(seconds: timeout)))))
        }
        let progress = stream.progress
        let images = ImageFeed(network: RealNetwork(fetcher: Fetcher(config: fetch)), recorder: nil)
        if case let .success(loaded)? = progress.outcome, progress.posts == 0 || stream.header == nil {
            // Not streamed (another format, a small body): the whole liveblog, as `open` gives it.
            _ = stream.take()
            let feed = Poller(source: loaded, seconds: pollSeconds)
                .map { RealLiveFeed(poller: $0, network: RealNetwork(fetcher: Fetcher(config: fetch))) }
            return .success(RealSession(location: location, liveblog: pinned(loaded.liveblog),
                                        loader: RealResourceLoader(feed: images, baseDirectory: nil),
                                        liveFeed: feed, recorder: nil))
        }
        if case let .failure(error)? = progress.outcome, progress.posts == 0 { return .failure(error) }
        let first = LiveOrder.pinned(LiveblogLoader.sortedNewestFirst(stream.take()))
        let header = stream.header ?? (id: "", title: "", scoreboard: nil)
        let liveblog = Liveblog(id: header.id, title: header.title, scoreboard: header.scoreboard,
                                posts: first, format: stream.format ?? .tickaroo)
        let feed = StreamingLiveFeed(stream: stream, shown: first, pollSeconds: pollSeconds)
        return .success(RealSession(location: location, liveblog: liveblog,
                                    loader: RealResourceLoader(feed: images, baseDirectory: nil),
                                    liveFeed: feed, recorder: nil))
    }
}
