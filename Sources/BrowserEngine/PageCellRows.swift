import Embed
import LiveblogModel
import TextCells

/// V5: the pieces `PageCellLayout` places: the engine's line boxes, its paragraphs, a line's
/// rows in its cells (wrapped at a word or shortened with one `…`) and an embed's card row.
enum PageCellRows {
    /// One line box: its runs left to right, and its extent in page y.
    struct Line {
        var runs: [PageTextRun]
        var top: Double
        var bottom: Double
        var midY: Double { (top + bottom) / 2 }
    }

    /// A row of cells: a styled line at its first column.
    struct Row {
        var line: StyledLine
        var indent: Int
        var heading: Bool
    }

    /// The runs as line boxes in reading order (by their middles, then left to right), grouped
    /// into paragraphs.
    struct Lines {
        var paragraphs: [[Line]]
    }

    /// A run joins the line whose middle lies within it and that lies around its own middle (a
    /// badge's smaller font on a time's line, a bold word in a sentence).
    static func lines(_ runs: [PageTextRun]) -> Lines {
        var lines: [Line] = []
        for run in runs.sorted(by: { ($0.midY, $0.x) < ($1.midY, $1.x) }) {
            if let i = lines.indices.last, lines[i].top <= run.midY, run.midY <= lines[i].bottom,
               run.y <= lines[i].midY, lines[i].midY <= run.y + run.height {
                lines[i].runs.append(run)
                lines[i].top = min(lines[i].top, run.y)
                lines[i].bottom = max(lines[i].bottom, run.y + run.height)
            } else {
                lines.append(Line(runs: [run], top: run.y, bottom: run.y + run.height))
            }
        }
        for i in lines.indices { lines[i].runs.sort { $0.x < $1.x } }
        return Lines(paragraphs: paragraphs(lines))
    }

    /// Lines of one paragraph: each starts where the one above ends: less than a fifth of its
    /// text's height apart (the leading of the reference embed's 1.25 lines, not the 4-px margin
    /// between its blocks; a quote and its `cite` right under it), or less than its height apart
    /// in the same block of the page (engine-view.js numbers them: a paragraph's lines share one,
    /// whatever its line height).
    static func paragraphs(_ lines: [Line]) -> [[Line]] {
        var out: [[Line]] = []
        for line in lines {
            if let prev = out.last?.last, line.top > prev.midY {
                let height = min(line.bottom - line.top, prev.bottom - prev.top)
                let gap = line.top - prev.bottom
                let blocks = Set(prev.runs.compactMap(\.block))
                let known = !blocks.isEmpty && line.runs.contains { $0.block != nil }
                let same = gap < 0.2 * height
                    || known && line.runs.contains { $0.block.map(blocks.contains) ?? false } && gap < height
                if same {
                    out[out.count - 1].append(line)
                    continue
                }
            }
            out.append([line])
        }
        return out
    }

    /// A line laid in cells, whether it is a heading's, the page's blocks it is in.
    typealias Laid = (laid: (line: StyledLine, indent: Int, fixed: Bool), heading: Bool, blocks: Set<Int>)

    /// A paragraph's rows in `columns` cells with at most `room` rows: its lines as the engine
    /// broke them when each fits; else each block's lines with one too wide wrapped at words in
    /// its cells when that fits in `room`; else each line that does not fit wrapped while the rows
    /// stay within `room`, or (and always a line of runs at their own columns) shortened with one `…`.
    static func rows(_ paragraph: [Line], cell: CellMetrics, columns: Int, room: Int) -> [Row] {
        let lines: [Laid] = paragraph.compactMap { line in
            PageCellLayout.line(line.runs, cell: cell).map {
                ($0, line.runs.allSatisfy { $0.style.contains(.heading) }, Set(line.runs.compactMap(\.block)))
            }
        }
        let tooWide = { (l: Laid) in l.laid.line.width > max(1, columns - l.laid.indent) }
        guard lines.contains(where: tooWide) else {
            return lines.map { Row(line: $0.laid.line, indent: $0.laid.indent, heading: $0.heading) }
        }
        if let rows = reflowed(lines, columns: columns, tooWide: tooWide), rows.count <= room { return rows }
        var spare = room - lines.count
        var out: [Row] = []
        for ((styled, indent, fixed), heading, _) in lines {
            let avail = max(1, columns - indent)
            let wrapped = styled.width <= avail ? [styled]
                : fixed ? [] : TextLayout.wrap(RichText(runs: styled.runs), columns: avail)
            if !wrapped.isEmpty, wrapped.count - 1 <= spare {
                spare -= wrapped.count - 1
                out += wrapped.map { Row(line: $0, indent: indent, heading: heading) }
            } else {
                out.append(Row(line: shortened(styled, to: avail), indent: indent, heading: heading))
            }
        }
        return out
    }

