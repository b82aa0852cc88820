import LiveblogModel

/// The page's settings (docs/contract.md "page", E3, E14).
public struct PageConfig: Sendable {
    /// Posts per page; 0 = every post loaded at start (L8).
    public var pageSize = 0
    /// How many posts beyond the loaded ones a deep link may load (E3); 0 = no limit.
    public var deepLinkLimit = 0
    /// Height of the page's sticky site header in pt; 0 = none (E1, E6).
    public var stickyHeader: Double = 0
    /// Frames between a layout change and the host's resize callback (E2).
    public var resizeLatency = 2
    /// The page URL: origin and `#tickaroo_event_id=` deep link (E4, E14).
    public var url: String? = nil
    /// Enabled domains (E14); nil = the URL's own host.
    public var enabledDomains: [String]? = nil
    /// Load media only within one viewport of the visible area (I2).
    public var lazyMedia = false
    public var networkProfile: NetworkProfile = .instant
    public var networkSeed: UInt64 = 1
    public var cell = CellMetrics()
    /// `list` (posts stacked) or `timeline`: a horizontal strip the page scrolls itself (E15).
    public var layout: PageLayoutKind = .list
    /// D5: the tallest an image is drawn, in pt (a page's `max-height` in CSS); nil: no cap.
    public var maxImageHeight: Double?
    /// V4: false for a reader's file whose remote images nothing here fetches: each is one line
    /// (its alt, declared size and "not fetched"), not an invented picture of a seeded size.
    public var fetchesRemoteMedia = true
    public init() {}
}

public enum PageLayoutKind: String, Sendable, CaseIterable { case list, timeline }

/// Where the liveblog is in its life (E14, E11): it initializes only on an enabled origin, and
/// once removed from the page it lays out and loads nothing more.
public enum Lifecycle: Sendable, Equatable {
    case notInitialized(reason: String)
    case live
    case removed
}
