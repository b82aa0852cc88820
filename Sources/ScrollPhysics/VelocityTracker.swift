// P1: release velocity from the last 100 ms of samples, least squares, history
// dropped after a 40 ms pause.

/// Estimates the velocity of a pan (pt/s) from timed position samples.
///
/// - The estimate is the slope of a least-squares line through the samples taken in the
///   `window` (100 ms) up to the query time.
/// - A pause longer than `pauseLimit` (40 ms) drops the history: when a sample arrives more
///   than 40 ms after the previous one, earlier samples are discarded; and a query more than
///   40 ms after the last sample gives 0 (the finger stopped before release, so no fling).
/// - A sample earlier than the previous one (time going backwards) also restarts the history.
public struct VelocityTracker: Sendable, Equatable {
    public struct Sample: Sendable, Equatable {
        public var time: Double
        public var position: Double
        public init(time: Double, position: Double) { self.time = time; self.position = position }
    }

    public let window: Double
    public let pauseLimit: Double
    /// Samples kept (at most those within `window` of the newest one), oldest first.
    public private(set) var samples: [Sample] = []

    public init(window: Double = PhysicsConstants.velocityWindow,
                pauseLimit: Double = PhysicsConstants.velocityPauseLimit) {
        self.window = window
        self.pauseLimit = pauseLimit
    }

    /// Records the position at `time` (seconds).
    public mutating func add(time: Double, position: Double) {
        if let last = samples.last, time - last.time > pauseLimit || time < last.time {
            samples.removeAll(keepingCapacity: true)
        }
        samples.append(Sample(time: time, position: position))
        // Keep only what a query at `time` or later can use.
        let cutoff = time - window - Self.slack
        if let firstKept = samples.firstIndex(where: { $0.time >= cutoff }), firstKept > 0 {
            samples.removeFirst(firstKept)
        }
    }

    /// Forgets all samples.
    public mutating func reset() { samples.removeAll() }

    /// Velocity in pt/s at `time` (normally the release time). 0 with fewer than two samples
    /// in the window, or when the last sample is more than `pauseLimit` before `time`.
    public func velocity(at time: Double) -> Double {
        guard let last = samples.last, time - last.time <= pauseLimit else { return 0 }
        let from = time - window - Self.slack
        var n = 0.0, sumT = 0.0, sumP = 0.0
        for s in samples where s.time >= from && s.time <= time {
            n += 1; sumT += s.time; sumP += s.position
        }
        guard n >= 2 else { return 0 }
        let meanT = sumT / n, meanP = sumP / n
        var sxy = 0.0, sxx = 0.0
        for s in samples where s.time >= from && s.time <= time {
            let dt = s.time - meanT
            sxy += dt * (s.position - meanP)
            sxx += dt * dt
        }
        guard sxx > 0 else { return 0 }
        return sxy / sxx
    }

    /// Tolerance so a sample exactly `window` before the query (up to rounding) counts.
    static let slack = 1e-9
}
