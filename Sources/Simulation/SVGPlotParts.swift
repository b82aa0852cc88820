/// The parts of `SVGPlot`'s drawing (Q8): legend, axes with their labels, the mark lanes, and
/// the series.
extension SVGPlot {
    /// One row above the plot: the line, the target, then every mark kind's symbol and words.
    static func legend() -> String {
        var s = ""
        var x = left
        var y = 46.0
        s += line(x, y, x + 22, y, seriesColour, width: 2)
        s += text(x + 27, y + 4, "post y")
        x += 80
        s += line(x, y, x + 22, y, targetColour, width: 1.5, dash: "6 4")
        s += text(x + 27, y + 4, "target (0 = under the bar)")
        x += 200
        for k in JumpChart.MarkKind.allCases {
            if k == .correction {
                x = left
                y += 20
            }
            s += symbol(k, x + 6, y)
            s += text(x + 15, y + 4, k.legend)
            x += 15 + Double(k.legend.count) * 6.6 + 14
        }
        return s
    }

    /// The plot's frame, grid, tick labels, the target line and the axis titles.
    static func axes(_ c: JumpChart) -> String {
        var s = box(left, top, plotWidth, plotHeight, "none", stroke: "#888888")
        for v in c.yTicks {
            let yy = y(c, v)
            s += line(left, yy, left + plotWidth, yy, gridColour)
            s += line(left - 5, yy, left, yy, "#888888")
            s += text(left - 8, yy + 4, label(v), anchor: "end")
        }
        let lanesBottom = lanesTop + Double(JumpChart.MarkKind.allCases.count) * laneHeight
        for t in c.timeTicks {
            let xx = x(c, Int((t * 1000).rounded()))
            s += line(xx, top, xx, lanesBottom, gridColour)
            s += line(xx, lanesBottom, xx, lanesBottom + 5, "#888888")
            s += text(xx, lanesBottom + 18, label(t), anchor: "middle")
        }
        let ty = y(c, c.target)
        s += line(left, ty, left + plotWidth, ty, targetColour, width: 1.5, dash: "6 4")
        s += text(left + plotWidth - 4, ty - 5, "target y=\(label(c.target)) (under the bar)", size: 11,
                  anchor: "end", colour: targetColour)
        s += text(left + plotWidth / 2, lanesBottom + 40, "time (s, virtual)", anchor: "middle",
                  weight: "bold")
        s += text(24, top + plotHeight / 2, "y (pt): post top below the bar", anchor: "middle",
                  weight: "bold", rotate: true)
        return s
    }

    /// One lane per mark kind under the plot, labelled on the left; marks of one kind at one
    /// spot carry their count, and every mark draws a faint line through the plot.
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
            s += line(xx, top, xx, top + plotHeight, colour(m.kind), opacity: 0.35)
            s += symbol(m.kind, xx, laneY(m.kind))
            let spot = "\(m.kind.rawValue)@\(Int(xx.rounded()))"
            seen[spot, default: 0] += 1
            if let word = m.label, m.kind == .holdEnd || m.kind == .jump {
                s += text(min(xx + 8, left + plotWidth - 2), laneY(m.kind) + 4, word, size: 10,
                          anchor: xx + 8 > left + plotWidth - 60 ? "end" : "start")
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

    /// The post's y as a polyline, broken where the post is not laid out.
    static func series(_ c: JumpChart) -> String {
        var d = ""
        var pen = false
        for p in c.samples {
            guard let v = p.y else {
                pen = false
                continue
            }
            d += (pen ? "L" : "M") + "\(f(x(c, p.milliseconds))) \(f(y(c, v)))"
            pen = true
        }
        guard !d.isEmpty else {
            return text(left + plotWidth / 2, top + plotHeight / 2, "the post is never laid out",
                        anchor: "middle")
        }
        return "<path d=\"\(d)\" fill=\"none\" stroke=\"\(seriesColour)\" stroke-width=\"2\" "
            + "stroke-linejoin=\"round\"/>\n"
    }
}
