import Simulation
/// The parts of `SVGPlot`'s drawing (Q8): legend, each panel's axes, band and series, the drags,
/// the mark lanes, the pull-backs and the time axis.
extension SVGPlot {
    /// Rows above the plot: the line, the target and its band, the drags, then every mark kind's
    /// symbol and words, and the load causes' colours.
    static func legend() -> String {
        var s = ""
        var x = left
        var y = 62.0
        s += line(x, y, x + 22, y, seriesColour, width: 2) + text(x + 27, y + 4, "post y")
        x += 80
        s += line(x, y, x + 22, y, targetColour, width: 1.5, dash: "6 4")
        s += text(x + 27, y + 4, "target (0 = under the bar)")
        x += 200
        s += box(x, y - 6, 22, 12, targetColour, opacity: 0.12) + text(x + 27, y + 4, "± tolerance")
        x += 110
        s += box(x, y - 6, 22, 12, dragColour, opacity: 0.18) + text(x + 27, y + 4, "reader drag")
        for k in JumpChart.MarkKind.allCases {
            if k == .jump || k == .reaim {
                x = left
                y += 20
            }
            s += symbol(k, x + 6, y) + text(x + 15, y + 4, k.legend)
            x += 15 + Double(k.legend.count) * 6.6 + 14
        }
        x += 6
        for cause in JumpChart.loadCauses {
            s += box(x, y - 5, 4, 10, loadColour(cause)) + text(x + 7, y + 4, cause, size: 10)
            x += 14 + Double(cause.count) * 6.2
        }
        return s
    }

    /// A panel's frame, grid, tick labels, target line and axis title.
    static func axes(_ c: JumpChart, _ p: Panel) -> String {
        var s = box(left, p.top, plotWidth, p.height, "none", stroke: "#888888")
        let r = p.range(c)
        let ticks = p == .main ? c.yTicks : JumpChart.ticks(r.lo, r.hi, count: 4)
        for v in ticks {
            let yy = y(c, v, p)
            s += line(left, yy, left + plotWidth, yy, gridColour)
            s += line(left - 5, yy, left, yy, "#888888")
            s += text(left - 8, yy + 4, label(v), anchor: "end")
        }
        for t in c.timeTicks {
            let xx = x(c, Int((t * 1000).rounded()))
            s += line(xx, p.top, xx, p.top + p.height, gridColour)
        }
        let ty = y(c, c.target, p)
        s += line(left, ty, left + plotWidth, ty, targetColour, width: 1.5, dash: "6 4")
        if p == .main {
            s += text(left + plotWidth - 4, ty - 5, "target y=\(label(c.target)) (under the bar)", size: 11,
                      anchor: "end", colour: targetColour)
            s += text(24, top + plotHeight / 2, "y (pt): post top below the bar", anchor: "middle",
                      weight: "bold", rotate: true)
        } else {
            s += text(left + 6, p.top + 14, "zoom: ±\(label(JumpChart.zoom)) pt around the target", size: 11,
                      colour: "#555555")
            s += text(24, p.top + p.height / 2, "y (pt), zoomed", anchor: "middle", weight: "bold", rotate: true)
        }
        return s
    }

    /// The ±tolerance band around the target, in a panel.
    static func band(_ c: JumpChart, _ p: Panel) -> String {
        let r = p.range(c)
        let hi = min(r.hi, c.target + c.tolerance), lo = max(r.lo, c.target - c.tolerance)
        guard hi > lo else { return "" }
        return box(left, y(c, hi, p), plotWidth, y(c, lo, p) - y(c, hi, p), targetColour, opacity: 0.12)
    }

    /// The reader's drags: a shaded span through both panels and the lanes.
    static func drags(_ c: JumpChart) -> String {
        c.drags.map { d in
            let a = x(c, d.from), b = max(x(c, d.to), a + 2)
            return box(a, top, b - a, lanesBottom - top, dragColour, opacity: 0.18)
        }.joined()
    }

