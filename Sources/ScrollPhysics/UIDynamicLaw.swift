// F1 `uidynamic`, P2, P3: the seed's law (the pan-gesture article (a seed, docs/architecture.md),
// `gestureEnded`: a UIDynamicItemBehavior with resistance 2.0 started at |v| ≥ 180 pt/s;
// `setScrollOffsetY`: the damped bottom bounce up to 150 pt; `notBehaviorAnimation`: the
// animated setContentOffset back to the bound). The fling itself is `DynamicItem`, stepped by
// the pan engine (Host); the edge rule of each step is `UIDynamicLaw.step`, which the M1 list
// (`ListPanTarget`) applies to a finger's drag and to the item's steps alike.

/// The seed's law (P2) with its edges (P3).
public struct UIDynamicLaw: DecelerationLaw {
    public init() {}
    public var model: PhysicsModel { .uidynamic }

    /// |v| ≥ 180 pt/s (seed: `abs(pointY) >= 180`).
    public func startsFling(velocity: Double) -> Bool {
        DynamicItem.startsInertia(releaseVelocity: velocity)
    }

    /// The seed's drag: clamped at the top, damped past the bottom (P3, `RubberBand.damped`).
    public func dragged(from offset: Double, by delta: Double, bounds: ScrollBounds) -> Double {
        UIDynamicLaw.step(from: offset, finger: -delta, bounds: bounds, bounces: true).offset
    }

    /// One step of the seed's `setScrollOffsetY` on a list: the offset after a finger step `d`
    /// (positive = finger down = offset decreases), and whether inertia ends at a bound. The top
    /// is a hard stop; past the bottom the step is damped (`RubberBand.damped`) when it `bounces`
    /// (the seed's drag and inertia), else stopped at the bound.
    public static func step(from old: Double, finger d: Double, bounds: ScrollBounds,
                            bounces: Bool) -> (offset: Double, atBound: Bool) {
        var y = old - d
        let minY = bounds.min, maxY = bounds.max
        if y < minY && d > 0 { y = max(minY, min(old, y)) }
        if y < minY { y = minY }
        if y >= maxY && d < 0 {
            y = bounces ? RubberBand.damped(newOffset: y, oldOffset: old, maxOffset: maxY) : max(maxY, min(old, y))
        }
        return (y, (d < 0 && y >= maxY) || (d > 0 && y <= minY))
    }
}
