import Foundation
import Simulation
import VirtualTime

/// The timeline of a jump as a chart (Q8): the post's y over time, the target line, and marks for
/// what happened. `liveblog plot` draws it as SVG (`SVGPlot`); the terminal's timeline overlay
/// draws the same ranges, ticks and lanes in braille. The ranges always hold every sample, every
/// mark and the target line (it never clips its own range); marks of different kinds at one
/// time sit in different lanes, so none hides another.
public struct JumpChart: Equatable {
    /// What a mark shows, in lane order (top to bottom).
    public enum MarkKind: String, CaseIterable, Equatable {
        case jump, load, correction, drop, reaim = "re-aim", settle, pullBack = "pull-back", input
        case holdEnd = "hold end"
        /// The legend's words for the mark.
        public var legend: String {
            switch self {
            case .jump: return "jump (nav)"
            case .load: return "load (image, embed, page, live)"
            case .correction: return "correction (hook)"
            case .drop: return "dropped correction"
            case .reaim: return "re-aim"
            case .settle: return "settle"
            case .pullBack: return "pull-back"
            case .input: return "reader input"
            case .holdEnd: return "hold end"
            }
        }
    }

    /// The loads a chart marks (a `layout` line's cause): what moves the post under the reader.
    public static let loadCauses = ["image", "embed", "page", "live"]

    /// Q8: the second panel's range either side of the target, where a landed post's motion shows.
    public static let zoom = 200.0

    public struct Mark: Equatable {
        public var milliseconds: Int
        public var kind: MarkKind
        /// A word shown with the mark (the input's kind, the hold end's reason).
        public var label: String?
        public init(milliseconds: Int, kind: MarkKind, label: String? = nil) {
            self.milliseconds = milliseconds
            self.kind = kind
            self.label = label
        }
    }

    public var title: String
    /// The post's y per frame (pt, 0 = under the bar); nil where it is not laid out.
    public var samples: [(milliseconds: Int, y: Double?)]
    public var marks: [Mark]
    /// The target line (0 = under the bar).
    public var target: Double
    /// The ±tolerance band around the target (the `landsAt` default, 16 pt).
    public var tolerance = 16.0
    /// A3 (issue 43): the reference host's post y beside the app's (`liveblog audit --plot`);
    /// nil everywhere else (the chart is then as it always was).
    public var reference: [(milliseconds: Int, y: Double?)]?
    /// The reader's drags, from `drag-begin` to `drag-end` (ms).
    public var drags: [(from: Int, to: Int)] = []
    /// The jump's metrics, for the summary line and the file's metadata (Q14: the numbers
    /// `liveblog metrics` prints).
    public var metrics: TraceMetrics?
    /// Time range in ms, and y range in pt, each holding every sample, mark and the target.
    public private(set) var t0: Int
    public private(set) var t1: Int
    public private(set) var yLow: Double
    public private(set) var yHigh: Double

    public static func == (a: JumpChart, b: JumpChart) -> Bool {
        a.title == b.title && a.marks == b.marks && a.target == b.target
            && a.samples.map(\.milliseconds) == b.samples.map(\.milliseconds)
            && a.samples.map(\.y) == b.samples.map(\.y)
    }

    public init(title: String, samples: [(milliseconds: Int, y: Double?)], marks: [Mark],
                target: Double = 0) {
        self.title = title
        self.samples = samples
        self.marks = marks
        self.target = target
        let times = samples.map(\.milliseconds) + marks.map(\.milliseconds)
        t0 = times.min() ?? 0
        t1 = max(times.max() ?? 0, t0 + 100)
        let ys = samples.compactMap(\.y) + [target]
        let lo = ys.min()!, hi = ys.max()!
        // A margin of 5% (at least 8 pt) either side, then out to the nearest tick.
        let pad = max(8, (hi - lo) * 0.05)
        let step = JumpChart.niceStep(hi - lo + 2 * pad, count: 20)
        yLow = ((lo - pad) / step).rounded(.down) * step
        yHigh = ((hi + pad) / step).rounded(.up) * step
    }

    /// A 1-2-5 step that divides `span` into about `count` parts.
    public static func niceStep(_ span: Double, count: Int) -> Double {
        guard span > 0, span.isFinite else { return 1 }
        let raw = span / Double(max(1, count))
        let mag = pow(10, (log10(raw)).rounded(.down))
        for m in [1.0, 2.0, 5.0, 10.0] where raw <= m * mag { return m * mag }
        return 10 * mag
    }

    /// Tick values inside [lo, hi] at a nice step.
    public static func ticks(_ lo: Double, _ hi: Double, count: Int) -> [Double] {
        let step = niceStep(hi - lo, count: count)
        var v = (lo / step).rounded(.up) * step
        var out: [Double] = []
        while v <= hi + step * 1e-9 {
            out.append(abs(v) < step * 1e-9 ? 0 : v)
            v += step
        }
        return out
    }

    public var yTicks: [Double] { JumpChart.ticks(yLow, yHigh, count: 6) }
    /// Time ticks in seconds.
    public var timeTicks: [Double] {
        JumpChart.ticks(VirtualClock.seconds(milliseconds: t0), VirtualClock.seconds(milliseconds: t1), count: 8)
    }
}
