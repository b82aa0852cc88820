import Foundation
import LiveblogModel
import Host
import Simulation
import VirtualTime

/// A3 (issue 43): an app log's inputs replayed through the reference host of its platform (the
/// seed's sample app, `IOSJumpHost` or `AndroidJumpHost`, H3) on a list of the log's geometry,
/// and the app's offset compared with the reference's in every frame the log has.
///
/// What is replayed, at the log's times: each `hook` line (the handler's call: top, correction,
/// jumpId), each `layout` line (the web row takes that height: the host's resize callback), each
/// reader drag (`input` drag-begin: `scrollViewWillBeginDragging` / DRAGGING) and a tap while the
/// Android list settles (F3: a press that stops it counts as a drag). The reader's finger is the
/// same on both lists: from a drag's begin to its end the reference moves by what the app's list
/// moved from frame to frame, and after the release it goes on doing so while the app's list
/// coasts (each frame's move in the same direction and no longer than the one before) until the
/// app's list rests, its move turns, or the reference host scrolls the list itself. Before the
/// first hook call the reference sits where the app's list is. Frames the log lacks are not made
/// up: distances are taken at the app's own frames only.
///
/// Choices where the log cannot say more: the list's rows are the web row at `webTop` and the
/// native content `below` it; the Android host clamps with the exact range (the app's rows, which
/// LinearLayoutManager's estimate reads, are not in the log, F8); the handler runs at the hook
/// line's time (the bridge's delay, D4, is already in it).
public final class ReferenceReplay {
    public let geometry: AppLog.Geometry
    public let host: JumpHost
    private var list: NativeList
    private var tick = 0
    private var posted = false
    private var sawLayout = false
    private var jumpSeen = false
    /// The reader drives the list: during a drag (`touching`), then while the app's list coasts.
    private var driving = false
    private var touching = false
    private var lastReaderMove = 0.0
    private var restingFrames = 0
    /// Frames without a move that end a coast (0.1 s at 60 Hz).
    static let restFrames = 6
    /// The app's own latest host line (its words), if it logs them.
    private var appNote: (tick: Int, words: String)?
    private var lastAppOffset: Double?
    private var lastDragBegin: Int?
    /// Corrections per jump so far, to name them ("correction 3").
    private var corrections: [Int: Int] = [:]
    private var latestNote: Note?

    /// What the reference host did last, for the divergence's reason.
    struct Note {
        var tick: Int
        var words: String
        var afterDrag: Int?
    }

    /// The largest distance and where it was; the first frame over the threshold.
    public private(set) var maxDistance = 0.0
    public private(set) var maxDistanceMilliseconds: Int?
    public private(set) var firstDivergence: Divergence?
    public private(set) var framesCompared = 0
    /// The reference's offset at the app's frames, for the plot (kept only when asked).
    public var keepSamples = false
    public private(set) var samples: [(milliseconds: Int, app: Double, reference: Double, appY: Double?)] = []
    /// What happened on each side, in order (kept only with `keepSamples`): the app's own lines
    /// (hook, host, input, layout) and the reference host's decisions, for `compare --log`.
    public private(set) var events: [(milliseconds: Int, reference: Bool, words: String)] = []

    /// A frame where the app's list is more than `threshold` from the reference's.
    public struct Divergence: Equatable {
        public var milliseconds: Int
        public var app: Double
        public var reference: Double
        public var reason: String
        public var seconds: Double { VirtualClock.seconds(milliseconds: milliseconds) }
    }

    /// Distances up to this many pt are the same place (a pixel's rounding, a frame's timing).
    public static let threshold = 1.0

    public init(geometry g: AppLog.Geometry) {
        geometry = g
        switch g.platform {
        case .android: host = AndroidJumpHost(rangeMode: .exact, density: g.density)
        default: host = IOSJumpHost(scale: g.density)
        }
        // Rows of one height that makes both webTop and below whole rows where it can (the
        // android host rounds each row to px, F9).
        let line = ReferenceReplay.rowHeight(webTop: g.webTop, below: g.below)
        var sv = ScrollView(viewportHeight: g.viewportHeight, insetTop: g.insetTop, insetBottom: g.insetBottom)
        sv.pixelScale = g.density
        list = NativeList(headerRows: Int((g.webTop / line).rounded()), footerRows: Int((g.below / line).rounded()),
                          webRowHeight: 0, scrollView: sv, line: line)
    }

    static func rowHeight(webTop: Double, below: Double) -> Double {
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
        let a = Int(webTop.rounded()), b = Int(below.rounded())
        let g = gcd(a, b)
        return g >= 8 ? Double(g) : max(webTop, 16)
    }

