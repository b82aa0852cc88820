import Embed
import LiveblogModel
import TextCells

/// The engine's layout in terminal cells (X9, text mode): each line box's runs on the cell row
/// its middle falls in (row k covers page y 16k ..< 16k + 16 with 16-pt cells); a row's first
/// run at the column its left edge falls in (8-pt cells), the next ones after it, one space
/// apart where the engine put space between them, or at their own column where the engine left
/// more than two cells between them (a right-aligned label, a table's next cell); an image as a
/// media item at its box. So the text, its line breaks and its rows are the engine's; a
/// proportional line wider than its cells runs on to the row's end, where the terminal cuts it.
enum PageCellLayout {
    /// One item per cell row that has text, one per image, by page y (a row's text over an image:
    /// the renderer draws the last item a row falls in).
    static func items(_ s: PageLayoutSnapshot, cell: CellMetrics, from y0: Double, to y1: Double,
                      postIndex: (Double) -> Int?, media: (PageImageBox) -> (Media, MediaState)) -> [PageItem] {
        var rows: [Int: [PageTextRun]] = [:]
        for run in s.runs where run.y < y1 && run.y + run.height > y0 {
            rows[Int((run.midY / cell.height).rounded(.down)), default: []].append(run)
        }
        var out: [PageItem] = []
        for (row, runs) in rows {
            let y = Double(row) * cell.height
            guard let (line, indent) = line(runs.sorted { $0.x < $1.x }, cell: cell) else { continue }
            let heading = runs.allSatisfy { $0.style.contains(.heading) }
            out.append(PageItem(y: y, height: cell.height, kind: heading ? .headline(line) : .text(line),
                                postIndex: postIndex(y), indent: indent))
        }
        for box in s.images where box.y < y1 && box.y + box.height > y0 && box.height >= 1 {
            let (m, state) = media(box)
            out.append(PageItem(y: box.y, height: box.height, kind: .media(m, state), postIndex: postIndex(box.y),
                                indent: max(0, Int((box.x / cell.width).rounded()))))
        }
        return out.sorted { $0.y < $1.y }
    }

    /// A row's runs (left to right) as one styled line and its first column.
    static func line(_ runs: [PageTextRun], cell: CellMetrics) -> (StyledLine, Int)? {
        guard let first = runs.first else { return nil }
        let indent = max(0, Int((first.x / cell.width).rounded()))
        var out: [TextRun] = []
        var cursor = indent
        var right = -Double.infinity
        for run in runs {
            let own = max(0, Int((run.x / cell.width).rounded()))
            let gap = run.x - right
            let col = out.isEmpty ? indent
                : gap > 2 * cell.width ? max(own, cursor + 1) : cursor + (gap > 1 ? 1 : 0)
            if col > cursor { out.append(TextRun(text: String(repeating: " ", count: col - cursor))) }
            let link = run.style.contains(.link) ? run.href : nil
            out.append(TextRun(text: run.text, bold: run.style.contains(.bold) || run.style.contains(.heading),
                               italic: run.style.contains(.italic), link: link))
            cursor = col + TextWidth.width(run.text)
            right = run.x + run.width
        }
        return (StyledLine(runs: out, width: cursor - indent), indent)
    }
}
