import Foundation
import TerminalKit
import TextCells

/// Issue 32, a demo that explains itself (C3): the aids drawn over a frame, from the frame's model
/// and what `DemoAids` remembers. The device's outline in the margins beside its column (its
/// name and size at the top of the left margin, the y(t) strip at its foot), the jump target's
/// tag at the target's row in the right margin (pinned to the list's first or last row while the
/// target is above or below it; inside the column's right end when there is no margin), and the
/// finger at its cell. The web row's edges are the rows' own (`FrameContext.drawWebEdges`).
struct DemoAidsView {
    let model: FrameModel
    let aids: DemoAids
    /// The terminal's rows.
    let rowsOnScreen: Int
    /// The first row the tour's caption band takes (C9): nothing of the aids under it.
    var foot: Int = .max

    /// The columns the device's column leaves left and right of its outline (0: no outline).
    var margins: (left: Int, right: Int) {
        let f = model.frame, screenWidth = f.nav.width > 0 ? f.nav.right : f.toolbar.right
        guard model.aids.device != nil, !model.fullWidthList, f.left >= 1 else { return (0, 0) }
        return (f.left - 1, max(0, screenWidth - (f.left + f.list.width) - 1))
    }

    func draw(on s: Screen, _ t: Theme, width: Int) {
        let list = model.frame.list
        guard list.height > 0 else { return }
        let m = margins
        if m.left > 0 && model.frame.left + list.width < width { drawOutline(on: s, t) }
        let bottom = min(list.bottom, foot)
        // C10: the whole page during a jump; at 100 columns in place of the strip, on a wide
        // terminal in the free rows above it.
        // C9: on a tall terminal with a wide margin the strip is four braille rows, not two.
        let plotRows = m.left >= 40 && list.height >= 40 ? 4 : 2
        let stripRow = bottom - 2 - plotRows
        if let map = aids.map, m.left >= 16 {
            let both = m.left >= 40 && aids.subject != nil
            let width = min(34, m.left - 4), top = list.row + 3
            let area = Rect(row: top, col: model.frame.left - 2 - width, width: width,
                            height: (both ? stripRow - 1 : bottom) - top)
            PageMapView(map: map, span: aids.mapSpan).draw(on: s, t, in: area)
            if both { drawStrip(on: s, t, columns: min(40, m.left - 2), row: stripRow, rows: plotRows) }
        } else if m.left >= 13 {
            drawStrip(on: s, t, columns: min(40, m.left - 2), row: stripRow, rows: plotRows)
        }
        drawTarget(on: s, t, width: width)
        drawFinger(on: s, t)
    }

    /// The rails either side of the column and the device's name and size.
    func drawOutline(on s: Screen, _ t: Theme) {
        let f = model.frame, list = f.list
        let rail = Style(fg: t.c(244, onLight: 242))
        let (v, top, bottom) = t.unicode ? ("│", ("╭", "╮"), ("╰", "╯")) : ("|", ("+", "+"), ("+", "+"))
        for r in list.rows {
            let first = r == list.row && f.nav.height == 0, last = r == list.bottom - 1 && f.toolbar.height == 0
            s.put(row: r, col: f.left - 1, first ? top.0 : (last ? bottom.0 : v), rail)
            s.put(row: r, col: f.left + list.width, first ? top.1 : (last ? bottom.1 : v), rail)
        }
        guard let d = model.aids.device else { return }
        // Below the toolbar, where the terminal has a row to spare: the device's bottom edge.
        let below = f.toolbar.height > 0 ? f.toolbar.bottom : list.bottom
        if f.hiddenNotice == nil, below < (f.nav.height > 0 ? f.nav.row : list.row) + rowsOnScreen {
            let edge = bottom.0 + String(repeating: t.unicode ? "─" : "-", count: list.width) + bottom.1
            s.put(row: below, col: f.left - 1, edge, rail)
        }
        let room = f.left - 2
        let lines = [d.name, "\(Int(d.width))×\(Int(d.height)) pt"]
        for (i, text) in lines.enumerated() where i < list.height && room >= 4 {
            let fitted = t.ascii(truncate(text, room, t))
            s.put(row: list.row + i, col: f.left - 2 - TextWidth.width(fitted), fitted, i == 0 ? t.toolbarHot : t.dim)
        }
    }

