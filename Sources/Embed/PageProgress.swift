/// The page's `estimatedProgress` (W1): how much of what it asked for has loaded, 0…1.
///
/// Weights (by what each costs a browser to fetch): the document with its first page of posts
/// 4, a further page of posts 2, an embed 2 (an iframe with its own document and scripts), an
/// image or video 1. The value grows as WebKit's `ProgressTracker::incrementProgress` grows
/// its own: a finished resource adds its share of the *remaining* progress (its weight over
/// the weight still loading), so the value never goes back when new requests join a load under
/// way, and it is 1 exactly when nothing is loading. A request made after the load finished
/// starts a new load from 0, as a new navigation does. Offline, nothing requested finishes, so
/// a page with anything to load never reaches 1. A real engine's page keeps one too (X1), fed by
/// its network events.
public struct PageProgress: Sendable {
    static let documentWeight = 4.0
    static func weight(_ r: Request) -> Double {
        switch r {
        case .page: return 2
        case .embed: return 2
        case .media: return 1
        }
    }

    /// The published value, 0…1.
    public private(set) var value = 0.0
    /// Requests still loading (each one's weight follows from its kind); `remaining` is their
    /// weights' sum, plus the document's weight while it loads. A set, not a dictionary of
    /// weights: one entry a resource of the page (B6); one bit a media or embed (B7).
    private var loading = RequestSet()
    private var remaining = 0.0
    /// The value last reported in the trace (W1: on a change of a tenth, or on reaching 1).
    private var reported = 0.0

    /// The document starts loading: requests made before `documentLoaded` share its load.
    public init() {}

    public mutating func documentStarted() {
        value = 0
        remaining += PageProgress.documentWeight
    }

    public mutating func documentLoaded() { finish(weight: PageProgress.documentWeight) }

    /// A request went to the loader; asking again for one still loading changes nothing.
    public mutating func requested(_ r: Request, slot: Int?) {
        guard loading.insert(r, slot: slot) else { return }
        if remaining == 0 { value = 0 }
        remaining += PageProgress.weight(r)
    }

    /// A request completed (a load the page did not ask for, e.g. forced, changes nothing).
    public mutating func completed(_ r: Request, slot: Int?) {
        guard loading.remove(r, slot: slot) else { return }
        finish(weight: PageProgress.weight(r))
    }

    private mutating func finish(weight w: Double) {
        guard remaining > 0 else { return }
        let before = remaining
        remaining -= w
        if remaining <= 1e-9 {
            value = 1
            remaining = 0
        } else {
            value += (1 - value) * w / before
        }
    }

    /// The value to report now, if it moved by a tenth since the last report or reached 1.
    public mutating func report() -> Double? {
        let moved = abs(value - reported) >= 0.1 - 1e-9
        let finished = value == 1 && reported != 1
        guard moved || finished else { return nil }
        reported = value
        return value
    }
}
