import LiveblogModel
import Simulation
import Embed
import TerminalKit

/// What one frame shows (issue 25): a read-only value built once per frame from the World
/// (`FrameModel.init(world:screen:)`, the one place drawing reads the World), which the
/// renderer, the bars, the rows and the overlays draw from. Like ratatui's widgets, which render
/// the state they are given: a widget never asks the World anything.
struct FrameModel {
    /// Where the bars, the list and the device's column are on the screen (D2).
    let frame: DeviceFrame
    /// The list's rows at the screen's full width (no device), else the device's column.
    let fullWidthList: Bool
    /// What each screen row of the list shows, by screen row.
    let rows: [Int: FrameRow]
    let header: NativeHeader
    /// Issue 32: the search's text, whose matches are highlighted.
    let search: String?
    /// Issue 32: how post times read (the reader's zone, the day when posts span days).
    let clock: PostClock
    let page: PageFacts
    /// The timeline strip's visible cards (E15), when a strip row shows.
    let strip: StripCards?
    let nav: NavFacts
    let toolbar: ToolbarFacts
    /// The scroll indicator's thumb in the list's track, while it shows.
    let thumb: (start: Int, length: Int)?
    /// R3: posts that arrived above the view.
    let newPostsAbove: Int
    /// W1: the page's load progress (1 when loaded).
    let progress: Double
    /// F1: Android's edge effect: at the top edge or the bottom one, and its strength (0…1).
    let edgeEffect: (top: Bool, distance: Double)?
    /// D2: the device's viewport rows below the terminal, and what the notice says of them.
    let hidden: HiddenViewport?
    /// The overlays' content: the panels' and the prompt's liveblog, the console, the timeline.
    let liveblog: Liveblog
    let console: [String]
    let timeline: TimelineFacts
    /// Issue 32: what the demo's aids show of the world (drawn only when they are on).
    var aids = AidFacts(device: nil, target: nil)
}

/// Issue 32, the demo's aids: the device drawn in outline, the jump's target while it moves.
struct AidFacts {
    /// The device's name and its screen in pt (nil without a device, or for the terminal).
    let device: (name: String, width: Double, height: Double)?
    /// The jump's target while the jump holds or animates: its id and the viewport row of its top
    /// (unclamped: above or below the terminal's rows too).
    let target: (id: String, row: Int)?
}

/// One list row (T1, U3).
enum FrameRow {
    case empty
    /// A native header row by index; `fade` < 1 in M3's collapsing header.
    case nativeHeader(Int, fade: Double)
    case nativeFooter(Int)
    /// E1's sticky site header; `first`: its first row, which carries the text.
    case siteHeader(first: Bool)
    /// The page at page-y `py` (the row's centre): the item there, if any.
    case page(py: Double, item: PageItem?, isJumpTarget: Bool)
}

/// H1: the native rows above and below the web view. The page shows the liveblog's title and
/// score, so these rows do not repeat them (issue 32: each once).
struct NativeHeader {
    let rows: NativeRows
    let origin: String
    let postCount: Int
    /// The oldest and newest post times (unix seconds), when there are posts.
    let span: (oldest: Double, newest: Double)?

    init(rows: NativeRows, origin: String, posts: [Post]) {
        self.rows = rows
        self.origin = origin
        postCount = posts.count
        // Newest first (L4): the ends, O(1) per frame (B1).
        span = posts.first.flatMap { a in posts.last.map { b in (min(a.createdAt, b.createdAt),
                                                                   max(a.createdAt, b.createdAt)) } }
    }
}

/// What page rows need besides their item.
struct PageFacts {
    /// Points per row (16) and per column (8).
    let line: Double
    let cellWidth: Double
    /// The world's tick: spinners turn every eight.
    let tick: Int
    let origin: String
    /// D5: the page caps image heights (images are drawn narrower, not cropped).
    let imageCapped: Bool
    /// T2: the link with keyboard focus.
    let focusedLink: (href: String, text: String)?
}

/// E15: the cards of the horizontal timeline strip that the strip's scroll shows.
struct StripCards {
    let stripX: Int
    let pitch: Int
    let cardColumns: Int
    let loadedCount: Int
    /// From this card on, as many as can show.
    let first: Int
    let cards: [(lines: [String], isTarget: Bool)]

    func card(_ i: Int) -> (lines: [String], isTarget: Bool)? {
        i >= first && i - first < cards.count ? cards[i - first] : nil
    }
}

/// H1, D1, W2: the navigation bar's title and badges.
struct NavFacts {
    let title: String
    let origin: String
    let canGoBack: Bool
    let canGoForward: Bool
    let mode: String
    let platform: String
    let hook: String
    let network: String
    let device: String?
}

/// The toolbar: the time messages are measured against, the focused link, the jump's state.
struct ToolbarFacts {
    let seconds: Double
    let focusedHref: String?
    let jump: JumpFacts?
}

/// E3–E13 for the toolbar: the jump's status, the hold's time left while it holds.
struct JumpFacts {
    let status: JumpStatus
    /// The time the hold has left (10 s from the jump; 1 s after the last call for a
    /// one-parameter hook, E11), nil when it no longer holds.
    let heldLeft: Double?
    let animating: Bool
    let postY: Double?
}

/// D2: the part of the device's viewport the terminal cannot show.
struct HiddenViewport {
    let deviceName: String
    /// The device column's columns and the points per column (issue 32: what is cut).
    let viewCols: Int
    let cellWidth: Double
    let viewportHeight: Double
    let line: Double
}

/// T4, Q8: the latest jump and its samples and marks.
struct TimelineFacts {
    let jump: JumpStatus?
    let samples: [(tick: Int, y: Double?)]
    let marks: [TimelineMark]
}
