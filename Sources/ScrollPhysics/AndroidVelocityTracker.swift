// P1, F9: Android's finger velocity, as RecyclerView reads it on ACTION_UP
// (`mVelocityTracker.computeCurrentVelocity(1000, mMaxFlingVelocity)`, then `(int) -getYVelocity`).
// From AOSP frameworks/native libs/input/VelocityTracker.cpp, the default strategy for AXIS_Y
// (DEFAULT_STRATEGY_BY_AXIS: LSQ2, least squares of degree 2, Weighting::NONE), in float:
// - addMovement: a move more than ASSUME_POINTER_STOPPED_TIME (40 ms) after the previous event
//   drops the history; AccumulatingVelocityTrackerStrategy keeps at most HISTORY_SIZE (20)
//   movements and, after each, drops those more than HORIZON (100 ms) older than it; a movement
//   at the same time replaces the last;
// - ACTION_UP more than 40 ms after the last event: no velocity (the strategies are erased);
// - getVelocity: degree min(2, movements − 1); 2 → solveUnweightedLeastSquaresDeg2 (sums over
//   x = −age in seconds, `-age * SECONDS_PER_NANO` in float); 1 → solveLeastSquares' QR fit
//   (Gram–Schmidt, float); 0 or none → no velocity (0);
// - getComputedVelocity: `clamp(v * units / 1000, -maxVelocity, maxVelocity)`.
// Positions are MotionEvent's float px, times its int64 nanoseconds.

/// VelocityTracker's LSQ2 strategy for one pointer's y (F9).
public struct AndroidVelocityTracker: Equatable, Sendable {
    public struct Movement: Equatable, Sendable {
        public var nanos: Int64
        public var position: Float
    }

    static let horizon: Int64 = 100_000_000
    static let stoppedTime: Int64 = 40_000_000
    static let historySize = 20
    public private(set) var movements: [Movement] = []
    private var lastEventNanos: Int64 = 0
    private var down = false

    public init() {}

    /// ACTION_DOWN: clear, then the down's position.
    public mutating func down(nanos: Int64, position: Float) {
        movements.removeAll(keepingCapacity: true)
        down = false
        move(nanos: nanos, position: position)
    }

    /// ACTION_MOVE.
    public mutating func move(nanos: Int64, position: Float) {
        if down, nanos - lastEventNanos > Self.stoppedTime { movements.removeAll(keepingCapacity: true) }
        lastEventNanos = nanos
        down = true
        if let last = movements.last, last.nanos == nanos { movements.removeLast() }
        movements.append(Movement(nanos: nanos, position: position))
        if movements.count > Self.historySize { movements.removeFirst() }
        while let first = movements.first, nanos - first.nanos > Self.horizon { movements.removeFirst() }
    }

    /// ACTION_UP, then computeCurrentVelocity(1000, maxVelocity) and getYVelocity(): px/s.
    public func velocity(upNanos: Int64, maxVelocity: Float) -> Float {
        guard upNanos - lastEventNanos <= Self.stoppedTime, let v = estimate() else { return 0 }
        return min(max(v * 1000 / 1000, -maxVelocity), maxVelocity)
    }

    /// LeastSquaresVelocityTrackerStrategy::getVelocity.
    func estimate() -> Float? {
        let n = movements.count
        guard n >= 2 else { return nil }
        return n >= 3 ? Self.deg2(movements) : Self.line(movements)
    }

    static func age(_ m: Movement, newest: Movement) -> Float { Float(-(newest.nanos - m.nanos)) * Float(1e-9) }

    /// solveUnweightedLeastSquaresDeg2.
    static func deg2(_ ms: [Movement]) -> Float? {
        var sxi: Float = 0, sxiyi: Float = 0, syi: Float = 0, sxi2: Float = 0
        var sxi3: Float = 0, sxi2yi: Float = 0, sxi4: Float = 0
        let newest = ms[ms.count - 1]
        for m in ms {
            let xi = age(m, newest: newest), yi = m.position
            let xi2 = xi * xi, xi3 = xi2 * xi, xi4 = xi3 * xi
            sxi += xi
            sxi2 += xi2
            sxiyi += xi * yi
            sxi2yi += xi2 * yi
            syi += yi
            sxi3 += xi3
            sxi4 += xi4
        }
        let count = Float(ms.count)
        let sxx = sxi2 - sxi * sxi / count
        let sxy = sxiyi - sxi * syi / count
        let sxx2 = sxi3 - sxi * sxi2 / count
        let sx2y = sxi2yi - sxi2 * syi / count
        let sx2x2 = sxi4 - sxi2 * sxi2 / count
        let denominator = sxx * sx2x2 - sxx2 * sxx2
        guard denominator != 0 else { return nil }
        return (sxy * sx2x2 - sx2y * sxx2) / denominator
    }

    /// solveLeastSquares with n = 2 (a line) over the movements newest first, weights 1.
    static func line(_ ms: [Movement]) -> Float? {
        let newest = ms[ms.count - 1]
        let x = ms.reversed().map { age($0, newest: newest) }
        let y = ms.reversed().map(\.position)
        let a: [[Float]] = [Array(repeating: 1, count: x.count), x]
        var q = a
        var r: [[Float]] = [[0, 0], [0, 0]]
        for j in 0..<2 {
            for i in 0..<j {
                let dot = dotProduct(q[j], q[i])
                for h in q[j].indices { q[j][h] -= dot * q[i][h] }
            }
            let norm = dotProduct(q[j], q[j]).squareRoot()
            guard norm >= 0.000001 else { return nil }
            let invNorm = 1 / norm
            for h in q[j].indices { q[j][h] *= invNorm }
            for i in 0..<2 { r[j][i] = i < j ? 0 : dotProduct(q[j], a[i]) }
        }
        var b: [Float] = [0, 0]
        for i in stride(from: 1, through: 0, by: -1) {
            b[i] = dotProduct(q[i], y)
            for j in stride(from: 1, to: i, by: -1) { b[i] -= r[i][j] * b[j] }
            b[i] /= r[i][i]
        }
        return b[1]
    }

    /// vectorDot (float, in order).
    static func dotProduct(_ a: [Float], _ b: [Float]) -> Float {
        var s: Float = 0
        for i in a.indices { s += a[i] * b[i] }
        return s
    }
}
