// P7: a scroll indicator showing position and size over the whole scrollable content,
// shown while scrolling and hidden 0.5 s after the last movement.

/// The scroll indicator: geometry (a pure function) and visibility (a small timed state).
public struct ScrollIndicator: Sendable, Equatable {
    /// The thumb, in rows of the indicator's track: rows `start ..< start + length`.
    public struct Thumb: Sendable, Equatable {
        public var start: Int
        public var length: Int
        public init(start: Int, length: Int) { self.start = start; self.length = length }
    }

    /// The thumb for a track of `trackRows` rows.
    ///
    /// - `contentLength`: the whole scrollable extent in pt (include insets if they scroll);
    /// - `viewportLength`: the visible extent in pt;
    /// - `offset − minOffset` is the position, in [0, contentLength − viewportLength] when
    ///   not overscrolled.
    ///
    /// The thumb is `trackRows · viewport / content` rows long (rounded, at least 1) and
    /// placed proportionally to the position. Overscroll past either end shortens the thumb by
    /// the overscrolled amount (as iOS does), pinned at that end.
    /// Returns nil when there is nothing to scroll (content ≤ viewport) or no track.
    public static func thumb(contentLength: Double, viewportLength: Double, offset: Double,
                             minOffset: Double = 0, trackRows: Int) -> Thumb? {
        guard trackRows >= 1, viewportLength > 0, contentLength > viewportLength else { return nil }
        let range = contentLength - viewportLength
        let position = offset - minOffset
        let over = position < 0 ? -position : (position > range ? position - range : 0)
        let visible = max(0, viewportLength - over)
        let rawLength = (Double(trackRows) * visible / contentLength).rounded()
        let length = min(trackRows, max(1, Int(rawLength)))
        let fraction = min(1, max(0, position / range))
        let start = Int((fraction * Double(trackRows - length)).rounded())
        return Thumb(start: start, length: length)
    }

    /// Seconds after the last movement until the indicator hides.
    public let hideDelay: Double
    /// The time of the last movement, nil if none (or hidden by `hide()`).
    public private(set) var lastMovement: Double?

    public init(hideDelay: Double = PhysicsConstants.indicatorHideDelay) {
        self.hideDelay = hideDelay
    }

    /// The content moved at `time`: the indicator shows (again) until `time + hideDelay`.
    public mutating func noteMovement(at time: Double) {
        if let last = lastMovement, last > time { return }
        lastMovement = time
    }

    /// Hides it at once.
    public mutating func hide() { lastMovement = nil }

    /// Visible from a movement until (excluding) `hideDelay` seconds after the last one.
    public func isVisible(at time: Double) -> Bool {
        guard let last = lastMovement else { return false }
        return time >= last && time - last < hideDelay
    }

    /// When it hides, if it is showing.
    public var hideTime: Double? { lastMovement.map { $0 + hideDelay } }
}
