/// The seed's 10 s: the embed holds a jump this long (E11), and the Android sample keeps a pending
/// top as long (`HOLD_MS = 10_000L`), since "the embed sends corrections for at most 10 s". One
/// number for both sides; the one-parameter hook's idle end (1 s) is the page's alone.
public enum JumpHold {
    public static let seconds = 10
    public static var ticks: Int { seconds * VirtualClock.ticksPerSecond }
}