    private static func time(_ tick: Int) -> String { JSONWriterShort.seconds(VirtualClock.stampSeconds(tick)) }

    // MARK: Time

    private func advance(to target: Int) {
        while tick < target {
            tick += 1
            let (_, notice) = list.scrollView.step(now: tick)
            if notice.contains(.endedScrollingAnimation) { host.scrollingAnimationEnded() }
            if list.scrollView.state == .settling, !list.scrollView.isAnimating, !driving {
                list.scrollView.state = .idle
            }
            if tick % VirtualClock.ticksPerFrame == 0, posted {
                posted = false
                apply(host.frame(in: ListScene(list: list, tick: tick)))
            }
        }
    }

    private func apply(_ effects: [ScrollEffect]) {
        for e in effects {
            var web = WebScroll()
            let notice = list.apply(e, web: &web, now: tick)
            // The app's animated scroll takes the list from the reader's coasting (UIKit, RecyclerView).
            if notice.contains(.animatedProgrammaticScroll), !touching { stopDriving() }
            switch e {
            case .post: posted = true
            case let .report(a): note(a)
            default: break
            }
        }
    }

    private func stopDriving() {
        guard driving else { return }
        driving = false
        if list.scrollView.state != .dragging || !touching {
            list.scrollView.state = list.scrollView.isAnimating ? .settling : .idle
        }
    }

    private func note(_ a: HostAction) {
        let f = JSONWriterShort.points
        let words: String
        switch a.kind {
        case .drop:
            let k = corrections[a.jumpId] ?? 0
            words = "drops correction \(k) of jump \(a.jumpId)"
        case .scroll:
            words = "scrolls jump \(a.jumpId) to \(a.target.map(f) ?? "?") pt"
                + (a.clamped == true ? " (clamped to the list's end)" : "")
        case .reaim:
            words = "re-aims jump \(a.jumpId) at \(a.target.map(f) ?? "?") pt once the web view is "
                + "\(f(list.webRowHeight)) pt tall"
        case .settle:
            words = "settles jump \(a.jumpId) at \(a.target.map(f) ?? "?") pt once the web view is "
                + "\(f(list.webRowHeight)) pt tall"
        }
        latestNote = Note(tick: tick, words: words, afterDrag: lastDragBegin)
        if keepSamples { events.append((VirtualClock.milliseconds(tick), true, words)) }
    }

    // MARK: The log's lines

    /// The next line of the log, in time order.
    public func take(_ l: TraceLine) {
        let t = VirtualClock.ticks(l.seconds)
        advance(to: t)
        if keepSamples, let words = ReferenceReplay.words(l) { events.append((l.milliseconds, false, words)) }
        switch l.kind {
        case "hook":
            guard l.bool("threw") != true, let j = l.int("jumpId"), let top = l.number("top") else { return }
            let correction = l.bool("correction") ?? false
            if correction { corrections[j, default: 0] += 1 }
            jumpSeen = true
            apply(host.scrollRequest(top: top, correction: correction, jumpId: j, in: ListScene(list: list, tick: tick)))
        case "host":
            let target = l.number("target").map { " to \(JSONWriterShort.points($0)) pt" } ?? ""
            appNote = (tick, "\(l.string("action") ?? "scroll")\(target)")
        case "layout":
            guard let h = l.number("webHeight") else { return }
            sawLayout = true
            resize(h)
        case "input":
            switch l.string("kind") {
            case "drag-begin": dragBegan()
            case "drag-end":
                touching = false
                if driving { list.scrollView.state = .settling }
            case "tap":
                // F3: a press while the Android list settles stops it and counts as a drag; on
                // iOS a touch-down stops the app's running scroll but is no drag (P4).
                if geometry.platform == .android, list.scrollView.state == .settling {
                    dragBegan()
                    touching = false
                } else if geometry.platform == .ios, list.scrollView.animation?.programmatic == true {
                    list.scrollView.stopAnimation()
                }
            case "wheel", "key":
                if l.bool("drag") == true { dragBegan(); touching = false }
            default: break
            }
        case "frame":
            guard let offset = l.number("offset") else { return }
            // A log without layout lines gives the web view's height in its frames.
            if let h = l.number("webHeight"), !sawLayout { resize(h) }
            frame(app: offset, milliseconds: l.milliseconds, appY: l.framePost?.y)
        default: break
        }
    }

