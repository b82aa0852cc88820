import VirtualTime
import ScrollPhysics

/// SPEC F1, F2 `android`: the edge effect RecyclerView shows instead of moving content past an
/// end (AOSP EdgeEffect, TYPE_STRETCH; ScrollPhysics/AndroidEdgeEffect.swift). While a finger
/// pulls past the end (RecyclerView.pullGlows → EdgeEffect.onPull) it is held at the pulled
/// distance; on release (onRelease) or after a fling's impact (absorbGlows → onAbsorb) it recedes
/// as a value of time. `distance(at:)` is `EdgeEffect.getDistance()`: a fraction of the height.
public struct EdgeGlow: Equatable {
    public let edge: ScrollEdge
    /// The distance a finger holds (nil once released or absorbed).
    public private(set) var held: Double?
    /// The receding effect and the tick it started.
    public private(set) var receding: AndroidEdgeEffect?
    public private(set) var startTick: Int

    /// A finger pulled `overscroll` pt past `edge` (onPull), from what shows at `tick`.
    public static func pulled(_ old: EdgeGlow?, edge: ScrollEdge, overscroll: Double, height: Double,
                              tick: Int) -> EdgeGlow {
        let shown = old.map { $0.edge == edge ? $0.distance(at: tick) : 0 } ?? 0
        let d = AndroidEdgeEffect.pulled(distance: shown, by: overscroll, height: height)
        return EdgeGlow(edge: edge, held: d, receding: nil, startTick: tick)
    }

    /// A fling met `edge` at `velocity` px/s (absorbGlows with `(int) getCurrVelocity()`).
    public static func absorbed(_ old: EdgeGlow?, edge: ScrollEdge, velocity: Double, height: Double,
                                tick: Int) -> EdgeGlow {
        let shown = old.map { $0.edge == edge ? $0.distance(at: tick) : 0 } ?? 0
        let effect = AndroidEdgeEffect.absorbed(velocity: velocity, height: height, distance: shown)
        return EdgeGlow(edge: edge, held: nil, receding: effect, startTick: tick)
    }

    /// The finger let go (onRelease): the held stretch recedes from `tick`.
    public func released(height: Double, tick: Int) -> EdgeGlow {
        guard let d = held else { return self }
        let effect = AndroidEdgeEffect.released(distance: d, height: height)
        return EdgeGlow(edge: edge, held: nil, receding: effect, startTick: tick)
    }

    /// `getDistance()` at `tick`.
    public func distance(at tick: Int) -> Double {
        if let held { return held }
        return receding?.value(at: VirtualClock.seconds(tick - startTick)) ?? 0
    }

    /// Nothing shows any more.
    public func isFinished(at tick: Int) -> Bool {
        held == nil && (receding?.isFinished(at: VirtualClock.seconds(tick - startTick)) ?? true)
    }
}
