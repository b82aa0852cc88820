import Foundation

/// `liveblog plot` (Q8): a jump's chart as a standalone SVG 1.1 file. The post's y over time is a
/// line over a plot with labelled axes (y in pt with 0 = under the bar, time in virtual seconds)
/// and the dashed target line; under it one lane per mark kind (jump, correction, dropped
/// correction, re-aim, settle, reader input, hold end), each mark a symbol in its lane with a
/// faint vertical line through the plot, and a legend above. Ranges come from `JumpChart`, so
/// nothing falls outside the drawing.
public enum SVGPlot {
    static let width = 960.0, left = 96.0, right = 36.0, top = 96.0, plotHeight = 320.0
    static let laneHeight = 20.0, laneGap = 14.0, bottom = 56.0
    static var plotWidth: Double { width - left - right }
    static var lanesTop: Double { top + plotHeight + laneGap }
    static var height: Double { lanesTop + Double(JumpChart.MarkKind.allCases.count) * laneHeight + bottom }

    static let seriesColour = "#1f5fbf", targetColour = "#d62728", gridColour = "#e4e4e4"

    static func colour(_ k: JumpChart.MarkKind) -> String {
        switch k {
        case .jump: return "#000000"
        case .correction: return "#ff7f0e"
        case .drop: return "#d62728"
        case .reaim: return "#9467bd"
        case .settle: return "#2ca02c"
        case .input: return "#17a2b8"
        case .holdEnd: return "#555555"
        }
    }

    public static func svg(_ c: JumpChart) -> String {
        let w = f(width), h = f(height)
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(w)\" height=\"\(h)\" "
        s += "viewBox=\"0 0 \(w) \(h)\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" "
        s += "font-size=\"12\">\n"
        s += "<rect x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\" fill=\"#ffffff\"/>\n"
        s += text(left, 22, "\(c.title): y over time", size: 15, weight: "bold")
        s += legend()
        s += axes(c)
        s += lanes(c)
        s += series(c)
        return s + "</svg>\n"
    }

    // MARK: - Mapping

    static func x(_ c: JumpChart, _ ms: Int) -> Double {
        left + Double(ms - c.t0) / Double(max(1, c.t1 - c.t0)) * plotWidth
    }

    static func y(_ c: JumpChart, _ v: Double) -> Double {
        top + (c.yHigh - v) / max(1e-9, c.yHigh - c.yLow) * plotHeight
    }

    static func laneY(_ k: JumpChart.MarkKind) -> Double {
        lanesTop + Double(JumpChart.MarkKind.allCases.firstIndex(of: k)!) * laneHeight + laneHeight / 2
    }

    static func f(_ v: Double) -> String { String(format: "%.1f", v) }

    static func label(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e12 ? String(Int(v)) : String(format: "%g", v)
    }

    static func xml(_ text: String) -> String {
        var out = ""
        for u in text.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(u.value < 0x20 || (0x7F...0x9F).contains(u.value)
                                                || u.value == 0xFFFE || u.value == 0xFFFF ? "\u{FFFD}" : u)
            }
        }
        return out
    }

    static func text(_ x: Double, _ y: Double, _ t: String, size: Int = 12, anchor: String = "start",
                     weight: String = "normal", colour: String = "#222222", rotate: Bool = false) -> String {
        let r = rotate ? " transform=\"rotate(-90 \(f(x)) \(f(y)))\"" : ""
        return "<text x=\"\(f(x))\" y=\"\(f(y))\" font-size=\"\(size)\" text-anchor=\"\(anchor)\" "
            + "font-weight=\"\(weight)\" fill=\"\(colour)\"\(r)>\(xml(t))</text>\n"
    }

    static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ colour: String,
                     width: Double = 1, dash: String? = nil, opacity: Double = 1) -> String {
        "<line x1=\"\(f(x1))\" y1=\"\(f(y1))\" x2=\"\(f(x2))\" y2=\"\(f(y2))\" stroke=\"\(colour)\" "
            + "stroke-width=\"\(f(width))\"" + (dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")
            + (opacity < 1 ? " stroke-opacity=\"\(f(opacity))\"" : "") + "/>\n"
    }

    static func polygon(_ points: [(Double, Double)], _ colour: String) -> String {
        let d = points.enumerated().map { i, p in (i == 0 ? "M" : "L") + "\(f(p.0)) \(f(p.1))" }
        return "<path d=\"\(d.joined())Z\" fill=\"\(colour)\"/>\n"
    }

    static func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ colour: String,
                    stroke: String? = nil) -> String {
        "<rect x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(w))\" height=\"\(f(h))\" fill=\"\(colour)\""
            + (stroke.map { " stroke=\"\($0)\"" } ?? "") + "/>\n"
    }

    /// A mark's symbol centred at (x, y).
    static func symbol(_ k: JumpChart.MarkKind, _ x: Double, _ y: Double) -> String {
        let c = colour(k), r = 5.0
        switch k {
        case .jump: return polygon([(x - r, y - r), (x + r, y - r), (x, y + r)], c)
        case .correction: return polygon([(x, y - r), (x + r, y + r), (x - r, y + r)], c)
        case .drop:
            return line(x - r, y - r, x + r, y + r, c, width: 2.5)
                + line(x - r, y + r, x + r, y - r, c, width: 2.5)
        case .reaim: return polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], c)
        case .settle: return "<circle cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"\(f(r))\" fill=\"\(c)\"/>\n"
        case .input: return box(x - r, y - r, 2 * r, 2 * r, c)
        case .holdEnd: return box(x - 1.5, y - 8, 3, 16, c)
        }
    }
}