    /// The y(t) strip at the foot of the left margin: its title and scale, two braille rows (four on a tall terminal with a wide margin), the
    /// time axis.
    func drawStrip(on s: Screen, _ t: Theme, columns: Int, row: Int, rows: Int = 2) {
        let list = model.frame.list
        guard let subject = aids.subject, list.height >= 8, row >= list.row + 2,
              let now = aids.samples.last?.t else { return }
        let centre: Double
        switch subject {
        case .target: centre = 0
        case .offset: centre = aids.samples.last?.v ?? 0
        }
        let strip = YStrip(samples: aids.samples, now: now, centre: centre, columns: columns, rows: rows,
                           unicode: t.unicode, scaleFrom: aids.landedAt)
        let col = model.frame.left - 2 - columns
        s.put(row: row, col: col, t.ascii(truncate(YStrip.title(subject), columns, t)), t.toolbarHot)
        let plot = Style(fg: t.c(118, onLight: 28))
        for (i, line) in strip.lines.enumerated() { s.put(row: row + 1 + i, col: col, line, plot) }
        let axis = YStrip.axis(half: strip.half, clipped: strip.clipped, columns: columns)
        s.put(row: row + 1 + rows, col: col, t.unicode ? axis : axis.replacingOccurrences(of: "±", with: "~"), t.dim)
    }

    /// The target's tag at its row, pinned to the list's edge while the target is beyond it.
    func drawTarget(on s: Screen, _ t: Theme, width: Int) {
        guard let target = model.aids.target else { return }
        let f = model.frame, list = f.list
        var row = target.row, arrow = t.unicode ? "◂" : "<"
        if row < list.row {
            (row, arrow) = (list.row, t.unicode ? "▴" : "^")
        } else if row >= list.bottom {
            (row, arrow) = (list.bottom - 1, t.unicode ? "▾" : "v")
        }
        let m = margins, right = model.fullWidthList ? width : f.left + list.width
        // In the right margin, long or short; inside the column's right end only while pinned
        // (on its row the post's own mark names it, `FrameContext.drawPostMeta`).
        for text in [t.ascii("\(arrow) target \(target.id)"), t.ascii("\(arrow) \(target.id)")] {
            let w = TextWidth.width(text)
            guard m.right >= w + 1 else { continue }
            s.put(row: row, col: right + (m.right >= w + 2 ? 2 : 1), text, t.toolbarHot)
            return
        }
        guard row != target.row else { return }
        let text = t.ascii("\(arrow) target \(target.id)"), w = TextWidth.width(text)
        let col = max(model.fullWidthList ? 0 : f.left, right - 1 - w)
        s.put(row: row, col: col, truncateCells(text, right - 1 - col), t.toolbarHot.reversedIfPlain(t))
    }

    /// `●` at the finger's cell while it is down, `○` for a moment after it lifts.
    func drawFinger(on s: Screen, _ t: Theme) {
        guard let finger = aids.finger else { return }
        let now = model.toolbar.seconds
        if let up = finger.upAt, now - up >= DemoAids.fade { return }
        let f = model.frame, list = f.list
        let left = model.fullWidthList ? 0 : f.left
        let row = Int((finger.y / model.page.line).rounded(.down))
        let col = left + Int((finger.x / model.page.cellWidth).rounded(.down))
        guard list.rows.contains(row), col >= left, col < left + list.width else { return }
        let glyph = finger.upAt == nil ? (t.unicode ? "●" : "@") : (t.unicode ? "○" : "o")
        s.put(row: row, col: col, glyph, Style(fg: t.c(208, onLight: 166), bold: true))
    }
}

extension Style {
    /// Without colour a tag over content shows in reverse video, so it reads as a tag.
    func reversedIfPlain(_ t: Theme) -> Style {
        var s = self
        if !t.color { s.reverse = true }
        return s
    }
}
