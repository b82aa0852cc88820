/// Virtual time (principle 1, docs/architecture.md): the world advances in ticks at 120 Hz; the embed's frames run
/// every second tick (60 Hz). This is the one place the rate is written down: every conversion
/// between seconds and ticks goes through here. Variables that hold ticks are named `tick…`,
/// variables that hold seconds `seconds`/`t`: never both `now`.
public enum VirtualClock {
    public static let ticksPerSecond = 120
    public static let ticksPerFrame = 2
    /// The first tick at or after `seconds` (a hair of tolerance, so that a time written as
    /// tick/120 reads back as the same tick: recordings replay exactly).
    /// Saturating: NaN is 0 and anything past `maxSeconds` is `maxTicks`, so no input traps here
    /// (callers range-check what comes from outside first and say which field was wrong).
    public static func ticks(_ seconds: Double) -> Int {
        guard seconds.isFinite else { return seconds.isNaN || seconds < 0 ? (seconds.isNaN ? 0 : -maxTicks) : maxTicks }
        if seconds >= maxSeconds { return maxTicks }
        if seconds <= -maxSeconds { return -maxTicks }
        return Int((seconds * Double(ticksPerSecond) - 1e-6).rounded(.up))
    }
    /// The longest stretch of virtual time anything may span: 10 years. Far beyond any scenario,
    /// and far below the point where tick arithmetic could overflow.
    public static let maxSeconds: Double = 10 * 365 * 86_400
    public static let maxTicks = Int(maxSeconds) * ticksPerSecond
    public static func seconds(_ ticks: Int) -> Double { Double(ticks) / Double(ticksPerSecond) }
    /// Whole milliseconds of a tick, rounded down (the trace's and the recorder's time stamps).
    public static func milliseconds(_ ticks: Int) -> Int { ticks * 1000 / ticksPerSecond }
    /// Seconds of whole milliseconds: the one ms → s conversion (a trace's `t` read back).
    public static func seconds(milliseconds ms: Int) -> Double { Double(ms) / 1000 }
    /// A tick's time stamp in seconds: its whole milliseconds, as the trace and the recorder write
    /// it (truncated, so that it reads back through `ticks(_:)` as the same tick).
    public static func stampSeconds(_ ticks: Int) -> Double { seconds(milliseconds: milliseconds(ticks)) }
}
