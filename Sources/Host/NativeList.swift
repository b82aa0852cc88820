import ScrollPhysics

/// The native list of mode M1 (H1), as a value: header rows, the content-sized web row, footer
/// rows, and the scroll view that scrolls them (its content height is theirs).
public struct NativeList: Equatable {
    public let line: Double
    public var headerRows: Int { didSet { update() } }
    public var footerRows: Int { didSet { update() } }
    /// As tall as the page last reported (E2).
    public private(set) var webRowHeight: Double
    public var scrollView: ScrollView

    public init(headerRows: Int, footerRows: Int, webRowHeight: Double, scrollView: ScrollView, line: Double = 16) {
        self.headerRows = headerRows
        self.footerRows = footerRows
        self.webRowHeight = webRowHeight
        self.scrollView = scrollView
        self.line = line
        update()
    }

    /// The web row's frame.minY in the list's content.
    public var webRowY: Double { Double(headerRows) * line }
    public var footerY: Double { webRowY + webRowHeight }
    public var contentHeight: Double { footerY + Double(footerRows) * line }

    public mutating func setWebRowHeight(_ h: Double) {
        webRowHeight = h
        update()
    }

    private mutating func update() { scrollView.contentHeight = contentHeight }
}

/// What a host strategy, the pan engine or a pan target wants done to the list and the web view
/// (docs/architecture.md: effects as values). They change a working copy (`ListScene`) and hand back the effects
/// in order; the World applies them to the one real list, in one place, and is the only writer of
/// scroll state.
public enum ScrollEffect: Equatable {
    /// `contentOffset = y`: a finger's drag, a glide (the pixel grid applies, D3).
    case setOffset(Double)
    /// The app's `setContentOffset(_:animated:)` (and RecyclerView's instant `scrollBy`).
    case setContentOffset(Double, animated: Bool)
    /// A motion of the list: the app's smooth scroll (`programmatic`) or a spring back.
    case animate(ScrollAnimation, programmatic: Bool, stopsAtEnds: Bool)
    /// Stops the list's animation where it is (a finger down).
    case stopAnimation
    /// RecyclerView's scroll state (and UIKit's phases).
    case setState(ScrollView.State)
    /// The content-sized web row takes the page's height (E2).
    case setWebRowHeight(Double)
    /// A web view that scrolls itself (M2, M3) moves to this offset.
    case setWebOffset(Double)
    /// What the host did with a scroll request, for the trace and the toolbar (docs/contract.md `host`).
    case report(HostAction)
    /// The reader began scrolling with this input at this tick (H5, F4): the World decides whether
    /// the host hears a drag.
    case readerBegan(ScrollInput, tick: Int)
    /// A reader-driven motion goes on by itself (inertia, a key ease): Android's SETTLING.
    case readerSettling
    /// Nothing the reader started moves any more.
    case readerIdle
    /// The host posted work to the next frame (Android's `webView.post`): the World calls its
    /// `frame(in:)` then, and on no other frame.
    case post
}

/// The web view's own scrolling, as hosts and pan targets read it (M2, M3).
public struct WebScroll: Equatable {
    public var offset: Double
    public var maxOffset: Double
    /// The page's content height and the visible area's, for M3's indicator.
    public var contentHeight: Double
    public var visibleHeight: Double

    public init(offset: Double = 0, maxOffset: Double = 0, contentHeight: Double = 0, visibleHeight: Double = 0) {
        self.offset = offset
        self.maxOffset = maxOffset
        self.contentHeight = contentHeight
        self.visibleHeight = visibleHeight
    }
}

extension NativeList {
    /// Applies one effect to the list and the web view's scrolling: what it told the list's delegate.
    /// The World applies every effect through here; a working copy (`ListScene`) does the same, so
    /// both end in the same state.
    @discardableResult
    public mutating func apply(_ effect: ScrollEffect, web: inout WebScroll, now tick: Int) -> ScrollView.Notice {
        switch effect {
        case let .setOffset(y): scrollView.offset = y
        case let .setContentOffset(y, animated): return scrollView.setContentOffset(y, animated: animated, now: tick)
        case let .animate(m, programmatic, stopsAtEnds):
            return scrollView.animate(m, now: tick, programmatic: programmatic, stopsAtEnds: stopsAtEnds)
        case .stopAnimation: scrollView.stopAnimation()
        case let .setState(s): scrollView.state = s
        case let .setWebRowHeight(h): setWebRowHeight(h)
        case let .setWebOffset(y): web.offset = y
        case .report, .readerBegan, .readerSettling, .readerIdle, .post: break
        }
        return []
    }
}

/// A working copy of the list and the web view's scrolling that a host or a pan target changes
/// while it decides, recording each change as an effect for the World to apply.
public struct ListScene {
    public private(set) var list: NativeList
    public private(set) var web: WebScroll
    public let tick: Int
    public private(set) var effects: [ScrollEffect] = []

    public init(list: NativeList, web: WebScroll = WebScroll(), tick: Int) {
        self.list = list
        self.web = web
        self.tick = tick
    }

    public var scrollView: ScrollView { list.scrollView }

    /// Records `effect` and applies it to the copy.
    public mutating func perform(_ effect: ScrollEffect) {
        effects.append(effect)
        list.apply(effect, web: &web, now: tick)
    }
}
