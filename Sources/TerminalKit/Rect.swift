/// A rectangle of cells: where a widget draws (ratatui's `Rect`; docs/architecture.md, "The renderer gets areas").
/// Rows and columns are 0-based; `width` and `height` are never negative.
public struct Rect: Hashable, Sendable {
    public var row: Int
    public var col: Int
    public var width: Int
    public var height: Int

    public init(row: Int, col: Int, width: Int, height: Int) {
        self.row = row
        self.col = col
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The whole of a screen.
    public init(screen: Screen) { self.init(row: 0, col: 0, width: screen.cols, height: screen.rows) }

    public var bottom: Int { row + height }
    public var right: Int { col + width }
    public var isEmpty: Bool { width == 0 || height == 0 }
    public var rows: Range<Int> { row..<bottom }

    public func contains(row r: Int, col c: Int) -> Bool { rows.contains(r) && (col..<right).contains(c) }

    /// The rectangle less `rows` rows and `cols` columns on each side.
    public func inset(rows dr: Int, cols dc: Int) -> Rect {
        Rect(row: row + dr, col: col + dc, width: width - 2 * dc, height: height - 2 * dr)
    }

    /// The first `n` rows, and the rest.
    public func splitTop(_ n: Int) -> (top: Rect, rest: Rect) {
        let k = min(max(0, n), height)
        return (Rect(row: row, col: col, width: width, height: k),
                Rect(row: row + k, col: col, width: width, height: height - k))
    }

    /// The last `n` rows, and the rest.
    public func splitBottom(_ n: Int) -> (rest: Rect, bottom: Rect) {
        let k = min(max(0, n), height)
        return (Rect(row: row, col: col, width: width, height: height - k),
                Rect(row: bottom - k, col: col, width: width, height: k))
    }

    /// A `width` × `height` rectangle centred in this one (clipped to it); `top` fixes its row.
    public func centred(width w: Int, height h: Int, top: Int? = nil) -> Rect {
        let cw = min(w, width), ch = min(h, height)
        let r = top.map { max(row, min($0, bottom - ch)) } ?? row + max(1, (height - ch) / 2)
        return Rect(row: r, col: col + (width - cw) / 2, width: cw, height: ch)
    }
}
