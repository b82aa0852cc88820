import Foundation
import LiveblogModel
import QA
import Simulation
import VirtualTime
import TerminalKit

/// The timeline of the last jump (`t`, Q8): the post's y over time in braille dots, the target
/// line y = 0 (just under the bar) dotted, y labelled in pt at the chart's ticks (`JumpChart`, the
/// same ranges as `liveblog plot`, which hold every sample: nothing is clipped), two rows of marks
/// (J jump, c correction, x drop, r re-aim, s settle, i reader input, | hold end; a second mark in
/// one column goes in the second row, `+` when there are more), and a time axis in seconds.
/// `t`, `q` (V2: q closes a panel, never the app behind it) or Esc closes it; `z` zooms the y axis to ±200 pt around the target line (issue 32: the
/// whole jump's axis hides 21 pt and 90 pt corrections) and back; other keys go on to the list,
/// so a reader can scroll under it.
struct TimelineOverlay: Overlay, Equatable {
    enum Action: Hashable, Sendable { case close, zoom }
    static let keys = KeyTable<Action>([
        KeyBinding([.char("t"), .escape, .char("q")], .close, "close the timeline"),
        KeyBinding([.char("z")], .zoom, "zoom ±200 pt around the target, and back"),
    ])
    static let footer = "t, q or Esc closes"
    /// Issue 32: the half-height of the zoomed y axis, in pt.
    static let zoomHalf = 200.0
    var zoomed = false

    mutating func key(_ key: KeyName, _ context: OverlayContext) -> OverlayOutcome {
        switch Self.keys.action(for: key) {
        case .close?: return .close
        case .zoom?:
            zoomed.toggle()
            return .keep
        case nil: return .pass
        }
    }

    func draw(_ frame: FrameModel, on s: Screen, _ t: Theme, in area: Rect) {
        let timeline = frame.timeline
        let width = min(area.width - 4, 100), height = min(area.height - 4, 18)
        guard let j = timeline.jump else {
            let b = OverlayBox(in: area, innerWidth: 40, innerHeight: 1)
            b.draw(on: s, t, title: "Timeline", footer: Self.footer)
            b.drawLines(on: s, t, [("No jump yet: / jumps to a post id.", t.overlay)])
            return
        }
        let title = "Timeline: jump #\(j.jumpId) \(t.arrow) \(j.postId ?? "?")"
            + (zoomed ? " · zoom ±\(Int(Self.zoomHalf)) pt around the target (z: all)"
                      : " · post y (pt) over time (s), 0 = under the bar")
        let b = OverlayBox(in: area, innerWidth: width - 4, innerHeight: height - 2)
        b.draw(on: s, t, title: title, footer: Self.footer)
        let inner = b.inner
        let plot = Rect(row: inner.row, col: inner.col + 7, width: inner.width - 7, height: inner.height - 4)
        guard plot.width > 4, plot.height > 1 else { return }
        let scale = TimelineScale(timeline, startTick: j.startTick, plot: plot, zoom: zoomed ? Self.zoomHalf : nil)
        let plotStyle = Style(fg: t.color ? .indexed(118) : .default, bg: t.overlay.bg)
        for (r, line) in scale.braille(timeline.samples, unicode: t.unicode).enumerated() {
            s.put(row: plot.row + r, col: plot.col, line, plotStyle)
        }
        let labelStyle = Style(fg: t.dim.fg, bg: t.overlay.bg, dim: t.dim.dim)
        for (row, label) in scale.yLabels() { s.put(row: plot.row + row, col: inner.col, label, labelStyle) }
        let markStyle = Style(fg: t.color ? .indexed(214) : .default, bg: t.overlay.bg, bold: true)
        for (i, line) in scale.markLines(timeline.marks).enumerated() {
            s.put(row: plot.bottom + i, col: plot.col, line, markStyle)
        }
        s.put(row: plot.bottom + 2, col: inner.col, t.ascii(scale.timeAxis(labelWidth: 7)), labelStyle)
        let end = j.endReason ?? "held"
        let legend = inner.width >= 80
            ? "J jump  c correction  x dropped  r re-aim  s settle  i input  | hold end (\(end))"
            : "J jump c corr x drop r re-aim s settle i input | end (\(end))"
        s.put(row: plot.bottom + 3, col: inner.col, t.ascii(truncate(legend, inner.width, t)), labelStyle)
    }
}

