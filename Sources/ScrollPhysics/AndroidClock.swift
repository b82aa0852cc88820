import VirtualTime

// F9: Android's animation clock. `AnimationUtils.currentAnimationTimeMillis()` inside a
// frame is the frame's vsync time in whole milliseconds (Choreographer.doFrame calls
// `AnimationUtils.lockAnimationClock(frameTimeNanos / TimeUtils.NANOS_PER_MS)` before it runs the
// input, animation and traversal callbacks), so every scroller and edge effect of a frame reads
// the same whole-ms time. The world's ticks are the phones' frames (Pixel 8 and Galaxy S24
// refresh at 120 Hz, the VirtualClock's rate): tick k is at floor(k · 1000 / 120) ms.

/// Whole-millisecond frame times, as Android's animations see them.
public enum AndroidClock {
    /// Frame `k` of a display refreshing `rate` times a second, its first at 0 ms.
    public static func frameMillis(_ k: Int, rate: Int) -> Int { k * 1000 / rate }

    /// The frame time of world tick `tick` (the list's frames run at the world's 120 Hz).
    public static func millis(tick: Int) -> Int { VirtualClock.milliseconds(tick) }

    /// Nanoseconds of world tick `tick` (MotionEvent times), truncated.
    public static func nanos(tick: Int) -> Int64 {
        Int64(tick) * 1_000_000_000 / Int64(VirtualClock.ticksPerSecond)
    }
}