    /// The post's y as a polyline, broken where the post is not laid out, clipped to its panel.
    static func series(_ c: JumpChart, _ p: Panel) -> String {
        var d = ""
        var pen = false
        for sample in c.samples {
            guard let v = sample.y else {
                pen = false
                continue
            }
            d += (pen ? "L" : "M") + "\(f(x(c, sample.milliseconds))) \(f(y(c, v, p)))"
            pen = true
        }
        guard !d.isEmpty else {
            return text(left + plotWidth / 2, p.top + p.height / 2, "the post is never laid out", anchor: "middle")
        }
        return "<path d=\"\(d)\" fill=\"none\" stroke=\"\(seriesColour)\" stroke-width=\"2\" "
            + "stroke-linejoin=\"round\" clip-path=\"url(#\(p.clip))\"/>\n"
    }

    /// One lane per mark kind under the panels, labelled on the left; marks of one kind at one
    /// spot carry their count, and every mark draws a faint line through both panels.
    static func lanes(_ c: JumpChart) -> String {
        var s = ""
        for k in JumpChart.MarkKind.allCases {
            let ly = laneY(k)
            s += line(left, ly, left + plotWidth, ly, "#f0f0f0")
            s += text(left - 8, ly + 4, k.rawValue, size: 11, anchor: "end", colour: colour(k))
        }
        var seen: [String: Int] = [:]
        for m in c.marks {
            let xx = x(c, m.milliseconds)
            let faint = m.kind == .load ? loadColour(m.label) : colour(m.kind)
            s += line(xx, top, xx, zoomTop + zoomHeight, faint, opacity: m.kind == .load ? 0.2 : 0.35)
            s += symbol(m.kind, xx, laneY(m.kind), label: m.label)
            let spot = "\(m.kind.rawValue)@\(Int(xx.rounded()))"
            seen[spot, default: 0] += 1
            if let word = m.label, m.kind == .holdEnd || m.kind == .jump {
                let atRight = xx + 8 > left + plotWidth - 60
                s += text(atRight ? xx - 8 : xx + 8, laneY(m.kind) + 4, word, size: 10,
                          anchor: atRight ? "end" : "start")
            }
        }
        for (spot, n) in seen.sorted(by: { $0.key < $1.key }) where n > 1 {
            let parts = spot.split(separator: "@")
            guard let kind = JumpChart.MarkKind(rawValue: String(parts[0])), let xx = Double(parts[1]) else {
                continue
            }
            s += text(xx + 7, laneY(kind) - 3, "×\(n)", size: 9, colour: colour(kind))
        }
        return s
    }

    /// Each pull-back ringed on the curve in both panels (where the post is at that moment).
    static func pullBacks(_ c: JumpChart) -> String {
        var s = ""
        for m in c.marks where m.kind == .pullBack {
            guard let y0 = c.samples.last(where: { $0.milliseconds <= m.milliseconds && $0.y != nil })?.y else {
                continue
            }
            for p in Panel.both {
                let r = p.range(c)
                guard y0 >= r.lo, y0 <= r.hi else { continue }
                s += ring(x(c, m.milliseconds), y(c, y0, p), 7, pullBackColour)
            }
        }
        return s
    }

    /// The time axis under the lanes.
    static func timeAxis(_ c: JumpChart) -> String {
        var s = ""
        for t in c.timeTicks {
            let xx = x(c, Int((t * 1000).rounded()))
            s += line(xx, lanesTop - laneGap / 2, xx, lanesBottom, gridColour)
            s += line(xx, lanesBottom, xx, lanesBottom + 5, "#888888")
            s += text(xx, lanesBottom + 18, label(t), anchor: "middle")
        }
        return s + text(left + plotWidth / 2, lanesBottom + 40, "time (s, virtual)", anchor: "middle",
                        weight: "bold")
    }
}
