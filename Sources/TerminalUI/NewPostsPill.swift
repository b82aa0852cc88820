import TerminalKit

/// R3: "N new posts" over the top of the list while posts arrived above the view; `N` or a
/// click on it scrolls to the newest (`World.jumpToNewest`, sent as the key `N`).
struct NewPostsPill {
    /// Posts that arrived above the view.
    let count: Int

    /// The label; every character one column wide (its ASCII form too).
    var label: String? {
        let n = count
        guard n > 0 else { return nil }
        return " ↑ \(n) new \(n == 1 ? "post" : "posts") (N) "
    }

    /// Where the pill sits in the list's area: its first row, centred.
    func frame(in area: Rect) -> (row: Int, col: Int, width: Int)? {
        guard let label, area.height > 0 else { return nil }
        let width = min(area.width, label.count)
        return (area.row, area.col + max(0, (area.width - width) / 2), width)
    }

    func draw(on s: Screen, _ t: Theme, in area: Rect) {
        guard let label, let f = frame(in: area) else { return }
        s.put(row: f.row, col: f.col, truncate(t.ascii(label), f.width, t), t.toolbarHot)
    }

    func contains(row: Int, col: Int, in area: Rect) -> Bool {
        guard let f = frame(in: area) else { return false }
        return row == f.row && col >= f.col && col < f.col + f.width
    }
}