    /// The lines of each block of the page one after the other (lines sharing a block, or all
    /// where the page does not say), a block with a line too wide wrapped at words in its cells
    /// at its least indent; nil when a line too wide keeps its place (runs at their own columns).
    static func reflowed(_ lines: [Laid], columns: Int, tooWide: (Laid) -> Bool) -> [Row]? {
        var out: [Row] = []
        var i = 0
        while i < lines.count {
            var j = i + 1
            while j < lines.count, lines[j].blocks == lines[j - 1].blocks || !lines[j].blocks.isDisjoint(with: lines[j - 1].blocks) {
                j += 1
            }
            let block = lines[i..<j]
            i = j
            guard block.contains(where: tooWide) else {
                out += block.map { Row(line: $0.laid.line, indent: $0.laid.indent, heading: $0.heading) }
                continue
            }
            guard !block.contains(where: { $0.laid.fixed && tooWide($0) }) else { return nil }
            let indent = block.map(\.laid.indent).min() ?? 0
            var runs: [TextRun] = []
            for l in block {
                if !runs.isEmpty { runs.append(TextRun(text: " ")) }
                runs += l.laid.line.runs
            }
            let heading = block.allSatisfy(\.heading)
            out += TextLayout.wrap(RichText(runs: runs), columns: max(1, columns - indent))
                .map { Row(line: $0, indent: indent, heading: heading) }
        }
        return out
    }

    /// The line cut to `width` cells with one `…` as its last cell.
    static func shortened(_ line: StyledLine, to width: Int) -> StyledLine {
        guard line.width > width else { return line }
        var left = max(0, width - 1)
        var runs: [TextRun] = []
        for run in line.runs where left > 0 {
            var text = ""
            for ch in run.text {
                let w = TextWidth.width(ch)
                if w > left { left = 0; break }
                text.append(ch)
                left -= w
            }
            var r = run
            r.text = text
            if !text.isEmpty { runs.append(r) }
        }
        while let last = runs.last, last.text.hasSuffix(" ") {
            runs[runs.count - 1].text.removeLast()
            if runs[runs.count - 1].text.isEmpty { runs.removeLast() }
        }
        var tail = TextRun(text: "…")
        tail.link = runs.last?.link
        runs.append(tail)
        return StyledLine(runs: runs, width: runs.reduce(0) { $0 + TextWidth.width($1.text) })
    }

    // MARK: - Embeds

    /// An embed the engine drew: a frame (`iframe`) or the reference embed's box.
    static func isEmbed(_ box: PageImageBox) -> Bool { box.element == "iframe" || box.element == "embed" }

    /// Is the run's middle inside the box?
    static func holds(_ box: PageImageBox, _ run: PageTextRun) -> Bool {
        let x = run.x + run.width / 2
        return box.y <= run.midY && run.midY < box.y + box.height && box.x <= x && x < box.x + box.width
    }

    /// The embed as one row: "▸ site · " and its link (the text the page shows in it, else its
    /// address), shortened with one `…` to `columns` cells.
    static func card(_ box: PageImageBox, links: [PageTextRun], columns: Int) -> StyledLine {
        let href = links.first { $0.href != nil }?.href ?? box.src
        let site = Page.host(of: href) ?? Page.host(of: box.src) ?? "embed"
        let shown = links.map(\.text).joined(separator: " ")
        let text = shown.isEmpty ? (href.isEmpty ? box.element : href) : shown
        var runs = [TextRun(text: "▸ \(site) · ")]
        runs.append(TextRun(text: text, link: href.isEmpty ? nil : href))
        let line = StyledLine(runs: runs, width: runs.reduce(0) { $0 + TextWidth.width($1.text) })
        return shortened(line, to: max(1, columns))
    }
}
