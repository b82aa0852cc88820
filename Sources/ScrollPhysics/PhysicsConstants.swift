import VirtualTime

// All the numbers of the motion model in one place, each with where it comes from.
// "Seed" is the pan-gesture article (a seed, docs/architecture.md) (the pan-gesture article);
// Ids are defined in docs/behaviours.md; "our choice" marks a number no source fixes.

/// The constants of liveblog's scroll physics (points and seconds).
public enum PhysicsConstants {
    /// One text line, in pt. U2 (a terminal cell is 16 pt tall).
    public static let lineHeight: Double = 16
    /// One mouse-wheel notch scrolls 3 lines = 48 pt. P6.
    public static let wheelNotch: Double = 3 * lineHeight
    /// The velocity of a J/K key fling, pt/s. P5.
    public static let flingKeyVelocity: Double = 2000
    /// Distance a press must move before it becomes a pan, pt. Our choice: Android's
    /// `ViewConfiguration` TOUCH_SLOP is 8 dp (UIKit does not publish its pan hysteresis).
    public static let touchSlop: Double = 8
    /// The furthest the list may be pulled past its bottom, pt. Seed ("弹起最大150"), P3.
    public static let overscrollLimit: Double = 150
    /// The seed's damping factor in `progress = ((max + 150 − old) / 150) · 0.3`. Seed, P3.
    public static let rubberBandFactor: Double = 0.3
    /// Steps per second of the dynamic item. P2 (our choice of rule, documented there).
    public static let stepRate = Double(VirtualClock.ticksPerSecond)
    /// The dynamic item's resistance. Seed (`behavior.resistance = 2.0`), P2.
    public static let resistance: Double = 2.0
    /// Release speed from which inertia starts, pt/s. Seed (`abs(pointY) >= 180`), P2.
    public static let flingThreshold: Double = 180
    /// Inertia ends when one step moves less than this, pt. Seed (`abs(dValue) < 0.02`), P2.
    public static let stopDisplacement: Double = 0.02
    /// Velocity is estimated over this window before the query time, s. P1
    /// (Android's VelocityTracker uses the same horizon).
    public static let velocityWindow: Double = 0.100
    /// A gap between samples longer than this drops the history, s. P1
    /// (Android's ASSUME_POINTER_STOPPED_TIME is also 40 ms).
    public static let velocityPauseLimit: Double = 0.040
    /// The scroll indicator hides this long after the last movement, s. P7.
    public static let indicatorHideDelay: Double = 0.5
    /// Wheel notches and key repeats closer than this form one stream, s. P5.
    public static let streamGap: Double = 0.080
    /// `setContentOffset(_:animated: true)` duration, s. H4 (an assumption:
    /// UIKit does not publish it).
    public static let iosSetContentOffsetDuration: Double = 0.3
    /// Line and page keys animate over this, s. P5.
    public static let keyScrollDuration: Double = 0.15
    /// Home/end duration is `min(√d, homeEndMaxRoot) / homeEndRootsPerSecond` s. P5.
    public static let homeEndMaxRoot: Double = 42
    /// See `homeEndMaxRoot`. P5.
    public static let homeEndRootsPerSecond: Double = 60
    // Android's smoothScrollBy durations (300 ms per height, capped at 2000 ms) are whole ms and
    // live with its arithmetic in AndroidSmoothScroll.swift (F9).
}