/// The timeline's scales: ticks to dot columns, y (pt) to dot rows; braille cells are 2 × 4 dots.
struct TimelineScale {
    let t0: Int, t1: Int
    let lo: Double, hi: Double
    let plotW: Int, plotH: Int
    var dotsW: Int { plotW * 2 }
    var dotsH: Int { plotH * 4 }

    /// `zoom`: the y axis ±zoom pt around the target line (issue 32; samples beyond it stay at
    /// the edge); nil: the chart's range, which holds every sample.
    init(_ w: TimelineFacts, startTick: Int, plot: Rect, zoom: Double? = nil) {
        t0 = startTick
        t1 = max(t0 + 120, w.samples.last?.tick ?? t0, w.marks.map(\.tick).max() ?? t0)
        plotW = plot.width
        plotH = plot.height
        if let z = zoom {
            (lo, hi) = (-z, z)
            yTicks = stride(from: -z, through: z, by: z / 2).map { $0 }
            return
        }
        // The chart's range (Q8): every sample and the target line, with a margin, at its ticks.
        let chart = JumpChart(title: "", samples: w.samples.map { (VirtualClock.milliseconds($0.tick), $0.y) },
                              marks: [])
        lo = chart.yLow
        hi = chart.yHigh
        yTicks = chart.yTicks
    }

    let yTicks: [Double]

    func dy(_ v: Double) -> Int {
        Int(((hi - min(max(v, lo), hi)) / (hi - lo) * Double(dotsH - 1)).rounded())
    }
    func dx(_ tick: Int) -> Int { Int(Double(tick - t0) / Double(t1 - t0) * Double(dotsW - 1)) }

    /// y labels (pt) at the rows of the chart's ticks that fall on distinct rows, "0 bar" for 0.
    func yLabels() -> [(row: Int, text: String)] {
        var out: [(Int, String)] = []
        for v in yTicks {
            let row = dy(v) / 4
            guard row >= 0, row < plotH, !out.contains(where: { $0.0 == row }) else { continue }
            let text = v == 0 ? "0 bar" : (abs(v) >= 1e6 ? String(format: "%.0e", v) : String(format: "%.0f", v))
            out.append((row, String(repeating: " ", count: max(0, 6 - text.count)) + text))
        }
        return out
    }

    /// The time axis: tick labels in seconds since the jump at their columns, after the label
    /// column.
    func timeAxis(labelWidth: Int) -> String {
        var line = [Character](repeating: " ", count: labelWidth + plotW)
        let secs = VirtualClock.seconds(t1 - t0)
        for v in JumpChart.ticks(0, secs, count: max(2, plotW / 10)) {
            let col = labelWidth + dx(t0 + Int((v * Double(VirtualClock.ticksPerSecond)).rounded())) / 2
            let text = Array(String(format: v == v.rounded() ? "%.0fs" : "%.1fs", v))
            guard col + text.count <= line.count, line[max(0, col - 1)..<col + text.count].allSatisfy({ $0 == " " })
            else { continue }
            for (i, c) in text.enumerated() { line[col + i] = c }
        }
        return String(line)
    }

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

    static func symbol(_ k: TimelineMark.Kind) -> Character {
        switch k {
        case .jump: return "J"
        case .correction: return "c"
        case .drop: return "x"
        case .reaim: return "r"
        case .settle: return "s"
        case .input: return "i"
        case .holdEnd: return "|"
        }
    }

    /// Two rows of marks: in each column the first kind of mark there in the first row, the
    /// second in the second, `+` when a column has more kinds (Q8: no mark hides another).
    func markLines(_ marks: [TimelineMark]) -> [String] {
        var columns = [[Character]](repeating: [], count: plotW)
        for m in marks {
            let x = dx(m.tick) / 2
            guard x >= 0, x < plotW else { continue }
            let c = TimelineScale.symbol(m.kind)
            if !columns[x].contains(c) { columns[x].append(c) }
        }
        let first = columns.map { $0.first ?? " " }
        let second = columns.map { $0.count > 2 ? "+" : ($0.count == 2 ? $0[1] : " ") }
        return [String(first), String(second)]
    }}
