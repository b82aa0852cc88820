import LiveblogModel
import Simulation
import TerminalKit

/// An overlay over the list (issue 25, after helix's compositor, `helix-term/src/compositor.rs`):
/// one component that owns both its keys and its drawing. The help, the panels, the `/` prompt,
/// the console, the timeline and the player's confirmation are each one. A key, a click or a
/// paste goes to the open overlay first; its outcome says whether it took the input, whether it
/// closes, and what it asks of the app. Overlays change nothing themselves: a jump or a player is
/// a request the App carries out (and records).
protocol Overlay {
    /// A key while the overlay is open.
    mutating func key(_ key: KeyName, _ context: OverlayContext) -> OverlayOutcome
    /// A left click at a screen cell (the default: not the overlay's, it goes on to the list).
    mutating func click(row: Int, col: Int, _ context: OverlayContext) -> OverlayOutcome
    /// Pasted text (the default: ignored, so that pasted text never acts as keystrokes).
    mutating func paste(_ text: String) -> OverlayOutcome
    /// The overlay over `area` (the whole screen), from the frame's model.
    func draw(_ frame: FrameModel, on s: Screen, _ t: Theme, in area: Rect)
}

extension Overlay {
    mutating func click(row: Int, col: Int, _ context: OverlayContext) -> OverlayOutcome { .pass }
    mutating func paste(_ text: String) -> OverlayOutcome { .keep }
}

/// What an overlay did with an input.
struct OverlayOutcome: Equatable {
    /// The overlay closes.
    var closes: Bool
    /// The input goes on to the list, as if no overlay were open.
    var passes: Bool
    /// What the app is to do, after the overlay closed.
    var request: OverlayRequest?

    /// Taken; the overlay stays open.
    static let keep = OverlayOutcome(closes: false, passes: false, request: nil)
    /// Taken; the overlay closes.
    static let close = OverlayOutcome(closes: true, passes: false, request: nil)
    /// Not the overlay's: the list has it.
    static let pass = OverlayOutcome(closes: false, passes: true, request: nil)
    /// Taken; the overlay closes and the app does `request`.
    static func close(then request: OverlayRequest) -> OverlayOutcome {
        OverlayOutcome(closes: true, passes: false, request: request)
    }
}

/// What an overlay asks of the app.
enum OverlayRequest: Equatable {
    /// L6, L7: a jump to a post (a world input).
    case jump(String)
    /// Issue 32: a search of the posts' text.
    case search(String)
    /// W3: the reader's answer to "run this player?".
    case player(PlayerCommand, yes: Bool)
    /// Issue 32: the help's setting: the calm reader on or off (`--reading`).
    case calmReader(Bool)
}

/// What an overlay may read while it takes input: the liveblog (panels, completions), whether a
/// post exists, and the screen the overlay was drawn on (clicks hit the geometry drawn).
struct OverlayContext {
    let liveblog: Liveblog
    let postExists: (String) -> Bool
    let screen: Rect
    /// V6: post times as the list shows them (the panels' entries).
    var clock = PostClock(zone: PostClock.utc, span: nil)
}

/// An overlay that leaves the list usable under it (the console, the timeline): its keys close
/// it, every other key goes on to the list.
protocol PassThroughOverlay: Overlay {
    static var keys: KeyTable<OverlayClose> { get }
}

/// The one action of a pass-through overlay's keys.
enum OverlayClose: Hashable, Sendable { case close }

extension PassThroughOverlay {
    mutating func key(_ key: KeyName, _ context: OverlayContext) -> OverlayOutcome {
        Self.keys.action(for: key) == .close ? .close : .pass
    }
}
