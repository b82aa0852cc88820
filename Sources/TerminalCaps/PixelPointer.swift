/// G4: mouse positions in points. With SGR-Pixels (1016) the terminal reports pixels, which
/// become points by the cell's size: a cell is 8 × 16 pt (U2) and `cellPixels` px, so
/// `x_pt = x_px · 8 / cellWidthPx`. Without pixels, a cell's centre stands for the pointer.
public struct PixelPointer: Hashable, Sendable {
    public var cellPixels: CellPixelSize
    /// The point size of one cell (U2: 8 × 16).
    public var cellWidthPt: Double
    public var cellHeightPt: Double

    public init(cellPixels: CellPixelSize, cellWidthPt: Double = 8, cellHeightPt: Double = 16) {
        self.cellPixels = cellPixels
        self.cellWidthPt = cellWidthPt
        self.cellHeightPt = cellHeightPt
    }

    /// A 1016 report's 1-based pixel coordinates (SGR-Pixels reports pixels from 1, as cells are)
    /// to points from the screen's top-left corner.
    public func points(xPx: Int, yPx: Int) -> (x: Double, y: Double) {
        (Double(max(0, xPx - 1)) * cellWidthPt / Double(max(1, cellPixels.width)),
         Double(max(0, yPx - 1)) * cellHeightPt / Double(max(1, cellPixels.height)))
    }

    /// A pixel position in cells with their fractions (column 2.5 = the middle of the third cell).
    public func cells(xPx: Int, yPx: Int) -> (col: Double, row: Double) {
        (Double(max(0, xPx - 1)) / Double(max(1, cellPixels.width)),
         Double(max(0, yPx - 1)) / Double(max(1, cellPixels.height)))
    }

    /// The cell (0-based) holding a pixel position, for everything that works in cells.
    public func cell(xPx: Int, yPx: Int) -> (row: Int, col: Int) {
        (max(0, yPx - 1) / max(1, cellPixels.height), max(0, xPx - 1) / max(1, cellPixels.width))
    }

    /// The fallback without pixels: the centre of a cell, in points.
    public static func cellCentre(row: Int, col: Int, cellWidthPt: Double = 8, cellHeightPt: Double = 16)
        -> (x: Double, y: Double) {
        ((Double(col) + 0.5) * cellWidthPt, (Double(row) + 0.5) * cellHeightPt)
    }
}
