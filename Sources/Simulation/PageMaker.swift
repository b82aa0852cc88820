import LiveblogModel
import Embed

/// What the World asks of whoever makes its page: the liveblog, the page's settings and width,
/// the first jumpId (a reloaded page goes on from the old one's, E9) and a real source's loader.
public struct PageRequest {
    public var liveblog: Liveblog
    public var config: PageConfig
    public var width: Double
    public var firstJumpId: Int
    public var loader: (any ResourceLoader)?
}

/// Makes the World's page (X1): the emulated one, or a real engine's, given by the executable.
public typealias PageMaker = (PageRequest) -> any WebPage

extension World {
    /// The emulated page (section 2).
    public static let makeEmulatedPage: PageMaker = { r in
        Page(liveblog: r.liveblog, config: r.config, width: r.width, firstJumpId: r.firstJumpId, loader: r.loader)
    }
}

extension World {
    /// The page when it is the emulated one (tests and the bench read its own state), else nil.
    public var emulatedPage: Page? { page as? Page }
}
