/// W1 on a real engine: the page's `estimatedProgress` from the engine's own load events, every
/// request the page makes and not only those the network gate delays (X3). The document counts
/// from its navigation to its `load` event (`Page.loadEventFired`); each other request from its
/// `Network.requestWillBeSent` to its `loadingFinished` or `loadingFailed`, whoever made it (the
/// page's scripts, styles, fonts, images, fetches; requests to other origins, which the gate
/// passes at once). The weights and the rule are `PageProgress`'s: the document 4, a fetch or a
/// frame's document 2 (a page of posts, an embed), anything else 1; a finished request adds its
/// share of the remaining progress, so the value never goes back while a load is under way and
/// is 1 exactly when nothing is loading; a request after that starts a new load from 0.
struct EngineLoadProgress {
    static let documentWeight = 4.0

    static func weight(type: String?) -> Double {
        switch type {
        case "Fetch", "XHR", "Document": return 2
        default: return 1
        }
    }

    /// The published value, 0…1.
    private(set) var value = 0.0
    /// Requests loading, by network id, with their weights.
    private var loading: [String: Double] = [:]
    private var documentLoading = false
    private var remaining = 0.0
    /// The value last reported in the trace (W1: on a change of a tenth, or on reaching 1).
    private var reported = 0.0

    var isLoading: Bool { remaining > 0 }

    /// A document commits in the main frame (the first one, or one the page navigated to).
    mutating func documentStarted() {
        value = 0
        loading = [:]
        remaining = EngineLoadProgress.documentWeight
        documentLoading = true
    }

    /// The main document's `load` event.
    mutating func documentLoaded() {
        guard documentLoading else { return }
        documentLoading = false
        finish(weight: EngineLoadProgress.documentWeight)
    }

    /// `Network.requestWillBeSent` of any request but the main document's (a redirect goes on
    /// under the same id and changes nothing).
    mutating func started(id: String, type: String?) {
        guard loading[id] == nil else { return }
        if remaining == 0 { value = 0 }
        let w = EngineLoadProgress.weight(type: type)
        loading[id] = w
        remaining += w
    }

    /// `Network.loadingFinished` / `loadingFailed`.
    mutating func ended(id: String) {
        guard let w = loading.removeValue(forKey: id) else { return }
        finish(weight: w)
    }

    private mutating func finish(weight w: Double) {
        guard remaining > 0 else { return }
        let before = remaining
        remaining -= w
        if remaining <= 1e-9 || (loading.isEmpty && !documentLoading) {
            value = 1
            remaining = 0
        } else {
            value += (1 - value) * w / before
        }
    }

    /// The value to report now, if it moved by a tenth since the last report or reached 1.
    mutating func report() -> Double? {
        let moved = abs(value - reported) >= 0.1 - 1e-9
        let finished = value == 1 && reported != 1
        guard moved || finished else { return nil }
        reported = value
        return value
    }
}
