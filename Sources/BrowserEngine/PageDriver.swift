import Embed
import LiveblogModel

/// What `EngineWebPage` asks of a real engine's page (X1, X11): the engine-neutral seam between
/// the World's `WebPage` and an engine. Chromium's `EnginePage` (module Chromium) and WebKit's
/// `WebKitPage` (module WebKitEngine) are the two; every call leaves what the page did in
/// `outbox`, and an engine error is a `EngineError` (the engine's, whichever it is).
public protocol PageDriver: AnyObject {
    var config: EngineConfig { get }
    /// The URL the page was opened with.
    var url: String { get }
    /// The reference embed's site (its local media), nil for a page of one's own.
    var site: EmbedSite? { get }
    var outbox: [EngineEvent] { get set }
    /// The tick (120 Hz) of the last page frame.
    var tick: Int { get }
    var speaksProtocol: Bool { get }
    var initialized: Bool { get }
    var isLoading: Bool { get }
    var estimatedProgress: Double { get }
    var networkProfile: NetworkProfile { get }
    var contentHeight: Double { get }
    var width: Double { get }
    var viewportHeight: Double { get }
    /// Main-frame documents loaded so far.
    var documents: Int { get }
    var marks: [String: PostMarks] { get }
    var marksVersion: Int { get }
    var layoutCache: PageLayoutSnapshot? { get }

    func frame(tick: Int) throws
    func setViewportHeight(_ h: Double) throws
    func setWidth(_ w: Double) throws
    func navigate(to id: String, topOffset: Double?) throws
    func setFragment(_ id: String) throws
    func setHook(_ hook: EngineHook?) throws
    func tap(x: Double, y: Double) throws
    /// Q19: a finger down on the web row that the list has not taken (yet), at page coordinates.
    func touchStart(x: Double, y: Double) throws
    /// Q19: the list took the touch (Android's ACTION_CANCEL, iOS's cancelled content touch).
    func touchCancel() throws
    func wheel(x: Double, y: Double, deltaY: Double) throws
    func key(_ key: String) throws
    func activateLink(_ href: String, nearY y: Double) throws -> Bool
    func remove() throws
    func close()
    func insertPostsAtTop(_ posts: [Post]) throws
    func requestMorePosts() throws
    func forceLoad(_ id: String) throws -> Bool
    func setNetworkProfile(_ p: NetworkProfile)
    func scrollTo(_ y: Double) throws
    func geometry() throws -> PageGeometry
    func postTop(id: String) throws -> Double?
    func layout(from y0: Double, to y1: Double, margin: Double) throws -> PageLayoutSnapshot?
    /// V4: the document's own title (sanitised), "" without one.
    func documentTitle() throws -> String
    /// The engine process's id (its process group's leader) for what measures it (the bench's
    /// memory), nil where the page has no process of its own to name.
    var engineProcessID: Int32? { get }
    /// Ends the engine process behind the page when it outlives the page (Chromium's browser is
    /// the run's; a scenario of a suite ends it); nothing where the page's close ends it already.
    func closeEngine()
    /// What this engine's page can do, declared by the engine: the adapter and the commands ask
    /// these, never which engine they hold.
    var capabilities: EngineCapabilities { get }
}

/// What an engine's page can do (issue 39's engine seam), declared by each engine.
public struct EngineCapabilities: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// In `simulate` the page runs on the World's clock: Chromium's virtual time (X7), WebKit's
    /// clock stepped with the World's frames (X13).
    public static let virtualTime = EngineCapabilities(rawValue: 1 << 0)
    /// Touch events reach the page (Q19: a finger down on the web row before the list takes it,
    /// and its cancel). WebKitGTK has none without a touchscreen (a tap arrives as a click).
    public static let touchEvents = EngineCapabilities(rawValue: 1 << 1)
    /// Its painted pixels can be captured for the terminal (X9, X14: the page is `PagePixels`).
    public static let pixels = EngineCapabilities(rawValue: 1 << 2)
}

extension PageDriver {
    public var engineProcessID: Int32? { nil }
    public func closeEngine() {}
}

