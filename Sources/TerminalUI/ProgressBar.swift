import Simulation
import TerminalKit

/// The loading progress bar (W1): a thin line across the top of the list, just under the
/// navigation bar, while the page's `estimatedProgress` is below 1, as Safari and Chrome draw
/// theirs over the top edge of the page. Eighth blocks (▔ upper one eighth) make it thin; the
/// unfilled part is left as it is, so the page shows through. It is gone at 1.
struct ProgressBar {
    let progress: Double

    /// The filled columns of `width` (at least one while loading, so a start shows).
    static func filledColumns(_ progress: Double, width: Int) -> Int {
        guard progress < 1, width > 0 else { return 0 }
        return max(1, min(width, Int((progress * Double(width)).rounded(.down))))
    }

    func draw(on s: Screen, _ t: Theme, in area: Rect) {
        guard area.height > 0, progress < 1 else { return }
        let n = ProgressBar.filledColumns(progress, width: area.width)
        s.fill(row: area.row, col: area.col, width: n, t.progressGlyph, t.progress)
    }
}
