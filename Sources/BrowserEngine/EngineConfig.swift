import Embed
import Host
import LiveblogModel

/// The web view's device (X5): its width in CSS px (= pt, = dp), its screen height, its density
/// (device pixels per CSS px), the platform, and the model for Android's user agent.
public struct EngineDevice: Sendable, Equatable {
    public var width: Double
    public var height: Double
    public var density: Double
    /// The web view's platform (`Platform.webView`: ios or android): which shim it gets (X5) and
    /// which user agent.
    public var platform: Platform
    /// Android's `Build.MODEL` in the user agent ("Pixel 8").
    public var model: String
    /// nil: the platform's web view user agent (`userAgent(chromeVersion:)`).
    public var userAgent: String?

    public init(width: Double, height: Double, density: Double, platform: Platform,
                model: String = "Pixel 8", userAgent: String? = nil) {
        self.width = width
        self.height = height
        self.density = density
        self.platform = platform.webView
        self.model = model
        self.userAgent = userAgent
    }

    public static let pixel8 = EngineDevice(width: 412, height: 915, density: 2.625, platform: .android)
    public static let iphone15 = EngineDevice(width: 393, height: 852, density: 3, platform: .ios, model: "iPhone")

    /// The user agent the platform's web view sends: WKWebView's (no "Version/… Safari/…", as an
    /// app's WKWebView has none) or Android System WebView's ("; wv", the engine's Chrome version).
    public func userAgent(chromeVersion: String) -> String {
        if let userAgent { return userAgent }
        switch platform {
        case .ios, .naive:
            let device = width >= 744 ? "iPad; CPU OS 17_5" : "iPhone; CPU iPhone OS 17_5"
            return "Mozilla/5.0 (\(device) like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"
        case .android:
            return "Mozilla/5.0 (Linux; Android 14; \(model) Build/AP2A.240805.005; wv) AppleWebKit/537.36 "
                + "(KHTML, like Gecko) Version/4.0 Chrome/\(chromeVersion) Mobile Safari/537.36"
        }
    }
}

/// The app's `window.tickarooLiveblogScrollTo` (X5).
public enum EngineHook: Sendable, Equatable {
    /// The seed's shim for the device's platform (iOS: postMessage to scrollToSwift; Android:
    /// three values to tik4Android.tickarooLiveblogScrollTo).
    case shim
    /// A function's source (`--hook`), injected instead. `forwardToApp`: after each call that
    /// does not throw, the platform's shim gets the same arguments, so the app still hears of
    /// it, as the emulated World delivers every call of a `--hook` (false: the text alone).
    case custom(String, forwardToApp: Bool)
}

/// How the engine's time runs (X7).
public enum EngineTime: Sendable, Equatable {
    /// Virtual time, stepped frame by frame by `frame(tick:)` (simulate): the same on every run.
    case virtual
    /// The engine's own clock (view); `frame(tick:)` collects what happened.
    case realTime
}

/// What the web view loads (X3, X4).
public enum PageSource: Sendable {
    /// The reference embed showing this liveblog, with the emulated page's settings (pages,
    /// deep-link limit, sticky header, URL for origin and fragment, enabled domains, network
    /// profile and seed, image cap).
    case reference(Liveblog, PageConfig)
    /// The user's own page, loaded as it is; its requests go through the same gate (the
    /// profile's delays apply to them too; `.instant` passes them at the next frame).
    case url(String, network: NetworkProfile, seed: UInt64)
}

/// Everything the engine page needs besides the browser and the source.
public struct EngineConfig: Sendable {
    public var device: EngineDevice
    /// The hook defined at document start; nil: none.
    public var hook: EngineHook? = .shim
    public var time: EngineTime = .virtual
    /// The page's liveblog element (`navigateToEventId`, removal).
    public var elementSelector = "tickaroo-liveblog"
    /// The posts (`post` expectations, frame lines): elements matching this, their id in this
    /// attribute. The reference embed marks its posts `data-post-id`.
    public var postSelector = "[data-post-id]"
    public var postIdAttribute = "data-post-id"
    /// The panels (L7) read from the page's DOM: a post is a highlight, a chapter or a scorer
    /// when it matches the selector or holds an element that does (that element's text is the
    /// chapter's title, the scorer's line). The reference embed's marks: `data-highlight` on a
    /// highlighted post (its kind), the headline of a milestone, `data-event-type` on the sport
    /// line of a goal.
    public var highlightSelector = PanelSelectors.highlight
    public var chapterSelector = PanelSelectors.chapter
    public var scorerSelector = PanelSelectors.scorer
    /// Real seconds a page may take to load before it counts as broken.
    public var loadTimeout: Double = 30
    /// Steps (a virtual microsecond each) a page may take to become ready.
    public var maxLoadSteps = 5000
    /// Real seconds to wait for a released response to reach the page.
    public var settleTimeout: Double = 10
    /// Real seconds a run waits in all for responses that stalled (S6): past it, a released
    /// response that has not reached the page is waited for `settleTimeoutAfterStalls` at most.
    public var maxStalledWait: Double = 10
    public var settleTimeoutAfterStalls: Double = 0.25
    /// Real seconds a frame waits for the report of input due in it after its begin frame, and
    /// how many more begin frames (at the same time) it gives input that missed it (X6).
    public var inputWait: Double = 0.05
    public var inputRedraws = 5
    /// B12: the reference embed's frame flush is armed in the page ahead and sent with the begin
    /// frame (one round trip less a frame).
    public var armedFlush = true
    /// Real seconds the flush's answer is waited for once the begin frame's came, before a
    /// barrier's round trip decides (speed only).
    public var armedFlushGrace: Double = 0.003
    /// Q20: a page of one's own in virtual time fetches its held requests ahead, in parallel.
    public var prefetch = true
    /// Q20: a page of one's own recorded into this capture file, or replayed from it offline
    /// when it exists (docs/sources.md, "Capture format").
    public var pageCapture: String?
    /// The reference embed's first jumpId (E9: a reloaded page's go on from the old page's).
    public var firstJumpId = 1
    /// The engine's wall clock at the start of virtual time (Date.now()), Unix seconds.
    public var initialWallTime: Double = 1_767_225_600

    public init(device: EngineDevice) { self.device = device }
}

/// The reference embed's marks for the panels (L7), the defaults of `--highlight-selector`,
/// `--chapter-selector` and `--scorer-selector`.
public enum PanelSelectors {
    public static let highlight = "[data-highlight]"
    public static let chapter = "[data-highlight=milestone] .post-headline"
    public static let scorer = "[data-event-type*=goal i]"
}
