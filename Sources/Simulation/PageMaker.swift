import LiveblogModel
import Embed
import Host

/// What the World asks of whoever makes its page: the liveblog, the page's settings and width,
/// the first jumpId (a reloaded page goes on from the old one's, E9) and a real source's loader;
/// and what a real engine's web view is set up with before its document starts (X5): the app's
/// platform (its shim and user agent), the screen's density, the list's viewport height and the
/// hook defined at document start (a deep link at load already calls it).
public struct PageRequest {
    public var liveblog: Liveblog
    public var config: PageConfig
    public var width: Double
    public var firstJumpId: Int
    public var loader: (any ResourceLoader)?
    public var platform: Platform = .ios
    /// Device pixels per pt (D3); nil: the terminal's (1).
    public var density: Double?
    public var viewportHeight: Double = 0
    public var hook: HookSignature?

    /// The request for a world of settings `c`: its page settings `page`, its width and device.
    init(_ c: WorldConfig, liveblog: Liveblog, page: PageConfig, firstJumpId: Int, loader: (any ResourceLoader)?) {
        self.liveblog = liveblog
        config = page
        width = DeviceLayout.webWidth(c)
        self.firstJumpId = firstJumpId
        self.loader = loader
        platform = c.platform
        density = DeviceLayout.pixelScale(c)
        viewportHeight = DeviceLayout.viewportHeight(c)
        hook = c.hook
    }

    public init(liveblog: Liveblog, config: PageConfig, width: Double, firstJumpId: Int = 1,
                loader: (any ResourceLoader)? = nil) {
        self.liveblog = liveblog
        self.config = config
        self.width = width
        self.firstJumpId = firstJumpId
        self.loader = loader
    }
}

/// Makes the World's page (X1): the emulated one, or a real engine's, given by the command layer (`Commands`).
public typealias PageMaker = (PageRequest) -> any WebPage

extension World {
    /// The emulated page (section 2).
    public static var makeEmulatedPage: PageMaker { { r in
        Page(liveblog: r.liveblog, config: r.config, width: r.width, firstJumpId: r.firstJumpId, loader: r.loader)
    } }
}

extension World {
    /// The page when it is the emulated one (tests and the bench read its own state), else nil.
    public var emulatedPage: Page? { page as? Page }
}
