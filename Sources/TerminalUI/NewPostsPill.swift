import TerminalKit

/// R3: "N new posts" while posts arrived above the view; `N` or a click on it scrolls to the
/// newest (`World.jumpToNewest`, sent as the key `N`). It sits at the right end of the toolbar
/// (issue 32: chrome never covers the line being read), as a browser's download or update
/// button sits in its toolbar; with no toolbar (a device taller than the terminal), at the right
/// end of the row that says what is hidden.
struct NewPostsPill {
    /// Posts that arrived above the view.
    let count: Int

    /// The label; every character one column wide (its ASCII form too).
    var label: String? {
        let n = count
        guard n > 0 else { return nil }
        return " ↑ \(n) new \(n == 1 ? "post" : "posts") (0) "
    }

    /// Where the pill sits in its bar: the bar's last row, at its right end.
    func frame(in area: Rect) -> (row: Int, col: Int, width: Int)? {
        guard let label, area.height > 0, area.width > 0 else { return nil }
        let width = min(area.width, label.count)
        return (area.bottom - 1, area.right - width, width)
    }

    /// The columns the bar's own text leaves for the pill (its width and a gap).
    func reserved(in area: Rect) -> Int {
        guard let f = frame(in: area) else { return 0 }
        return min(area.width, f.width + 1)
    }

    func draw(on s: Screen, _ t: Theme, in area: Rect) {
        guard let label, let f = frame(in: area) else { return }
        s.put(row: f.row, col: f.col, truncate(t.ascii(label), f.width, t), t.pill)
    }

    func contains(row: Int, col: Int, in area: Rect) -> Bool {
        guard let f = frame(in: area) else { return false }
        return row == f.row && col >= f.col && col < f.col + f.width
    }
}
