import Simulation
/// `SVGPlot`'s drawing primitives: text, lines, shapes and each mark's symbol.
extension SVGPlot {
    /// Text for the SVG: XML-escaped as the JUnit report escapes an attribute (markup, quotes,
    /// and the characters XML forbids).
    static func xml(_ text: String) -> String { JUnitReport.attr(text) }

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
                    stroke: String? = nil, opacity: Double = 1) -> String {
        "<rect x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(w))\" height=\"\(f(h))\" fill=\"\(colour)\""
            + (opacity < 1 ? " fill-opacity=\"\(String(format: "%.2f", opacity))\"" : "")
            + (stroke.map { " stroke=\"\($0)\"" } ?? "") + "/>\n"
    }

    static func ring(_ x: Double, _ y: Double, _ r: Double, _ colour: String) -> String {
        "<circle cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"\(f(r))\" fill=\"none\" stroke=\"\(colour)\" "
            + "stroke-width=\"2.5\"/>\n"
    }

    /// A mark's symbol centred at (x, y); a load's colour is its cause's.
    static func symbol(_ k: JumpChart.MarkKind, _ x: Double, _ y: Double, label: String? = nil) -> String {
        let c = colour(k), r = 5.0
        switch k {
        case .jump: return polygon([(x - r, y - r), (x + r, y - r), (x, y + r)], c)
        case .load: return box(x - 2, y - r, 4, 2 * r, loadColour(label))
        case .correction: return polygon([(x, y - r), (x + r, y + r), (x - r, y + r)], c)
        case .drop:
            return line(x - r, y - r, x + r, y + r, c, width: 2.5)
                + line(x - r, y + r, x + r, y - r, c, width: 2.5)
        case .reaim: return polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], c)
        case .settle: return "<circle cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"\(f(r))\" fill=\"\(c)\"/>\n"
        case .pullBack: return ring(x, y, r, c)
        case .input: return box(x - r, y - r, 2 * r, 2 * r, c)
        case .holdEnd: return box(x - 1.5, y - 8, 3, 16, c)
        }
    }
}
