/// Why a hold ended (E11).
public enum HoldEndReason: String, Sendable {
    case timeout, newJump = "new-jump", input, removed, idle, hookRemoved = "hook-removed"
}

/// What `navigateToEventId` returns (E3); the raw value is the trace's word.
public enum NavResult: String, Sendable {
    case found
    case notFound = "not-found"
}

/// What the page tells the world (the World routes these to the host, the console and the trace).
public enum PageEvent: Sendable, Equatable {
    /// A call of the hook: what the page passed, and whether the hook threw (E7–E10, E13).
    case hook(jumpId: Int, top: Double, correction: Bool, args: Int, threw: Bool)
    case holdEnd(jumpId: Int, reason: HoldEndReason)
    case console(level: String, message: String)
    case nav(id: String, result: NavResult, via: String)
    /// The content height changed (E2); the host hears of it `resizeLatency` frames later.
    case layout(height: Double, cause: String)
    /// A link to another origin, handed to the app (E14).
    case externalLink(String)
    /// A video or audio URL handed to the app for the system's player (W3).
    case mediaHandoff(String)
    /// `estimatedProgress` moved by a tenth since it was last reported, or reached 1 (W1).
    case progress(Double)
    /// What the app's injected script handed the native bridge after a `hook` call (every page:
    /// a real engine runs the shim in the page, the emulated one applies `AppShim`): the values
    /// the host's scroll callback receives.
    case bridge(top: Double, correction: Bool, jumpId: Int)
    /// The page's engine's own event (a real engine's start, navigation, crash; X10).
    case engine(EngineNote)
    /// Q16: a request of the page that failed (an HTTP status of 400 or more), errored (the
    /// engine's error text) or stalled: a trace line `{"ev": "resource", …}`.
    case resource(url: String, status: Int?, error: String?)

    /// An event the world only records (a trace line, a resize waiting for its frame), reading
    /// nothing of the page or the host: it may be handed over before the page's frame ends
    /// (`Page.drainPlainEvents`, B7).
    public var isPlain: Bool {
        switch self {
        case .layout, .console, .engine, .resource: return true
        default: return false
        }
    }
}
