import LiveblogModel

/// R4: a recorded real session, read from its capture file, as a scenario replays it offline.
/// The capture format and the replaying network are RealSources'; the headless core knows a
/// capture only through this and the loader protocol (the command layer lends the reader).
public protocol ReplayableCapture {
    /// The liveblog of the capture's first document (the scenario's when it names none).
    func liveblog() throws -> Liveblog
    /// The session it replays: its liveblog, the loader answering loads and polls from the capture,
    /// and its live feed; nil when the capture cannot be replayed.
    func replay() -> (liveblog: Liveblog, loader: any ResourceLoader, liveFeed: (any LiveFeed)?)?
}

/// Reads the capture file at a path (resolved against its scenario's folder) for a scenario that
/// replays one (R4): the command layer's is RealSources' `CaptureReader`; nil: none is replayed.
public typealias CaptureReading = @Sendable (_ path: String) throws -> any ReplayableCapture
