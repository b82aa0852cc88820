import VirtualTime
import Embed
import Host
import ScrollPhysics

/// The one writer of scroll state: hosts and the pan engine decide on a copy of the list (a
/// `ListScene`) and hand back `ScrollEffect`s; they are applied here, in order (each to the scroll
/// side, `ScrollSide.apply`, then what it asks of the page, the trace or the reader's input), and a
/// `host` trace line is written where its effect is applied.
extension World {
    /// The list and the web view's scrolling as they are now, for a host or the pan engine: the
    /// page side's scrolling handed to the scroll side as a value.
    func scene() -> ListScene {
        scrollSide.scene(web: pageSide.webScroll(visibleHeight: visibleHeight), tick: tick)
    }

    /// A host's decision, applied.
    func hostCall(_ body: (JumpHost, ListScene) -> [ScrollEffect]) {
        apply(body(scrollSide.host, scene()), fromHost: true)
    }

    /// A pan engine's step or gesture, applied.
    func panCall(_ body: (PanEngine, ListScene) -> [ScrollEffect]) {
        apply(body(scrollSide.pan, scene()), fromHost: false)
    }

    /// Applies effects in order: each to the scroll side first (the list, the host's and the
    /// reader's state), then what it asks of the page, the trace or the reader's input.
    func apply(_ effects: [ScrollEffect], fromHost: Bool) {
        for e in effects {
            scrollSide.apply(e, webOffset: pageSide.page.scrollY, now: tick, fromHost: fromHost, config: config)
            switch e {
            case let .setWebOffset(y): pageSide.page.scrollY = y
            case let .report(action): emit(.host(action))
            case let .readerBegan(input, t): readerScrolled(input, tick: t)
            default: break
            }
        }
    }

    /// The scroll view, read-only (the World is its one writer).
    public var scrollView: ScrollView { scrollSide.list.scrollView }

    /// The indicator's position and length over what the pan scrolls (P7).
    public var panIndicator: (offset: Double, content: Double, viewport: Double) {
        scrollSide.pan.target.indicator(scene())
    }

    /// How far the content can still move up (positive) or down (negative): g / G's distance.
    func panRoom(contentUp: Bool) -> Double { scrollSide.pan.target.room(contentUp: contentUp, scene()) }

    /// Puts the list at `offset` at once (the bench's scrolling without a gesture).
    func setListOffset(_ offset: Double) { scrollSide.list.scrollView.offset = offset }

    /// D4: hands the page's call to the host after the bridge's delay (at once when it is 0).
    func deliverToHost(_ call: BridgeCall) {
        let frames = DeviceLayout.bridgeFrames(config)
        if frames == 0 {
            scrollRequest(call)
        } else {
            scrollSide.enqueue(call, due: tick + frames * VirtualClock.ticksPerFrame)
        }
    }

    /// The bridge call reaches the host's scroll callback.
    func scrollRequest(_ c: BridgeCall) {
        hostCall { $0.scrollRequest(top: c.top, correction: c.correction, jumpId: c.jumpId, in: $1) }
    }
}
