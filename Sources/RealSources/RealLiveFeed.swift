import Fetch
import Foundation
import Embed

/// Live updates of a real source (R3) for the world: the `Poller`'s requests go through the
/// session's network (real, or a capture replayed: R4), one at a time; a changed snapshot is
/// handed to the world, which applies it with scroll anchoring.
public final class RealLiveFeed: LiveFeed {
    private var poller: Poller
    private let network: SessionNetwork
    private var inFlight: FetchID?

    public init(poller: Poller, network: SessionNetwork) {
        self.poller = poller
        self.network = network
    }

    public func setBackground(_ background: Bool) { poller.setBackground(background) }

    public func update(tick: Int) -> LiveUpdate? {
        if let request = poller.request(atTick: tick) {
            inFlight = network.submit(request, kind: .poll, atTick: tick)
        }
        for completion in network.poll(atTick: tick) where completion.id == inFlight {
            inFlight = nil
            switch poller.receive(completion, atTick: tick) {
            case .unchanged:
                return nil
            case let .changed(liveblog, diff):
                return .snapshot(LiveSnapshot(posts: liveblog.posts, added: diff.added, summary: diff.summary))
            case let .failed(error):
                return .failed(error.description)
            }
        }
        return nil
    }
}
