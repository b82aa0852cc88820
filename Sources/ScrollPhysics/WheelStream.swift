// P5/P6: wheel notches (48 pt) and key repeats closer than 80 ms apart form one stream
// whose speed carries into inertia when the stream ends.

/// A stream of discrete scroll events (wheel notches, key repeats).
///
/// Events closer than `gap` (80 ms) continue the stream; a later event, or one in the
/// opposite direction (our choice: a reversal is a new intent), starts a new stream. The
/// stream's speed is the distance delivered after its first event divided by the time from
/// the first to the last event (n notches of 48 pt every 50 ms → 960 pt/s), signed like the
/// deltas; a one-event stream has speed 0. When no event has come for `gap` seconds the
/// stream has ended and the caller may start inertia with `endedVelocity(at:)` (typically
/// only if it reaches `DynamicItem.threshold`).
public struct WheelStream: Sendable, Equatable {
    public let gap: Double
    /// Time of the stream's first and last events, nil when there is no stream.
    public private(set) var startTime: Double?
    public private(set) var lastTime: Double?
    /// Sum of all deltas of the stream (including the first).
    public private(set) var distance: Double = 0
    /// Number of events in the stream.
    public private(set) var count: Int = 0
    private var firstDelta: Double = 0

    public init(gap: Double = PhysicsConstants.streamGap) { self.gap = gap }

    /// Adds an event of `delta` pt at `time`. Returns true when it continues the current
    /// stream, false when it starts a new one.
    @discardableResult
    public mutating func add(at time: Double, delta: Double) -> Bool {
        let continues: Bool
        if let last = lastTime, time >= last, time - last < gap,
           delta == 0 || distance == 0 || (delta > 0) == (distance > 0) {
            continues = true
        } else {
            continues = false
        }
        if !continues {
            startTime = time
            distance = 0
            count = 0
            firstDelta = delta
        }
        lastTime = time
        distance += delta
        count += 1
        return continues
    }

    /// The stream's speed in pt/s (signed; 0 with one event or no stream).
    public var speed: Double {
        guard count >= 2, let start = startTime, let last = lastTime, last > start else { return 0 }
        return (distance - firstDelta) / (last - start)
    }

    /// True while a stream exists and its last event is less than `gap` before `time`.
    public func isActive(at time: Double) -> Bool {
        guard let last = lastTime else { return false }
        return time - last < gap
    }

    /// The speed to start inertia with, once the stream has ended (no event for `gap`
    /// seconds); nil while it is active or when there is no stream.
    public func endedVelocity(at time: Double) -> Double? {
        guard lastTime != nil, !isActive(at: time) else { return nil }
        return speed
    }

    /// `endedVelocity(at:)`, and forgets the stream when it has ended (so it is reported once).
    public mutating func takeEndedVelocity(at time: Double) -> Double? {
        guard let v = endedVelocity(at: time) else { return nil }
        reset()
        return v
    }

    /// Forgets the stream (e.g. on a touch).
    public mutating func reset() {
        startTime = nil
        lastTime = nil
        distance = 0
        count = 0
        firstDelta = 0
    }
}
