// Principle 2 of docs/architecture.md: "Motion is a function of time". An animation is a value with a
// duration and a closed form; nobody owns a timer.

/// A motion that is a pure function of the time since it started.
public protocol TimedMotion: Sendable {
    /// Length of the motion in seconds (0 for an instant jump).
    var duration: Double { get }
    /// The value `t` seconds after the start. For `t ≥ duration` it is the end value;
    /// for `t ≤ 0` the start value.
    func value(at t: Double) -> Double
}

extension TimedMotion {
    /// True once `t` (seconds since start) has reached the duration.
    public func isFinished(at t: Double) -> Bool { t >= duration }
}
