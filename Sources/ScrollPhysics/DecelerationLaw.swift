// F1, F2: one deceleration law per physics model, behind one protocol: whether a release
// flings, and how a drag meets the ends: the seed's bounce (uidynamic), the rubber band (uikit),
// or a stop at the bound with an edge effect (android).
//
// Offsets and velocities here are CONTENT OFFSETS (U4), not finger movements: a positive
// velocity makes the offset grow (content moves up, as a fling of the finger upwards does).
// The seed's DynamicItem works in the finger's sense; the pan engine converts.

/// The physics models of F1.
public enum PhysicsModel: String, Sendable, CaseIterable {
    /// The seed's UIDynamicItemBehavior (P2, P3): `DynamicItem`, the damped bottom bounce.
    case uidynamic
    /// UIScrollView: deceleration 0.998 per ms, rubber band at both ends, spring back.
    case uikit
    /// RecyclerView: OverScroller's spline fling, no overscroll, an edge effect.
    case android

    /// The law of this model.
    public var law: any DecelerationLaw {
        switch self {
        case .uidynamic: UIDynamicLaw()
        case .uikit: UIKitDecelerationLaw()
        case .android: AndroidFlingLaw()
        }
    }

    /// What scrolls in the list (docs/emulation.md): M1's content-sized web row inside the list, or
    /// M2/M3's viewport-tall web view that scrolls itself (the seed's nested pan).
    public enum ListKind: Sendable, Equatable {
        case contentSizedRow
        case selfScrollingWebView
    }
}

/// The offset range a motion runs in (U4) and the viewport height, which sizes UIKit's rubber
/// band and Android's edge effect.
public struct ScrollBounds: Sendable, Equatable {
    public var min: Double
    public var max: Double
    /// The viewport height d, pt.
    public var viewport: Double

    public init(min: Double, max: Double, viewport: Double) {
        self.min = min
        self.max = Swift.max(min, max)
        self.viewport = viewport
    }

    /// No bounds: for a caller that routes the motion's deltas itself (M2's nested router).
    public static func unbounded(viewport: Double) -> ScrollBounds {
        let far = Double.greatestFiniteMagnitude
        return ScrollBounds(min: -far, max: far, viewport: viewport)
    }

    public func clamp(_ y: Double) -> Double { Swift.min(Swift.max(y, min), max) }
    public func contains(_ y: Double) -> Bool { y >= min && y <= max }
}

/// Which end of the range.
public enum ScrollEdge: String, Sendable, Equatable {
    case top, bottom
}

/// A motion that met a bound: where, when (seconds after release) and how fast (offset pt/s,
/// signed, at that moment).
public struct EdgeImpact: Sendable, Equatable {
    public var edge: ScrollEdge
    public var time: Double
    public var velocity: Double
    public init(edge: ScrollEdge, time: Double, velocity: Double) {
        self.edge = edge
        self.time = time
        self.velocity = velocity
    }
}

/// A deceleration law (F1): when a release flings, and how a drag meets the ends. The flings
/// themselves are each model's one engine: `DynamicItem` (uidynamic), `UIKitDecelerationMotion`
/// (uikit), `AndroidFlinger` (android).
public protocol DecelerationLaw: Sendable {
    var model: PhysicsModel { get }
    /// True when a release at `velocity` (offset pt/s) starts inertia at all.
    func startsFling(velocity: Double) -> Bool
    /// A drag step at the edges: the offset shown after moving the content by `delta` (offset pt)
    /// from the shown offset `offset`. Inside the bounds this is `offset + delta`.
    func dragged(from offset: Double, by delta: Double, bounds: ScrollBounds) -> Double
}
