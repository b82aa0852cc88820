import TerminalKit

/// F1, F2: Android's edge effect, drawn where RecyclerView would stretch its content: a bright
/// line on the list's edge row (its first row for the top, its last for the bottom), centred,
/// as wide as the stretch is strong (`EdgeEffect.getDistance()`: 0 nothing, 1 at most; a
/// third of the height's stretch already spans the row). No content moves: the android list
/// never shows overscroll displacement.
struct EdgeEffectView {
    /// At the top edge or the bottom one, and the stretch's strength (0…1).
    let glow: (top: Bool, distance: Double)?

    func draw(on screen: Screen, _ theme: Theme, in area: Rect) {
        guard let glow, area.height >= 1, area.width >= 2 else { return }
        let distance = glow.distance
        guard distance > 0 else { return }
        let width = max(2, min(area.width, Int((Double(area.width) * min(1, distance * 3)).rounded())))
        let row = glow.top ? area.row : area.row + area.height - 1
        let col = area.col + (area.width - width) / 2
        let line = String(repeating: theme.unicode ? "━" : "=", count: width)
        screen.put(row: row, col: col, line, theme.edgeEffect)
    }
}
