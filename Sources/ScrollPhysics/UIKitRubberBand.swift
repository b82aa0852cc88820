// F1 `uikit`: UIScrollView's rubber band at BOTH ends, from super-ultra/ScrollMechanics
// (ScrollMechanics/Sources/RubberBand.swift, `rubberBandClamp(_:coeff:dim:)` and
// `rubberBandClamp(_:coeff:dim:limits:)`): past a bound by x, the content shows
//     (1 − 1 / (x · 0.55 / d + 1)) · d
// with d the viewport height and 0.55 UIKit's coefficient (ScrollMechanics `RubberBand.coeff`).
// The displacement tends to d and never reaches it: the further, the slower.

/// UIScrollView's rubber band (both ends).
public enum UIKitRubberBand {
    /// UIKit's coefficient (ScrollMechanics `RubberBand.init(coeff: 0.55, …)`).
    public static let coefficient: Double = 0.55

    /// The displayed overscroll for a raw overscroll `x ≥ 0` with dimension `d` (ScrollMechanics
    /// `rubberBandClamp(_:coeff:dim:)`). d ≤ 0 shows nothing.
    public static func band(_ x: Double, dimension d: Double) -> Double {
        guard d > 0, x > 0 else { return 0 }
        return (1 - 1 / (x * coefficient / d + 1)) * d
    }

    /// The inverse of `band`: the raw overscroll that shows `y` (0 ≤ y < d).
    /// From y = (1 − 1/(x·c/d + 1))·d: x = y / (c · (1 − y/d)).
    public static func unband(_ y: Double, dimension d: Double) -> Double {
        guard d > 0, y > 0 else { return 0 }
        let ratio = min(y / d, 1 - 1e-12)
        return y / (coefficient * (1 - ratio))
    }

    /// The displayed offset for a raw offset `raw` (ScrollMechanics
    /// `rubberBandClamp(_:coeff:dim:limits:)`): unchanged inside the bounds, banded outside.
    public static func clamp(_ raw: Double, bounds: ScrollBounds) -> Double {
        let inside = bounds.clamp(raw)
        let x = abs(raw - inside)
        return inside + (raw < inside ? -1 : 1) * band(x, dimension: bounds.viewport)
    }

    /// The raw offset that displays `shown` (inverse of `clamp`).
    public static func raw(_ shown: Double, bounds: ScrollBounds) -> Double {
        let inside = bounds.clamp(shown)
        let y = abs(shown - inside)
        return inside + (shown < inside ? -1 : 1) * unband(y, dimension: bounds.viewport)
    }
}
