import LiveblogModel

/// What the page asks its loader for (I1, I2, L6, L8).
public enum ResourceRequest: Sendable {
    /// An image or video: the loader reports its pixel size (or why it failed).
    case media(Media)
    /// A social embed (L6): the loader reports the height it settles at.
    case embed(id: String)
    /// Page `n` of older posts (L8).
    case page(Int)

    /// The request's identity: asking again for the same key while it loads changes nothing.
    public var key: Request {
        switch self {
        case .media(let m): return .media(m.id)
        case .embed(let id): return .embed(id)
        case .page(let n): return .page(n)
        }
    }
}

/// What a loader delivers, at a tick: the resource's id and its outcome.
public enum ResourceCompletion: Sendable, Equatable {
    /// An image: `.loaded` with its decoded pixel size and local file (if any), or `.failed(why)`.
    case media(id: String, MediaState)
    /// An embed loaded and settled at `height` pt, unless the post declares its height (L6).
    case embed(id: String, height: Double)
    /// Issue 32: an embed that will not load, and why (one line from then on).
    case embedFailed(id: String, why: String)
    /// Page `n` of older posts arrived.
    case page(Int)

    /// The request this completes.
    public var key: Request {
        switch self {
        case .media(let id, _): return .media(id)
        case .embed(let id, _), .embedFailed(let id, _): return .embed(id)
        case .page(let n): return .page(n)
        }
    }
}

/// Loads media, embeds and pages for the page. The page asks (`request`), and at every frame
/// takes what has completed (`completions`). The simulated network profiles of I1 are one
/// implementation (`SimulatedLoader`); a replayed capture or real HTTP are others: each must be
/// deterministic in virtual time (completions are delivered only at ticks the world asks for).
public protocol ResourceLoader {
    /// Nothing requested is still loading.
    var isIdle: Bool { get }
    /// The network conditions the loader applies (I1); a loader without simulated delays
    /// reports `.instant` and may ignore changes.
    var networkProfile: NetworkProfile { get }
    mutating func setNetworkProfile(_ p: NetworkProfile, tick: Int)
    /// Starts loading, unless the same request is loading already.
    mutating func request(_ r: ResourceRequest, tick: Int)
    /// Requests completed at or before `tick`, in completion order (ties: request order).
    mutating func completions(tick: Int) -> [ResourceCompletion]
    /// Completes a request now, whatever the network (a scenario's `load`), asked for or not.
    mutating func force(_ r: ResourceRequest, tick: Int) -> ResourceCompletion
    /// `request` with the page's slot for a media or embed (its entry in the page's owner table,
    /// nil for anything else): a loader may key its per-request tables by it (B7).
    mutating func request(_ r: ResourceRequest, slot: Int?, tick: Int)
    /// `force` with the request's slot, as `request`.
    mutating func force(_ r: ResourceRequest, slot: Int?, tick: Int) -> ResourceCompletion
}

extension ResourceLoader {
    public mutating func request(_ r: ResourceRequest, slot: Int?, tick: Int) { request(r, tick: tick) }
    public mutating func force(_ r: ResourceRequest, slot: Int?, tick: Int) -> ResourceCompletion {
        force(r, tick: tick)
    }
}
