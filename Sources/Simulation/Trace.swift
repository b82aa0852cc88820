import VirtualTime
import LiveblogModel
import Host
import Embed

/// docs/contract.md `input.kind`: what the reader did.
public enum InputKind: String, Sendable, CaseIterable {
    case dragBegin = "drag-begin", dragEnd = "drag-end", tap, wheel, key, resize
}

/// One line of the trace (docs/contract.md): JSON lines, `t` in seconds of virtual time, in time order.
public enum TraceEvent: Equatable {
    case hook(jumpId: Int, top: Double, correction: Bool, args: Int, threw: Bool)
    case host(HostAction)
    case layout(webHeight: Double, cause: String)
    case holdEnd(jumpId: Int, reason: HoldEndReason)
    /// `drag`: a wheel notch or a key the host took as a drag (F4's rule at that moment), written
    /// `"drag":true`, so a trace alone says which reader scrolls the host heard (Q9, Q14); a
    /// `drag-begin` always is one.
    case input(kind: InputKind, detail: String?, drag: Bool = false)
    case console(level: String, message: String)
    case nav(id: String, result: String, via: String)
    /// Every world value in `Scenario.ValueKind` order (Q3), the latest jump's post, and the list's
    /// scroll state as the platform names it (F10; nil leaves it out).
    case frame(values: [Double], postId: String?, postY: Double?, scrollState: String?)
    /// A URL handed to the app: an external link (E14) or video or audio (W3).
    case external(url: String, kind: ExternalKind)
    case setting(name: String, value: String)
    /// The page's `estimatedProgress` (W1), when it moved by a tenth or reached 1.
    case progress(value: Double)
    /// The page's engine's own event (X10): a real engine's start, navigation, crash or note.
    case engine(EngineNote)
    /// Q16: a request of the page that failed (`status` ≥ 400), errored or stalled (`error`).
    case resource(url: String, status: Int?, error: String?)

    /// A frame line's world value (Q3); nil for other lines.
    public func frameValue(_ k: Scenario.ValueKind) -> Double? {
        guard case let .frame(values, _, _, _) = self, let i = Scenario.ValueKind.allCases.firstIndex(of: k) else {
            return nil
        }
        return values[i]
    }

    public var kind: String {
        switch self {
        case .hook: return "hook"
        case .host: return "host"
        case .layout: return "layout"
        case .holdEnd: return "hold-end"
        case .input: return "input"
        case .console: return "console"
        case .nav: return "nav"
        case .frame: return "frame"
        case .external: return "external"
        case .setting: return "setting"
        case .progress: return "progress"
        case .engine: return "engine"
        case .resource: return "resource"
        }
    }

    /// A `frame` line (docs/contract.md), written every frame.
    public var isFrame: Bool {
        if case .frame = self { return true }
        return false
    }
}

/// What was handed to the app (E14, W3): the trace's `external.kind`.
public enum ExternalKind: String, Sendable {
    case link, media
}

public struct TraceRecord: Equatable {
    public var tick: Int
    public var event: TraceEvent

    public init(tick: Int, event: TraceEvent) {
        self.tick = tick
        self.event = event
    }

    /// Seconds with millisecond precision, truncated (tick 2 at 120 Hz → 0.016).
    public static func time(_ tick: Int) -> String {
        let ms = VirtualClock.milliseconds(tick)
        let s = ms / 1000, r = ms % 1000
        let frac = String(r).count == 3 ? String(r) : String(repeating: "0", count: 3 - String(r).count) + String(r)
        var f = frac
        while f.count > 1 && f.hasSuffix("0") { f.removeLast() }
        return "\(s).\(f)"
    }

    public var json: String {
        let n = JSONWriter.number, q = JSONWriter.quote
        let head = "{\"t\":\(TraceRecord.time(tick)),\"ev\":\(q(event.kind))"
        switch event {
        case let .hook(jumpId, top, correction, args, threw):
            return head + ",\"jumpId\":\(jumpId),\"top\":\(n(top)),\"correction\":\(correction),\"args\":\(args)" + (threw ? ",\"threw\":true}" : "}")
        case let .host(a):
            var s = head + ",\"jumpId\":\(a.jumpId),\"action\":\(q(a.kind.rawValue))"
            if let t = a.target { s += ",\"target\":\(n(t))" }
            if let an = a.animated { s += ",\"animated\":\(an)" }
            if let c = a.clamped { s += ",\"clamped\":\(c)" }
            if let r = a.range {
                s += ",\"range\":{\"mode\":\(q(r.mode.rawValue)),\"offset\":\(r.offset),\"extent\":\(r.extent)"
                s += ",\"range\":\(r.range),\"max\":\(r.maxOffset)}"
            }
            if let p = a.pixels { s += ",\"px\":" + TraceRecord.pixels(p) }
            return s + "}"
        case let .layout(h, cause):
            return head + ",\"webHeight\":\(n(h)),\"cause\":\(q(cause))}"
        case let .holdEnd(jumpId, reason):
            return head + ",\"jumpId\":\(jumpId),\"reason\":\(q(reason.rawValue))}"
        case let .input(kind, detail, drag):
            return head + ",\"kind\":\(q(kind.rawValue))" + (detail.map { ",\"detail\":\(q($0))" } ?? "")
                + (drag ? ",\"drag\":true}" : "}")
        case let .console(level, message):
            return head + ",\"level\":\(q(level)),\"message\":\(q(message))}"
        case let .nav(id, result, via):
            return head + ",\"id\":\(q(id)),\"result\":\(q(result)),\"via\":\(q(via))}"
        case let .frame(values, postId, postY, state):
            var s = head
            for (k, v) in zip(Scenario.ValueKind.allCases, values) { s += ",\"\(k.rawValue)\":\(n(v))" }
            if let state { s += ",\"scrollState\":\(q(state))" }
            if let id = postId {
                s += ",\"post\":{\"id\":\(q(id))"
                if let y = postY { s += ",\"y\":\(n(y))" }
                s += "}"
            }
            return s + "}"
        case let .external(url, kind):
            return head + ",\"kind\":\(q(kind.rawValue)),\"url\":\(q(url))}"
        case let .progress(value):
            // In thousandths (as every number): a value below 1 never shows as 1 (W1).
            return head + ",\"value\":\(n(value < 1 ? min(0.999, value) : 1))}"
        case let .setting(name, value):
            return head + ",\"name\":\(q(name)),\"value\":\(q(value))}"
        case let .engine(note):
            return head + ",\"kind\":\(q(note.kind.rawValue)),\"\(note.field)\":\(q(note.text))}"
        case let .resource(url, status, error):
            return head + ",\"url\":\(q(url))" + (status.map { ",\"status\":\($0)" } ?? "")
                + (error.map { ",\"error\":\(q($0))" } ?? "") + "}"
        }
    }
}

extension TraceRecord {
    /// D3: a host request in device pixels: `{"density":2.625,"target":…,"requested":…,"scrollBy":…}`.
    static func pixels(_ p: HostPixels) -> String {
        var s = "{\"density\":\(JSONWriter.number(p.density)),\"target\":\(p.target)"
        if let r = p.requested { s += ",\"requested\":\(r)" }
        if let b = p.scrollBy { s += ",\"scrollBy\":\(b)" }
        return s + "}"
    }
}
