import LiveblogModel
import Embed
import Host
import ScrollPhysics

/// Nested-scroll modes (section 5).
public enum Mode: String, Sendable, CaseIterable {
    case content, nested, header
    public var next: Mode { let a = Mode.allCases; return a[(a.firstIndex(of: self)! + 1) % a.count] }
}

/// Everything a World is set up with (the scenario's settings, or the command line's).
public struct WorldConfig: Sendable {
    public var cols = 80
    public var rows = 24
    public var mode: Mode = .content
    public var platform: Platform = .ios
    /// How the android host reads its scroll range (F8): LinearLayoutManager's estimate, or exact.
    public var androidRange: AndroidRangeMode = .default
    public var hook: HookSignature? = try? HookSignature(parsing: "function (top, info) {}")
    public var insetTopRows = 2
    public var insetBottomRows = 1
    public var headerRows = 6
    public var footerRows = 20
    public var page = PageConfig()
    /// F2: `--physics` / the scenario's `"physics"`: one law for every platform and mode; nil:
    /// each platform's own (`PhysicsModel.selected`).
    public var physics: PhysicsModel?
    /// F4: which reader input is a drag (`--drag-rule`, the scenario's `"dragRule"`).
    public var dragRule: ReaderDragRule = .platform
    /// D1: the device (`--device`, the scenario's `"device"`); nil: the terminal as before D1–D5.
    public var device: DeviceProfile?
    /// D5: the `terminal` device's reading column in text columns (`--column`).
    public var column = DeviceLayout.defaultColumn
    /// D4: frames between the page's call and the host's handler (`--bridge-delay`, the scenario's
    /// `"bridgeDelay"`); nil: the platform's own on a device, 0 without one.
    public var bridgeDelay: Int?
    /// Issue 32, the demo: images no taller than this share of the viewport's part the terminal
    /// shows, on any device (so that none fills the screen); nil: D5's cap alone.
    public var imageCapShare: Double?
    public init() {}
}

/// What a terminal row shows (the renderer draws it; T1).
public enum RowContent: Equatable {
    /// A native row of the list: header (above the web row) or footer (below it), by index.
    case nativeHeader(Int)
    case nativeFooter(Int)
    /// The page at page-y (the centre of the row, U3).
    case page(Double)
    /// M3's collapsing header row, with its fade (1 = opaque).
    case collapsingHeader(Int, fade: Double)
    case empty
}

/// The state of the latest jump, for the toolbar (T1) and the timeline (T4).
public struct JumpStatus: Equatable {
    public var jumpId: Int
    public var postId: String?
    public var startTick: Int
    public var calls = 0
    public var corrections = 0
    public var drops = 0
    public var lastTop: Double?
    public var clamped = false
    public var endedTick: Int?
    public var endReason: String?
}

public struct TimelineMark: Equatable {
    /// `input`: the reader's input during the jump (Q8).
    public enum Kind: String { case jump, correction, drop, holdEnd = "hold-end", reaim, settle, input }
    public var tick: Int
    public var kind: Kind
}

/// What an input handed from the page to the app (E14, W3): a link outside the page's origin, or
/// a video or audio URL for the native player.
public enum Handoff: Equatable, Sendable {
    case link(String)
    case media(String)
}

/// What the app asks of the World that is no scenario event (`World.send(_:)`): a real source's
/// changes (R3, B9), the reading position kept from the last visit (R5), the pill's way to the
/// newest post (R3), and, for a measurement or a test, the list put at an offset.
public enum AppRequest {
    /// A live snapshot: every post, the new ones above the reader without moving the text (R3).
    case live(LiveSnapshot)
    /// More of a streaming body: older posts below, pinned ones above (B9).
    case streamed(StreamedPosts)
    /// The pill's key or click: to the newest post, the pill goes.
    case newest
    /// `postID`'s top `offset` pt above the top inset (R5); not applied when the post is not on the page.
    case readingPosition(postID: String, offset: Double)
    /// The list's offset set directly (a measurement's or a test's setup; no host is told).
    case listOffset(Double)
}

/// The front end's reader settings (`World.send(_:)`).
public enum ReaderSetting: Equatable, Sendable {
    /// P5: key streams keep the line speed (no acceleration).
    case calmKeys(Bool)
}
