import Foundation
import LiveblogModel
import Embed

/// What the front end shows on top of the world: the open overlay, messages, the demo's caption.
/// None of it changes the world; the App turns choices into world inputs.
public struct UIState {
    /// The overlay open over the list, if any (issue 25: each one a component, `Overlay`).
    var overlay: (any Overlay)?
    /// A line shown in the toolbar for a while (external links, not found, …).
    public var message: (text: String, until: Double)?
    /// The demo's caption, shown in the navigation bar.
    public var caption: String?
    public var recording: Bool = false
    /// The network badge when the page loads for real (R2: "real", "capture"); nil: its profile.
    public var networkLabel: String?
    /// Issue 32, honest pages: the native rows around the web row. The bundled sample's host app
    /// shows its invented rows ("LIVE", a tagline, comments, related articles); any other source
    /// shows only what it has (its origin, its post count and the days they span).
    public var nativeRows: NativeRows = .sample
    /// Issue 32: the zone post times are shown in (the command line gives `TZ`'s); UTC otherwise.
    public var timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0)!
    /// Issue 32: the `/` search the reader is in (`n`, `N`, Esc), if any.
    var search: SearchState?
    /// Issue 32: the demo's aids (the device's outline, the web row's edges, the finger, the
    /// jump target's tag, the y(t) strip): on in `demo`, with `view --explain`; nil: off.
    public var aids: DemoAids?
    /// C9: the tour's caption band at the screen's foot; nil outside the tour.
    public var band: DemoBand?
    /// V2, V4: the lab (`--lab`, compare): its keys without the prefix, the jump's state kept in
    /// the toolbar after the jump ends.
    public var lab = false
    /// V4: the source as the bars name it (the feed's own site, else its file's name or its URL's
    /// host); nil: the page's origin (the bundled sample's invented site, tests).
    public var source: String?
    public init() {}
}

/// What the native rows above and below the web row show (H1, issue 32).
public enum NativeRows: Sendable {
    /// The sample host app's rows, as a news app would have them around its embed.
    case sample
    /// A real source's: only what the source has.
    case source
}

extension UIState {
    /// V4: how the bars name a source: a URL by its host; a file by the site its feed names (a
    /// JSON Feed's `feed_url` or `home_page_url`, a JSON-LD page's `url`), else by the file's name.
    public static func sourceName(_ path: String, _ lb: Liveblog) -> String {
        if let host = PageURL.host(of: path), path.contains("://") { return host }
        if let site = PageURL.host(of: lb.id), ["http", "https"].contains(URLComponents(string: lb.id)?.scheme) {
            return site
        }
        return URL(fileURLWithPath: path).lastPathComponent
    }
}
