/// D3: a host request in the device's pixels, for the trace's `host` line (`"px"`), written
/// where pixels and points differ (a device with density ≠ 1).
public struct HostPixels: Sendable, Equatable {
    /// Device pixels per pt (UIScreen.scale, DisplayMetrics.density).
    public var density: Double
    /// The target offset in px (the pt target times the density).
    public var target: Int
    /// Android: `offsetViewBounds.top + topInPx.roundToInt()` (the sample's `requested`), px.
    public var requested: Int?
    /// Android: the `smoothScrollBy` / `scrollBy` distance, px.
    public var scrollBy: Int?

    public init(density: Double, target: Int, requested: Int? = nil, scrollBy: Int? = nil) {
        self.density = density
        self.target = target
        self.requested = requested
        self.scrollBy = scrollBy
    }

    /// `TypedValue.applyDimension(COMPLEX_UNIT_DIP, top.toFloat(), displayMetrics)`: dp × density
    /// in Float, as Android computes it; then Kotlin's `roundToInt()` (Math.round: floor(x + ½)),
    /// which saturates at Int's range as Java's (int) does (S4: 1e308 is Int.MAX_VALUE, not a trap);
    /// NaN is 0, as Java's Math.round gives.
    public static func dpToPxRounded(_ dp: Double, density: Double) -> Int {
        let px = Float(dp) * Float(density)
        return javaInt((px + 0.5).rounded(.down))
    }

    /// Java's narrowing of a float to int: saturating at Int32's range, NaN → 0 (JLS 5.1.3).
    public static func javaInt(_ v: Float) -> Int {
        if v.isNaN { return 0 }
        if v >= Float(Int32.max) { return Int(Int32.max) }
        if v <= Float(Int32.min) { return Int(Int32.min) }
        return Int(v)
    }

    /// An offset in pt on the pixel grid of `scale` (UIKit aligns contentOffset to 1/scale pt).
    public static func aligned(_ pt: Double, scale: Double) -> Double { (pt * scale).rounded() / scale }
}
