// F9: Android's arithmetic is Java's. The few rules the android law files need, written once:
// - `Math.round(float)` / `Math.round(double)`: floor(x + ½) in exact arithmetic, so negative
//   halves round up (−2.5 → −2), unlike Swift's `.toNearestOrAwayFromZero`;
// - a cast `(int) x` truncates toward zero;
// - `Math.signum`.
// A Float widens to Double exactly and x + 0.5 is exact in Double for every |x| < 2^52, so the
// floor below is Java's result for every Float and for the Doubles Android rounds here.

/// Java's rounding and casts, for the android law files (F9).
public enum Java {
    /// `Math.round(float)`: floor(x + 0.5). NaN → 0; saturating like Java at the Int32 range.
    public static func round(_ x: Float) -> Int { round(Double(x)) }

    /// `Math.round(double)` (then narrowed where Android casts to int).
    public static func round(_ x: Double) -> Int {
        guard x.isFinite else { return x.isNaN ? 0 : (x > 0 ? Int(Int32.max) : Int(Int32.min)) }
        let r = (x + 0.5).rounded(.down)
        return Int(max(Double(Int32.min), min(Double(Int32.max), r)))
    }

    /// `(int) x`: toward zero, NaN → 0, saturating at the Int32 range.
    public static func int(_ x: Double) -> Int {
        guard x.isFinite else { return x.isNaN ? 0 : (x > 0 ? Int(Int32.max) : Int(Int32.min)) }
        return Int(max(Double(Int32.min), min(Double(Int32.max), x.rounded(.towardZero))))
    }

    /// `(int) x` for a float.
    public static func int(_ x: Float) -> Int { int(Double(x)) }

    /// `Math.signum(float)`.
    public static func signum(_ x: Float) -> Float { x > 0 ? 1 : (x < 0 ? -1 : x) }
}

/// F9, D3: dp to px as Android sizes a view: `TypedValue.complexToDimensionPixelSize`
/// (`applyDimension` in float, then `(int) (f + 0.5f)`, at least 1 px for a nonzero size), the rule
/// behind `getDimensionPixelSize` (ViewConfiguration's fling velocities, layout sizes in dp).
public enum AndroidPixels {
    public static func size(dp: Double, density: Double) -> Int {
        let f = Float(dp) * Float(density)
        let res = Java.int(f >= 0 ? f + 0.5 : f - 0.5)
        if res != 0 { return res }
        if dp == 0 { return 0 }
        return dp > 0 ? 1 : -1
    }

    /// The web row's measured height: AwLayoutSizer.onMeasure's `(int) (mContentHeightCss *
    /// mPageScaleFactor * mDIPScale)` (Chromium android_webview), with the page's contents
    /// height in whole CSS px as Blink reports it (its layout size snapped to the pixel:
    /// floor(h + ½)) and page scale 1.
    public static func webRowHeight(css: Double, density: Double) -> Int {
        let cssInt = Java.round(css)
        return Java.int(Double(Float(cssInt) * Float(1)) * Double(Float(density)))
    }
}
