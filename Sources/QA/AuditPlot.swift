import Foundation
import LiveblogModel
import Simulation
import VirtualTime

/// A3 (issue 43): `liveblog audit LOG --plot FILE.svg`: the app's post y and the reference
/// host's on one chart, drawn by the plot's own code (`SVGPlot`, Q8). The reference's post y is
/// the app's moved by the difference of the two lists' offsets (the post sits at the same place
/// in both lists' content); frames the log lacks are gaps in both curves.
public enum AuditPlot {
    /// The chart of an audit whose replay kept its samples (`keepSamples`); nil without frames
    /// naming a post.
    public static func chart(_ audit: AppLogAudit, result: AppLogAudit.Result) -> JumpChart? {
        let s = audit.replay.samples
        guard s.contains(where: { $0.appY != nil }) else { return nil }
        let app = s.map { (milliseconds: $0.milliseconds, y: $0.appY) }
        let reference = s.map { x in (milliseconds: x.milliseconds, y: x.appY.map { $0 + x.app - x.reference }) }
        let device = result.geometry.device ?? "its geometry"
        let title = "\(result.geometry.platform.rawValue) app on \(device) and the reference host"
        var marks: [JumpChart.Mark] = []
        if let d = result.firstDivergence { marks.append(JumpChart.Mark(milliseconds: d.milliseconds, kind: .input, label: "divergence")) }
        var chart = JumpChart(title: title, samples: app + reference, marks: marks)
        chart.samples = app
        chart.reference = reference
        return chart
    }

    public static func svg(_ audit: AppLogAudit, result: AppLogAudit.Result) -> String? {
        chart(audit, result: result).map(SVGPlot.svg)
    }
}

extension SVGPlot {
    static let referenceColour = "#2ca02c"

    /// The reference host's post y, dashed, under the app's.
    static func referenceSeries(_ c: JumpChart, _ p: Panel) -> String {
        var d = ""
        var pen = false
        for sample in c.reference ?? [] {
            guard let v = sample.y else {
                pen = false
                continue
            }
            d += (pen ? "L" : "M") + "\(f(x(c, sample.milliseconds))) \(f(y(c, v, p)))"
            pen = true
        }
        guard !d.isEmpty else { return "" }
        return "<path d=\"\(d)\" fill=\"none\" stroke=\"\(referenceColour)\" stroke-width=\"2\" "
            + "stroke-dasharray=\"5 3\" stroke-linejoin=\"round\" clip-path=\"url(#\(p.clip))\"/>\n"
    }

    /// The two curves' names, on the legend's first line's right.
    static func referenceLegend() -> String {
        let x = left + 620, y = 62.0
        return line(x, y, x + 22, y, referenceColour, width: 2, dash: "5 3")
            + text(x + 27, y + 4, "reference host (post y; the blue line is the app)")
    }
}
