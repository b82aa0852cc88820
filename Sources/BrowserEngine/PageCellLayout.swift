import Embed
import LiveblogModel
import TextCells

/// The engine's layout in terminal cells (X9, V5, text mode): the line boxes as cell rows in
/// reading order. A line box is the runs whose middles share a line (`PageCellRows.lines`); the
/// lines of one paragraph (each starting where the one above ends, at the same left edge) are
/// on consecutive rows from the row the first one's middle falls in (row k covers page y
/// 16k ..< 16k + 16 with 16-pt cells), so a paragraph of 20-pt lines has no blank row inside it;
/// the next paragraph, an image, starts at its own row again, so the engine's positions hold at
/// every paragraph. A row's first run at the column its left edge falls in (8-pt cells), the
/// next ones after it, one space apart where the engine put space between them, or at their own
/// column where the engine left more than two cells between them (a right-aligned label, a
/// table's next cell). A line wider than its cells (a proportional font is wider than 8 pt a
/// letter) is wrapped at a word onto the rows its paragraph leaves free before what follows,
/// else, and always for a row of runs at their own columns (a box that keeps its place),
/// shortened with one `…`: no letter is cut at the column's edge. An image is a media item at
/// its box; an embed (an `iframe`, the reference embed's box) is one card row at its top
/// naming its site, with its link, and the rest of its box the framed embed the emulated page
/// draws.
enum PageCellLayout {
    /// The items between page y `y0` and `y1`, placed from every line the snapshot holds (a
    /// paragraph's rows do not depend on the range drawn); `columns`: the cells a row has from
    /// the page's left edge.
    static func items(_ s: PageLayoutSnapshot, cell: CellMetrics, columns: Int, from y0: Double, to y1: Double,
                      postIndex: (Double) -> Int?, media: (PageImageBox) -> (Media, MediaState)) -> [PageItem] {
        let embeds = s.images.filter(PageCellRows.isEmbed)
        let inside = { (r: PageTextRun) in embeds.contains { PageCellRows.holds($0, r) } }
        let lines = PageCellRows.lines(s.runs.filter { !inside($0) })
        let starts = lines.paragraphs.map { Int(($0.first!.midY / cell.height).rounded(.down)) }
        let imageRows = s.images.map { ($0.y, Int(($0.y / cell.height).rounded(.down))) }.sorted { $0.0 < $1.0 }
        var out: [PageItem] = []
        var free = Int.min
        for (k, paragraph) in lines.paragraphs.enumerated() {
            let start = max(starts[k], free)
            let end = paragraph.map(\.bottom).max() ?? 0
            // What follows it: the next paragraph's row, an image below it (not one beside or in its lines).
            let next = starts[(k + 1)...].first { $0 > start }
            let image = imageRows[firstIndex(imageRows, atOrAfter: end - 1)...].first { $0.1 > start }?.1
            let limit = [next, image].compactMap { $0 }.min()
                ?? max(start + paragraph.count, Int((end / cell.height).rounded(.up)))
            let rows = PageCellRows.rows(paragraph, cell: cell, columns: columns, room: max(limit - start, paragraph.count))
            for (i, row) in rows.enumerated() {
                let y = Double(start + i) * cell.height
                guard y < y1, y + cell.height > y0 else { continue }
                out.append(PageItem(y: y, height: cell.height, kind: row.heading ? .headline(row.line) : .text(row.line),
                                    postIndex: postIndex(y), indent: row.indent))
            }
            free = start + rows.count
        }
        for box in s.images where box.y < y1 && box.y + box.height > y0 && box.height >= 1 {
            let indent = max(0, Int((box.x / cell.width).rounded()))
            if PageCellRows.isEmbed(box) {
                let y = (box.y / cell.height).rounded(.down) * cell.height
                guard y < y1, y + cell.height > y0 else { continue }
                let links = s.runs.filter { PageCellRows.holds(box, $0) }
                let card = PageCellRows.card(box, links: links, columns: columns - indent)
                out.append(PageItem(y: y, height: cell.height, kind: .text(card), postIndex: postIndex(box.y), indent: indent))
                // The rest of its box, which the engine keeps for the embed (X9's geometry), is
                // the framed embed the emulated page draws, not blank rows.
                let below = y + cell.height, end = ((box.y + box.height) / cell.height).rounded(.down) * cell.height
                if end - below >= 2 * cell.height {
                    let href = links.first { $0.href != nil }?.href ?? box.src
                    out.append(PageItem(y: below, height: end - below,
                                        kind: .embed(WebEmbed(id: "engine-embed:" + href, url: href), loaded: true),
                                        postIndex: postIndex(box.y), indent: indent))
                }
                continue
            }
            let (m, state) = media(box)
            out.append(PageItem(y: box.y, height: box.height, kind: .media(m, state), postIndex: postIndex(box.y),
                                indent: indent))
        }
        return out.sorted { $0.y < $1.y }
    }

    /// The first of `rows` (by y) at or below `y`.
    static func firstIndex(_ rows: [(Double, Int)], atOrAfter y: Double) -> Int {
        var lo = 0, hi = rows.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if rows[mid].0 < y { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// A line's runs (left to right) as one styled line and its first column; `fixed`: some run
    /// keeps its own column (across a gap of more than two cells).
    static func line(_ runs: [PageTextRun], cell: CellMetrics) -> (line: StyledLine, indent: Int, fixed: Bool)? {
        guard let first = runs.first else { return nil }
        let indent = max(0, Int((first.x / cell.width).rounded()))
        var out: [TextRun] = []
        var cursor = indent
        var right = -Double.infinity
        var fixed = false
        for run in runs {
            let own = max(0, Int((run.x / cell.width).rounded()))
            let gap = run.x - right
            if !out.isEmpty && gap > 2 * cell.width { fixed = true }
            let col = out.isEmpty ? indent
                : gap > 2 * cell.width ? max(own, cursor + 1) : cursor + (gap > 1 ? 1 : 0)
            if col > cursor { out.append(TextRun(text: String(repeating: " ", count: col - cursor))) }
            let link = run.style.contains(.link) ? run.href : nil
            out.append(TextRun(text: run.text, bold: run.style.contains(.bold) || run.style.contains(.heading),
                               italic: run.style.contains(.italic), link: link))
            cursor = col + TextWidth.width(run.text)
            right = run.x + run.width
        }
        return (StyledLine(runs: out, width: cursor - indent), indent, fixed)
    }
}
