import Foundation
import LiveblogModel
import Simulation

/// `liveblog plot` (Q8): a jump's chart as a standalone SVG 1.1 file, a picture that explains a
/// bug report. Under the title a line of the jump's metrics (TraceMetrics', the numbers `liveblog
/// metrics` prints, also in the file's `<metadata>` as JSON). The main panel: the post's y over
/// time (y in pt with 0 = under the bar, time in virtual seconds), the dashed target line with its
/// ±tolerance band, the reader's drags as shaded spans, pull-backs ringed on the curve. A second
/// panel zooms to ±200 pt around the target, so the post's motion near 0 after landing shows even
/// when the jump began thousands of pt away. Under them one lane per mark kind (jump, load by
/// cause, correction, dropped correction, re-aim, settle, pull-back, reader input, hold end), each
/// mark a symbol in its lane with a faint vertical line through both panels; a legend above.
/// Ranges come from `JumpChart`, so nothing falls outside the drawing.
public enum SVGPlot {
    static let width = 960.0, left = 96.0, right = 36.0, top = 124.0, plotHeight = 290.0
    static let zoomGap = 26.0, zoomHeight = 150.0
    static let laneHeight = 20.0, laneGap = 14.0, bottom = 56.0
    static var plotWidth: Double { width - left - right }
    static var zoomTop: Double { top + plotHeight + zoomGap }
    static var lanesTop: Double { zoomTop + zoomHeight + laneGap }
    static var lanesBottom: Double { lanesTop + Double(JumpChart.MarkKind.allCases.count) * laneHeight }
    static var height: Double { lanesBottom + bottom }

    static let seriesColour = "#1f5fbf", targetColour = "#d62728", gridColour = "#e4e4e4"
    static let dragColour = "#17a2b8", pullBackColour = "#d62728"

    static func colour(_ k: JumpChart.MarkKind) -> String {
        switch k {
        case .jump: return "#000000"
        case .load: return "#8c564b"
        case .correction: return "#ff7f0e"
        case .drop: return "#d62728"
        case .reaim: return "#9467bd"
        case .settle: return "#2ca02c"
        case .pullBack: return pullBackColour
        case .input: return "#17a2b8"
        case .holdEnd: return "#555555"
        }
    }

    /// A load's colour by its cause.
    static func loadColour(_ cause: String?) -> String {
        switch cause {
        case "image": return "#8c564b"
        case "embed": return "#e377c2"
        case "page": return "#7f7f7f"
        default: return "#bcbd22"
        }
    }

    public static func svg(_ c: JumpChart) -> String {
        let w = f(width), h = f(height)
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(w)\" height=\"\(h)\" "
        s += "viewBox=\"0 0 \(w) \(h)\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" "
        s += "font-size=\"12\">\n"
        if let m = c.metrics {
            s += "<metadata id=\"metrics\">\(xml(JSONWriter.write(m.json, integers: true)))</metadata>\n"
        }
        s += "<rect x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\" fill=\"#ffffff\"/>\n"
        s += "<defs><clipPath id=\"main\"><rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(plotWidth))\" "
        s += "height=\"\(f(plotHeight))\"/></clipPath><clipPath id=\"zoom\"><rect x=\"\(f(left))\" "
        s += "y=\"\(f(zoomTop))\" width=\"\(f(plotWidth))\" height=\"\(f(zoomHeight))\"/></clipPath></defs>\n"
        s += text(left, 22, "\(c.title): y over time", size: 15, weight: "bold")
        if let m = c.metrics { s += text(left, 42, summary(m), size: 11, colour: "#333333") }
        s += legend()
        if c.reference != nil { s += referenceLegend() }
        s += drags(c)
        for panel in Panel.both {
            s += band(c, panel)
            s += axes(c, panel)
            s += series(c, panel)
            if c.reference != nil { s += referenceSeries(c, panel) }
        }
        s += lanes(c)
        s += pullBacks(c)
        s += timeAxis(c)
        return s + "</svg>\n"
    }

    /// The metrics in a line: the same numbers `liveblog metrics` and `simulate --compare` print.
    static func summary(_ m: TraceMetrics) -> String {
        func n(_ x: Double) -> String { JSONWriter.number(x) }
        let landed = m.timeToLand.map { "landed \(n($0)) s after the jump" } ?? "never landed"
        let settled = m.settleTime.map { "settled \(n($0)) s" } ?? "not settled"
        let largest = m.largestAfterLanding.map { "largest |y| after landing \(n($0.value)) pt" }
        let hold = m.holdEndReason.map { "hold end \($0)" }
        let corrections = "corrections \(m.corrections): \(m.followed) followed, \(m.dropped) dropped"
        return ([landed, settled, largest, corrections, "pull-backs \(m.pullBacks.count)", hold].compactMap { $0 })
            .joined(separator: " · ")
    }

    // MARK: - Mapping

    /// The two panels: the whole range, and ±`JumpChart.zoom` around the target.
    enum Panel {
        case main, zoom
        static let both: [Panel] = [.main, .zoom]
        var top: Double { self == .main ? SVGPlot.top : SVGPlot.zoomTop }
        var height: Double { self == .main ? SVGPlot.plotHeight : SVGPlot.zoomHeight }
        var clip: String { self == .main ? "main" : "zoom" }
        func range(_ c: JumpChart) -> (lo: Double, hi: Double) {
            self == .main ? (c.yLow, c.yHigh) : (c.target - JumpChart.zoom, c.target + JumpChart.zoom)
        }
    }

    static func x(_ c: JumpChart, _ ms: Int) -> Double {
        left + Double(ms - c.t0) / Double(max(1, c.t1 - c.t0)) * plotWidth
    }

    static func y(_ c: JumpChart, _ v: Double, _ p: Panel = .main) -> Double {
        let r = p.range(c)
        return p.top + (r.hi - v) / max(1e-9, r.hi - r.lo) * p.height
    }

    static func laneY(_ k: JumpChart.MarkKind) -> Double {
        lanesTop + Double(JumpChart.MarkKind.allCases.firstIndex(of: k)!) * laneHeight + laneHeight / 2
    }

    static func f(_ v: Double) -> String { String(format: "%.1f", v) }

    static func label(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e12 ? String(Int(v)) : String(format: "%g", v)
    }
}
