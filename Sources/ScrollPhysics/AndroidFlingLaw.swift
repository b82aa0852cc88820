// F1, F9 `android`: RecyclerView's fling threshold and its stop at the ends. The fling itself
// is `AndroidFlinger` (RecyclerView.fling, ViewFlinger.run, OverScroller, EdgeEffect: see there),
// stepped by the pan engine (Host, PanEngineAndroid) on the device's px and the world's frames.
// ViewConfiguration.java: MINIMUM_FLING_VELOCITY = 50 dp/s, MAXIMUM_FLING_VELOCITY = 8000 dp/s.
// Offsets here are pt (dp); velocities pt/s (dp/s), turned into px/s and truncated to an int as
// RecyclerView takes them.


/// RecyclerView's law (F1 `android`) on a screen of `density`.
public struct AndroidFlingLaw: DecelerationLaw {
    /// `ViewConfiguration.MINIMUM_FLING_VELOCITY`, dp/s.
    public static let minimumFlingVelocity = 50
    /// `ViewConfiguration.MAXIMUM_FLING_VELOCITY`, dp/s.
    public static let maximumFlingVelocity = 8000

    public let density: Double

    public init(density: Double = 1) {
        self.density = density
    }
    public var model: PhysicsModel { .android }

    /// The px/s RecyclerView gets for `velocity` pt/s: (int) of the px value.
    public func pixelVelocity(_ velocity: Double) -> Int { Java.int(velocity * density) }

    public func startsFling(velocity: Double) -> Bool {
        guard velocity.isFinite else { return false }
        let minimum = AndroidPixels.size(dp: Double(Self.minimumFlingVelocity), density: density)
        return abs(pixelVelocity(velocity)) >= minimum
    }

    /// No displacement at the edges: the offset stops at the bound (the pull goes into the
    /// edge effect, see `AndroidEdges`).
    public func dragged(from offset: Double, by delta: Double, bounds: ScrollBounds) -> Double {
        bounds.clamp(offset + delta)
    }
}
