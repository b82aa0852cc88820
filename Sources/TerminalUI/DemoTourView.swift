import Foundation
import TerminalKit
import TextCells

/// C9: the tour's caption band over the screen's foot, every line wrapped to the terminal's width
/// (never cut): the step and its claim (bold), what just happened, the keys or the pause.
struct DemoBandView {
    let band: DemoBand

    /// The band's rows on a terminal `width` columns wide.
    func lines(width: Int, _ t: Theme) -> [(text: String, kind: Int)] {
        var out: [(String, Int)] = []
        for (i, l) in band.lines.enumerated() {
            for w in wrapWords(t.ascii(l), width: max(1, width - 2)) { out.append((w, i == 0 ? 0 : 1)) }
        }
        for w in wrapWords(t.ascii(band.status), width: max(1, width - 2)) { out.append((w, 2)) }
        return out
    }

    /// Draws the band; returns its first row.
    @discardableResult
    func draw(on s: Screen, _ t: Theme, width: Int, rows: Int) -> Int {
        let all = lines(width: width, t)
        let shown = Array(all.suffix(max(0, rows - 1)))
        let first = rows - shown.count
        let back = Style(fg: t.c(231, onLight: 16), bg: t.c(236, onLight: 254))
        for (i, line) in shown.enumerated() {
            var style = back
            switch line.kind {
            case 0: style.bold = true
            case 1: style.fg = t.c(118, onLight: 22)
            default:
                style.fg = band.paused ? t.c(214, onLight: 130) : t.c(248, onLight: 240)
                style.bold = band.paused
            }
            if !t.color { style = Style(bold: line.kind == 0, reverse: true) }
            s.fill(row: first + i, col: 0, width: width, " ", t.color ? back : Style(reverse: true))
            s.put(row: first + i, col: 1, line.text, style)
        }
        return first
    }
}

/// Words filled into lines of at most `width` columns; a word longer than a line is split.
func wrapWords(_ text: String, width: Int) -> [String] {
    var lines: [String] = [], line = "", w = 0
    for word in Sanitizer.clean(text).split(separator: " ") {
        var word = String(word)
        var ww = TextWidth.width(word)
        while ww > width {
            if w > 0 { lines.append(line); (line, w) = ("", 0) }
            let head = truncateCells(word, width)
            lines.append(head)
            word = String(word.dropFirst(head.count))
            ww = TextWidth.width(word)
        }
        if ww == 0 { continue }
        if w > 0 && w + 1 + ww > width {
            lines.append(line)
            (line, w) = ("", 0)
        }
        line += (w > 0 ? " " : "") + word
        w += (w > 0 ? 1 : 0) + ww
    }
    if w > 0 || lines.isEmpty { lines.append(line) }
    return lines
}

/// C10: the whole page in a margin beside the phone: the web row as a tall strip (a row of the
/// strip a stretch of the page), each image above the post a placeholder until it loads, the post's
/// place, the part on screen boxed; the strip spans a little more than the page, so it grows.
struct PageMapView {
    let map: PageMap
    let span: Double

    /// Draws in `area`: a title, the strip with its labels, a legend under it.
    func draw(on s: Screen, _ t: Theme, in area: Rect) {
        guard area.height >= 8, area.width >= 14 else { return }
        let keys = ["░ an image loading", "█ an image loaded", "[ ] on the phone"]
        let legend = area.width >= 64 ? [t.ascii(keys.joined(separator: " · "))]
            : keys.flatMap { wrapWords(t.ascii($0), width: area.width) }
        let loaded = map.images.filter { $0.state == .loaded }.count
        let count = map.images.isEmpty ? "no image above the post"
            : "\(loaded) of \(map.images.count) images above it loaded"
        let foot = legend + wrapWords(count, width: area.width)
        let rows = area.height - 1 - foot.count
        guard rows >= 4 else { return }
        s.put(row: area.row, col: area.col, t.ascii(truncate("The whole page", area.width, t)), t.toolbarHot)
        let per = max(1, span) / Double(rows)
        let col = area.col + 1
        let page = Style(fg: t.c(244, onLight: 244)), box = Style(fg: t.c(214, onLight: 130), bold: true)
        let loading = Style(fg: t.c(220, onLight: 136)), done = Style(fg: t.c(118, onLight: 28))
        let failed = Style(fg: t.c(203, onLight: 160))
        let postRow = Int(map.post / per)
        for i in 0..<rows {
            let r = area.row + 1 + i
            let lo = Double(i) * per, hi = lo + per
            let here = map.images.filter { $0.y < hi && $0.y + max(1, $0.height) > lo }
            var glyph = t.unicode ? "││" : "||", style = page
            let waiting = here.filter { $0.state == .loading }.count
            if waiting > 0 && waiting < here.count {
                (glyph, style) = (t.unicode ? "█░" : "#.", loading)
            } else if waiting > 0 {
                (glyph, style) = (t.unicode ? "░░" : "..", loading)
            } else if here.contains(where: { $0.state == .failed }) {
                (glyph, style) = ("xx", failed)
            } else if !here.isEmpty {
                (glyph, style) = (t.unicode ? "██" : "##", done)
            }
            if i == postRow { (glyph, style) = (t.unicode ? "◆◆" : "<>", t.toolbarHot) }
            if lo < map.height || i == postRow { s.put(row: r, col: col, glyph, style) }
            let inView = map.view.lowerBound < hi && map.view.upperBound > lo
            if inView {
                let top = map.view.lowerBound >= lo, bottom = map.view.upperBound <= hi
                let (l, rr): (String, String) = t.unicode
                    ? (top && bottom ? ("[", "]") : top ? ("┌", "┐") : bottom ? ("└", "┘") : ("│", "│"))
                    : ("[", "]")
                s.put(row: r, col: col - 1, l, box)
                s.put(row: r, col: col + 2, rr, box)
            }
            if i == postRow {
                s.put(row: r, col: col + 4, t.ascii(truncate("◂ the post", area.width - 5, t)), t.toolbarHot)
            } else if i == min(rows - 1, Int(map.height / per)), lo < map.height {
                s.put(row: r, col: col + 4, t.ascii(truncate("end of the page", area.width - 5, t)), t.dim)
            }
        }
        for (i, l) in foot.enumerated() { s.put(row: area.bottom - foot.count + i, col: area.col, l, t.dim) }
    }
}

/// C9: the caption band of the tour, over the screen's foot: the step and its claim, what just
/// happened, the keys (or paused, slow motion), each wrapped to the terminal's width.
public struct DemoBand: Equatable {
    public var lines: [String]
    public var status: String
    public var paused: Bool
}

/// C10: what the mini-map of the page draws (page points).
public struct PageMap: Equatable {
    enum State: Equatable { case loading, loaded, failed }
    struct Image: Equatable {
        var y: Double
        var height: Double
        var state: State
    }
    var height: Double
    var view: Range<Double>
    var post: Double
    var postId: String
    var images: [Image]
}
