// Timing curves on the unit square: progress in [0, 1] → eased progress.

/// A CSS / Core Animation cubic Bézier timing function through (0,0), (x1,y1), (x2,y2), (1,1),
/// solved for x → y to about 1e-12 (Newton's method, falling back to bisection, as WebKit's
/// UnitBezier does).
public struct CubicBezier: Sendable, Equatable {
    public let x1: Double, y1: Double, x2: Double, y2: Double
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
        cx = 3 * x1; bx = 3 * (x2 - x1) - cx; ax = 1 - cx - bx
        cy = 3 * y1; by = 3 * (y2 - y1) - cy; ay = 1 - cy - by
    }

    private func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    private func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func sampleDX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The curve parameter whose x is `x` (x in [0, 1]).
    func parameter(forX x: Double) -> Double {
        let epsilon = 1e-12
        var t = x
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if abs(error) < epsilon, t >= 0, t <= 1 { return t }
            let slope = sampleDX(t)
            if abs(slope) < 1e-9 { break }
            t -= error / slope
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<200 {
            let v = sampleX(t)
            if abs(v - x) < epsilon { return t }
            if x > v { lo = t } else { hi = t }
            t = (lo + hi) / 2
            if hi - lo < 1e-15 { break }
        }
        return t
    }

    /// Eased progress for linear progress `x`; clamps to 0 below 0 and 1 above 1.
    public func y(forX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return sampleY(parameter(forX: x))
    }
}

/// A timing curve: `curve(p)` maps linear progress p ∈ [0, 1] to eased progress
/// (p is clamped to [0, 1]; every curve gives 0 at 0 and 1 at 1).
public struct UnitCurve: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case linear
        case cubicBezier(CubicBezier)
        /// Android's `sQuinticInterpolator` in RecyclerView: `(t − 1)^5 + 1`.
        case androidQuintic
        /// `1 − (1 − t)^3`.
        case easeOutCubic
    }

    public let kind: Kind
    public init(_ kind: Kind) { self.kind = kind }

    public static let linear = UnitCurve(.linear)
    /// CSS / Core Animation `easeInEaseOut`: cubic-bezier(0.42, 0, 0.58, 1).
    public static let easeInOut = UnitCurve(.cubicBezier(CubicBezier(0.42, 0, 0.58, 1)))
    /// CSS / Core Animation `easeOut`: cubic-bezier(0, 0, 0.58, 1).
    public static let easeOut = UnitCurve(.cubicBezier(CubicBezier(0, 0, 0.58, 1)))
    /// RecyclerView's quintic: `(t − 1)^5 + 1`.
    public static let androidQuintic = UnitCurve(.androidQuintic)
    /// `1 − (1 − t)^3`.
    public static let easeOutCubic = UnitCurve(.easeOutCubic)

    /// Eased progress for linear progress `p` (clamped to [0, 1]).
    public func value(_ p: Double) -> Double {
        if p <= 0 { return 0 }
        if p >= 1 { return 1 }
        switch kind {
        case .linear: return p
        case .cubicBezier(let b): return b.y(forX: p)
        case .androidQuintic:
            let u = p - 1
            return u * u * u * u * u + 1
        case .easeOutCubic:
            let u = 1 - p
            return 1 - u * u * u
        }
    }

    /// `UnitCurve.easeInOut(0.25)` reads like a function.
    public func callAsFunction(_ p: Double) -> Double { value(p) }
}
