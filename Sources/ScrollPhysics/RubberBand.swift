// P3: the seed's bottom bounce, damped up to 150 pt, the further the slower.

/// The seed's overscroll damping at the bottom of the list.
public enum RubberBand {
    /// The offset after a pan step from `oldOffset` towards `newOffset`, damped past `maxOffset`.
    ///
    /// The seed (`setScrollOffsetY`, table-view branch, `bottomBounces` on) does, when
    /// `newOffsetY >= maxOffsetY`:
    ///
    ///     let progress = (((maxOffsetY + 150) - tableViewOldOffsetY) / 150) * 0.3
    ///     let value = (newOffsetY - tableViewOldOffsetY) * progress
    ///     newOffsetY = tableViewOldOffsetY + value
    ///
    /// This function computes exactly that (with `limit` for 150) when `newOffset ≥ maxOffset`,
    /// and returns `newOffset` unchanged below `maxOffset`. Two guards the seed lacks:
    /// `progress` is never negative (an old offset already past `maxOffset + limit` does not
    /// make the list move against the finger), and the result is never more than
    /// `maxOffset + limit` (a large step could otherwise overshoot the limit).
    ///
    /// Note, as in the seed: a step that crosses `maxOffset` from below is damped from the old
    /// offset, so it may end below `maxOffset`; successive steps approach `maxOffset + limit`
    /// ever more slowly and never pass it.
    public static func damped(newOffset: Double, oldOffset: Double, maxOffset: Double,
                              limit: Double = PhysicsConstants.overscrollLimit) -> Double {
        guard newOffset >= maxOffset else { return newOffset }
        guard limit > 0 else { return maxOffset }
        let progress = max(0, ((maxOffset + limit) - oldOffset) / limit * PhysicsConstants.rubberBandFactor)
        let value = (newOffset - oldOffset) * progress
        return min(oldOffset + value, maxOffset + limit)
    }
}