    /// An app line in words (nil for frames).
    static func words(_ l: TraceLine) -> String? {
        let f = JSONWriterShort.points
        switch l.kind {
        case "hook":
            let top = l.number("top").map(f) ?? "?"
            let j = l.int("jumpId") ?? 0
            return l.bool("correction") == true ? "hook: correction for jump \(j), top \(top)" : "hook: jump \(j), top \(top)"
        case "host":
            return "app: \(l.string("action") ?? "?")" + (l.number("target").map { " to \(f($0)) pt" } ?? "")
        case "input": return "reader: \(l.string("kind") ?? "?")"
        case "layout": return "web view \(l.number("webHeight").map(f) ?? "?") pt tall"
        case "hold-end": return "hold ends (\(l.string("reason") ?? "?"))"
        default: return nil
        }
    }

    private func resize(_ h: Double) {
        guard h != list.webRowHeight else { return }
        if !jumpSeen {
            list.setWebRowHeight(h)
            return
        }
        apply(host.webRowResized(to: h, in: ListScene(list: list, tick: tick)))
    }

    private func dragBegan() {
        list.scrollView.stopAnimation()
        list.scrollView.state = .dragging
        host.readerWillBeginDragging(now: tick)
        driving = true
        touching = true
        lastReaderMove = 0
        restingFrames = 0
        lastDragBegin = tick
    }

    private func frame(app offset: Double, milliseconds ms: Int, appY: Double?) {
        defer { lastAppOffset = offset }
        if !jumpSeen {
            // Nothing the host does yet: the reference sits where the app's list is.
            list.scrollView.offset = offset
        } else if driving, let prev = lastAppOffset {
            let move = offset - prev
            if touching {
                // The finger holds both lists: the reference is where the app's list is.
                list.scrollView.offset = offset
                if move != 0 { lastReaderMove = move }
            } else if move == 0, restingFrames < ReferenceReplay.restFrames {
                // A coast's last creep has frames that stay on the pixel: the list rests after 6.
                restingFrames += 1
            } else if move != 0, lastReaderMove == 0 || (move > 0) == (lastReaderMove > 0),
                      abs(move) <= 2 * abs(lastReaderMove) + 4 {
                // Coasting after the release: each frame's move the way the finger went, and not
                // much longer than the one before.
                list.scrollView.offset = list.scrollView.dragOffset + move
                lastReaderMove = move
                restingFrames = 0
            } else {
                stopDriving()
            }
        }
        let reference = list.scrollView.offset
        let d = abs(offset - reference)
        framesCompared += 1
        if keepSamples { samples.append((ms, offset, reference, appY)) }
        if d > maxDistance {
            maxDistance = d
            maxDistanceMilliseconds = ms
        }
        if firstDivergence == nil, d > ReferenceReplay.threshold {
            firstDivergence = Divergence(milliseconds: ms, app: offset, reference: reference,
                                         reason: reason(app: offset, reference: reference, milliseconds: ms))
        }
    }

    /// The divergence in plain words: the reader's drag before it, what the reference host did
    /// last, and where the app's list is.
    private func reason(app: Double, reference: Double, milliseconds ms: Int) -> String {
        let f = JSONWriterShort.points, s = ReferenceReplay.time
        let at = JSONWriterShort.seconds(VirtualClock.seconds(milliseconds: ms))
        let way = app < reference ? "above" : "below"
        let gap = "the app's list is at \(f(app)) pt at \(at) s, \(f(abs(app - reference))) pt \(way) the "
            + "reference's \(f(reference)) pt"
        guard let n = latestNote else {
            return "the reference host has not moved the list; " + gap
        }
        let drag = n.afterDrag.map { "after the reader's drag at \(s($0)) s " } ?? ""
        let own = appNote.map { "; the app's last host line: \($0.words) at \(s($0.tick)) s" } ?? ""
        return "\(drag)the reference host \(n.words) at \(s(n.tick)) s; " + gap + own
    }
}

/// Numbers as the reports write them: pt to a tenth at most, seconds to the millisecond.
enum JSONWriterShort {
    static func points(_ x: Double) -> String {
        let r = (x * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(format: "%.1f", r)
    }
    static func seconds(_ s: Double) -> String {
        let ms = Int((s * 1000).rounded())
        let whole = ms / 1000, frac = abs(ms % 1000)
        return "\(whole)." + (frac % 10 == 0 ? format2(frac / 10, 2) : format2(frac, 3))
    }

    private static func format2(_ v: Int, _ digits: Int) -> String {
        let s = String(v)
        return String(repeating: "0", count: max(0, digits - s.count)) + s
    }
}
