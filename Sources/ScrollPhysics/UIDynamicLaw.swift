// F1 `uidynamic`, P2, P3: the seed's law (the pan-gesture article (a seed, docs/architecture.md),
// `gestureEnded`: a UIDynamicItemBehavior with resistance 2.0 started at |v| ≥ 180 pt/s;
// `setScrollOffsetY`: the damped bottom bounce up to 150 pt; `notBehaviorAnimation`: the
// animated setContentOffset back to the bound). The numbers are `DynamicItem`'s, unchanged.
//
// The edge rule is the one ListPanTarget.pan(by:bounce: true) applies today in M1 (Host):
// a step that reaches the top clamps there and ends inertia; a step past the bottom is damped by
// `RubberBand.damped` and ends inertia once the offset is at or past the bound; the content then
// springs back over 0.3 s (`ScrollAnimation.springBack`). This file reproduces it step for step,
// with the same arithmetic, so the offsets are bit for bit those of the stepped engine.

/// The seed's law (P2) with its edges (P3).
public struct UIDynamicLaw: DecelerationLaw {
    public init() {}
    public var model: PhysicsModel { .uidynamic }

    /// |v| ≥ 180 pt/s (seed: `abs(pointY) >= 180`).
    public func startsFling(velocity: Double) -> Bool {
        DynamicItem.startsInertia(releaseVelocity: velocity)
    }

    public func motion(from offset: Double, velocity: Double, bounds: ScrollBounds) -> UIDynamicMotion {
        let v = startsFling(velocity: velocity) ? velocity : 0
        return UIDynamicMotion(start: offset, velocity: v, bounds: bounds)
    }

    /// The seed's drag: clamped at the top, damped past the bottom (P3, `RubberBand.damped`).
    public func dragged(from offset: Double, by delta: Double, bounds: ScrollBounds) -> Double {
        UIDynamicMotion.step(from: offset, finger: -delta, bounds: bounds).offset
    }
}

/// A fling under the seed's law, as a value: the offset after each 120 Hz step of a
/// `DynamicItem`, then the spring back from an overscroll.
public struct UIDynamicMotion: DecelerationMotion, Equatable {
    public var model: PhysicsModel { .uidynamic }
    public let start: Double
    /// Offset velocity at release (0 below the threshold).
    public let releaseVelocity: Double
    public let bounds: ScrollBounds
    /// Offset after step k+1 (index k); empty without inertia.
    public let offsets: [Double]
    public let impact: EdgeImpact?
    /// The spring back from where inertia stopped, if that is outside the bounds.
    public let springBack: ScrollAnimation?

    public init(start: Double, velocity: Double, bounds: ScrollBounds) {
        self.start = start
        self.releaseVelocity = velocity
        self.bounds = bounds
        var offsets: [Double] = []
        var impact: EdgeImpact?
        if velocity != 0 {
            // The item moves like the finger: offset velocity −v.
            var item = DynamicItem(velocity: -velocity)
            var y = start
            while true {
                let d = item.step()
                let result = Self.step(from: y, finger: d, bounds: bounds)
                y = result.offset
                offsets.append(y)
                if result.atBound {
                    let t = Double(offsets.count) * DynamicItem.stepInterval
                    impact = EdgeImpact(edge: d < 0 ? .bottom : .top, time: t, velocity: -item.velocity)
                    break
                }
                if abs(d) < DynamicItem.stopDisplacement { break }
            }
        }
        self.offsets = offsets
        self.impact = impact
        let rest = offsets.last ?? start
        springBack = bounds.clamp(rest) == rest ? nil : .springBack(from: rest, to: bounds.clamp(rest))
    }

    /// Time the inertia steps end.
    public var inertiaDuration: Double { Double(offsets.count) * DynamicItem.stepInterval }

    public var duration: Double { inertiaDuration + (springBack?.duration ?? 0) }

    public func value(at t: Double) -> Double {
        if t >= inertiaDuration, let back = springBack { return back.value(at: t - inertiaDuration) }
        let n = t <= 0 ? 0 : min(offsets.count, Int((t * PhysicsConstants.stepRate + 1e-9).rounded(.down)))
        return n == 0 ? start : offsets[n - 1]
    }

    /// The item's velocity after the steps taken by t (the seed's item, as an offset velocity).
    public func velocity(at t: Double) -> Double {
        guard t < inertiaDuration, !offsets.isEmpty else { return 0 }
        let n = t <= 0 ? 0 : Int((t * PhysicsConstants.stepRate + 1e-9).rounded(.down))
        return -DynamicItem.velocity(afterSteps: n, initial: -releaseVelocity)
    }

    public func edgeEffect(at t: Double) -> Double { 0 }

    /// One step of ListPanTarget.pan(by:bounce: true) (M1): the offset after a finger step
    /// `finger` (positive = finger down = offset decreases), and whether inertia ends at a bound.
    static func step(from old: Double, finger d: Double,
                     bounds: ScrollBounds) -> (offset: Double, atBound: Bool) {
        var y = old - d
        let minY = bounds.min, maxY = bounds.max
        if y < minY && d > 0 { y = max(minY, min(old, y)) }
        if y < minY { y = minY }
        if y >= maxY && d < 0 { y = RubberBand.damped(newOffset: y, oldOffset: old, maxOffset: maxY) }
        return (y, (d < 0 && y >= maxY) || (d > 0 && y <= minY))
    }
}
