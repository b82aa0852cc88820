import Foundation
import LiveblogModel
import Embed
import Simulation
import ScrollPhysics
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
    /// V3: the reading position: the post at the top of the list (1-based; nil while no post is
    /// in view: the native rows around the page) of all, and how far down the list is scrolled
    /// (0–100 %).
    var position: (post: Int?, of: Int, percent: Int)? = nil
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

// How a frame is built: the one place the drawing side reads the World (issue 25), everything a
// frame shows, taken once per frame through the World's public read API. A rename in the World
// touches this file.

extension Renderer {
    /// Draws what `world` shows, with the app's `ui` over it (below 20 × 8: "terminal too small").
    public func draw(_ world: World, _ ui: UIState, on screen: Screen) {
        let full = Rect(screen: screen)
        guard full.height >= 8 && full.width >= 20 else {
            screen.erase()
            return drawTooSmall(screen, Theme(caps: screen.capabilities))
        }
        draw(FrameModel(world: world, screen: full, nativeRows: ui.nativeRows, timeZone: ui.timeZone,
                        search: ui.search?.query, source: ui.source), ui, on: screen)
    }
}

extension DeviceFrame.ViewGeometry {
    init(world w: World) {
        self.init(hasDevice: w.config.device != nil, cols: w.config.cols, viewCols: w.viewCols,
                  viewRows: w.viewRows, insetTopRows: w.config.insetTopRows,
                  insetBottomRows: w.config.insetBottomRows)
    }
}

extension FrameModel {
    /// The frame `world` shows on a screen of `screen`'s size (and `caption`/`networkLabel` of
    /// the app's, which the bars show instead of the world's own).
    init(world w: World, screen full: Rect, nativeRows: NativeRows = .sample,
         timeZone: TimeZone = TimeZone(secondsFromGMT: 0)!, search: String? = nil, source: String? = nil) {
        let frame = DeviceFrame(DeviceFrame.ViewGeometry(world: w), screen: full)
        let rows = Self.rows(w, frame.list.rows, screenRows: full.height)
        let showsStrip = rows.values.contains {
            if case .page(_, let item?, _) = $0, case .stripRow = item.kind { return true }
            return false
        }
        let header = NativeHeader(rows: nativeRows, origin: source ?? w.page.origin, posts: w.page.liveblog.posts)
        let toolbar = Self.toolbar(w)
        self.init(
            frame: frame, fullWidthList: w.config.device == nil, rows: rows,
            header: header, search: search, clock: PostClock(zone: timeZone, span: header.span),
            page: PageFacts(line: w.line, cellWidth: w.config.page.cell.width, tick: w.tick,
                            origin: w.page.origin, imageCapped: w.page.config.maxImageHeight != nil,
                            focusedLink: w.focusedLink.map { ($0.href, $0.text) }),
            strip: showsStrip ? Self.strip(w, columns: frame.list.width) : nil,
            nav: Self.nav(w, source: source, titleInView: rows.values.contains {
                if case .page(_, let item?, _) = $0, case .title = item.kind { return true }
                return false
            }), toolbar: toolbar,
            thumb: Self.thumb(w, trackRows: frame.list.height),
            newPostsAbove: w.newPostsAbove, progress: w.page.estimatedProgress,
            edgeEffect: w.pan.edgeEffect.map { ($0.edge == .top, $0.distance) },
            hidden: w.config.device.map {
                HiddenViewport(deviceName: $0.name, viewCols: w.viewCols, cellWidth: w.config.page.cell.width,
                               viewportHeight: w.viewportHeight, line: w.line)
            },
            liveblog: w.page.liveblog, console: w.page.console,
            timeline: TimelineFacts(jump: w.jumpStatus, samples: w.timeline, marks: w.marks))
        aids = Self.aids(w, toolbar.jump)
    }

    /// Issue 32: the device for its outline, the jump's target while it moves (held or animating).
    private static func aids(_ w: World, _ jump: JumpFacts?) -> AidFacts {
        let device = w.config.device.flatMap { $0.isTerminal ? nil : ($0.name, $0.width, $0.height) }
        var target: (String, Int)?
        if let j = jump, j.heldLeft != nil || j.animating, let id = j.status.postId, let y = j.postY {
            target = (id, Int(((y + w.insetTop) / w.line).rounded(.down)))
        }
        return AidFacts(device: device, target: target)
    }

