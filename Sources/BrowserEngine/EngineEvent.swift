import Embed
import Host
import LiveblogModel

/// A call that reached the app through one platform's binding (X5): the values the native side
/// reads from it (Host's `BridgeCall`: iOS reads the message body's `top`, `correction`, `jumpId`;
/// Android receives the three values of `tickarooLiveblogScrollTo(top, correction, jumpId)`), and
/// which binding carried them.
public struct BoundBridgeCall: Sendable, Equatable {
    public let platform: Platform
    public let call: BridgeCall

    public init(platform: Platform, top: Double, correction: Bool, jumpId: Int) {
        self.platform = platform
        call = BridgeCall(top: top, correction: correction, jumpId: jumpId)
    }
}

/// The engine's own events (X10: trace lines `{"ev": "engine", …}`).
public enum EngineNotice: Sendable, Equatable {
    /// The engine runs: its product and version.
    case start(product: String)
    /// The page's main frame went to a URL (the reference embed: the page's configured URL).
    case navigation(url: String)
    /// The engine crashed or stopped answering: the message the run ends with.
    case crash(message: String)
    /// Something of the run that is not deterministic or not as asked (docs/engine.md).
    case note(String)

    public var kind: String {
        switch self {
        case .start: return "start"
        case .navigation: return "navigation"
        case .crash: return "crash"
        case .note: return "note"
        }
    }

    /// The trace line's fields after "ev": kind, then the value.
    public var traceFields: [(String, JSONValue)] {
        switch self {
        case .start(let p): return [("kind", .string(kind)), ("product", .string(p))]
        case .navigation(let u): return [("kind", .string(kind)), ("url", .string(u))]
        case .crash(let m): return [("kind", .string(kind)), ("message", .string(m))]
        case .note(let m): return [("kind", .string(kind)), ("message", .string(m))]
        }
    }
}

/// What the engine page tells the world: the same `PageEvent`s the emulated page emits, the
/// calls that crossed the bridge to the app, and the engine's own events.
public enum EngineEvent: Sendable, Equatable {
    case page(PageEvent)
    case bridge(BoundBridgeCall)
    case engine(EngineNotice)
}

extension EngineEvent {
    /// A console message's level as the trace writes it, from either engine's name for it.
    package static func consoleLevel(_ type: String) -> String {
        switch type {
        case "warning": return "warn"
        case "log", "info", "error", "debug": return type
        default: return "log"
        }
    }
}
