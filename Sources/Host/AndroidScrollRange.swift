/// Which scroll range the android host clamps with (F8, `--android-range`).
public enum AndroidRangeMode: String, Sendable, CaseIterable {
    /// LinearLayoutManager's smooth-scrollbar estimate, as on a phone (`LinearLayoutEstimate`).
    case estimated
    /// The exact range of the list (what the host did before F8).
    case exact

    /// The default of `--android-range` and of a scenario without `"androidRange"` (F8).
    public static let `default` = AndroidRangeMode.estimated
}

/// The range the android host clamped one request with: the sample's
/// `computeVerticalScrollOffset()`, `computeVerticalScrollExtent()` and
/// `computeVerticalScrollRange()`, in Android's coordinates (offset 0 = the content's top at the
/// top padding; whole pixels). The trace's `host` line shows it (F8).
public struct AndroidScrollRange: Equatable, Sendable {
    public var mode: AndroidRangeMode
    public var offset: Int
    public var extent: Int
    public var range: Int
    public init(mode: AndroidRangeMode, offset: Int, extent: Int, range: Int) {
        self.mode = mode
        self.offset = offset
        self.extent = extent
        self.range = range
    }

    /// The sample's `maxOffset = computeVerticalScrollRange() − computeVerticalScrollExtent()`.
    public var maxOffset: Int { range - extent }

    /// What the list reports in `mode` at its current offset, in the px of a screen of `density`
    /// (F9: LinearLayoutManager measures its rows in px, `AndroidListLayout`).
    public static func of(_ list: NativeList, mode: AndroidRangeMode, density: Double = 1) -> AndroidScrollRange {
        let layout = AndroidListLayout(list, density: density)
        switch mode {
        case .exact:
            return AndroidScrollRange(mode: .exact, offset: layout.offset, extent: layout.height,
                                      range: layout.contentHeight + layout.paddingTop + layout.paddingBottom)
        case .estimated:
            let e = layout.estimate
            return AndroidScrollRange(mode: .estimated, offset: e.verticalScrollOffset,
                                      extent: e.verticalScrollExtent, range: e.verticalScrollRange)
        }
    }
}
