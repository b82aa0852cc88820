import LiveblogModel
import Embed

/// D5: an image the page capped in height is scaled down, not cropped: it keeps its aspect ratio
/// and is drawn narrower, centred in the column (as CSS `max-height` with `width: auto` and
/// `margin: auto` would show it).
extension FrameContext {
    /// The columns an image row takes: all of them, or fewer and centred when the cap applied.
    func imageColumns(_ item: PageItem, _ m: Media, _ state: MediaState, _ c0: Int, _ width: Int)
        -> (c0: Int, width: Int) {
        guard page.imageCapped else { return (c0, width) }
        let ratio: Double
        switch state {
        case let .loaded(pw, ph, _) where !m.hasDeclaredSize && pw > 0 && ph > 0:
            ratio = Double(ph) / Double(pw)
        default:
            guard m.hasDeclaredSize, let w = m.width, let h = m.height, w > 0, h > 0 else {
                return (c0, width)
            }
            ratio = h / w
        }
        let full = Double(width) * page.cellWidth * ratio
        guard full > item.height + 0.5 else { return (c0, width) }
        let cols = max(1, Int((Double(width) * item.height / full).rounded()))
        return (c0 + (width - cols) / 2, cols)
    }
}
