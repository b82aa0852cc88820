import Foundation
import LiveblogModel
import Simulation
import VirtualTime
import TerminalKit

/// The timeline of the last jump (`t`): the post's y over time in braille dots, with the
/// target line y = 0 dotted, and a row of marks (J jump, c correction, x drop, r re-aim,
/// s settle, | hold end) under it.
struct TimelineOverlay {
    let world: World

    func draw(on s: Screen, _ t: Theme, in area: Rect) {
        let width = min(area.width - 4, 100), height = min(area.height - 4, 16)
        guard let j = world.jump else {
            let b = OverlayBox(in: area, innerWidth: 40, innerHeight: 1)
            b.draw(on: s, t, title: "Timeline", footer: "t or Esc closes")
            b.drawLines(on: s, t, [("No jump yet: / jumps to a post id.", t.overlay)])
            return
        }
        let title = "Timeline: jump #\(j.jumpId) \(t.arrow) \(j.postId ?? "?")"
            + " · post y over time (0 = under the bar)"
        let b = OverlayBox(in: area, innerWidth: width - 4, innerHeight: height - 2)
        b.draw(on: s, t, title: title, footer: "t or Esc closes")
        let inner = b.inner
        let plot = Rect(row: inner.row, col: inner.col + 7, width: inner.width - 7, height: inner.height - 2)
        guard plot.width > 4, plot.height > 1 else { return }
        let scale = TimelineScale(world: world, startTick: j.startTick, plot: plot)
        let plotStyle = Style(fg: t.color ? .indexed(118) : .default, bg: t.overlay.bg)
        for (r, line) in scale.braille(world.timeline, unicode: t.unicode).enumerated() {
            s.put(row: plot.row + r, col: plot.col, line, plotStyle)
        }
        let labelStyle = Style(fg: t.dim.fg, bg: t.overlay.bg, dim: t.dim.dim)
        s.put(row: plot.row, col: inner.col, String(format: "%6.0f", scale.hi), labelStyle)
        s.put(row: plot.bottom - 1, col: inner.col, String(format: "%6.0f", scale.lo), labelStyle)
        s.put(row: plot.bottom, col: plot.col, scale.markLine(world.marks),
              Style(fg: t.color ? .indexed(214) : .default, bg: t.overlay.bg, bold: true))
        let secs = VirtualClock.seconds(scale.t1 - scale.t0)
        let end = j.endReason ?? "held"
        let legend = inner.width >= 80
            ? String(format: "0 … %.1f s   J jump  c correction  x dropped  r re-aim  s settle"
                     + "  | hold end (%@)", secs, end)
            : String(format: "0…%.1fs  J jump c corr x drop r re-aim s settle | end (%@)", secs, end)
        s.put(row: plot.bottom + 1, col: inner.col, t.ascii(truncate(legend, inner.width, t)), labelStyle)
    }
}

/// The timeline's scales: ticks to dot columns, y (pt) to dot rows; braille cells are 2 × 4 dots.
struct TimelineScale {
    let t0: Int, t1: Int
    let lo: Double, hi: Double
    let plotW: Int, plotH: Int
    var dotsW: Int { plotW * 2 }
    var dotsH: Int { plotH * 4 }

    init(world w: World, startTick: Int, plot: Rect) {
        let ys = w.timeline.compactMap(\.y)
        t0 = startTick
        t1 = max(t0 + 120, w.timeline.last?.tick ?? t0)
        var lo = min(-32, ys.min() ?? 0), hi = max(w.viewportHeight, ys.max() ?? 0)
        if hi - lo < 1 { hi = lo + 1 }
        self.lo = max(lo, -4 * w.viewportHeight)
        self.hi = min(hi, 8 * w.viewportHeight)
        plotW = plot.width
        plotH = plot.height
    }

    func dy(_ v: Double) -> Int {
        Int(((hi - min(max(v, lo), hi)) / (hi - lo) * Double(dotsH - 1)).rounded())
    }
    func dx(_ tick: Int) -> Int { Int(Double(tick - t0) / Double(t1 - t0) * Double(dotsW - 1)) }

    /// The plot's rows: the dotted target line and the samples joined by straight segments.
    func braille(_ samples: [(tick: Int, y: Double?)], unicode: Bool) -> [String] {
        var grid = [[UInt8]](repeating: [UInt8](repeating: 0, count: plotW), count: plotH)
        let bits: [[UInt8]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
        func plot(_ x: Int, _ y: Int) {
            guard x >= 0, x < dotsW, y >= 0, y < dotsH else { return }
            grid[y / 4][x / 2] |= bits[y % 4][x % 2]
        }
        let zero = dy(0)
        for x in stride(from: 0, to: dotsW, by: 3) { plot(x, zero) }
        var last: (Int, Int)?
        for smp in samples {
            guard let y = smp.y else {
                last = nil
                continue
            }
            let p = (dx(smp.tick), dy(y))
            if let l = last {
                let steps = max(abs(p.0 - l.0), abs(p.1 - l.1), 1)
                for k in 0...steps { plot(l.0 + (p.0 - l.0) * k / steps, l.1 + (p.1 - l.1) * k / steps) }
            } else { plot(p.0, p.1) }
            last = p
        }
        return grid.map { row in
            String(row.map { b -> Character in
                b == 0 ? " " : (unicode ? Character(UnicodeScalar(0x2800 + UInt32(b))!) : "*")
            })
        }
    }

    /// The marks row: a jump, a drop and a hold end win over corrections, re-aims and settles.
    func markLine(_ marks: [TimelineMark]) -> String {
        var line = [Character](repeating: " ", count: plotW)
        for m in marks {
            let x = dx(m.tick) / 2
            guard x >= 0, x < plotW else { continue }
            switch m.kind {
            case .jump: line[x] = "J"
            case .correction: if line[x] == " " { line[x] = "c" }
            case .drop: line[x] = "x"
            case .reaim: if line[x] == " " { line[x] = "r" }
            case .settle: if line[x] == " " { line[x] = "s" }
            case .holdEnd: line[x] = "|"
            }
        }
        return String(line)
    }
}
