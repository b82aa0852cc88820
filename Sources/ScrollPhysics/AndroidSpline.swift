// F1 `android`: OverScroller's spline fling, from AOSP frameworks/base
// core/java/android/widget/OverScroller.java, class SplineOverScroller:
// - the static block: SPLINE_POSITION[0…100] from INFLEXION 0.35, START_TENSION 0.5,
//   END_TENSION 1.0 (P1 = 0.175, P2 = 0.35), by bisection to 1E-5;
// - the constructor: mPhysicalCoeff = GRAVITY_EARTH (9.80665) · 39.37 · ppi · 0.84 with
//   ppi = 160 · density, the screen's (F9: a Pixel 8's 2.625 gives 2.625 times density 1's);
// - getSplineDeceleration(v) = ln(INFLEXION · |v| / (friction · mPhysicalCoeff)), friction =
//   ViewConfiguration.SCROLL_FRICTION = 0.015;
// - getSplineFlingDistance(v) = friction · coeff · exp(DECELERATION_RATE / (DECELERATION_RATE − 1) · l)
//   with DECELERATION_RATE = ln(0.78) / ln(0.9);
// - getSplineFlingDuration(v) = (int) (1000 · exp(l / (DECELERATION_RATE − 1))) ms;
// - update(), case SPLINE: distance = SPLINE_POSITION interpolated at t / splineDuration, times
//   mSplineDistance; mCurrVelocity = the table's slope · mSplineDistance / mSplineDuration · 1000.
// The arithmetic keeps Java's types (float where Android has float, int where it has int), so
// the whole-pixel positions are Android's.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// SplineOverScroller's fling curve (AOSP OverScroller.java).
public enum AndroidSpline {
    static let inflexion: Float = 0.35
    static let startTension: Float = 0.5
    static let endTension: Float = 1.0
    static let p1: Float = startTension * inflexion
    static let p2: Float = 1.0 - endTension * (1.0 - inflexion)
    static let samples = 100
    /// `DECELERATION_RATE = (float) (Math.log(0.78) / Math.log(0.9))` ≈ 2.358.
    public static let decelerationRate = Float(log(0.78) / log(0.9))
    /// `ViewConfiguration.SCROLL_FRICTION`.
    public static let scrollFriction: Float = 0.015
    /// `mPhysicalCoeff` at density 1: 9.80665 · 39.37 · 160 · 0.84 (float arithmetic).
    public static let physicalCoefficient: Float = Float(9.80665) * 39.37 * (1 * 160) * 0.84

    /// `SPLINE_POSITION`: the static block of SplineOverScroller, in float like Java.
    public static let splinePosition: [Float] = {
        var table = [Float](repeating: 0, count: samples + 1)
        var xMin: Float = 0
        for i in 0..<samples {
            let alpha = Float(i) / Float(samples)
            var xMax: Float = 1
            var x: Float = 0, coef: Float = 0
            while true {
                x = xMin + (xMax - xMin) / 2
                coef = 3 * x * (1 - x)
                let tx = coef * ((1 - x) * p1 + x * p2) + x * x * x
                if Double(abs(tx - alpha)) < 1e-5 { break }
                if tx > alpha { xMax = x } else { xMin = x }
            }
            table[i] = coef * ((1 - x) * startTension + x) + x * x * x
        }
        table[samples] = 1
        return table
    }()

        /// `mPhysicalCoeff` on a screen of `density` (DisplayMetrics.density, a float): the
    /// constructor's `GRAVITY_EARTH * 39.37f * ppi * 0.84f` with `ppi = density * 160.0f` (F9).
    public static func physicalCoefficient(density: Double) -> Float {
        let ppi = Float(density) * 160
        return Float(9.80665) * 39.37 * ppi * 0.84
    }

    /// `getSplineDeceleration(velocity)` (velocity in whole px/s, as Android passes an int).
    public static func deceleration(velocity: Int, coefficient: Float = physicalCoefficient) -> Double {
        let ratio = inflexion * Float(abs(velocity)) / (scrollFriction * coefficient)
        return log(Double(ratio))
    }

    /// `getSplineFlingDistance(velocity)`, px (unsigned; OverScroller truncates it to an int).
    public static func flingDistance(velocity: Int, coefficient: Float = physicalCoefficient) -> Double {
        let l = deceleration(velocity: velocity, coefficient: coefficient)
        let decelMinusOne = Double(decelerationRate) - 1
        let scale = Double(scrollFriction * coefficient)
        return scale * exp(Double(decelerationRate) / decelMinusOne * l)
    }

    /// `getSplineFlingDuration(velocity)`, whole milliseconds.
    public static func flingDuration(velocity: Int, coefficient: Float = physicalCoefficient) -> Int {
        let l = deceleration(velocity: velocity, coefficient: coefficient)
        let decelMinusOne = Double(decelerationRate) - 1
        return Java.int(1000 * exp(l / decelMinusOne))
    }

    /// RecyclerView's own `getSplineFlingDistance(velocity)` (shouldAbsorb): the same formula with
    /// RecyclerView's `mPhysicalCoef`, cast to float.
    public static func recyclerViewFlingDistance(velocity: Int, coefficient: Float) -> Float {
        let l = log(Double(inflexion * Float(abs(velocity)) / (scrollFriction * coefficient)))
        let decelMinusOne = Double(decelerationRate) - 1
        return Float(Double(scrollFriction * coefficient) * exp(Double(decelerationRate) / decelMinusOne * l))
    }

    /// `update()`, case SPLINE: (distanceCoef, velocityCoef) at `elapsedMs` of `durationMs`.
    public static func coefficients(elapsedMs: Int, durationMs: Int) -> (distance: Float, velocity: Float) {
        guard durationMs > 0 else { return (1, 0) }
        let t = Float(elapsedMs) / Float(durationMs)
        let index = Int(Float(samples) * t)
        guard index < samples else { return (1, 0) }
        let tInf = Float(index) / Float(samples)
        let tSup = Float(index + 1) / Float(samples)
        let dInf = splinePosition[index], dSup = splinePosition[index + 1]
        let velocityCoef = (dSup - dInf) / (tSup - tInf)
        return (dInf + (t - tInf) * velocityCoef, velocityCoef)
    }
}