    /// The list's rows; the page's items fetched once for every screen row the page shows, under
    /// the bars too (O(log n + visible), B1), and only when a list row shows one.
    private static func rows(_ w: World, _ listRows: Range<Int>, screenRows: Int) -> [Int: FrameRow] {
        var items: [PageItem]?
        func pageItems() -> [PageItem] {
            if let i = items { return i }
            var lo = Double.infinity, hi = -Double.infinity
            for r in 0..<screenRows {
                guard case .page(let py) = w.rowContent(r) else { continue }
                lo = min(lo, py)
                hi = max(hi, py)
            }
            // The columns a page row is drawn in: the list's, but its last (DeviceFrame, drawPage).
            let listCols = w.config.device == nil ? w.config.cols : min(w.config.cols, w.viewCols)
            if lo <= hi { w.page.prepareToDraw(from: lo - 1, to: hi + 1, columns: listCols - 1) }
            let list = lo <= hi ? w.page.items(from: lo - 1, to: hi + 1) : []
            items = list
            return list
        }
        let sticky = w.page.selfScrolling ? w.config.page.stickyHeader : 0
        let target = w.jumpStatus?.postId
        var rows: [Int: FrameRow] = [:]
        for r in listRows {
            switch w.rowContent(r) {
            case .empty: rows[r] = .empty
            case .nativeHeader(let i): rows[r] = .nativeHeader(i, fade: 1)
            case .collapsingHeader(let i, let fade): rows[r] = .nativeHeader(i, fade: fade)
            case .nativeFooter(let i): rows[r] = .nativeFooter(i)
            case .page(let py):
                // A sticky site header stays at the top of a self-scrolling web view (E1).
                let frameY = py - w.webFrame.scroll
                if sticky > 0 && frameY >= 0 && frameY < sticky {
                    rows[r] = .siteHeader(first: frameY < w.line)
                    continue
                }
                let item = pageItems().last { $0.y <= py && py < $0.y + $0.height }
                let post = item?.postIndex.flatMap { w.page.liveblog.posts[safe: $0]?.id }
                rows[r] = .page(py: py, item: item, isJumpTarget: post != nil && post == target)
            }
        }
        return rows
    }

    /// E15: the strip's cards from the first the strip's scroll shows, as many as `columns` hold.
    private static func strip(_ w: World, columns: Int) -> StripCards? {
        let p = w.page
        guard p.loadedCount > 0 else { return nil }
        let pitch = max(1, p.cardPitch), first = max(0, p.stripX / pitch)
        let last = min(p.loadedCount, first + columns / pitch + 2)
        let target = w.jumpStatus?.postId
        let cards = (first..<max(first, last)).map { i in (p.cardLines(i), p.liveblog.posts[i].id == target) }
        return StripCards(stripX: p.stripX, pitch: p.cardPitch, cardColumns: p.cardColumns,
                          loadedCount: p.loadedCount, first: first, cards: cards)
    }

    private static func nav(_ w: World, source: String?, titleInView: Bool) -> NavFacts {
        let hook: String
        if let h = w.config.hook {
            hook = h.throwsMessage != nil ? "hook throws" : "hook \(h.arity)p"
        } else {
            hook = "no hook"
        }
        // Issue 32: the title once on screen: the bar shows it when the page's own has scrolled
        // away, as iOS's inline title appears when the large title scrolls under the bar.
        return NavFacts(title: titleInView ? "" : w.page.liveblog.title, origin: source ?? w.page.origin,
                        canGoBack: w.history.canGoBack,
                        canGoForward: w.history.canGoForward, mode: w.config.mode.rawValue,
                        platform: w.config.platform.rawValue, hook: hook,
                        network: w.page.networkProfile.rawValue, device: w.config.device?.name)
    }

    private static func toolbar(_ w: World) -> ToolbarFacts {
        let jump = w.jumpStatus.map { j -> JumpFacts in
            var left: Double?
            if let held = w.page.held, held.jumpId == j.jumpId {
                let since = held.arity == 1 ? held.lastCallTick : held.startTick
                let limit = held.arity == 1 ? JumpSession.oneParamIdleSeconds : JumpSession.holdSeconds
                left = max(0, Double(limit) - VirtualClock.seconds(w.tick - since))
            }
            return JumpFacts(status: j, heldLeft: left, animating: w.scrollView.isAnimating,
                             postY: j.postId.flatMap { w.postY($0) })
        }
        let ind = w.panIndicator, room = ind.content - ind.viewport
        let percent = room > 0 ? Int((min(1, max(0, ind.offset / room)) * 100).rounded()) : 100
        let position = (post: w.readingAnchor().map { $0.postIndex + 1 }, of: w.page.liveblog.posts.count,
                        percent: percent)
        return ToolbarFacts(seconds: w.seconds, focusedHref: w.focusedLink?.href, jump: jump, position: position)
    }

    /// The indicator's thumb in `trackRows` rows, while the indicator shows.
    private static func thumb(_ w: World, trackRows: Int) -> (start: Int, length: Int)? {
        guard w.indicator.isVisible(at: w.seconds), trackRows >= 2 else { return nil }
        let ind = w.panIndicator
        return ScrollIndicator.thumb(contentLength: ind.content, viewportLength: ind.viewport,
                                     offset: ind.offset, minOffset: 0, trackRows: trackRows)
            .map { ($0.start, $0.length) }
    }
}
